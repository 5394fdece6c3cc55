import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { InterviewOrder } from '../../domain/interview';
import type { InterviewStatus, InterviewType } from '../../domain/interview-status';
import type { InterviewsStore } from '../store';
import { renderInterviewPage, renderInterviews, type RenderingRepoName } from '../interview-rendering';

export interface ListInterviewsInput {
  types: InterviewType[];
  statuses: InterviewStatus[];
  orderBy: InterviewOrder;
  rangeFrom: number;
  rangeTo: number;
}

export async function listInterviews(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'counters' | RenderingRepoName> },
  caller: Caller,
  input: ListInterviewsInput,
): Promise<interviews.InterviewPage> {
  const { companyUuid } = companyUserOf(caller.principal);
  const types = [...new Set(input.types)];
  const statuses = [...new Set(input.statuses)];
  const total = await deps.store.read.counters.total(companyUuid, types, statuses);
  // The counters are exact: a page past the end needs no query.
  if (input.rangeFrom >= total) return renderInterviewPage([], total);
  const page = await deps.store.read.interviews.list({
    companyUuid,
    types,
    statuses,
    orderBy: input.orderBy,
    offset: input.rangeFrom,
    limit: input.rangeTo - input.rangeFrom + 1,
  });
  return renderInterviewPage(await renderInterviews(deps.store.read, page, { questions: false }), total);
}
