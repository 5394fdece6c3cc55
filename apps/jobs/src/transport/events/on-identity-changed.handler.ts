import { IdentitySubjects, type CompanyEventPayload, type UserEventPayload } from '@vi/contracts';
import type { EventBus, Subscription } from '@vi/platform-bus';
import type { CachedIdentityDirectory } from '../../infrastructure/cached-identity.directory';

/**
 * Every jobs replica listens (broadcast, not a shared durable) for identity's changes to the people and
 * companies its job pages name, and drops them from its summary cache.
 */
export function subscribeToIdentityChanges(bus: EventBus, cache: CachedIdentityDirectory): Promise<Subscription> {
  return bus.subscribe({
    subjects: [IdentitySubjects.UserUpdated, IdentitySubjects.UserDeleted, IdentitySubjects.CompanyPlanChanged],
    handler: async (message) => {
      if (message.subject === IdentitySubjects.CompanyPlanChanged) cache.forgetCompany((message.payload as CompanyEventPayload).uuid);
      else cache.forgetUser((message.payload as UserEventPayload).uuid);
    },
  });
}
