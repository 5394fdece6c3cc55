import type { ShareLinkEventPayload } from '@vi/contracts';
import { aJobSeeker, aSharedInterview } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { createBasicShareLink } from './create-basic-share-link';

describe('createBasicShareLink', () => {
  let world: ReturnType<typeof sharingWorld>;
  const sut = (interviewUuid: string, caller = world.caller) => createBasicShareLink(world, caller, interviewUuid);

  beforeEach(() => {
    world = sharingWorld();
  });

  it("makes the completed interview's link, active and open, by the caller now, with a URL derived from its token", async () => {
    const [interview] = world.completedInterviews(1);
    const link = await sut(interview.uuid);
    expect(link).toEqual({
      uuid: expect.any(String),
      url: world.tokens.urlFor(link.uuid),
      type: 'open',
      status: 'active',
      created_at: '2026-03-01T10:00:00+00:00',
      updated_at: '2026-03-01T10:00:00+00:00',
      updated_by: expect.objectContaining({ uuid: world.user.userUuid }),
    });
  });

  it('publishes ShareLinkCreated naming the interview, without the URL or its token', async () => {
    const [interview] = world.completedInterviews(1);
    const link = await sut(interview.uuid);
    expect(world.store.subjects()).toEqual(['sharing.share_link.created']);
    const payload = world.store.published[0].payload as ShareLinkEventPayload;
    expect(payload).toMatchObject({
      uuid: link.uuid,
      kind: 'basic',
      send_email: false,
      version: 1,
      interviews: [{ uuid: interview.uuid, candidate_name: interview.assigned_to!.name }],
    });
    expect(payload.basic_link).not.toHaveProperty('url');
    expect(JSON.stringify(payload)).not.toContain(world.tokens.tokenFor(link.uuid));
  });

  it('answers every later call with the same link, publishing nothing more', async () => {
    const [interview] = world.completedInterviews(1);
    const first = await sut(interview.uuid);
    world.clock.advance(60_000);
    expect(await sut(interview.uuid)).toEqual(first);
    expect(world.store.subjects()).toEqual(['sharing.share_link.created']);
  });

  it("shares only completed interviews (400); an unknown interview, another company's, or a job seeker's ask is 404", async () => {
    const requested = world.interviews.put(world.company, aSharedInterview({ status: 'requested' }));
    await expect(sut(requested.uuid)).rejects.toMatchObject({ code: 'api.share_link_interview_not_completed' });
    const elsewhere = world.interviews.put('another-company', aSharedInterview());
    await expect(sut(elsewhere.uuid)).rejects.toMatchObject({ code: 'api.interview_not_found' });
    const [interview] = world.completedInterviews(1);
    await expect(sut(interview.uuid, { principal: aJobSeeker() })).rejects.toMatchObject({ code: 'api.interview_not_found' });
    expect(world.store.published).toEqual([]);
  });
});
