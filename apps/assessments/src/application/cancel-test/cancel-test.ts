import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { AtsAdapters } from '../../domain/ats/adapters';
import { isOpen } from '../../domain/order';
import type { InterviewsPort } from '../ports';
import { atsOf } from '../shared/ats-of';
import { findOwnOrder } from '../shared/find-order';
import { applyChange } from '../shared/apply-change';
import type { AssessmentsStore } from '../store';

/**
 * The ATS cancels (Ashby's assessment.cancel): the interview is canceled as the caller (the key's user), the candidate
 * told as a cancel does, and the order with it at once (the interview's event then changes nothing). An order
 * already ended answers as canceled did.
 */
export async function cancelTest(
  deps: { store: AssessmentsStore; interviews: Pick<InterviewsPort, 'cancel'>; adapters: AtsAdapters; clock: Clock; wake: () => void },
  caller: Caller,
  input: { ats: string; orderId: string },
): Promise<unknown> {
  const { companyUuid } = companyUserOf(caller.principal);
  const ats = atsOf(input.ats);
  const order = await findOwnOrder(deps.store.read.orders, companyUuid, input.orderId, ats);
  if (isOpen(order.status)) {
    await deps.interviews.cancel(caller, order.interviewUuid);
    await applyChange(deps, order.interviewUuid, 'canceled');
  }
  return deps.adapters[ats].canceledBody(order);
}
