import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { findCompanyUser } from '../get-user/get-user';
import { identityEvents } from '../identity-events';

export async function deleteApiKey(deps: { store: IdentityStore }, principal: UserPrincipal, userUuid: string): Promise<void> {
  administratorOf(principal);
  await deps.store.transaction(async (tx) => {
    const user = await findCompanyUser(tx, principal, userUuid);
    const key = await tx.apiKeys.deleteByUser(user.uuid);
    if (!key) throw new IdentityError(IdentityErrorCode.IntegrationKeyNotFound);
    await tx.publish([identityEvents.apiKeyRevoked({ key_uuid: key.uuid, user_uuid: user.uuid, company_uuid: user.companyUuid, reason: 'deleted' })]);
  });
}
