import { JobsSubjects } from '@vi/contracts';
import { aScorecard } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { forgetJobScorecard } from './forget-job-scorecard';

describe('forgetJobScorecard', () => {
  it("removes a deleted job's scorecard, and no other", async () => {
    const world = evaluationsWorld();
    const [gone, kept] = [aScorecard({ companyUuid: world.company }), aScorecard({ companyUuid: world.company })];
    await world.scorecards.save(gone);
    await world.scorecards.save(kept);
    await forgetJobScorecard(world, {
      id: 'job-deleted-event',
      subject: JobsSubjects.JobDeleted,
      payload: { uuid: gone.jobUuid, company: { uuid: world.company } },
      occurredAt: '2026-03-01T09:59:00+00:00',
    });
    expect(await world.scorecards.find(world.company, gone.jobUuid)).toBeUndefined();
    expect(await world.scorecards.find(world.company, kept.jobUuid)).toEqual(kept);
  });
});
