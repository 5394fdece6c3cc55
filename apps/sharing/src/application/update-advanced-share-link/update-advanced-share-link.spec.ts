import { aLinkedInterview, anAdvancedLink } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { updateAdvancedShareLink } from './update-advanced-share-link';

describe('updateAdvancedShareLink', () => {
  let world: ReturnType<typeof sharingWorld>;
  let linkUuid: string;
  const sut = (status: string) => updateAdvancedShareLink(world, world.caller, { linkUuid, status });

  beforeEach(async () => {
    world = sharingWorld();
    const [interview] = world.completedInterviews(1);
    const [link] = await world.stored(
      anAdvancedLink({ companyUuid: world.company, status: 'inactive', interviews: [aLinkedInterview({ interviewUuid: interview.uuid })] }),
    );
    linkUuid = link.uuid;
  });

  it('turns a link on only while the plan has the feature (402 otherwise, nothing changed)', async () => {
    await expect(sut('active')).rejects.toMatchObject({ code: 'api.plan_advanced_share_links_required' });
    expect(world.links.stored(linkUuid)?.status).toBe('inactive');
    world.identity.features.set(world.company, { advanced_share_links: true });
    world.clock.advance(60_000);
    expect(await sut('active')).toMatchObject({ status: 'active', updated_at: '2026-03-01T10:01:00+00:00' });
    expect(world.store.subjects()).toEqual(['sharing.share_link.updated']);
  });

  it('turns a link off whatever the plan, and shows the interviews it opens', async () => {
    world.identity.features.set(world.company, { advanced_share_links: true });
    await sut('active');
    world.identity.features.set(world.company, {});
    const off = await sut('inactive');
    expect(off.status).toBe('inactive');
    expect(off.interviews).toHaveLength(1);
  });
});
