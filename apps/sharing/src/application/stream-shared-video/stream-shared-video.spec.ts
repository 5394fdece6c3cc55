import type { interviews } from '@vi/contracts';
import type { Principal } from '@vi/platform-grpc';
import { aBasicLink, aLinkedInterview, aSharedRecording } from '../../../test/factories';
import { sharingWorld } from '../../../test/fakes';
import { streamSharedVideo } from './stream-shared-video';

const GATEWAY: Principal = { kind: 'service', service: 'gateway' };

describe('streamSharedVideo', () => {
  let world: ReturnType<typeof sharingWorld>;
  let token: string;
  let take: interviews.Take;
  const recording = aSharedRecording({ size: 30 });
  const sent: interviews.TakeVideoChunk[] = [];
  const sut = (principal: Principal = GATEWAY) => streamSharedVideo(world, principal, { token, take_uuid: take.uuid }, async (chunk) => void sent.push(chunk));

  beforeEach(async () => {
    world = sharingWorld();
    sent.length = 0;
    const [interview] = world.completedInterviews(1);
    const shared = (await world.interviews.sharedInterviews(world.caller, world.company, [interview.uuid], true))[0];
    world.interviews.put(world.company, { ...shared, recordings: [recording] });
    take = (await world.interviews.sharedInterviews(world.caller, world.company, [interview.uuid], true))[0].takes[0];
    const [link] = await world.stored(aBasicLink({ companyUuid: world.company, interviews: [aLinkedInterview({ interviewUuid: interview.uuid })] }));
    token = world.tokens.tokenFor(link.uuid);
  });

  it("relays a take of the link's interview as the interviews service sends it", async () => {
    await sut();
    expect(sent.map((c) => [c.meta?.content_type, c.data.length])).toEqual([[take.content_type, take.size]]);
  });

  it("relays a call recording of the link's interview the same way", async () => {
    await streamSharedVideo(world, GATEWAY, { token, recording_uuid: recording.uuid }, async (chunk) => void sent.push(chunk));
    expect(sent.map((c) => [c.meta?.content_type, c.data.length])).toEqual([['video/webm', 30]]);
  });

  it('sends nothing through a link that opens nothing now (404), nor to a user principal', async () => {
    await expect(sut(world.user)).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    const link = [...world.links.state.rows.values()][0].link;
    await world.links.update({ ...link, status: 'inactive' });
    await expect(sut()).rejects.toMatchObject({ code: 'api.share_link_not_found' });
    expect(sent).toEqual([]);
  });
});
