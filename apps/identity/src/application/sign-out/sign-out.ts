import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { identityEvents } from '../identity-events';
import { hashSessionId } from '../sessions';

/** Ends one session; every gateway replica drops it from its cache on the event. Ending an unknown session is not an error. */
export async function signOut(deps: { store: IdentityStore }, caller: Principal, sessionId: string): Promise<void> {
  requireOperator(caller);
  await deps.store.transaction(async (tx) => {
    const ended = await tx.sessions.deleteByIdHash(hashSessionId(sessionId));
    if (ended) await tx.publish([identityEvents.sessionsRevoked({ user_uuid: ended.userUuid, session_uuid: ended.uuid, reason: 'signed_out' })]);
  });
}
