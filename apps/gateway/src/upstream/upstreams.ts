import { credentials } from '@grpc/grpc-js';
import { identity } from '@vi/contracts';
import { UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';

export interface Upstreams {
  identity: UpstreamClient<identity.IdentityServiceClient>;
  close(): void;
}

export function connectUpstreams(addresses: { identity: string }, tokens: PrincipalTokens): Upstreams {
  const identityClient = new UpstreamClient('identity', new identity.IdentityServiceClient(addresses.identity, credentials.createInsecure()), tokens);
  return {
    identity: identityClient,
    close: () => identityClient.close(),
  };
}
