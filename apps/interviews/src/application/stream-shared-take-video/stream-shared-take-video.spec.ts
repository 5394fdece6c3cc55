import { memoryStore } from '@vi/platform-testing';
import { anInterview, aQuestion, aTake, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryMedia, MemoryTakes } from '../../../test/fakes';
import { streamSharedTakeVideo } from './stream-shared-take-video';
import { SharedErrorCode } from '@vi/contracts';

describe('streamSharedTakeVideo', () => {
  const sharing = { kind: 'service', service: 'sharing' } as const;
  const completed = anInterview({ status: 'completed' });
  const accepted = anInterview({ status: 'accepted', companyUuid: completed.companyUuid });
  const take = aTake(aQuestion(completed));
  const unfinished = aTake(aQuestion(accepted));
  const media = new MemoryMedia();
  for (const t of [take, unfinished]) media.files.set(t.storageKey, Buffer.from('video'));
  const deps = { store: memoryStore({ interviews: new MemoryInterviews([completed, accepted]), takes: new MemoryTakes([take, unfinished]) }), media };
  const request = (takeUuid: string) => ({ company_uuid: completed.companyUuid, interview_uuids: [completed.uuid, accepted.uuid], take_uuid: takeUuid });
  const send = async () => undefined;

  it('streams a take of a completed interview among those of the link to the sharing service', async () => {
    const sent: Buffer[] = [];
    await streamSharedTakeVideo(deps, sharing, request(take.uuid), async (chunk) => void sent.push(chunk.data));
    expect(Buffer.concat(sent).toString()).toBe('video');
  });

  it('finds no take of an interview not completed, nor of an interview outside the link (404)', async () => {
    await expect(streamSharedTakeVideo(deps, sharing, request(unfinished.uuid), send)).rejects.toMatchObject({ code: SharedErrorCode.TakeNotFound });
    await expect(streamSharedTakeVideo(deps, sharing, { ...request(take.uuid), interview_uuids: [accepted.uuid] }, send)).rejects.toMatchObject({
      code: SharedErrorCode.TakeNotFound,
    });
  });

  it('streams to no one but the sharing service, not even the company’s users (404)', async () => {
    await expect(streamSharedTakeVideo(deps, aUserOfCompany(completed.companyUuid), request(take.uuid), send)).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
  });
});
