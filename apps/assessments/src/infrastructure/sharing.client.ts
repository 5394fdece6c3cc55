import { credentials } from '@grpc/grpc-js';
import { sharing } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';
import { ASSESSMENTS_SERVICE, type SharingPort } from '../application/ports';

/** The interview's basic share link (made for the purpose if it has none) and its URL, as the service (decision 071). */
export class GrpcSharing implements SharingPort {
  private readonly upstream: UpstreamClient<sharing.SharingServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('sharing', new sharing.SharingServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async profileUrl(companyUuid: string, interviewUuid: string): Promise<string | null> {
    const options = { principal: ASSESSMENTS_SERVICE, idempotent: true };
    // Later calls answer the same link, so asking again is safe.
    const link = await this.upstream.call((c) => c.createBasicShareLink, { interview_uuid: interviewUuid, company_uuid: companyUuid }, options);
    if (link.url) return link.url;
    const { links } = await this.upstream.call((c) => c.getShareLinkUrls, { link_uuids: [link.uuid], company_uuid: companyUuid }, options);
    return links.find((l) => l.uuid === link.uuid)?.url ?? null;
  }

  close(): void {
    this.upstream.close();
  }
}
