import { randomUUID } from 'node:crypto';
import type { Callback } from '../../domain/callback';
import type { CallbackKind, Order } from '../../domain/order';

/** A callback due now, to be written in the same transaction as the order's change. */
export function newCallback(order: Order, kind: CallbackKind, now: Date): Callback {
  return {
    uuid: randomUUID(),
    orderUuid: order.uuid,
    companyUuid: order.companyUuid,
    kind,
    dueAt: now,
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    deliveredAt: null,
    givenUpAt: null,
    createdAt: now,
  };
}
