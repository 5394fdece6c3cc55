import { credentials } from '@grpc/grpc-js';
import { identity } from '@vi/contracts';
import { PrincipalTokens, UpstreamClient } from '@vi/platform-grpc';

const OPERATOR = { kind: 'service', service: 'admin-cli' } as const;

/** Operator calls to identity over gRPC, signed as a service principal. */
export class OperatorClient {
  private readonly upstream: UpstreamClient<identity.IdentityServiceClient>;

  constructor(address: string, internalJwtSecret: string) {
    this.upstream = new UpstreamClient(
      'identity',
      new identity.IdentityServiceClient(address, credentials.createInsecure()),
      new PrincipalTokens(internalJwtSecret),
      { defaultDeadlineMs: 15_000 },
    );
  }

  createCompany(input: { name: string; adminName: string; adminEmail: string; plan: string }): Promise<identity.CreatedCompany> {
    return this.upstream.call(
      (c) => c.createCompany,
      { name: input.name, admin_name: input.adminName, admin_email: input.adminEmail, plan: input.plan },
      { principal: OPERATOR },
    );
  }

  setPlan(companyUuid: string, plan: string): Promise<identity.Plan> {
    return this.upstream.call((c) => c.setPlan, { company_uuid: companyUuid, plan }, { principal: OPERATOR });
  }

  async listPlans(): Promise<identity.PlanDefinition[]> {
    return (await this.upstream.call((c) => c.listPlans, {}, { principal: OPERATOR, idempotent: true })).plans;
  }

  /** Replaces a job seeker's name and email and deletes the user; returns what they are called now. */
  eraseJobSeeker(email: string): Promise<identity.UserSummary> {
    return this.upstream.call((c) => c.eraseJobSeeker, { email }, { principal: OPERATOR });
  }

  close(): void {
    this.upstream.close();
  }
}
