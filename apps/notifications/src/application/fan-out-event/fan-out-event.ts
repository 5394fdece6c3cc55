import { TranscriptionSubjects, EvaluationsSubjects, webhookEventTypeOf } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { notificationOf } from '../../domain/webhook';
import { newDeliveries } from '../shared/new-deliveries';
import type { LastNotificationRow, NotificationsStore } from '../store';

/**
 * The subjects of the webhook event table (`interviews.interview.canceled` is among them on the bus but has no webhook
 * event); of evaluations', only the two with a webhook event (decision 070).
 */
export const WEBHOOK_SOURCE_SUBJECTS = [
  'interviews.interview.*',
  'jobs.job.*',
  EvaluationsSubjects.EvaluationSubmitted,
  EvaluationsSubjects.DecisionMade,
  TranscriptionSubjects.TranscriptReady,
];

type FanOutDeps = { store: StoreOf<NotificationsStore, 'ledger' | 'webhooks' | 'deliveries'>; clock: Clock; onQueued: () => void };

/**
 * Records one delivery per receiving webhook of the event's company, and the
 * event as the company's last of its type (for replay), keyed by the event id:
 * the bus acknowledges the event only after this commits, and a redelivered
 * event adds nothing.
 *
 * The webhooks are read first. Most events reach a company with none, and then
 * the record is one statement, atomic on its own, where a transaction would
 * cost three more round trips to PostgreSQL on every write of the product
 * (decision 023). Reading them before the transaction rather than in it is the
 * same under read committed: a webhook created or deleted after the read and
 * before the commit is not seen either way.
 */
export function fanOutEvent(deps: FanOutDeps, message: BusMessage): Promise<void> {
  return fanOutEvents(deps, [message]);
}

/**
 * The same for the events of a consumer's batch, in stream order (decision 051): the webhooks of each company read
 * once, and the events of companies with none recorded together in one statement; an event with receiving webhooks
 * gets its own transaction, as alone.
 */
export async function fanOutEvents(deps: FanOutDeps, messages: BusMessage[]): Promise<void> {
  const events = messages.flatMap((message) => {
    const eventType = webhookEventTypeOf(message.subject);
    const notification = eventType && notificationOf(eventType, message.payload);
    return notification ? [{ message, notification }] : [];
  });
  if (events.length === 0) return;
  const companies = [...new Set(events.map((e) => e.notification.companyUuid))];
  const receiving = new Map(await Promise.all(companies.map(async (c) => [c, await deps.store.read.webhooks.receivingOfCompany(c)] as const)));
  const lastOf = ({ message, notification }: (typeof events)[number]): LastNotificationRow => ({
    company_uuid: notification.companyUuid,
    event_type: notification.eventType,
    event_id: message.id,
    payload_type: notification.payloadType,
    resource_uuid: notification.resourceUuid,
    body: notification.body,
    occurred_at: new Date(message.occurredAt),
  });
  const unheard = events.filter((e) => receiving.get(e.notification.companyUuid)!.length === 0);
  if (unheard.length > 0) await deps.store.read.ledger.markProcessedRememberingLastMany('webhooks', unheard.map(lastOf));
  let queued = false;
  for (const event of events) {
    const webhooks = receiving.get(event.notification.companyUuid)!;
    if (webhooks.length === 0) continue;
    queued =
      (await deps.store.transaction(async (tx) => {
        if (!(await tx.ledger.markProcessedRememberingLast('webhooks', lastOf(event)))) return false;
        await tx.deliveries.insertMany(
          newDeliveries(
            webhooks.map((w) => w.uuid),
            { ...event.notification, eventId: event.message.id },
            false,
            deps.clock.now(),
          ),
        );
        return true;
      })) || queued;
  }
  if (queued) deps.onQueued();
}
