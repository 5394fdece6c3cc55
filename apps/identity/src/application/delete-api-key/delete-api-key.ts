import type { StoreOf } from '@vi/platform-bus';
import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../store';
import { apiKeyEvents } from '../api-key-rendering';
import { findCompanyUser } from '../shared/find-company-user';

export async function deleteApiKey(deps: { store: StoreOf<IdentityStore, 'users' | 'apiKeys'> }, principal: UserPrincipal, userUuid: string): Promise<void> {
  administratorOf(principal);
  await deps.store.transaction(async (tx) => {
    const user = await findCompanyUser(tx, principal, userUuid);
    const key = await tx.apiKeys.deleteByUser(user.uuid);
    if (!key) throw new IdentityError(IdentityErrorCode.IntegrationKeyNotFound);
    await tx.publish([apiKeyEvents.revoked({ key_uuid: key.uuid, user_uuid: user.uuid, company_uuid: user.companyUuid, reason: 'deleted' })]);
  });
}
