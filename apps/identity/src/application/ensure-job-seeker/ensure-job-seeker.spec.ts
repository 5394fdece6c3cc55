import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aJobSeekerUser, aUser, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryJobSeekers, InMemoryUsers } from '../../../test/fakes';
import { ensureJobSeeker, ensureJobSeekers } from './ensure-job-seeker';

describe('ensureJobSeeker', () => {
  const clock = new FakeClock(T0);
  const company = aCompany();
  const recruiter = aUser(company);
  let users: InMemoryUsers;
  let jobSeekers: InMemoryJobSeekers;
  let store: MemoryStore<{ users: InMemoryUsers; jobSeekers: InMemoryJobSeekers }>;
  const sut = (input: { name: string; email: string }, principal = principalOf(recruiter)) =>
    ensureJobSeeker({ store, defaultAvatarUrl: DEFAULT_AVATAR, clock }, principal, input);

  beforeEach(() => {
    users = new InMemoryUsers(recruiter);
    jobSeekers = new InMemoryJobSeekers(users, new InMemoryCompanies(company));
    store = memoryStore({ users, jobSeekers });
  });

  it('makes a new job seeker the first time an email is invited, and says so on the bus', async () => {
    const seeker = await sut({ name: 'Sam Seeker', email: 'sam@seeker.example' });

    expect(seeker).toEqual({ uuid: expect.any(String), name: 'Sam Seeker', email: 'sam@seeker.example', avatar: DEFAULT_AVATAR });
    expect(await users.find(seeker.uuid)).toMatchObject({ type: 'job_seeker', companyUuid: null, role: null });
    expect(jobSeekers.state).toEqual([{ subject: 'identity.job_seeker.created', payload: expect.objectContaining({ uuid: seeker.uuid, type: 'job_seeker' }) }]);
  });

  it('finds the job seeker whoever invited them before, by email in any case, and keeps their name', async () => {
    const known = aJobSeekerUser({ email: 'sam@seeker.example', name: 'Sam' });
    await users.insert(known);
    const otherRecruiter = aUser(aCompany());

    const found = await sut({ name: 'Samuel', email: 'SAM@seeker.example' }, principalOf(otherRecruiter));

    expect(found).toMatchObject({ uuid: known.uuid, name: 'Sam' });
    expect(jobSeekers.state).toEqual([]);
  });

  it('ensures a bulk invitation’s job seekers at once, in the order asked: the known found, the new made and announced once each', async () => {
    const known = aJobSeekerUser({ email: 'sam@seeker.example', name: 'Sam' });
    await users.insert(known);

    const { jobSeekers: sut } = await ensureJobSeekers({ store, defaultAvatarUrl: DEFAULT_AVATAR, clock }, principalOf(recruiter), [
      { name: 'Ann', email: 'ann@seeker.example' },
      { name: 'Samuel', email: 'SAM@seeker.example' },
      { name: 'Annie', email: 'Ann@Seeker.example' },
      { name: 'Bo', email: 'bo@seeker.example' },
    ]);

    expect(sut.map((s) => s.name)).toEqual(['Ann', 'Sam', 'Ann', 'Bo']);
    expect(sut[2].uuid).toBe(sut[0].uuid);
    expect(sut[1].uuid).toBe(known.uuid);
    expect(jobSeekers.state.map((e) => (e.payload as { uuid: string }).uuid)).toEqual([sut[0].uuid, sut[3].uuid]);
  });

  it('answers the summaries asked with the job seekers, as GetSummaries shows them to the caller', async () => {
    const stranger = aUser(aCompany());
    await users.insert(stranger);

    const sut = await ensureJobSeekers(
      { store, defaultAvatarUrl: DEFAULT_AVATAR, clock },
      principalOf(recruiter),
      [{ name: 'Ann', email: 'ann@seeker.example' }],
      {
        userUuids: [recruiter.uuid, stranger.uuid, recruiter.uuid],
        companyUuids: [company.uuid],
      },
    );

    expect(sut.summaries).toEqual({
      users: [{ uuid: recruiter.uuid, name: recruiter.name, email: recruiter.email, avatar: DEFAULT_AVATAR }],
      companies: [{ uuid: company.uuid, name: company.name, avatar: DEFAULT_AVATAR }],
    });
    expect(sut.jobSeekers).toEqual([expect.objectContaining({ name: 'Ann', email: 'ann@seeker.example' })]);
  });

  it('is asked by company users only', async () => {
    await expect(sut({ name: 'X', email: 'x@seeker.example' }, principalOf(aJobSeekerUser()))).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
