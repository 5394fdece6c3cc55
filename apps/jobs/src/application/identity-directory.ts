import type { identity } from '@vi/contracts';
import type { UserPrincipal } from '@vi/platform-grpc';

/** Who a use case acts for, and until when (the caller's deadline, passed on to identity). */
export interface Caller {
  principal: UserPrincipal;
  deadline?: Date;
}

/** What the jobs service needs from identity. */
export interface IdentityDirectory {
  /** The active-job limit of the company's plan in force (-1 = unlimited). */
  jobsLimit(caller: Caller, companyUuid: string): Promise<number>;
  summaries(
    caller: Caller,
    userUuids: string[],
    companyUuids: string[],
  ): Promise<{ users: Map<string, identity.UserSummary>; companies: Map<string, identity.CompanySummary> }>;
}
