import { credentials } from '@grpc/grpc-js';
import { identity } from '@vi/contracts';
import { UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';

export interface Upstreams {
  identity: UpstreamClient<identity.IdentityServiceClient>;
  close(): void;
}

// Spread calls over every address the name resolves to (a headless Service in
// Kubernetes gives one per pod) instead of pinning one HTTP/2 connection.
const CHANNEL_OPTIONS = { 'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }) };

export function connectUpstreams(addresses: { identity: string }, tokens: PrincipalTokens): Upstreams {
  const identityClient = new UpstreamClient('identity', new identity.IdentityServiceClient(addresses.identity, credentials.createInsecure(), CHANNEL_OPTIONS), tokens);
  return {
    identity: identityClient,
    close: () => identityClient.close(),
  };
}
