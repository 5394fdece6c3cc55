import { aCompanyUser, aJobSeeker, aLinkedInterview, anAdvancedLink } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { getAdvancedShareLink } from './get-advanced-share-link';

describe('getAdvancedShareLink', () => {
  const world = sharingWorld();
  const sut = (uuid: string, caller = world.caller) => getAdvancedShareLink(world, caller, uuid);

  it('shows the interviews it opens that still exist, in its order, with their job as it is now', async () => {
    const [kept, gone, renamed] = world.completedInterviews(3);
    const linked = [kept, gone, renamed].map((i) => aLinkedInterview({ interviewUuid: i.uuid, jobTitle: 'Title when shared' }));
    const [link] = await world.stored(anAdvancedLink({ companyUuid: world.company, interviews: linked }));
    world.interviews.remove(world.company, gone.uuid);

    const shown = await sut(link.uuid);
    expect(shown).toMatchObject({ uuid: link.uuid, url: world.tokens.urlFor(link.uuid), reviewer: link.reviewer, company: { uuid: world.company } });
    expect(shown.interviews.map((i) => [i.uuid, i.interview_uuid, i.job?.title])).toEqual([
      [linked[0].uuid, kept.uuid, kept.job_post!.title],
      [linked[2].uuid, renamed.uuid, renamed.job_post!.title],
    ]);
  });

  it("is 404 for another company's link, a basic link's uuid, and for a job seeker", async () => {
    const [link] = await world.stored(anAdvancedLink({ companyUuid: world.company }));
    await expect(sut(link.uuid, { principal: aCompanyUser() })).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await expect(sut(link.uuid, { principal: aJobSeeker() })).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await expect(sut('not-a-link')).rejects.toMatchObject({ code: 'api.share_link_not_found' });
  });
});
