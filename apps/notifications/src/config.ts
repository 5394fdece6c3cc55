import { tmpdir } from 'node:os';
import { join } from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import {
  duration,
  durationList,
  optionalString,
  outboundDeliveryEnv,
  outboundDeliveryOf,
  parseEnv,
  positiveInt,
  secret,
  serviceEnv,
  withDefault,
} from '@vi/platform-config';

const shared = serviceEnv('notifications', {
  upstreams: ['identity', 'interviews', 'sharing'],
  processedEvents: true,
  eventReplay: true,
  publicBaseUrl: true,
});

const schema = z
  .object({
    ...shared.env,
    NOTIFICATIONS_ENCRYPTION_KEY: secret(),
    NOTIFICATIONS_POLL_MS: positiveInt(1_000),
    ...outboundDeliveryEnv,
    WEBHOOK_FAILING_THRESHOLD: positiveInt(15),
    WEBHOOK_FAILING_WINDOW: duration('48h'),
    WEBHOOK_DISABLE_AFTER: duration('72h'),
    WEBHOOK_CONCURRENCY_PER_ENDPOINT: positiveInt(4),
    WEBHOOK_BREAKER_RESET: duration('30s'),
    SMTP_URL: optionalString(),
    MAIL_FROM: withDefault(z.string(), 'Video Interviewing <no-reply@localhost>'),
    MAIL_DIR: optionalString(),
    MESSAGE_RETRY_SCHEDULE: durationList('30s,2m,10m,1h,6h'),
    SMS_PROVIDER_URL: optionalString().pipe(z.url().optional()),
    SMS_ACCOUNT_SID: optionalString(),
    SMS_AUTH_TOKEN: optionalString(),
    SMS_FROM: optionalString(),
    INTERVIEW_REMINDER_LEAD: duration('24h'),
    WEBHOOK_DELIVERY_RETENTION: duration('30d'),
    MESSAGE_RETENTION: duration('30d'),
  })
  .superRefine((e, ctx) => {
    // Webhook health counts the failed attempts of the failing window: they must still be there.
    if (e.WEBHOOK_DELIVERY_RETENTION < e.WEBHOOK_FAILING_WINDOW) {
      ctx.addIssue({ code: 'custom', path: ['WEBHOOK_DELIVERY_RETENTION'], message: 'must be at least WEBHOOK_FAILING_WINDOW' });
    }
    if (!e.SMS_PROVIDER_URL) return;
    for (const name of ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER_URL is set' });
    }
  });

/**
 * `upstreams`: identity for plans and set-password links, interviews for candidate links, sharing for share-link URLs
 * (decision 018). `publicBaseUrl`: the interview's page a live interview's creator joins from (decision 041).
 */
export type NotificationsConfig = ReturnType<typeof shared.configOf> & {
  secrets: { internalJwt: string; encryption: string };
  pollMs: number;
  webhooks: {
    retryScheduleMs: number[];
    retryAfterMaxMs: number;
    timeoutMs: number;
    allowPrivateTargets: boolean;
    health: { failingThreshold: number; failingWindowMs: number; disableAfterMs: number };
    concurrencyPerEndpoint: number;
    breakerResetMs: number;
  };
  /** `fromAddress`: MAIL_FROM's address alone, the ORGANIZER of live interviews' calendar invitations (decision 041). */
  mail: { smtpUrl?: string; from: string; fromAddress: string; dir: string; retryScheduleMs: number[] };
  sms?: { url: string; accountSid: string; authToken: string; from: string };
  reminderLeadMs: number;
  /** Decision 019: finished deliveries (with their attempts) and finished messages; the handled-event ledger. */
  retention: { deliveriesMs: number; messagesMs: number };
};

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  const e = parseEnv(schema, env);
  const embeddedInMemory = e.DATA_DIR.startsWith('memory://');
  const config = shared.configOf(e);
  return {
    ...config,
    secrets: { ...config.secrets, encryption: e.NOTIFICATIONS_ENCRYPTION_KEY },
    pollMs: e.NOTIFICATIONS_POLL_MS,
    webhooks: {
      ...outboundDeliveryOf(e),
      health: { failingThreshold: e.WEBHOOK_FAILING_THRESHOLD, failingWindowMs: e.WEBHOOK_FAILING_WINDOW, disableAfterMs: e.WEBHOOK_DISABLE_AFTER },
      concurrencyPerEndpoint: e.WEBHOOK_CONCURRENCY_PER_ENDPOINT,
      breakerResetMs: e.WEBHOOK_BREAKER_RESET,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      fromAddress: addressparser(e.MAIL_FROM, { flatten: true })[0]?.address || e.MAIL_FROM,
      // An in-memory data directory (tests) has no disk place: the system's temporary directory then.
      dir: e.MAIL_DIR ?? (embeddedInMemory ? join(tmpdir(), 'vi-mail') : `${e.DATA_DIR}/mail`),
      retryScheduleMs: e.MESSAGE_RETRY_SCHEDULE,
    },
    sms: e.SMS_PROVIDER_URL ? { url: e.SMS_PROVIDER_URL, accountSid: e.SMS_ACCOUNT_SID!, authToken: e.SMS_AUTH_TOKEN!, from: e.SMS_FROM! } : undefined,
    reminderLeadMs: e.INTERVIEW_REMINDER_LEAD,
    retention: { ...config.retention, deliveriesMs: e.WEBHOOK_DELIVERY_RETENTION, messagesMs: e.MESSAGE_RETENTION },
  };
}
