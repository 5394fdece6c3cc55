import type { Principal } from '@vi/platform-grpc';
import { aBasicLink, aLinkedInterview, anAdvancedLink, aSharedInterview, aSharedRecording, aTranscript } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { openShareLink } from './open-share-link';

const GATEWAY: Principal = { kind: 'service', service: 'gateway' };

describe('openShareLink: every open checks the link, the plan and the interviews now', () => {
  let world: ReturnType<typeof sharingWorld>;
  let token: string;
  let interviewUuids: string[];
  const sut = (principal: Principal = GATEWAY, given = token) => openShareLink(world, principal, given);

  beforeEach(async () => {
    world = sharingWorld();
    world.identity.features.set(world.company, { advanced_share_links: true });
    interviewUuids = world.completedInterviews(2).map((i) => i.uuid);
    const [link] = await world.stored(
      anAdvancedLink({ companyUuid: world.company, interviews: interviewUuids.map((uuid) => aLinkedInterview({ interviewUuid: uuid })) }),
    );
    token = world.tokens.tokenFor(link.uuid);
  });

  it("shows the link's completed interviews in the link's order, with video URLs through the token", async () => {
    const view = await sut();
    expect(view.company_name).toBe('Acme');
    expect(view.interviews.map((i) => i.uuid)).toEqual(interviewUuids);
    const take = (await world.interviews.sharedInterviews(world.caller, world.company, [interviewUuids[0]], true))[0].takes[0];
    expect(view.interviews[0].questions[0].takes[0]).toMatchObject({ uuid: take.uuid, video_url: world.tokens.videoUrlFor(token, { takeUuid: take.uuid }) });
  });

  it("names the link's company and an advanced link's reviewer, who may evaluate as such (decision 070)", async () => {
    const view = await sut();
    expect(view.company_uuid).toBe(world.company);
    expect(view.reviewer).toEqual({ name: 'Rita Reviewer', email: 'rita@reviewers.example' });
  });

  it('names no reviewer for a basic link, which cannot evaluate', async () => {
    const [basic] = await world.stored(aBasicLink({ companyUuid: world.company, interviews: [aLinkedInterview({ interviewUuid: interviewUuids[0] })] }));
    const view = await sut(GATEWAY, world.tokens.tokenFor(basic.uuid));
    expect(view.company_uuid).toBe(world.company);
    expect(view.reviewer).toBeUndefined();
  });

  it("shows a live interview's call recordings, each with its video URL through the token", async () => {
    const recording = aSharedRecording();
    const live = world.interviews.put(world.company, {
      ...aSharedInterview({ uuid: interviewUuids[0], type: 'live', company: { uuid: world.company, name: 'Acme', avatar: '' } }, [], [recording]),
    });
    const view = await sut();
    expect(view.interviews[0]).toMatchObject({ uuid: live.uuid, type: 'live' });
    expect(view.interviews[0].recordings).toEqual([
      {
        uuid: recording.uuid,
        started_at: recording.started_at,
        ended_at: recording.ended_at,
        duration_seconds: 1799.5,
        content_type: 'video/webm',
        size: 20,
        video_url: world.tokens.videoUrlFor(token, { recordingUuid: recording.uuid }),
      },
    ]);
    expect(view.interviews[1].recordings).toEqual([]);
  });

  it('stops an advanced link as soon as the plan in force loses the feature, and opens it again once it has it', async () => {
    world.identity.features.set(world.company, { advanced_share_links: false });
    await expect(sut()).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    world.identity.features.set(world.company, { advanced_share_links: true });
    expect((await sut()).interviews).toHaveLength(2);
  });

  it('leaves out interviews no longer completed (reset) or deleted, and is 404 when none is left', async () => {
    world.interviews.put(world.company, aSharedInterview({ uuid: interviewUuids[0], status: 'requested' }));
    expect((await sut()).interviews.map((i) => i.uuid)).toEqual([interviewUuids[1]]);
    world.interviews.remove(world.company, interviewUuids[1]);
    await expect(sut()).rejects.toMatchObject({ code: 'api.share_link_not_found' });
  });

  it('is the same 404 for an unknown or malformed token, an inactive link, and a user principal', async () => {
    await expect(sut(GATEWAY, 'U'.repeat(43))).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await expect(sut(GATEWAY, 'short')).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await expect(sut(world.user)).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    const link = [...world.links.state.rows.values()][0].link;
    await world.links.update({ ...link, status: 'inactive' });
    await expect(sut()).rejects.toMatchObject({ code: 'api.share_link_not_found' });
  });

  describe('transcripts (decision 073)', () => {
    const json = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : JSON.parse(Buffer.from(bytes).toString('utf8')));

    it('places each transcript on its own take and recording, with a captions URL through the token only where it is done', async () => {
      const [first, second] = interviewUuids;
      const recording = aSharedRecording();
      world.interviews.put(
        world.company,
        aSharedInterview({ uuid: second, type: 'live', company: { uuid: world.company, name: 'Acme', avatar: '' } }, [], [recording]),
      );
      const take = (await world.interviews.sharedInterviews(world.caller, world.company, [first], true))[0].takes[0];
      world.transcripts.put(world.company, first, take.uuid, aTranscript('done'));
      world.transcripts.put(world.company, second, recording.uuid, aTranscript('pending'));

      const view = await sut();

      const sharedTake = view.interviews[0].questions[0].takes[0];
      expect(json(sharedTake.transcript)).toEqual(aTranscript('done'));
      expect(sharedTake.captions_url).toBe(world.tokens.captionsUrlFor(token, { takeUuid: take.uuid }));
      const sharedRecording = view.interviews[1].recordings[0];
      expect(json(sharedRecording.transcript)).toEqual(aTranscript('pending'));
      expect(sharedRecording.captions_url).toBeUndefined();
      expect(world.transcripts.asked).toEqual([{ companyUuid: world.company, interviewUuids: [first, second] }]);
    });

    it('shows none for a take without a transcript, one whose status is off, and one of another interview', async () => {
      const [first, second] = interviewUuids;
      const take = (await world.interviews.sharedInterviews(world.caller, world.company, [first], true))[0].takes[0];
      const otherTake = (await world.interviews.sharedInterviews(world.caller, world.company, [second], true))[0].takes[0];
      world.transcripts.put(world.company, first, take.uuid, aTranscript('off'));
      // Said to be of another interview than the take's: transcription is asked per interview, so it is not this one's.
      world.transcripts.put(world.company, 'c0ffee00-0000-4000-8000-000000000000', otherTake.uuid, aTranscript('done'));

      const view = await sut();

      for (const shown of view.interviews.map((i) => i.questions[0].takes[0])) {
        expect(shown.transcript).toBeUndefined();
        expect(shown.captions_url).toBeUndefined();
      }
    });

    it('still opens with transcription unreachable: no transcript anywhere, and it says so in the log', async () => {
      world.transcripts.unreachable = true;
      const view = await sut();
      expect(view.interviews).toHaveLength(2);
      expect(view.interviews.flatMap((i) => i.questions.flatMap((q) => q.takes)).every((t) => t.transcript === undefined && t.captions_url === undefined)).toBe(
        true,
      );
      expect(world.logged).toEqual([
        { fields: expect.objectContaining({ share_link: expect.any(String) }), message: expect.stringContaining('no transcripts') },
      ]);
    });
  });
});
