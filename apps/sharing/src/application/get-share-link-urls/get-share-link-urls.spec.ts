import type { Principal } from '@vi/platform-grpc';
import { deleted } from '../../domain/share-link';
import { aBasicLink, aCompanyUser, anAdvancedLink } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { getShareLinkUrls } from './get-share-link-urls';

describe('getShareLinkUrls', () => {
  const world = sharingWorld();
  const sut = (uuids: string[], caller: Principal = { kind: 'service', service: 'gateway' }) => getShareLinkUrls(world, caller, uuids);

  it('gives the gateway and notifications the URL of each link that exists, deleted ones included, once each', async () => {
    const [live, gone] = await world.stored(aBasicLink(), anAdvancedLink());
    await world.links.update(deleted(gone, null, world.clock.now()));
    const expected = [
      { uuid: live.uuid, url: world.tokens.urlFor(live.uuid) },
      { uuid: gone.uuid, url: world.tokens.urlFor(gone.uuid) },
    ];
    const asked = [live.uuid, gone.uuid, live.uuid, aBasicLink().uuid, 'not-a-uuid'];
    expect(await sut(asked)).toEqual({ links: expected });
    expect(await sut(asked, { kind: 'service', service: 'notifications' })).toEqual({ links: expected });
  });

  it('shows no URL to other services or to users (403)', async () => {
    const [link] = await world.stored(aBasicLink());
    await expect(sut([link.uuid], { kind: 'service', service: 'interviews' })).rejects.toMatchObject({ code: 'api.operator_required' });
    await expect(sut([link.uuid], aCompanyUser({ companyUuid: link.companyUuid }))).rejects.toMatchObject({ code: 'api.operator_required' });
  });

  it("gives the assessments service the URLs of the company's live basic links it names only, and needs the company (decision 071)", async () => {
    const assessments: Principal = { kind: 'service', service: 'assessments' };
    const [ours] = await world.stored(aBasicLink());
    const company = ours.companyUuid;
    const [theirs, advanced, gone] = await world.stored(aBasicLink(), anAdvancedLink({ companyUuid: company }), aBasicLink({ companyUuid: company }));
    await world.links.update(deleted(gone, null, world.clock.now()));
    const asked = [ours.uuid, theirs.uuid, advanced.uuid, gone.uuid];
    expect(await getShareLinkUrls(world, assessments, asked, { companyUuid: company })).toEqual({
      links: [{ uuid: ours.uuid, url: world.tokens.urlFor(ours.uuid) }],
    });
    await expect(getShareLinkUrls(world, assessments, asked)).rejects.toMatchObject({ code: 'api.validation_failed' });
  });
});
