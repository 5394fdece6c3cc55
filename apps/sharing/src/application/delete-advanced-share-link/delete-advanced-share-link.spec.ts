import type { ShareLinkEventPayload } from '@vi/contracts';
import { aCompanyUser, anAdvancedLink } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { deleteAdvancedShareLink } from './delete-advanced-share-link';

describe('deleteAdvancedShareLink', () => {
  const world = sharingWorld();
  const sut = (uuid: string, caller = world.caller) => deleteAdvancedShareLink(world, caller, uuid);

  it('makes the token open nothing from now on, and tells by ShareLinkDeleted who deleted it when', async () => {
    const [link] = await world.stored(anAdvancedLink({ companyUuid: world.company }));
    world.clock.advance(60_000);
    await sut(link.uuid);
    expect(await world.links.findByTokenHash(world.tokens.hashOf(world.tokens.tokenFor(link.uuid))!)).toBeUndefined();
    expect(world.store.subjects()).toEqual(['sharing.share_link.deleted']);
    expect(world.store.published[0].payload as ShareLinkEventPayload).toMatchObject({
      uuid: link.uuid,
      version: 2,
      occurred_at: '2026-03-01T10:01:00+00:00',
      updated_by: { uuid: world.user.userUuid },
    });
  });

  it("is 404 the second time and for another company's link", async () => {
    const [link] = await world.stored(anAdvancedLink({ companyUuid: world.company }));
    await expect(sut(link.uuid, { principal: aCompanyUser() })).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await sut(link.uuid);
    await expect(sut(link.uuid)).rejects.toMatchObject({ code: 'api.share_link_not_found' });
  });
});
