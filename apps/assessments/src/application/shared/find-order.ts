import type { AtsName } from '@vi/contracts';
import { AssessmentsError, AssessmentsErrorCode } from '../../domain/assessments.errors';
import type { Order } from '../../domain/order';
import type { OrderRepository } from '../store';

/** The company's order (of that ATS when named); 404 for anyone else's, as for the interview itself. */
export async function findOwnOrder(orders: Pick<OrderRepository, 'find'>, companyUuid: string, uuid: string, ats?: AtsName): Promise<Order> {
  const order = /^[0-9a-f-]{36}$/i.test(uuid) ? await orders.find(companyUuid, uuid) : undefined;
  if (!order || (ats !== undefined && order.ats !== ats)) throw new AssessmentsError(AssessmentsErrorCode.OrderNotFound);
  return order;
}
