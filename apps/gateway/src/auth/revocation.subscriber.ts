import { IdentitySubjects, type ApiKeyEventPayload, type CompanyEventPayload, type UserEventPayload } from '@vi/contracts';
import type { EventBus, Subscription } from '@vi/platform-bus';
import type { Logger } from '@vi/platform-logger';
import type { PrincipalCache } from './principal-cache';

/** Every gateway replica listens for revocations and drops what they name from its cache. */
export function subscribeToRevocations(bus: EventBus, cache: PrincipalCache, logger: Logger): Promise<Subscription> {
  return bus.subscribe({
    subjects: [IdentitySubjects.ApiKeyRevoked, IdentitySubjects.UserDeleted, IdentitySubjects.CompanyPlanChanged],
    handler: async (message) => {
      let dropped = 0;
      if (message.subject === IdentitySubjects.ApiKeyRevoked) {
        dropped = cache.revoke({ keyUuid: (message.payload as ApiKeyEventPayload).key_uuid });
      } else if (message.subject === IdentitySubjects.UserDeleted) {
        dropped = cache.revoke({ userUuid: (message.payload as UserEventPayload).uuid });
      } else if (message.subject === IdentitySubjects.CompanyPlanChanged) {
        dropped = cache.revoke({ companyUuid: (message.payload as CompanyEventPayload).uuid });
      }
      logger.debug({ subject: message.subject, dropped }, 'principal cache revocation');
    },
  });
}
