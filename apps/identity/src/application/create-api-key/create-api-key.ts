import { randomUUID } from 'node:crypto';
import { generateApiKey, PlanFeature, type identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { hasFeature } from '../../domain/plan';
import type { ApiKeyVault } from '../ports';
import type { IdentityStore } from '../store';
import { apiKeyEvents, renderApiKey } from '../api-key-rendering';
import { findCompanyUser } from '../shared/find-company-user';
import { planOf } from '../shared/plan-of';
import { requireCompany } from '../shared/require-company';

/** Mints the one integration key a user may have; needs an administrator and a plan with API access. */
export async function createApiKey(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies' | 'plans' | 'apiKeys'>; vault: ApiKeyVault; defaultAvatarUrl: string; clock: Clock },
  principal: UserPrincipal,
  userUuid: string,
): Promise<identity.ApiKey> {
  const { companyUuid } = administratorOf(principal);
  try {
    return await deps.store.transaction(async (tx) => {
      const now = deps.clock.now();
      const user = await findCompanyUser(tx, principal, userUuid);
      const plan = await planOf(tx, await requireCompany(tx, companyUuid), now);
      if (!hasFeature(plan, PlanFeature.ApiAccess)) throw new IdentityError(IdentityErrorCode.PlanNoApiAccess);
      if (await tx.apiKeys.findByUser(user.uuid)) throw new IdentityError(IdentityErrorCode.IntegrationKeyExists);
      const value = generateApiKey();
      const key = {
        uuid: randomUUID(),
        userUuid: user.uuid,
        keyHash: deps.vault.hash(value),
        keyCiphertext: deps.vault.encrypt(value),
        description: '',
        type: 'custom_integration',
        lastUsedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await tx.apiKeys.insert(key);
      await tx.publish([apiKeyEvents.created({ key_uuid: key.uuid, user_uuid: user.uuid, company_uuid: companyUuid })]);
      return renderApiKey({ value, key, user }, deps.defaultAvatarUrl);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdentityError(IdentityErrorCode.IntegrationKeyExists);
    throw error;
  }
}
