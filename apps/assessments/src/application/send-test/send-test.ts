import { randomUUID } from 'node:crypto';
import { AppError, ErrorKind, validationFailed, type FieldError } from '@vi/platform-errors';
import { isRefusedLiteralTarget, targetUrlErrors } from '@vi/platform-http';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { AssessmentsError, AssessmentsErrorCode } from '../../domain/assessments.errors';
import type { AtsAdapters } from '../../domain/ats/adapters';
import type { Order } from '../../domain/order';
import type { InterviewsPort, JobsDirectory } from '../ports';
import { atsOf } from '../shared/ats-of';
import type { AssessmentsStore } from '../store';
import { testOf } from '../shared/test-of';

export interface SendTestInput {
  ats: string;
  testId: string;
  candidate: { firstName: string; lastName: string; preferredName?: string; email: string; phone?: string; language?: string };
  callbackUrl?: string;
  externalId?: string;
  atsFields: Record<string, string>;
}

export interface SendTestDeps {
  store: AssessmentsStore;
  jobs: JobsDirectory;
  interviews: Pick<InterviewsPort, 'create'>;
  adapters: AtsAdapters;
  clock: Clock;
  settings: { dueDays: number; allowPrivateTargets: boolean };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

function checkInput(input: SendTestInput, allowPrivateTargets: boolean): void {
  const errors: FieldError[] = [];
  const required = (field: string, value: string | undefined) => {
    if (!value?.trim()) errors.push({ field, reason: 'is required', code: 'required' });
  };
  required('candidate.first_name', input.candidate.firstName);
  required('candidate.last_name', input.candidate.lastName);
  required('candidate.email', input.candidate.email);
  if (input.candidate.email?.trim() && !EMAIL.test(input.candidate.email.trim()))
    errors.push({ field: 'candidate.email', reason: 'must be an email address', code: 'invalid_format' });
  if (input.callbackUrl !== undefined) errors.push(...targetUrlErrors(input.callbackUrl, 'callback_url'));
  else if (input.ats === 'greenhouse') required('callback_url', undefined);
  if (errors.length > 0) throw validationFailed(errors);
  if (input.callbackUrl !== undefined && isRefusedLiteralTarget(input.callbackUrl, allowPrivateTargets))
    throw validationFailed([{ field: 'callback_url', reason: 'must not point at a private, loopback or link-local address', code: 'invalid_value' }]);
}

/**
 * An ATS sends a test (decision 071): a one-way interview of the job with its open interview's questions for the
 * candidate, invited as `POST /interviews` does, made under the order's uuid. Sent again while an order of that ATS,
 * test and email is open: Greenhouse gets that order (its interview asked for again, so a crash between the two
 * steps still makes one), Ashby 409. An order whose interview cannot be made is removed: nothing changes.
 */
export async function sendTest(deps: SendTestDeps, caller: Caller, input: SendTestInput): Promise<unknown> {
  const user = companyUserOf(caller.principal);
  const adapter = deps.adapters[atsOf(input.ats)];
  checkInput(input, deps.settings.allowPrivateTargets);
  const email = input.candidate.email.trim();
  const test = UUID.test(input.testId) ? await deps.jobs.job(caller, input.testId).catch(notFoundAsUndefined) : undefined;
  const testable = test && testOf(test);
  if (!test || !testable) throw new AssessmentsError(AssessmentsErrorCode.TestNotFound);
  const now = deps.clock.now();
  const name = input.candidate.preferredName?.trim() || `${input.candidate.firstName.trim()} ${input.candidate.lastName.trim()}`;
  const uuid = randomUUID();
  const proposed: Order = {
    uuid,
    companyUuid: user.companyUuid,
    createdBy: user.userUuid,
    ats: adapter.name,
    testUuid: test.uuid,
    candidate: { name, email, phone: input.candidate.phone?.trim() || null },
    language: input.candidate.language ?? 'en',
    externalId: input.externalId ?? null,
    atsFields: input.atsFields,
    callbackUrl: input.callbackUrl ?? null,
    interviewUuid: uuid,
    status: 'sent',
    createdAt: now,
    updatedAt: now,
  };
  const { order, created } = await deps.store.transaction((tx) => tx.orders.insertIfNoneOpen(proposed));
  if (!created && adapter.sentAgain === 'conflict') throw new AssessmentsError(AssessmentsErrorCode.CandidateAlreadyAssessed);
  const open = test.open_interview!;
  const due = Math.min(now.getTime() + deps.settings.dueDays * DAY_MS, open.expires_at ? Date.parse(open.expires_at) : Infinity);
  try {
    await deps.interviews.create(caller, {
      uuid: order.interviewUuid,
      jobUuid: test.uuid,
      scheduledAt: new Date(due),
      candidate: order.candidate,
      language: order.language,
      questions: open.questions.map((q) => ({ text: q.text, timeLimit: q.time_limit, takes: q.takes, thinkTime: q.think_time })),
      source: { type: order.ats, externalId: order.externalId },
    });
  } catch (error) {
    if (created) await deps.store.transaction((tx) => tx.orders.delete(order.uuid));
    throw error;
  }
  return adapter.sentBody(order);
}

function notFoundAsUndefined(error: unknown): undefined {
  if (error instanceof AppError && error.kind === ErrorKind.NotFound) return undefined;
  throw error;
}
