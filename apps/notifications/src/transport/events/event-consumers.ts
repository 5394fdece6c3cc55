import type { EventConsumer } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { fanOutEvent, fanOutEvents, WEBHOOK_SOURCE_SUBJECTS } from '../../application/fan-out-event/fan-out-event';
import { MESSAGE_SUBJECTS, planMessages, planMessagesBatch, type MessagePlanDeps } from '../../application/plan-messages/plan-messages';
import { OWNER_SUBJECTS, removeOwnerWebhooks } from '../../application/remove-owner-webhooks/remove-owner-webhooks';
import type { NotificationsStore } from '../../application/store';

/**
 * The events notifications consumes, as data the composition root starts (decision 028). All durable (work
 * shared by replicas, explicit acks): the handler resolves, and the event is acknowledged, only once what it
 * causes is committed. Separate consumers, so a failing mail server never holds up webhooks. The webhook and
 * message consumers take what waits in batches (the events of a bulk invitation: decision 051).
 */
export function notificationsEventConsumers(deps: {
  store: NotificationsStore;
  clock: Clock;
  onDeliveriesQueued: () => void;
  messages: MessagePlanDeps;
}): EventConsumer[] {
  const fanOut = { store: deps.store, clock: deps.clock, onQueued: deps.onDeliveriesQueued };
  return [
    {
      durable: 'notifications-webhooks',
      subjects: WEBHOOK_SOURCE_SUBJECTS,
      handler: (message) => fanOutEvent(fanOut, message),
      batchHandler: (messages) => fanOutEvents(fanOut, messages),
    },
    {
      durable: 'notifications-messages',
      subjects: MESSAGE_SUBJECTS,
      handler: (message) => planMessages(deps.messages, message),
      batchHandler: (messages) => planMessagesBatch(deps.messages, messages),
    },
    { durable: 'notifications-owners', subjects: OWNER_SUBJECTS, handler: (message) => removeOwnerWebhooks({ store: deps.store, clock: deps.clock }, message) },
  ];
}
