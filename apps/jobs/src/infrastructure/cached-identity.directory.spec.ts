import type { identity } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import type { IdentityDirectory } from '../application/ports';
import { CachedIdentityDirectory } from './cached-identity.directory';

const caller: Caller = { principal: { kind: 'user', userUuid: 'u1', companyUuid: 'c1', role: 'administrator', userType: 'company_user' } };

/** Identity as a table we rename in, counting the calls made to it. */
class IdentityTable implements IdentityDirectory {
  names = new Map([
    ['u1', 'Ann'],
    ['u2', 'Bob'],
  ]);
  calls: string[][] = [];
  /** When set, answers wait for it (a fetch under way while something changes). */
  gate?: Promise<void>;

  async jobsLimit(): Promise<number> {
    return 10;
  }

  async smsInvitations(): Promise<boolean> {
    return false;
  }

  async summaries(_: Caller, userUuids: string[], companyUuids: string[]) {
    this.calls.push([...userUuids, ...companyUuids]);
    const answer = {
      users: new Map(
        userUuids.map((uuid): [string, identity.UserSummary] => [uuid, { uuid, name: this.names.get(uuid) ?? '?', email: `${uuid}@x.example`, avatar: '' }]),
      ),
      companies: new Map(companyUuids.map((uuid): [string, identity.CompanySummary] => [uuid, { uuid, name: `Company ${uuid}`, avatar: '' }])),
    };
    await this.gate;
    return answer;
  }
}

const nameOf = async (sut: CachedIdentityDirectory, uuid: string) => (await sut.summaries(caller, [uuid], [])).users.get(uuid)?.name;

describe('summaries cached in the jobs service', () => {
  it('asks identity once for people it knows, and only for those it does not', async () => {
    const table = new IdentityTable();
    const sut = new CachedIdentityDirectory(table, new FakeClock());
    await sut.summaries(caller, ['u1', 'u1'], ['c1']);
    const again = await sut.summaries(caller, ['u1', 'u2'], ['c1']);
    expect(table.calls).toEqual([['u1', 'c1'], ['u2']]);
    expect(again.users.get('u1')?.name).toBe('Ann');
    expect(again.companies.get('c1')?.name).toBe('Company c1');
  });

  it('shows a rename on the next request once the event has dropped the entry', async () => {
    const table = new IdentityTable();
    const sut = new CachedIdentityDirectory(table, new FakeClock());
    expect(await nameOf(sut, 'u1')).toBe('Ann');
    table.names.set('u1', 'Ann Renamed');
    sut.forgetUser('u1');
    expect(await nameOf(sut, 'u1')).toBe('Ann Renamed');
  });

  it('does not keep what a fetch under way read before a change it was told of', async () => {
    const table = new IdentityTable();
    const sut = new CachedIdentityDirectory(table, new FakeClock());
    let release!: () => void;
    table.gate = new Promise((resolve) => (release = resolve));
    const stale = nameOf(sut, 'u1');
    table.names.set('u1', 'Ann Renamed');
    sut.forgetUser('u1');
    release();
    expect(await stale).toBe('Ann');
    table.gate = undefined;
    expect(await nameOf(sut, 'u1')).toBe('Ann Renamed');
  });

  it('asks again once an entry has lived its time (a missed event)', async () => {
    const table = new IdentityTable();
    const clock = new FakeClock();
    const sut = new CachedIdentityDirectory(table, clock, 1_000);
    await nameOf(sut, 'u1');
    table.names.set('u1', 'Ann Renamed');
    clock.advance(999);
    expect(await nameOf(sut, 'u1')).toBe('Ann');
    clock.advance(1);
    expect(await nameOf(sut, 'u1')).toBe('Ann Renamed');
  });
});
