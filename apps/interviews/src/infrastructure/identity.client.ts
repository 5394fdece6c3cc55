import { credentials } from '@grpc/grpc-js';
import { identity } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type PrincipalTokens } from '@vi/platform-grpc';
import type { IdentityDirectory, Summaries } from '../application/ports';

/** Identity over gRPC, as the user the request acts for, within its deadline. */
export class GrpcIdentityDirectory implements IdentityDirectory {
  private readonly upstream: UpstreamClient<identity.IdentityServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('identity', new identity.IdentityServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async ensureJobSeekers(caller: Caller, assignees: Array<{ name: string; email: string }>, summariesOf: { userUuids: string[]; companyUuids: string[] }) {
    const summaries = { user_uuids: summariesOf.userUuids, company_uuids: summariesOf.companyUuids };
    // Idempotent on the emails, so it may be retried like a read.
    const answer = await this.upstream.call((c) => c.ensureJobSeekers, { assignees, summaries }, { ...caller, idempotent: true });
    return { jobSeekers: answer.users, ...summariesByUuid(answer.summaries ?? { users: [], companies: [] }) };
  }

  async planFeatures(caller: Caller, companyUuid: string) {
    return (await this.upstream.call((c) => c.getCompanyPlan, { company_uuid: companyUuid }, { ...caller, idempotent: true })).features;
  }

  async summaries(caller: Caller, userUuids: string[], companyUuids: string[]) {
    return summariesByUuid(
      await this.upstream.call((c) => c.getSummaries, { user_uuids: userUuids, company_uuids: companyUuids }, { ...caller, idempotent: true }),
    );
  }

  close(): void {
    this.upstream.close();
  }
}

function summariesByUuid(found: identity.Summaries): Summaries {
  return { users: new Map(found.users.map((u) => [u.uuid, u])), companies: new Map(found.companies.map((c) => [c.uuid, c])) };
}
