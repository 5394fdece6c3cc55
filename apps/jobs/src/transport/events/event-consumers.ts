import { IdentitySubjects, type CompanyEventPayload, type UserEventPayload } from '@vi/contracts';
import type { EventConsumer } from '@vi/platform-bus';
import type { CachedIdentityDirectory } from '../../infrastructure/cached-identity.directory';

/** The events jobs consumes, as data the composition root starts (decision 028). */
export function jobsEventConsumers(deps: { identity: CachedIdentityDirectory }): EventConsumer[] {
  return [
    {
      // Every jobs replica drops from its own summary cache the people and companies identity changed: a
      // broadcast, not a shared durable.
      broadcast: true,
      subjects: [IdentitySubjects.UserUpdated, IdentitySubjects.UserDeleted, IdentitySubjects.CompanyPlanChanged],
      handler: async (message) => {
        if (message.subject === IdentitySubjects.CompanyPlanChanged) deps.identity.forgetCompany((message.payload as CompanyEventPayload).uuid);
        else deps.identity.forgetUser((message.payload as UserEventPayload).uuid);
      },
    },
  ];
}
