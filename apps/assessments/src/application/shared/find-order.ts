import type { AtsName } from '@vi/contracts';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import { AssessmentsError, AssessmentsErrorCode } from '../../domain/assessments.errors';
import type { Order } from '../../domain/order';
import type { OrderRepository } from '../store';
import { atsOf } from './ats-of';

/** The company's order (of that ATS when named); 404 for anyone else's, as for the interview itself. */
export async function findOwnOrder(orders: Pick<OrderRepository, 'find'>, companyUuid: string, uuid: string, ats?: AtsName): Promise<Order> {
  const order = /^[0-9a-f-]{36}$/i.test(uuid) ? await orders.find(companyUuid, uuid) : undefined;
  if (!order || (ats !== undefined && order.ats !== ats)) throw new AssessmentsError(AssessmentsErrorCode.OrderNotFound);
  return order;
}

/** The order an ATS's call names, for the caller's company (a company user's: the integration key's), and its ATS. */
export async function partnerOrder(orders: Pick<OrderRepository, 'find'>, caller: Caller, input: { ats: string; orderId: string }) {
  const { companyUuid } = companyUserOf(caller.principal);
  const ats = atsOf(input.ats);
  return { ats, order: await findOwnOrder(orders, companyUuid, input.orderId, ats) };
}
