import type { StoreOf } from '@vi/platform-bus';
import { assertNever } from '@vi/platform-errors';
import type { Logger } from '@vi/platform-logger';
import type { Clock } from '@vi/platform-time';
import { contextFromHeaders, failSpan, inSpan, SpanKind, tracer, type Span } from '@vi/platform-tracing';
import { nextRetryDelay } from '@vi/platform-http';
import { messagesSent } from '../../application/notification-metrics';
import { toICalendar, type CalendarInvitation } from '../../domain/calendar';
import { withLink } from '../../domain/messages';
import type { LinkIssuer, Mailer, SmsSender } from '../ports';
import type { MessageOutcome, MessageRow, NotificationsStore } from '../store';

const notificationsTracer = tracer('notifications');

/** Messages claimed per pass: their candidate links are one call, their outcomes one statement (decision 051). */
const PASS_SIZE = 20;

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
  /**
   * The longest a message done (sent, canceled, …) waits for the others of its pass before its outcome is written
   * (default 1 s): a slow send never keeps a sent sibling leased, and so claimable again, for long.
   */
  outcomeWaitMs?: number;
}

/**
 * Sends due emails and SMS (reminders included, once their time comes): each
 * pass claims a batch with FOR UPDATE SKIP LOCKED and a lease, so replicas
 * never send one message twice while both are alive. The bearer link is asked
 * of its owner now and exists only in what goes out (decision 018); when the
 * owner no longer issues it (user or interview gone, or a set-password email to an address the user no longer
 * has), the message is canceled.
 *
 * What a pass does per message is what only that message needs (its body, the email): the candidate and share
 * links of the whole pass are one call to their owner, and the outcomes of the pass one statement (decision 051).
 */
export class MessageDispatcher {
  constructor(private readonly deps: MessageSendDeps) {}

  /** One pass; true when it claimed a full batch, so that more may be due now (the worker runs again at once). */
  async pass(): Promise<boolean> {
    const now = this.deps.clock.now();
    const claimed = await this.deps.store.read.messages.claimDue(now, new Date(now.getTime() + this.deps.leaseMs), PASS_SIZE);
    if (claimed.length === 0) return false;
    const links = new PassLinks(this.deps.links, claimed);
    const outcomes = new PassOutcomes((done) => this.deps.store.read.messages.finishAttempts(done, this.deps.clock.now()), this.deps.outcomeWaitMs ?? 1_000);
    await Promise.all(claimed.map((message) => this.send(message, links, outcomes)));
    const done = await outcomes.flush();
    const count = (status: MessageOutcome['status']) => done.filter((o) => o.status === status).length;
    this.deps.logger.info(
      { sent: count('sent'), retried: count('pending'), failed: count('failed'), canceled: count('canceled'), skipped: count('skipped') },
      'message pass',
    );
    return claimed.length === PASS_SIZE;
  }

  /** Each attempt is a span in the trace of the request that caused the message (a child of the consumer's span). */
  private send(message: MessageRow, links: PassLinks, outcomes: PassOutcomes): Promise<void> {
    const attempt = message.attempts + 1;
    return inSpan(
      notificationsTracer,
      `send ${message.kind}`,
      {
        kind: SpanKind.CLIENT,
        parent: contextFromHeaders(message.trace_context ?? undefined),
        attributes: { 'notification.channel': message.channel, 'notification.kind': message.kind, 'notification.attempt': attempt },
      },
      async (span) => outcomes.add(message, await this.attempt(message, attempt, links, span)),
    );
  }

  private async attempt(message: MessageRow, attempts: number, links: PassLinks, span: Span): Promise<MessageOutcome> {
    const { mailer, sms, logger, clock } = this.deps;
    const finished = (status: 'sent' | 'skipped' | 'canceled', error: string | null): MessageOutcome => ({
      uuid: message.uuid,
      status,
      attempts,
      error,
      sendAfter: null,
    });
    try {
      const content = await this.contentOf(message, links);
      if (!content) {
        logger.info({ kind: message.kind, message: message.uuid }, 'message canceled: its link is no longer issued');
        return finished('canceled', 'link no longer issued');
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
        logger.debug({ kind: message.kind, message: message.uuid }, 'SMS_PROVIDER_URL is not set: SMS skipped');
        return finished('skipped', 'no SMS provider configured');
      } else {
        await sms.send({ to: message.recipient, body: content.text, idempotencyKey: message.uuid });
      }
      logger.debug({ kind: message.kind, channel: message.channel, message: message.uuid }, 'message sent');
      return finished('sent', null);
    } catch (error) {
      failSpan(span, error);
      const reason = error instanceof Error ? error.message : 'send failed';
      const delay = nextRetryDelay({ scheduleMs: this.deps.retryScheduleMs, retryAfterMaxMs: 0 }, attempts);
      logger.warn({ err: error, kind: message.kind, message: message.uuid, attempt: attempts, retryInMs: delay }, 'message not sent');
      if (delay === null) return { uuid: message.uuid, status: 'failed', attempts, error: reason, sendAfter: null };
      return { uuid: message.uuid, status: 'pending', attempts, error: reason, sendAfter: new Date(clock.now().getTime() + delay) };
    }
  }

  /** The body as it goes out, the link in place; null when the owner no longer issues the link. */
  private async contentOf(
    message: MessageRow,
    links: PassLinks,
  ): Promise<{ text: string; html: string | null; subject: string | null; calendar: CalendarInvitation | null } | null> {
    const stored = { text: message.text_body, html: message.html_body, subject: message.subject, calendar: message.calendar };
    if (!message.link_kind || !message.link_subject) return stored;
    const url = await links.urlOf(message);
    return url === null ? null : withLink(stored, url);
  }
}

/**
 * The bearer links of one pass's messages. Candidate and share links are asked of their owners in one call per
 * kind, made when the first message needs one (in that message's span), for every message of the pass; a failed
 * call fails the attempt of each message that needed it. Set-password links stay one call each (identity issues
 * one at a time, and they are rare).
 */
class PassLinks {
  private candidates: Promise<Map<string, string>> | undefined;
  private shareLinks: Promise<Map<string, string>> | undefined;

  constructor(
    private readonly issuer: LinkIssuer,
    private readonly messages: MessageRow[],
  ) {}

  async urlOf(message: MessageRow): Promise<string | null> {
    const subject = message.link_subject!;
    const kind = message.link_kind!;
    switch (kind) {
      case 'set_password':
        return this.issuer.setPasswordUrl(subject, message.recipient);
      case 'candidate':
        this.candidates ??= this.issuer.candidateUrls(this.subjectsOf('candidate'));
        return (await this.candidates).get(subject) ?? null;
      case 'share_link':
        this.shareLinks ??= this.issuer.shareLinkUrls(this.subjectsOf('share_link'));
        return (await this.shareLinks).get(subject) ?? null;
      default:
        return assertNever(kind);
    }
  }

  private subjectsOf(kind: 'candidate' | 'share_link'): string[] {
    return [...new Set(this.messages.flatMap((m) => (m.link_kind === kind && m.link_subject ? [m.link_subject] : [])))];
  }
}

/**
 * The outcomes of one pass, written in one statement once every message is done, or earlier for those done when
 * one has waited `waitMs` (a slow send elsewhere in the pass): each written once, counted once it is written.
 */
class PassOutcomes {
  private waiting: Array<{ outcome: MessageOutcome; channel: MessageRow['channel'] }> = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly writes: Promise<void>[] = [];
  private readonly written: MessageOutcome[] = [];

  constructor(
    private readonly write: (outcomes: MessageOutcome[]) => Promise<void>,
    private readonly waitMs: number,
  ) {}

  add(message: MessageRow, outcome: MessageOutcome): void {
    this.waiting.push({ outcome, channel: message.channel });
    this.timer ??= setTimeout(() => this.writeWaiting(), this.waitMs);
  }

  /** Writes what is still waiting; resolves with every outcome of the pass once all are written. */
  async flush(): Promise<MessageOutcome[]> {
    this.writeWaiting();
    await Promise.all(this.writes);
    return this.written;
  }

  private writeWaiting(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    const write = this.write(batch.map((b) => b.outcome)).then(() => {
      for (const { outcome, channel } of batch) {
        messagesSent.inc({ channel, outcome: outcome.status === 'pending' ? 'retried' : outcome.status });
        this.written.push(outcome);
      }
    });
    // Awaited by flush(); handled here so that a write started by the timer never goes unhandled meanwhile.
    write.catch(() => undefined);
    this.writes.push(write);
  }
}
