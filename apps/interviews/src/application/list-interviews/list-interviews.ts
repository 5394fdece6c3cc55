import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { InterviewOrder } from '../../domain/interview';
import type { InterviewStatus, InterviewType } from '../../domain/interview-status';
import type { InterviewsStore } from '../store';
import { renderInterviewPage, renderInterviewsFrom } from '../interview-rendering';

export interface ListInterviewsInput {
  types: InterviewType[];
  statuses: InterviewStatus[];
  orderBy: InterviewOrder;
  rangeFrom: number;
  rangeTo: number;
}

export async function listInterviews(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'counters'> },
  caller: Caller,
  input: ListInterviewsInput,
): Promise<interviews.InterviewPage> {
  const { companyUuid } = companyUserOf(caller.principal);
  const types = [...new Set(input.types)];
  const statuses = [...new Set(input.statuses)];
  const {
    interviews: list,
    total,
    ...lookups
  } = await deps.store.read.interviews.page({
    companyUuid,
    types,
    statuses,
    orderBy: input.orderBy,
    offset: input.rangeFrom,
    limit: input.rangeTo - input.rangeFrom + 1,
  });
  // An empty page (past the end, or no interview) has no row to carry the total: the counters give it.
  if (total === undefined) return renderInterviewPage([], await deps.store.read.counters.total(companyUuid, types, statuses));
  return renderInterviewPage(renderInterviewsFrom(list, { ...lookups, questions: new Map() }), total);
}
