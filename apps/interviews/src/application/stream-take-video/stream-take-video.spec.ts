import { memoryStore } from '@vi/platform-testing';
import { aCaller, anInterview, aQuestion, aTake, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryMedia, MemoryTakes } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { streamTakeVideo } from './stream-take-video';
import { SharedErrorCode } from '@vi/contracts';

describe('streamTakeVideo', () => {
  const interview = anInterview({ status: 'completed' });
  const question = aQuestion(interview);
  const take = aTake(question);
  const other = anInterview({ companyUuid: interview.companyUuid });
  const takeOfOther = aTake(aQuestion(other));
  const media = new MemoryMedia();
  media.files.set(take.storageKey, Buffer.from('video'));
  const deps = { store: memoryStore({ interviews: new MemoryInterviews([interview, other]), takes: new MemoryTakes([take, takeOfOther]) }), media };
  const caller = aCaller(aUserOfCompany(interview.companyUuid));
  const request = (overrides = {}) => ({ interview_uuid: interview.uuid, question_uuid: question.uuid, take_uuid: take.uuid, ...overrides });

  it('streams the company a take of its interview', async () => {
    const sent: Buffer[] = [];
    await streamTakeVideo(deps, caller, request(), async (chunk) => void sent.push(chunk.data));
    expect(Buffer.concat(sent).toString()).toBe('video');
  });

  it('finds no take of another interview through this one, nor anything for another company (404)', async () => {
    const send = async () => undefined;
    await expect(streamTakeVideo(deps, caller, request({ question_uuid: takeOfOther.questionUuid, take_uuid: takeOfOther.uuid }), send)).rejects.toMatchObject({
      code: SharedErrorCode.TakeNotFound,
    });
    await expect(streamTakeVideo(deps, aCaller(), request(), send)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
  });

  it('streams nothing of an interview the candidate has not completed yet (403)', async () => {
    const inProgress = anInterview({ companyUuid: interview.companyUuid, status: 'accepted' });
    const ownTake = aTake(aQuestion(inProgress));
    media.files.set(ownTake.storageKey, Buffer.from('video'));
    const store = memoryStore({ interviews: new MemoryInterviews([inProgress]), takes: new MemoryTakes([ownTake]) });
    const send = jest.fn(async () => undefined);
    await expect(
      streamTakeVideo({ store, media }, caller, { interview_uuid: inProgress.uuid, question_uuid: ownTake.questionUuid, take_uuid: ownTake.uuid }, send),
    ).rejects.toMatchObject({ code: InterviewsErrorCode.TakesNotVisible });
    expect(send).not.toHaveBeenCalled();
  });
});
