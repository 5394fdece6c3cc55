import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { IdentityStore } from '../store';
import { sessionsRevokedEvent } from '../session-rendering';
import { bearerHash } from '../shared/bearer-hash';

/** Ends one session; every gateway replica drops it from its cache on the event. Ending an unknown session is not an error. */
export async function signOut(deps: { store: StoreOf<IdentityStore, 'sessions'> }, caller: Principal, sessionId: string): Promise<void> {
  requireOperator(caller);
  await deps.store.transaction(async (tx) => {
    const ended = await tx.sessions.deleteByIdHash(bearerHash(sessionId));
    if (ended) await tx.publish([sessionsRevokedEvent({ user_uuid: ended.userUuid, session_uuid: ended.uuid, reason: 'signed_out' })]);
  });
}
