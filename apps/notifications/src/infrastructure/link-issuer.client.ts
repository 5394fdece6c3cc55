import { credentials } from '@grpc/grpc-js';
import { identity, interviews, sharing } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';
import type { LinkIssuer } from '../application/ports';

const AS_NOTIFICATIONS = { principal: { kind: 'service', service: 'notifications' } as const };

/** The owners of the bearer links, over gRPC as the notifications service (decision 018). */
export class GrpcLinkIssuer implements LinkIssuer {
  private readonly identity: UpstreamClient<identity.IdentityServiceClient>;
  private readonly interviews: UpstreamClient<interviews.CandidateInterviewsServiceClient>;
  private readonly sharing: UpstreamClient<sharing.SharingServiceClient>;

  constructor(addresses: { identity: string; interviews: string; sharing: string }, tokens: PrincipalTokens) {
    const insecure = credentials.createInsecure();
    this.identity = new UpstreamClient('identity', new identity.IdentityServiceClient(addresses.identity, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
    this.interviews = new UpstreamClient(
      'interviews',
      new interviews.CandidateInterviewsServiceClient(addresses.interviews, insecure, UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
    this.sharing = new UpstreamClient('sharing', new sharing.SharingServiceClient(addresses.sharing, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  // Not idempotent (each call issues a new token), so only calls that never left are retried.
  setPasswordUrl(userUuid: string, recipient: string): Promise<string | null> {
    return orNull(async () => (await this.identity.call((c) => c.issueSetPasswordLink, { user_uuid: userUuid, recipient }, AS_NOTIFICATIONS)).url);
  }

  async candidateUrls(interviewUuids: string[]): Promise<Map<string, string>> {
    if (interviewUuids.length === 0) return new Map();
    // Each call signs new tokens, but a repeat only makes more valid links for the same interviews: safe to retry.
    const issued = await this.interviews.call((c) => c.issueCandidateLinks, { interview_uuids: interviewUuids }, { ...AS_NOTIFICATIONS, idempotent: true });
    return new Map(issued.links.map((l) => [l.interview_uuid, l.url]));
  }

  async shareLinkUrls(linkUuids: string[]): Promise<Map<string, string>> {
    if (linkUuids.length === 0) return new Map();
    const found = await this.sharing.call((c) => c.getShareLinkUrls, { link_uuids: linkUuids }, { ...AS_NOTIFICATIONS, idempotent: true });
    return new Map(found.links.map((l) => [l.uuid, l.url]));
  }

  close(): void {
    this.identity.close();
    this.interviews.close();
    this.sharing.close();
  }
}

async function orNull(issue: () => Promise<string>): Promise<string | null> {
  try {
    return await issue();
  } catch (error) {
    if (error instanceof AppError && error.kind === ErrorKind.NotFound) return null;
    throw error;
  }
}
