import type { EventConsumer } from '@vi/platform-bus';
import { applyInterviewEvent, ORDER_EVENT_SUBJECTS } from '../../application/apply-interview-event/apply-interview-event';
import type { ApplyChangeDeps } from '../../application/shared/apply-change';

/**
 * The events assessments consumes, as data the composition root starts (decision 071): an order's interview accepted,
 * completed, expired, canceled or deleted, and a completed one's score changed (rated, an evaluation submitted).
 */
export function assessmentsEventConsumers(deps: ApplyChangeDeps): EventConsumer[] {
  return [{ durable: 'assessments-orders', subjects: ORDER_EVENT_SUBJECTS, handler: (message) => applyInterviewEvent(deps, message) }];
}
