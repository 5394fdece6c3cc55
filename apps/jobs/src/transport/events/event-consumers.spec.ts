import { IdentitySubjects } from '@vi/contracts';
import { InProcessBus, startConsumers } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { FakeClock } from '@vi/platform-time';
import { aCaller, IdentityTable } from '../../../test/factories';
import { CachedIdentityDirectory } from '../../infrastructure/cached-identity.directory';
import { jobsEventConsumers } from './event-consumers';

describe("identity's events reaching the jobs summary cache", () => {
  const caller = aCaller();
  const user = caller.principal.userUuid;
  const company = caller.principal.companyUuid!;
  let bus: InProcessBus;
  let identity: IdentityTable;
  let sut: CachedIdentityDirectory;
  const shown = async () => {
    const { users, companies } = await sut.summaries(caller, [user], [company]);
    return [users.get(user)?.name, companies.get(company)?.name];
  };
  const announce = (subject: string, uuid: string) =>
    bus.publish({ id: `${subject}-${uuid}`, subject, payload: { uuid }, occurredAt: '2026-01-01T00:00:00+00:00' });

  beforeEach(async () => {
    bus = new InProcessBus(createLogger('jobs-test', 'silent'));
    identity = new IdentityTable();
    // A clock that never moves: whatever the cache shows anew comes from an event, not from an entry's age.
    sut = new CachedIdentityDirectory(identity, new FakeClock());
    await startConsumers(bus, jobsEventConsumers({ identity: sut }));
  });
  afterEach(() => bus.close());

  it('shows a renamed or deleted user anew once UserUpdated or UserDeleted arrives', async () => {
    identity.names.set(user, 'Ann');
    expect((await shown())[0]).toBe('Ann');
    identity.names.set(user, 'Ann Renamed');
    expect((await shown())[0]).toBe('Ann');
    await announce(IdentitySubjects.UserUpdated, user);
    expect((await shown())[0]).toBe('Ann Renamed');
    identity.names.set(user, 'Erased');
    await announce(IdentitySubjects.UserDeleted, user);
    expect((await shown())[0]).toBe('Erased');
  });

  it('shows a company anew once CompanyPlanChanged arrives, and leaves its users cached', async () => {
    identity.names.set(company, 'Acme');
    identity.names.set(user, 'Ann');
    await shown();
    identity.names.set(company, 'Acme Renamed');
    identity.names.set(user, 'Ann Renamed');
    await announce(IdentitySubjects.CompanyPlanChanged, company);
    expect(await shown()).toEqual(['Ann', 'Acme Renamed']);
  });
});
