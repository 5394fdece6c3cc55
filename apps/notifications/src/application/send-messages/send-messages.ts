import type { Logger } from '@vi/platform-logger';
import { nextRetryDelay } from '../../domain/retry-schedule';
import type { MessageRow } from '../../infrastructure/message.repository';
import type { NotificationsStore } from '../../infrastructure/notifications.store';
import type { Mailer, SmsSender } from '../ports';

export interface MessageSendDeps {
  store: NotificationsStore;
  mailer: Mailer;
  sms: SmsSender;
  /** Delays between attempts of one message; then it is given up (`failed`). */
  retryScheduleMs: number[];
  leaseMs: number;
  logger: Logger;
}

/**
 * Sends due emails and SMS (reminders included, once their time comes): each
 * pass claims a batch with FOR UPDATE SKIP LOCKED and a lease, so replicas
 * never send one message twice while both are alive.
 */
export class MessageDispatcher {
  constructor(private readonly deps: MessageSendDeps) {}

  async pass(): Promise<void> {
    const now = new Date();
    const claimed = await this.deps.store.read.messages.claimDue(now, new Date(now.getTime() + this.deps.leaseMs), 20);
    await Promise.all(claimed.map((message) => this.send(message)));
  }

  private async send(message: MessageRow): Promise<void> {
    const { store, mailer, sms, logger } = this.deps;
    const attempt = message.attempts + 1;
    try {
      if (message.channel === 'email') {
        await mailer.send({ to: message.recipient, subject: message.subject ?? '', text: message.text_body, html: message.html_body ?? undefined, kind: message.kind });
      } else if (!sms.configured) {
        logger.info({ kind: message.kind, message: message.uuid }, 'SMS_PROVIDER_URL is not set: SMS skipped');
        await store.read.messages.finish(message.uuid, 'skipped', attempt, new Date(), 'no SMS provider configured');
        return;
      } else {
        await sms.send({ to: message.recipient, body: message.text_body, idempotencyKey: message.uuid });
      }
      await store.read.messages.finish(message.uuid, 'sent', attempt, new Date(), null);
      logger.info({ kind: message.kind, channel: message.channel, message: message.uuid }, 'message sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'send failed';
      const delay = nextRetryDelay({ scheduleMs: this.deps.retryScheduleMs, retryAfterMaxMs: 0 }, attempt);
      logger.warn({ err: error, kind: message.kind, message: message.uuid, attempt, retryInMs: delay }, 'message not sent');
      if (delay === null) await store.read.messages.finish(message.uuid, 'failed', attempt, new Date(), reason);
      else await store.read.messages.retryAt(message.uuid, attempt, new Date(Date.now() + delay), reason);
    }
  }
}
