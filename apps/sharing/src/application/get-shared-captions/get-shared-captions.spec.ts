import type { Principal } from '@vi/platform-grpc';
import { renderVtt } from '@vi/contracts';
import { aLinkedInterview, anAdvancedLink, aSharedInterview, aSharedRecording, aTranscript } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { getSharedCaptions } from './get-shared-captions';

const GATEWAY: Principal = { kind: 'service', service: 'gateway' };

describe("getSharedCaptions: a take's or a recording's WebVTT through a link (decision 073)", () => {
  let world: ReturnType<typeof sharingWorld>;
  let token: string;
  let interviewUuid: string;
  let takeUuid: string;
  const sut = (request: { take_uuid?: string; recording_uuid?: string }, principal: Principal = GATEWAY, given = token) =>
    getSharedCaptions(world, principal, { token: given, ...request });

  beforeEach(async () => {
    world = sharingWorld();
    world.identity.features.set(world.company, { advanced_share_links: true });
    interviewUuid = world.completedInterviews(1)[0].uuid;
    const [link] = await world.stored(anAdvancedLink({ companyUuid: world.company, interviews: [aLinkedInterview({ interviewUuid })] }));
    token = world.tokens.tokenFor(link.uuid);
    takeUuid = (await world.interviews.sharedInterviews(world.caller, world.company, [interviewUuid], true))[0].takes[0].uuid;
  });

  it("answers a done transcript's captions, of a take and of a call recording", async () => {
    world.transcripts.put(world.company, interviewUuid, takeUuid, aTranscript('done', 'Hello there.'));
    expect(await sut({ take_uuid: takeUuid })).toEqual({ vtt: renderVtt(aTranscript('done', 'Hello there.').segments) });

    const recording = aSharedRecording();
    world.interviews.put(
      world.company,
      aSharedInterview({ uuid: interviewUuid, type: 'live', company: { uuid: world.company, name: 'Acme', avatar: '' } }, [], [recording]),
    );
    world.transcripts.put(world.company, interviewUuid, recording.uuid, aTranscript('done', 'On the call.'));
    expect((await sut({ recording_uuid: recording.uuid })).vtt).toContain('On the call.');
  });

  it('is 404 api.transcript_not_ready for a transcript pending, failed or off, none at all, or neither uuid named', async () => {
    await expect(sut({ take_uuid: takeUuid })).rejects.toMatchObject({ code: 'api.transcript_not_ready' });
    for (const status of ['pending', 'failed', 'off'] as const) {
      world.transcripts.put(world.company, interviewUuid, takeUuid, aTranscript(status));
      await expect(sut({ take_uuid: takeUuid })).rejects.toMatchObject({ code: 'api.transcript_not_ready' });
    }
    await expect(sut({})).rejects.toMatchObject({ code: 'api.transcript_not_ready' });
  });

  it("looks only in the link's interviews that are still completed", async () => {
    world.transcripts.put(world.company, interviewUuid, takeUuid, aTranscript('done'));
    const elsewhere = world.completedInterviews(1)[0].uuid;
    world.transcripts.put(world.company, elsewhere, 'a7a7a7a7-0000-4000-8000-000000000000', aTranscript('done'));
    await expect(sut({ take_uuid: 'a7a7a7a7-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'api.transcript_not_ready' });

    world.interviews.put(world.company, aSharedInterview({ uuid: interviewUuid, status: 'requested' }));
    await expect(sut({ take_uuid: takeUuid })).rejects.toMatchObject({ code: 'api.transcript_not_ready' });
  });

  it('checks the link as its videos do: an unknown token, an inactive link or a user principal is the same 404', async () => {
    world.transcripts.put(world.company, interviewUuid, takeUuid, aTranscript('done'));
    await expect(sut({ take_uuid: takeUuid }, GATEWAY, 'U'.repeat(43))).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    await expect(sut({ take_uuid: takeUuid }, world.user)).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    const link = [...world.links.state.rows.values()][0].link;
    await world.links.update({ ...link, status: 'inactive' });
    await expect(sut({ take_uuid: takeUuid })).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    expect(world.transcripts.asked).toEqual([]);
  });

  it('fails as transcription does when it is unreachable (the share view, not its captions, goes on without it)', async () => {
    world.transcripts.unreachable = true;
    await expect(sut({ take_uuid: takeUuid })).rejects.toMatchObject({ code: 'api.service_unavailable' });
  });
});
