import { aBasicLink, aJobSeeker, anAdvancedLink } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { listAdvancedShareLinks } from './list-advanced-share-links';

describe('listAdvancedShareLinks', () => {
  const world = sharingWorld();
  const sut = (from: number, to: number, caller = world.caller) => listAdvancedShareLinks(world, caller, { from, to });

  it("shows a range of the company's advanced links with the total, each with its URL and people, without interviews", async () => {
    const links = await world.stored(
      ...Array.from({ length: 3 }, () => anAdvancedLink({ companyUuid: world.company })),
      aBasicLink({ companyUuid: world.company }),
      anAdvancedLink(),
    );
    const page = await sut(1, 5);
    expect(page.total).toBe(3);
    expect(page.links.map((l) => l.uuid)).toEqual([links[1].uuid, links[2].uuid]);
    expect(page.links[0]).toMatchObject({
      url: world.tokens.urlFor(links[1].uuid),
      interviews: [],
      created_by: { uuid: links[1].createdBy },
      company: { uuid: world.company },
    });
  });

  it('is for company users only (403)', async () => {
    await expect(sut(0, 9, { principal: aJobSeeker() })).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
