import type { Caller } from '@vi/platform-grpc';
import type { AtsAdapters } from '../../domain/ats/adapters';
import { partnerOrder } from '../shared/find-order';
import { orderReport, type ReportDeps } from '../shared/order-report';
import type { AssessmentsStore } from '../store';

/** Greenhouse's test_status: the order's interview now, its score and (completed) its answers' URL; 404 for another company's. */
export async function getTestStatus(
  deps: ReportDeps & { store: AssessmentsStore; adapters: AtsAdapters },
  caller: Caller,
  input: { ats: string; orderId: string },
): Promise<unknown> {
  const { ats, order } = await partnerOrder(deps.store.read.orders, caller, input);
  return deps.adapters[ats].statusBody(order, await orderReport(deps, order));
}
