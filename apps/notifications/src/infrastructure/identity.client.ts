import { credentials } from '@grpc/grpc-js';
import { identity } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';
import type { AdministratorDirectory, PlanDirectory } from '../application/ports';

/**
 * The plan in force for a company, from identity (a scheduled downgrade included), and its administrators, as the
 * notifications service itself.
 */
export class GrpcPlanDirectory implements PlanDirectory, AdministratorDirectory {
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

  async administrators(companyUuid: string): Promise<Array<{ name: string; email: string }>> {
    const page = await this.upstream.call(
      (c) => c.listCompanyAdministrators,
      { company_uuid: companyUuid },
      { principal: { kind: 'service', service: 'notifications' }, idempotent: true },
    );
    return page.users.map((u) => ({ name: u.name, email: u.email }));
  }

  close(): void {
    this.upstream.close();
  }
}
