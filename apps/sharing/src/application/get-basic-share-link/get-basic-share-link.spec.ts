import { deleted } from '../../domain/share-link';
import { aBasicLink, aCompanyUser, aJobSeeker } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { getBasicShareLink } from './get-basic-share-link';

describe('getBasicShareLink', () => {
  const world = sharingWorld();
  const sut = (interviewUuid: string, linkUuid?: string, caller = world.caller) => getBasicShareLink(world, caller, interviewUuid, linkUuid);

  it("shows the interview's link with its URL, by its uuid too", async () => {
    const [link] = await world.stored(aBasicLink({ companyUuid: world.company }));
    const interview = link.interviews[0].interviewUuid;
    expect(await sut(interview)).toMatchObject({ uuid: link.uuid, url: world.tokens.urlFor(link.uuid), status: 'active', type: 'open' });
    expect((await sut(interview, link.uuid)).uuid).toBe(link.uuid);
  });

  it("is 404 for another link's uuid, a deleted link, an interview without one, and another company", async () => {
    const [link] = await world.stored(aBasicLink({ companyUuid: world.company }));
    const interview = link.interviews[0].interviewUuid;
    await expect(sut(interview, aBasicLink().uuid)).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await expect(sut('no-link-here')).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await expect(sut(interview, undefined, { principal: aCompanyUser() })).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await world.links.update(deleted(link, null, world.clock.now()));
    await expect(sut(interview)).rejects.toMatchObject({ code: 'api.share_link_not_found' });
  });

  it("is the interview's 404 for a job seeker", async () => {
    const [link] = await world.stored(aBasicLink({ companyUuid: world.company }));
    await expect(sut(link.interviews[0].interviewUuid, undefined, { principal: aJobSeeker() })).rejects.toMatchObject({ code: 'api.interview_not_found' });
  });
});
