import { credentials } from '@grpc/grpc-js';
import { identity, interviews, jobs, notifications, sharing } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';

export interface Upstreams {
  identity: UpstreamClient<identity.IdentityServiceClient>;
  jobs: UpstreamClient<jobs.JobsServiceClient>;
  interviews: UpstreamClient<interviews.InterviewsServiceClient>;
  sharing: UpstreamClient<sharing.SharingServiceClient>;
  notifications: UpstreamClient<notifications.NotificationsServiceClient>;
  close(): void;
}

export function connectUpstreams(
  addresses: { identity: string; jobs: string; interviews: string; sharing: string; notifications: string },
  tokens: PrincipalTokens,
): Upstreams {
  const insecure = credentials.createInsecure();
  const clients = {
    identity: new UpstreamClient('identity', new identity.IdentityServiceClient(addresses.identity, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    jobs: new UpstreamClient('jobs', new jobs.JobsServiceClient(addresses.jobs, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    interviews: new UpstreamClient('interviews', new interviews.InterviewsServiceClient(addresses.interviews, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    sharing: new UpstreamClient('sharing', new sharing.SharingServiceClient(addresses.sharing, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    notifications: new UpstreamClient(
      'notifications',
      new notifications.NotificationsServiceClient(addresses.notifications, insecure, UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    ),
  };
  return {
    ...clients,
    close: () => Object.values(clients).forEach((client) => client.close()),
  };
}
