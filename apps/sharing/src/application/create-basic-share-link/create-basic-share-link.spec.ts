import type { ShareLinkEventPayload } from '@vi/contracts';
import { aCompanyUser, aJobSeeker, aSharedInterview } from '../../../test/factories';
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

  describe('for the assessments service (decision 071)', () => {
    const assessments = { principal: { kind: 'service', service: 'assessments' } } as const;
    const ordered = () =>
      world.interviews.put(
        world.company,
        aSharedInterview({
          company: { uuid: world.company, name: 'Acme', avatar: '' },
          created_by: { uuid: world.user.userUuid, name: 'Ada', email: 'ada@acme.example', avatar: '' },
        }),
      );

    it("makes the interview's link for the company it names, in the name of the interview's creator, and answers it again later", async () => {
      const interview = ordered();
      const link = await createBasicShareLink(world, assessments, interview.uuid, { companyUuid: world.company });
      expect(link).toMatchObject({ url: world.tokens.urlFor(link.uuid), status: 'active', updated_by: expect.objectContaining({ uuid: world.user.userUuid }) });
      expect(await createBasicShareLink(world, assessments, interview.uuid, { companyUuid: world.company })).toEqual(link);
      expect(await sut(interview.uuid)).toEqual(link);
    });

    it("finds nothing (404) without a company, for another company's interview, or for any other service", async () => {
      const interview = ordered();
      const notFound = { code: 'api.interview_not_found' };
      await expect(createBasicShareLink(world, assessments, interview.uuid)).rejects.toMatchObject(notFound);
      await expect(createBasicShareLink(world, assessments, interview.uuid, { companyUuid: aCompanyUser().companyUuid! })).rejects.toMatchObject(notFound);
      for (const service of ['notifications', 'evaluations', 'gateway']) {
        await expect(
          createBasicShareLink(world, { principal: { kind: 'service', service } }, interview.uuid, { companyUuid: world.company }),
        ).rejects.toMatchObject(notFound);
      }
      expect(world.store.subjects()).toEqual([]);
    });
  });
});
