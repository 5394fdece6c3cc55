import type { EventBus, Subscription } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { fanOutEvent, WEBHOOK_SOURCE_SUBJECTS } from '../../application/fan-out-event/fan-out-event';
import { MESSAGE_SUBJECTS, planMessages, type MessagePlanDeps } from '../../application/plan-messages/plan-messages';
import { OWNER_SUBJECTS, removeOwnerWebhooks } from '../../application/remove-owner-webhooks/remove-owner-webhooks';
import type { NotificationsStore } from '../../infrastructure/notifications.store';

/**
 * The durable consumers (work shared by replicas, explicit acks): the handler
 * resolves, and the event is acknowledged, only once what it causes is
 * committed. Separate consumers, so a failing mail server never holds up webhooks.
 */
export async function consumeEvents(
  bus: EventBus,
  deps: { store: NotificationsStore; clock: Clock; onDeliveriesQueued: () => void; messages: MessagePlanDeps },
): Promise<Subscription[]> {
  return Promise.all([
    bus.consume({
      durable: 'notifications-webhooks',
      subjects: WEBHOOK_SOURCE_SUBJECTS,
      handler: (message) => fanOutEvent({ store: deps.store, clock: deps.clock, onQueued: deps.onDeliveriesQueued }, message),
    }),
    bus.consume({ durable: 'notifications-messages', subjects: MESSAGE_SUBJECTS, handler: (message) => planMessages(deps.messages, message) }),
    bus.consume({ durable: 'notifications-owners', subjects: OWNER_SUBJECTS, handler: (message) => removeOwnerWebhooks({ store: deps.store, clock: deps.clock }, message) }),
  ]);
}
