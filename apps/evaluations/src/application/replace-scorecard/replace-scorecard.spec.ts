import { aCompanyUser } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { replaceScorecard } from './replace-scorecard';
import type { ScorecardInput } from '../../domain/scorecard';

describe('replaceScorecard', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  const sut = (input: ScorecardInput, principal = world.admin) => replaceScorecard(world, { principal }, world.job.uuid, input);

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it('gives the job its criteria in the order given, each a new uuid, and the visibility asked, now', async () => {
    const card = await sut({ criteria: [{ name: ' Communication ', description: 'Clear' }, { name: 'Depth' }], visibility: 'always' });
    expect(card).toEqual({
      criteria: [
        { uuid: expect.any(String), name: 'Communication', description: 'Clear' },
        { uuid: expect.any(String), name: 'Depth', description: '' },
      ],
      visibility: 'always',
      updated_at: '2026-03-01T10:00:00+00:00',
    });
    expect(await world.scorecards.find(world.company, world.job.uuid)).toMatchObject({ criteria: card.criteria, updatedBy: world.admin.userUuid });
  });

  it('keeps the uuid of a criterion named again, removes those left out, and keeps the visibility when none is given', async () => {
    const first = await sut({ criteria: [{ name: 'Communication' }, { name: 'Depth' }], visibility: 'always' });
    world.clock.advance(60_000);
    const second = await sut({ criteria: [{ uuid: first.criteria[1].uuid, name: 'Technical depth' }, { name: 'Curiosity' }] });
    expect(second.criteria.map((c) => c.name)).toEqual(['Technical depth', 'Curiosity']);
    expect(second.criteria[0].uuid).toBe(first.criteria[1].uuid);
    expect(second.criteria[1].uuid).not.toBe(first.criteria[0].uuid);
    expect(second).toMatchObject({ visibility: 'always', updated_at: '2026-03-01T10:01:00+00:00' });
  });

  it("lets the job's creator (a standard user) change it, and no other standard user (403)", async () => {
    await expect(sut({ criteria: [{ name: 'Depth' }] }, world.standard)).resolves.toMatchObject({ criteria: [{ name: 'Depth' }] });
    const other = aCompanyUser({ companyUuid: world.company, role: 'standard' });
    await expect(sut({ criteria: [] }, other)).rejects.toMatchObject({ code: 'api.administrator_required' });
  });

  it('names every broken rule and changes nothing', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `C${i}` }));
    await expect(sut({ criteria: eleven })).rejects.toMatchObject({ code: 'api.validation_failed', fieldErrors: [{ field: 'criteria' }] });
    const failure = sut({
      criteria: [{ name: '' }, { name: 'Same' }, { name: 'same', description: 'x'.repeat(501) }, { uuid: 'not-on-the-card', name: 'X'.repeat(101) }],
      visibility: 'sometimes',
    });
    await expect(failure).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [
        { field: 'visibility' },
        { field: 'criteria.0.name' },
        { field: 'criteria.2.name' },
        { field: 'criteria.2.description' },
        { field: 'criteria.3.name' },
        { field: 'criteria.3.uuid' },
      ],
    });
    expect(await world.scorecards.find(world.company, world.job.uuid)).toBeUndefined();
  });
});
