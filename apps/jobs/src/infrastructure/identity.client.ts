import { credentials } from '@grpc/grpc-js';
import { identity, PlanFeature } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens, type Caller, type Principal } from '@vi/platform-grpc';
import type { IdentityDirectory } from '../application/ports';

/** Identity over gRPC, called as the user the request acts for and within the request's deadline. */
export class GrpcIdentityDirectory implements IdentityDirectory {
  private readonly upstream: UpstreamClient<identity.IdentityServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('identity', new identity.IdentityServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async jobsLimit(caller: Caller, companyUuid: string): Promise<number> {
    const plan = await this.upstream.call((c) => c.getCompanyPlan, { company_uuid: companyUuid }, { ...caller, idempotent: true });
    return plan.jobs_limit;
  }

  async smsInvitations(caller: Caller<Principal>, companyUuid: string): Promise<boolean> {
    const plan = await this.upstream.call((c) => c.getCompanyPlan, { company_uuid: companyUuid }, { ...caller, idempotent: true });
    return plan.features[PlanFeature.InterviewSmsNotifications] === true;
  }

  async summaries(caller: Caller<Principal>, userUuids: string[], companyUuids: string[]) {
    const found = await this.upstream.call(
      (c) => c.getSummaries,
      { user_uuids: [...new Set(userUuids)], company_uuids: [...new Set(companyUuids)] },
      { ...caller, idempotent: true },
    );
    return {
      users: new Map(found.users.map((u) => [u.uuid, u])),
      companies: new Map(found.companies.map((c) => [c.uuid, c])),
    };
  }

  close(): void {
    this.upstream.close();
  }
}
