import { identity } from '@vi/contracts';
import { openServiceStorage, OutboxRelay, RetentionSweep, type SharedInfrastructure } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startProcess, type Running } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { systemClock } from '@vi/platform-time';
import { identityMigrations } from '../migrations';
import { createCompany } from './application/create-company/create-company';
import { identityRetentionTasks } from './application/enforce-retention/enforce-retention';
import type { IdentityConfig } from './config';
import { ApiKeyVault } from './infrastructure/api-key-vault';
import type { IdentityDatabase } from './infrastructure/identity.database';
import { createIdentityStore } from './infrastructure/identity.store';
import { CURRENT_SCRYPT_PARAMS, PasswordHasher } from './infrastructure/password-hasher';
import { identityGrpcHandlers } from './transport/grpc/identity.grpc';

export type RunningIdentityService = Running<{
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
}>;

/**
 * Wiring only: config → adapters → use cases → transports, each resource registered with the lifecycle as it
 * starts. `bus` and `database` are passed by the all-in-one launcher, which shares one of each between services.
 */
export function startIdentityService(config: IdentityConfig, shared: SharedInfrastructure = {}): Promise<RunningIdentityService> {
  const logger = shared.logger ?? createLogger('identity');
  return startProcess('identity service', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    const { database, bus } = await openServiceStorage<IdentityDatabase>(
      lifecycle,
      { schema: 'identity', migrations: identityMigrations, logger },
      config,
      shared,
    );
    const relay = lifecycle.add('outbox relay', new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs }), (r) => r.stop());
    const store = createIdentityStore(database.db, relay);
    const vault = new ApiKeyVault(config.secrets.apiKeyHash, config.secrets.apiKeyEncryption);
    const deps = {
      store,
      vault,
      defaultAvatarUrl: config.defaultAvatarUrl,
      publicBaseUrl: config.publicBaseUrl,
      hasher: new PasswordHasher(CURRENT_SCRYPT_PARAMS, config.hashing),
      sessionLifetime: config.sessionLifetime,
      signInWindow: config.signInWindow,
      clock: systemClock,
    };

    if (config.bootstrap) {
      const b = config.bootstrap;
      const result = await createCompany(
        deps,
        { kind: 'service', service: 'identity-bootstrap' },
        {
          name: b.companyName,
          adminName: b.adminName,
          adminEmail: b.adminEmail,
          planCode: b.planCode,
          adminApiKey: b.adminApiKey,
        },
      );
      logger.info({ company: result.company_uuid, created: result.created }, 'bootstrap company ready');
    }

    const retention = lifecycle.add(
      'retention sweep',
      new RetentionSweep(identityRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger, deps.clock),
      (r) => r.stop(),
    );
    const server = new GrpcServer(new PrincipalTokens(config.secrets.internalJwt), logger).add(identity.IdentityServiceService, identityGrpcHandlers(deps));
    const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
    lifecycle.add('gRPC server', server, (s) => s.shutdown());
    relay.start();
    retention.start();
    return { retention, grpcPort };
  });
}
