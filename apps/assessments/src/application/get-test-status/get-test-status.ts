import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { AtsAdapters } from '../../domain/ats/adapters';
import { atsOf } from '../shared/ats-of';
import { findOwnOrder } from '../shared/find-order';
import { orderReport, type ReportDeps } from '../shared/order-report';
import type { AssessmentsStore } from '../store';

/** Greenhouse's test_status: the order's interview now, its score and (completed) its answers' URL; 404 for another company's. */
export async function getTestStatus(
  deps: ReportDeps & { store: AssessmentsStore; adapters: AtsAdapters },
  caller: Caller,
  input: { ats: string; orderId: string },
): Promise<unknown> {
  const { companyUuid } = companyUserOf(caller.principal);
  const ats = atsOf(input.ats);
  const order = await findOwnOrder(deps.store.read.orders, companyUuid, input.orderId, ats);
  return deps.adapters[ats].statusBody(order, await orderReport(deps, order));
}
