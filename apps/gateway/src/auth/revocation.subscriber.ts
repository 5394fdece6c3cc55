import { IdentitySubjects, type ApiKeyEventPayload, type CompanyEventPayload, type SessionsRevokedPayload, type UserEventPayload } from '@vi/contracts';
import type { EventConsumer } from '@vi/platform-bus';
import type { Logger } from '@vi/platform-logger';
import type { PrincipalCache } from './principal-cache';
import { sessionKeyUuid } from './session-authentication';

/**
 * Every gateway replica listens for revocations and drops what they name from its cache: a broadcast consumer
 * (decision 028), started by the composition root.
 */
export function revocationConsumer(cache: PrincipalCache, logger: Logger): EventConsumer {
  return {
    broadcast: true,
    subjects: [IdentitySubjects.ApiKeyRevoked, IdentitySubjects.UserDeleted, IdentitySubjects.CompanyPlanChanged, IdentitySubjects.SessionsRevoked],
    handler: async (message) => {
      let dropped = 0;
      if (message.subject === IdentitySubjects.ApiKeyRevoked) {
        dropped = cache.revoke({ keyUuid: (message.payload as ApiKeyEventPayload).key_uuid });
      } else if (message.subject === IdentitySubjects.UserDeleted) {
        dropped = cache.revoke({ userUuid: (message.payload as UserEventPayload).uuid });
      } else if (message.subject === IdentitySubjects.SessionsRevoked) {
        // One session (sign-out), or all of a user's (a new password; their key's entry goes too, and is re-resolved).
        const revoked = message.payload as SessionsRevokedPayload;
        dropped = cache.revoke(revoked.session_uuid ? { keyUuid: sessionKeyUuid(revoked.session_uuid) } : { userUuid: revoked.user_uuid });
      } else if (message.subject === IdentitySubjects.CompanyPlanChanged) {
        dropped = cache.revoke({ companyUuid: (message.payload as CompanyEventPayload).uuid });
      }
      logger.debug({ subject: message.subject, dropped }, 'principal cache revocation');
    },
  };
}
