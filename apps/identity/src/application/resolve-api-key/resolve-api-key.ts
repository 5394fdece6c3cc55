import { type identity, isPlausibleApiKey, PlanFeature, SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { type Principal, requireOperator, sharedError } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { hasFeature } from '../../domain/plan';
import type { ApiKeyVault } from '../ports';
import type { IdentityStore } from '../store';
import { renderResolvedApiKey } from '../api-key-rendering';
import { planOf } from '../shared/plan-of';
import { requireCompany } from '../shared/require-company';

/** Authenticates an API key for the gateway: the principal it acts for, or why not. Use is recorded at most once a minute. */
export async function resolveApiKey(
  deps: { store: StoreOf<IdentityStore, 'apiKeys' | 'companies' | 'plans'>; vault: ApiKeyVault; clock: Clock },
  caller: Principal,
  apiKey: string,
): Promise<identity.ResolvedApiKey> {
  requireOperator(caller);
  if (!isPlausibleApiKey(apiKey)) throw sharedError(SharedErrorCode.KeyInvalid);
  const owner = await deps.store.read.apiKeys.findOwnerByHash(deps.vault.hash(apiKey));
  if (!owner) throw sharedError(SharedErrorCode.KeyInvalid);
  if (!owner.userActive) throw new IdentityError(IdentityErrorCode.KeyDisabled);
  const now = deps.clock.now();
  if (owner.companyUuid) {
    const plan = await planOf(deps.store.read, await requireCompany(deps.store.read, owner.companyUuid), now);
    if (!hasFeature(plan, PlanFeature.ApiAccess)) throw new IdentityError(IdentityErrorCode.PlanNoApiAccess);
  }
  await deps.store.read.apiKeys.touchLastUsed(owner.keyUuid, now);
  return renderResolvedApiKey(owner);
}
