import { credentials } from '@grpc/grpc-js';
import { identity } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';
import type { PlanDirectory } from '../application/ports';

/** The plan in force for a company, from identity (a scheduled downgrade included), as the notifications service itself. */
export class GrpcPlanDirectory implements PlanDirectory {
  private readonly upstream: UpstreamClient<identity.IdentityServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('identity', new identity.IdentityServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async features(companyUuid: string): Promise<Record<string, boolean>> {
    const plan = await this.upstream.call(
      (c) => c.getCompanyPlan,
      { company_uuid: companyUuid },
      { principal: { kind: 'service', service: 'notifications' }, idempotent: true },
    );
    return plan.features;
  }

  close(): void {
    this.upstream.close();
  }
}
