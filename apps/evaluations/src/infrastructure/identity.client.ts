import { credentials } from '@grpc/grpc-js';
import { identity } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type Principal, type PrincipalTokens } from '@vi/platform-grpc';
import type { IdentityDirectory } from '../application/ports';

/** Identity over gRPC, as the caller, within its deadline: the names and emails of evaluators and mentioned colleagues. */
export class GrpcIdentityDirectory implements IdentityDirectory {
  private readonly upstream: UpstreamClient<identity.IdentityServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('identity', new identity.IdentityServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async summaries(caller: Caller<Principal>, userUuids: string[], companyUuids: string[]) {
    const found = await this.upstream.call((c) => c.getSummaries, { user_uuids: userUuids, company_uuids: companyUuids }, { ...caller, idempotent: true });
    return { users: new Map(found.users.map((u) => [u.uuid, u])), companies: new Map(found.companies.map((c) => [c.uuid, c])) };
  }

  close(): void {
    this.upstream.close();
  }
}
