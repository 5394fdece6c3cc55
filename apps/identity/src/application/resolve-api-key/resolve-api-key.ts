import { isPlausibleApiKey, PlanFeature } from '@vi/contracts';
import { requireOperator, type Principal, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { hasFeature } from '../../domain/plan';
import type { ApiKeyVault } from '../../infrastructure/api-key-vault';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { planOf, requireCompany } from '../company-plan';

export interface ResolvedApiKey extends UserPrincipal {
  keyUuid: string;
}

/** Authenticates an API key for the gateway: the principal it acts for, or why not. */
export async function resolveApiKey(
  deps: { store: IdentityStore; vault: ApiKeyVault },
  caller: Principal,
  apiKey: string,
): Promise<ResolvedApiKey> {
  requireOperator(caller);
  if (!isPlausibleApiKey(apiKey)) throw new IdentityError(IdentityErrorCode.KeyInvalid);
  const owner = await deps.store.read.apiKeys.findOwnerByHash(deps.vault.hash(apiKey));
  if (!owner) throw new IdentityError(IdentityErrorCode.KeyInvalid);
  if (!owner.userActive) throw new IdentityError(IdentityErrorCode.KeyDisabled);
  if (owner.companyUuid) {
    const company = await requireCompany(deps.store.read, owner.companyUuid);
    const plan = await planOf(deps.store.read, company);
    if (!hasFeature(plan, PlanFeature.ApiAccess)) throw new IdentityError(IdentityErrorCode.PlanNoApiAccess);
  }
  await deps.store.read.apiKeys.touchLastUsed(owner.keyUuid, new Date());
  return {
    kind: 'user',
    keyUuid: owner.keyUuid,
    userUuid: owner.userUuid,
    companyUuid: owner.companyUuid,
    role: owner.role,
    userType: owner.userType,
  };
}
