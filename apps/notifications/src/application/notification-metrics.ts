import { Counter } from 'prom-client';

/** Webhook delivery attempts by outcome and attempt number (1, 2, …, `10+`). */
export const webhookAttempts = new Counter({
  name: 'webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts, by outcome (succeeded, failed) and attempt number (10+ for the tenth and later)',
  labelNames: ['outcome', 'attempt'] as const,
});

/** Emails and SMS by channel and outcome: sent, retried (a failure retried later), failed (given up), skipped, canceled. */
export const messagesSent = new Counter({
  name: 'notification_messages_total',
  help: 'Emails and SMS by channel and outcome (sent, retried, failed, skipped, canceled)',
  labelNames: ['channel', 'outcome'] as const,
});

export const attemptLabel = (attempt: number) => (attempt >= 10 ? '10+' : String(attempt));
