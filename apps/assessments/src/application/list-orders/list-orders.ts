import { ASSESSMENT_ORDER_STATUSES, ATS_NAMES, type AssessmentOrderStatus, type AtsName } from '@vi/contracts';
import { outsideVocabulary, validationFailed, type FieldError } from '@vi/platform-errors';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import { orderJson } from '../assessment-rendering';
import type { AssessmentsStore } from '../store';

/** `GET /assessment_orders`: the company's orders, newest first, each with its callback attempts; a page of `range`. */
export async function listOrders(
  deps: { store: AssessmentsStore },
  caller: Caller,
  input: { ats: string[]; statuses: string[]; rangeFrom: number; rangeTo: number },
): Promise<{ items: unknown[]; total: number }> {
  const { companyUuid } = companyUserOf(caller.principal);
  const errors = [outsideVocabulary('ats', input.ats, ATS_NAMES), outsideVocabulary('status', input.statuses, ASSESSMENT_ORDER_STATUSES)].filter(
    (e): e is FieldError => e !== undefined,
  );
  if (input.rangeFrom < 0 || input.rangeTo < input.rangeFrom) errors.push({ field: 'range', reason: 'must be from ≤ to, from ≥ 0', code: 'invalid_value' });
  if (errors.length > 0) throw validationFailed(errors);
  const { orders, total } = await deps.store.read.orders.list(companyUuid, {
    ats: input.ats as AtsName[],
    statuses: input.statuses as AssessmentOrderStatus[],
    offset: input.rangeFrom,
    limit: input.rangeTo - input.rangeFrom + 1,
  });
  const attempts = await deps.store.read.callbacks.attemptsOf(orders.map((o) => o.uuid));
  return { items: orders.map((order) => orderJson(order, attempts.get(order.uuid) ?? [])), total };
}
