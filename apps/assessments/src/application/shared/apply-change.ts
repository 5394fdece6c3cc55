import type { Clock } from '@vi/platform-time';
import type { AtsAdapters } from '../../domain/ats/adapters';
import { orderAfter, type InterviewChange } from '../../domain/order';
import type { AssessmentsRepositories, AssessmentsStore } from '../store';
import { newCallback } from './new-callback';

export interface ApplyChangeDeps {
  store: AssessmentsStore;
  adapters: AtsAdapters;
  clock: Clock;
  /** Kicks the callback loop after a commit that scheduled one. */
  wake: () => void;
}

/** The order of the interview moved and its callback scheduled, in the caller's transaction; true when one was. */
export async function changeOrder(tx: AssessmentsRepositories, deps: ApplyChangeDeps, interviewUuid: string, what: InterviewChange): Promise<boolean> {
  const order = await tx.orders.findByInterview(interviewUuid, { lock: true });
  if (!order) return false;
  const next = orderAfter(order.status, what);
  if (!next) return false;
  const now = deps.clock.now();
  if (next.status !== order.status) await tx.orders.setStatus(order.uuid, next.status, now);
  const changed = { ...order, status: next.status };
  if (!deps.adapters[order.ats].tells(changed, next.tell)) return false;
  await tx.callbacks.insert(newCallback(changed, next.tell, now));
  return true;
}

/** Moves the order of the interview and schedules its callback, in one transaction. */
export async function applyChange(deps: ApplyChangeDeps, interviewUuid: string, what: InterviewChange): Promise<void> {
  if (await deps.store.transaction((tx) => changeOrder(tx, deps, interviewUuid, what))) deps.wake();
}
