import type { ShareLinkEventPayload } from '@vi/contracts';
import { aBasicLink, aCompanyUser } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { updateBasicShareLink } from './update-basic-share-link';

describe('updateBasicShareLink', () => {
  let world: ReturnType<typeof sharingWorld>;
  let interviewUuid: string;
  let linkUuid: string;
  const sut = (status: string, caller = world.caller) => updateBasicShareLink(world, caller, { interviewUuid, linkUuid, status });

  beforeEach(async () => {
    world = sharingWorld();
    const [link] = await world.stored(aBasicLink({ companyUuid: world.company }));
    [interviewUuid, linkUuid] = [link.interviews[0].interviewUuid, link.uuid];
  });

  it('turns the link off and on by whoever asks, now, each a new version of ShareLinkUpdated; the plan is never asked', async () => {
    const colleague = aCompanyUser({ companyUuid: world.company, role: 'standard' });
    world.clock.advance(60_000);
    const off = await sut('inactive', { principal: colleague });
    expect(off).toMatchObject({ status: 'inactive', updated_at: '2026-03-01T10:01:00+00:00', updated_by: { uuid: colleague.userUuid } });
    world.clock.advance(60_000);
    expect(await sut('active')).toMatchObject({ status: 'active', updated_at: '2026-03-01T10:02:00+00:00', updated_by: { uuid: world.user.userUuid } });
    const events = world.store.published.map((e) => [e.subject, (e.payload as ShareLinkEventPayload).status, (e.payload as ShareLinkEventPayload).version]);
    expect(events).toEqual([
      ['sharing.share_link.updated', 'inactive', 2],
      ['sharing.share_link.updated', 'active', 3],
    ]);
    expect(world.identity.planCalls).toEqual([]);
  });

  it('changes nothing and publishes nothing when the status is already that one', async () => {
    world.clock.advance(60_000);
    expect(await sut('active')).toMatchObject({ status: 'active', updated_at: '2026-01-01T09:00:00+00:00' });
    expect(world.store.published).toEqual([]);
  });

  it('accepts only active and inactive (400)', async () => {
    await expect(sut('open')).rejects.toMatchObject({ code: 'api.validation_failed' });
  });
});
