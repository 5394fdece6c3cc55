import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { AtsAdapters } from '../../domain/ats/adapters';
import { callbackKindOf } from '../../domain/order';
import { orderJson } from '../assessment-rendering';
import { findOwnOrder } from '../shared/find-order';
import { newCallback } from '../shared/new-callback';
import type { AssessmentsStore } from '../store';

/**
 * "Send again" (`POST /assessment_orders/<uuid>/callback`, 202): the order's current state told to its ATS once more,
 * as a new callback with its own retries; Greenhouse's PATCH whatever the state (it then asks test_status).
 */
export async function resendCallback(
  deps: { store: AssessmentsStore; adapters: AtsAdapters; clock: Clock; wake: () => void },
  caller: Caller,
  orderUuid: string,
): Promise<unknown> {
  const { companyUuid } = companyUserOf(caller.principal);
  const order = await findOwnOrder(deps.store.read.orders, companyUuid, orderUuid);
  const kind = order.ats === 'greenhouse' ? 'completed' : callbackKindOf(order.status);
  await deps.store.transaction((tx) => tx.callbacks.insert(newCallback(order, kind, deps.clock.now())));
  deps.wake();
  const attempts = await deps.store.read.callbacks.attemptsOf([order.uuid]);
  return orderJson(order, attempts.get(order.uuid) ?? []);
}
