import type { ShareLinkEventPayload } from '@vi/contracts';
import type { AppError } from '@vi/platform-errors';
import { aJobSeeker, aSharedInterview } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { createAdvancedShareLinks, type CreateAdvancedInput } from './create-advanced-share-links';

describe('createAdvancedShareLinks', () => {
  let world: ReturnType<typeof sharingWorld>;
  const reviewers = [
    { name: 'Rita', email: 'rita@reviewers.example' },
    { name: 'Remy', email: 'remy@reviewers.example' },
  ];
  const sut = (given: Partial<CreateAdvancedInput>, caller = world.caller) =>
    createAdvancedShareLinks(world, caller, { status: 'active', sendEmail: true, reviewers, interviewUuids: [], ...given });

  beforeEach(() => {
    world = sharingWorld();
    world.identity.features.set(world.company, { advanced_share_links: true });
  });

  it('makes one link per reviewer opening the same interviews, and names the job of the first in the answer', async () => {
    const [first, second] = world.completedInterviews(2);
    const { links } = await sut({ interviewUuids: [first.uuid, second.uuid, first.uuid] });
    expect(links.map((l) => l.reviewer)).toEqual(reviewers);
    expect(new Set(links.map((l) => l.uuid)).size).toBe(2);
    for (const link of links) {
      expect(link).toMatchObject({ url: world.tokens.urlFor(link.uuid), status: 'active', created_at: '2026-03-01T10:00:00+00:00', interviews: [] });
      expect(link.job).toEqual({ uuid: first.job_post!.uuid, title: first.job_post!.title });
      expect(world.links.stored(link.uuid)?.interviews.map((i) => i.interviewUuid)).toEqual([first.uuid, second.uuid]);
    }
  });

  it('asks notifications to email each reviewer only when told to (ShareLinkCreated send_email)', async () => {
    const [interview] = world.completedInterviews(1);
    await sut({ interviewUuids: [interview.uuid], sendEmail: true });
    await sut({ interviewUuids: [interview.uuid], sendEmail: false, reviewers: reviewers.slice(0, 1) });
    const sent = world.store.published.map((e) => [
      e.subject,
      (e.payload as ShareLinkEventPayload).reviewer?.email,
      (e.payload as ShareLinkEventPayload).send_email,
    ]);
    expect(sent).toEqual([
      ['sharing.share_link.created', 'rita@reviewers.example', true],
      ['sharing.share_link.created', 'remy@reviewers.example', true],
      ['sharing.share_link.created', 'rita@reviewers.example', false],
    ]);
  });

  it('needs the plan feature (402), and creates nothing without it', async () => {
    const [interview] = world.completedInterviews(1);
    world.identity.features.set(world.company, { advanced_share_links: false });
    await expect(sut({ interviewUuids: [interview.uuid] })).rejects.toMatchObject({ code: 'api.plan_advanced_share_links_required' });
    expect(world.links.state.rows.size).toBe(0);
  });

  it('names each interview that is not a completed one of the company (400 with a field per interview)', async () => {
    const [completed] = world.completedInterviews(1);
    const accepted = world.interviews.put(world.company, aSharedInterview({ status: 'accepted' }));
    const elsewhere = world.interviews.put('another-company', aSharedInterview());
    const error = (await sut({ interviewUuids: [completed.uuid, accepted.uuid, elsewhere.uuid] }).catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('api.share_link_interview_not_completed');
    expect(error.fieldErrors?.map((f) => f.field)).toEqual(['interviews.1.uuid', 'interviews.2.uuid']);
    expect(world.store.published).toEqual([]);
  });

  it('is for company users only (403)', async () => {
    await expect(sut({}, { principal: aJobSeeker() })).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
