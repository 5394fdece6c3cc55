import { INTERVIEW_ORDERS, INTERVIEW_STATUSES, INTERVIEW_TYPES, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { outsideVocabulary, validationFailed } from '@vi/platform-errors';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { InterviewOrder } from '../../domain/interview';
import type { InterviewStatus, InterviewType } from '../../domain/interview-status';
import { MAX_SEARCH_LENGTH } from '../../domain/transcript-search';
import type { InterviewsStore } from '../store';
import type { InterviewPageCache } from '../ports';
import { renderInterviewPage, renderInterviewsFrom } from '../interview-rendering';

export interface ListInterviewsInput {
  types: InterviewType[];
  statuses: InterviewStatus[];
  orderBy: InterviewOrder;
  rangeFrom: number;
  rangeTo: number;
  /** `?q=` (decision 073): absent, or blank, is no search. */
  q?: string;
}

/**
 * A page of the company's interviews, those matching `q` only when given (decision 073). A page rendered before is answered again as it was while the company's list
 * version (moved by every write to what an item shows) is the one it was read at (decision 050); a list item
 * depends on nothing else, the clock included. A search's page is read each time: what it matches also moves with
 * transcripts, which no list version follows, and its total is the count of its matches (no counter holds it).
 */
export async function listInterviews(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'counters'>; pages: InterviewPageCache },
  caller: Caller,
  input: ListInterviewsInput,
): Promise<interviews.InterviewPage> {
  const { companyUuid } = companyUserOf(caller.principal);
  refuseUnknownListValues(input);
  const types = [...new Set(input.types)].sort();
  const statuses = [...new Set(input.statuses)].sort();
  const q = input.q?.trim() || undefined;
  if (q !== undefined) {
    const found = await deps.store.read.interviews.page({ ...pageOf(companyUuid, types, statuses, input), q });
    const { interviews: list, total, version: _version, ...lookups } = found;
    return renderInterviewPage(renderInterviewsFrom(list, { ...lookups, questions: new Map() }), total ?? 0);
  }
  const key = [companyUuid, input.orderBy, input.rangeFrom, input.rangeTo, ...types, '|', ...statuses].join(' ');
  if (deps.pages.has(key)) {
    // One small statement: the version and the filter's total in one snapshot, then the page as it was rendered.
    const current = await deps.store.read.counters.listState(companyUuid, types, statuses);
    const kept = deps.pages.find(key, current.version);
    if (kept) return { ...kept, total: current.total };
  }

  const mark = deps.pages.mark();
  const { interviews: list, total, version, ...lookups } = await deps.store.read.interviews.page(pageOf(companyUuid, types, statuses, input));
  // An empty page (past the end, or no interview) has no row to carry the total: the counters give it. It is not kept.
  if (total === undefined || version === undefined) return renderInterviewPage([], await deps.store.read.counters.total(companyUuid, types, statuses));
  const page = renderInterviewPage(renderInterviewsFrom(list, { ...lookups, questions: new Map() }), total);
  // Kept at the version read in the same statement as the page: what it shows is what that version stands for.
  deps.pages.store(key, version, mark, page);
  return page;
}

function pageOf(companyUuid: string, types: InterviewType[], statuses: InterviewStatus[], input: ListInterviewsInput) {
  return { companyUuid, types, statuses, orderBy: input.orderBy, offset: input.rangeFrom, limit: input.rangeTo - input.rangeFrom + 1 };
}

/**
 * The order, types and statuses are written into the statement's text (one prepared statement per shape, decision
 * 048), so the service checks them itself, whoever calls it: a value outside the contract's vocabulary is 400
 * `api.validation_failed` (gRPC INVALID_ARGUMENT) before anything is read.
 */
function refuseUnknownListValues(input: ListInterviewsInput): void {
  const errors = [
    outsideVocabulary('type[]', input.types, INTERVIEW_TYPES),
    outsideVocabulary('status[]', input.statuses, INTERVIEW_STATUSES),
    outsideVocabulary('orderby', [input.orderBy], INTERVIEW_ORDERS),
    (input.q?.length ?? 0) > MAX_SEARCH_LENGTH
      ? { field: 'q', reason: `must be at most ${MAX_SEARCH_LENGTH} characters`, code: 'too_big' as const }
      : undefined,
  ].filter((error) => error !== undefined);
  if (errors.length > 0) throw validationFailed(errors);
}
