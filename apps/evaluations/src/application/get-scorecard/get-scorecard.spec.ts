import { aJobSeeker, aScorecard } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { getScorecard } from './get-scorecard';

describe('getScorecard', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  const sut = (jobUuid: string, principal = world.standard) => getScorecard(world, { principal }, jobUuid);

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it('answers a job never given a scorecard with no criteria, after_submit, never updated', async () => {
    expect(await sut(world.job.uuid)).toEqual({ criteria: [], visibility: 'after_submit', updated_at: null });
  });

  it("answers the job's card to any company user", async () => {
    const card = aScorecard({ companyUuid: world.company, jobUuid: world.job.uuid, visibility: 'always' });
    await world.scorecards.save(card);
    expect(await sut(world.job.uuid)).toEqual({ criteria: card.criteria, visibility: 'always', updated_at: '2026-01-01T09:00:00+00:00' });
  });

  it("is jobs' 404 for a job the caller cannot see, and 403 for a job seeker", async () => {
    await expect(sut(world.job.uuid, { ...world.standard, companyUuid: 'another-company' })).rejects.toMatchObject({ code: 'api.job_not_found' });
    await expect(sut(world.job.uuid, aJobSeeker())).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
