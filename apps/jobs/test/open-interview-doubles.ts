import { SharedErrorCode } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { Caller, Principal, UserPrincipal } from '@vi/platform-grpc';
import type { AfterAnswer, ApplicantInterview, InterviewsDirectory } from '../src/application/ports';

/**
 * Interviews as jobs sees it: records what it is asked, creating once per uuid as the service does (decision 063),
 * and refuses, or makes the interview but loses the answer, when told to.
 */
export class InterviewsCalls implements InterviewsDirectory {
  readonly created: Array<{ creator: UserPrincipal; request: ApplicantInterview; uuid: string }> = [];
  readonly resent: Array<{ caller: Principal; interviewUuid: string }> = [];
  refuse?: AppError;
  loseAnswer?: AppError;
  /** Interviews the company deleted. */
  readonly deleted = new Set<string>();

  async createInterview(creator: Caller<UserPrincipal>, request: ApplicantInterview): Promise<string> {
    if (this.refuse) throw this.refuse;
    const uuid = request.interviewUuid;
    if (this.deleted.has(uuid)) throw new AppError(ErrorKind.NotFound, SharedErrorCode.InterviewNotFound, 'Interview not found');
    if (!this.created.some((c) => c.uuid === uuid)) this.created.push({ creator: creator.principal, request, uuid });
    if (this.loseAnswer) throw this.loseAnswer;
    return uuid;
  }

  async resendInvitation(caller: Caller<Principal>, interviewUuid: string): Promise<void> {
    this.resent.push({ caller: caller.principal, interviewUuid });
  }
}

/** Follow-ups kept until `settle` runs them, as after the answer; a spec sees their failures. */
export class Later implements AfterAnswer {
  private pending: Array<() => Promise<void>> = [];
  readonly failures: unknown[] = [];
  run(_name: string, task: () => Promise<void>): void {
    this.pending.push(task);
  }
  async settle(): Promise<void> {
    const tasks = this.pending;
    this.pending = [];
    for (const task of tasks) await task().catch((error: unknown) => void this.failures.push(error));
  }
  get waiting(): number {
    return this.pending.length;
  }
}
