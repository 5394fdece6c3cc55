import { randomUUID } from 'node:crypto';
import { generateApiKey, PlanFeature } from '@vi/contracts';
import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { hasFeature } from '../../domain/plan';
import type { ApiKeyVault } from '../../infrastructure/api-key-vault';
import type { IdentityStore } from '../../infrastructure/identity.store';
import type { ApiKeyView } from '../api-key-view';
import { planOf, requireCompany } from '../company-plan';
import { findCompanyUser } from '../get-user/get-user';
import { identityEvents } from '../identity-events';

/** Mints the one integration key a user may have; needs an administrator and a plan with API access. */
export async function createApiKey(
  deps: { store: IdentityStore; vault: ApiKeyVault },
  principal: UserPrincipal,
  userUuid: string,
): Promise<ApiKeyView> {
  const { companyUuid } = administratorOf(principal);
  try {
    return await deps.store.transaction(async (tx) => {
      const user = await findCompanyUser(tx, principal, userUuid);
      const plan = await planOf(tx, await requireCompany(tx, companyUuid));
      if (!hasFeature(plan, PlanFeature.ApiAccess)) throw new IdentityError(IdentityErrorCode.PlanNoApiAccess);
      if (await tx.apiKeys.findByUser(user.uuid)) throw new IdentityError(IdentityErrorCode.IntegrationKeyExists);
      const value = generateApiKey();
      const now = new Date();
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
      await tx.publish([identityEvents.apiKeyCreated({ key_uuid: key.uuid, user_uuid: user.uuid, company_uuid: companyUuid })]);
      return { value, key, user };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdentityError(IdentityErrorCode.IntegrationKeyExists);
    throw error;
  }
}
