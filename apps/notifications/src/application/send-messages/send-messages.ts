import type { StoreOf } from '@vi/platform-bus';
import { assertNever } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import type { Clock } from '@vi/platform-time';
import { contextFromHeaders, failSpan, inSpan, SpanKind, tracer, type Span } from '@vi/platform-tracing';
import { nextRetryDelay } from '../../domain/retry-schedule';
import { messagesSent } from '../../application/notification-metrics';
import { toICalendar, type CalendarInvitation } from '../../domain/calendar';
import { withLink } from '../../domain/messages';
import type { LinkIssuer, Mailer, SmsSender } from '../ports';
import type { MessageLinkKind, MessageRow, NotificationsStore } from '../store';

const notificationsTracer = tracer('notifications');

export interface MessageSendDeps {
  store: StoreOf<NotificationsStore, 'messages'>;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  links: LinkIssuer;
  /** Delays between attempts of one message; then it is given up (`failed`). */
  retryScheduleMs: number[];
  leaseMs: number;
  logger: Logger;
}

/**
 * Sends due emails and SMS (reminders included, once their time comes): each
 * pass claims a batch with FOR UPDATE SKIP LOCKED and a lease, so replicas
 * never send one message twice while both are alive. The bearer link is asked
 * of its owner now and exists only in what goes out (decision 018); when the
 * owner no longer issues it (user or interview gone, or a set-password email to an address the user no longer
 * has), the message is canceled.
 */
export class MessageDispatcher {
  constructor(private readonly deps: MessageSendDeps) {}

  async pass(): Promise<void> {
    const now = this.deps.clock.now();
    const claimed = await this.deps.store.read.messages.claimDue(now, new Date(now.getTime() + this.deps.leaseMs), 20);
    await Promise.all(claimed.map((message) => this.send(message)));
  }

  /** Each attempt is a span in the trace of the request that caused the message (a child of the consumer's span). */
  private send(message: MessageRow): Promise<void> {
    const attempt = message.attempts + 1;
    return inSpan(
      notificationsTracer,
      `send ${message.kind}`,
      {
        kind: SpanKind.CLIENT,
        parent: contextFromHeaders(message.trace_context ?? undefined),
        attributes: { 'notification.channel': message.channel, 'notification.kind': message.kind, 'notification.attempt': attempt },
      },
      (span) => this.attempt(message, attempt, span),
    );
  }

  private async attempt(message: MessageRow, attempt: number, span: Span): Promise<void> {
    const { store, mailer, sms, logger, clock } = this.deps;
    try {
      const content = await this.contentOf(message);
      if (!content) {
        logger.info({ kind: message.kind, message: message.uuid }, 'message canceled: its link is no longer issued');
        await store.read.messages.finish(message.uuid, 'canceled', attempt, clock.now(), 'link no longer issued');
        messagesSent.inc({ channel: message.channel, outcome: 'canceled' });
        return;
      }
      if (message.channel === 'email') {
        await mailer.send({
          to: message.recipient,
          subject: message.subject ?? '',
          text: content.text,
          html: content.html ?? undefined,
          calendar: content.calendar ? { method: content.calendar.method, content: toICalendar(content.calendar, clock.now()) } : undefined,
          kind: message.kind,
        });
      } else if (!sms.configured) {
        logger.info({ kind: message.kind, message: message.uuid }, 'SMS_PROVIDER_URL is not set: SMS skipped');
        await store.read.messages.finish(message.uuid, 'skipped', attempt, clock.now(), 'no SMS provider configured');
        messagesSent.inc({ channel: message.channel, outcome: 'skipped' });
        return;
      } else {
        await sms.send({ to: message.recipient, body: content.text, idempotencyKey: message.uuid });
      }
      await store.read.messages.finish(message.uuid, 'sent', attempt, clock.now(), null);
      messagesSent.inc({ channel: message.channel, outcome: 'sent' });
      logger.info({ kind: message.kind, channel: message.channel, message: message.uuid }, 'message sent');
    } catch (error) {
      failSpan(span, error);
      const reason = error instanceof Error ? error.message : 'send failed';
      const delay = nextRetryDelay({ scheduleMs: this.deps.retryScheduleMs, retryAfterMaxMs: 0 }, attempt);
      logger.warn({ err: error, kind: message.kind, message: message.uuid, attempt, retryInMs: delay }, 'message not sent');
      messagesSent.inc({ channel: message.channel, outcome: delay === null ? 'failed' : 'retried' });
      if (delay === null) await store.read.messages.finish(message.uuid, 'failed', attempt, clock.now(), reason);
      else await store.read.messages.retryAt(message.uuid, attempt, new Date(clock.now().getTime() + delay), reason);
    }
  }

  /** The body as it goes out, the link in place; null when the owner no longer issues the link. */
  private async contentOf(
    message: MessageRow,
  ): Promise<{ text: string; html: string | null; subject: string | null; calendar: CalendarInvitation | null } | null> {
    const stored = { text: message.text_body, html: message.html_body, subject: message.subject, calendar: message.calendar };
    if (!message.link_kind || !message.link_subject) return stored;
    const url = await this.issue(message.link_kind, message.link_subject, message.recipient);
    return url === null ? null : withLink(stored, url);
  }

  private async issue(kind: MessageLinkKind, subject: string, recipient: string): Promise<string | null> {
    const { links } = this.deps;
    switch (kind) {
      case 'set_password':
        return links.setPasswordUrl(subject, recipient);
      case 'candidate':
        return links.candidateUrl(subject);
      case 'share_link':
        return (await links.shareLinkUrls([subject])).get(subject) ?? null;
      default:
        return assertNever(kind);
    }
  }
}
