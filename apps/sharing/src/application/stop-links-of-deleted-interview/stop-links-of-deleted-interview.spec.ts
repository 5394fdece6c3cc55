import { InterviewsSubjects, type ShareLinkEventPayload } from '@vi/contracts';
import type { BusMessage } from '@vi/platform-bus';
import { aBasicLink, aLinkedInterview, anAdvancedLink } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { stopLinksOfDeletedInterview } from './stop-links-of-deleted-interview';

describe('stopLinksOfDeletedInterview', () => {
  let world: ReturnType<typeof sharingWorld>;
  const deletion = (interviewUuid: string, company: { uuid: string } | null = { uuid: world.company }): BusMessage => ({
    id: `event-${interviewUuid}`,
    subject: InterviewsSubjects.InterviewDeleted,
    payload: { interview: { uuid: interviewUuid, company: company ?? undefined } },
    occurredAt: '2026-03-01T09:59:00+00:00',
  });
  const sut = (message: BusMessage) => stopLinksOfDeletedInterview(world, message);

  beforeEach(() => {
    world = sharingWorld();
  });

  it("deletes the interview's basic link at the time it learns of it, once whatever the redeliveries", async () => {
    const [link] = await world.stored(aBasicLink({ companyUuid: world.company }));
    const message = deletion(link.interviews[0].interviewUuid);
    await sut(message);
    world.clock.advance(60_000);
    await sut(message);
    expect(world.links.stored(link.uuid)?.deletedAt).toEqual(new Date('2026-03-01T10:00:00+00:00'));
    expect(world.store.published.map((e) => [e.subject, (e.payload as ShareLinkEventPayload).occurred_at])).toEqual([
      ['sharing.share_link.deleted', '2026-03-01T10:00:00+00:00'],
    ]);
  });

  it("keeps advanced links, forgetting there the deleted interview's candidate name", async () => {
    const [kept, gone] = [aLinkedInterview({ candidateName: 'Kept' }), aLinkedInterview({ candidateName: 'Erased' })];
    const [link] = await world.stored(anAdvancedLink({ companyUuid: world.company, interviews: [kept, gone] }));
    await sut(deletion(gone.interviewUuid));
    expect(world.links.stored(link.uuid)).toMatchObject({ deletedAt: null, interviews: [{ candidateName: 'Kept' }, { candidateName: null }] });
    expect(world.store.published).toEqual([]);
  });

  it('ignores an event that names no company', async () => {
    const [link] = await world.stored(aBasicLink({ companyUuid: world.company }));
    await sut(deletion(link.interviews[0].interviewUuid, null));
    expect(world.links.stored(link.uuid)?.deletedAt).toBeNull();
  });
});
