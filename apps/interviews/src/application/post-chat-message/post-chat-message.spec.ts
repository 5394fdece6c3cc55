import { SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { aCaller, aChatMessage, AT, anInterview, aPerson, aUserOfCompany, theCandidateOf } from '../../../test/factories';
import { MemoryInterviews, MemoryLiveCalls, MemoryProjections } from '../../../test/fakes';
import { MAX_CHAT_MESSAGES } from '../../domain/chat';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { listChatMessages } from '../list-chat-messages/list-chat-messages';
import { postChatMessage } from './post-chat-message';

describe('postChatMessage and listChatMessages', () => {
  const live = anInterview({ type: 'live', scheduledAt: new Date(AT.getTime() + 10 * 60_000), candidateName: 'Ada Lovelace' });
  const interviewer = aUserOfCompany(live.companyUuid);
  const fixture = (interview = live, messages = new MemoryLiveCalls()) => ({
    store: memoryStore({
      interviews: new MemoryInterviews([interview]),
      projections: new MemoryProjections({
        people: [aPerson({ uuid: live.candidateUuid, name: 'Another Company’s Name' }), aPerson({ uuid: interviewer.userUuid, name: 'Grace Hopper' })],
      }),
      liveCalls: messages,
    }),
    identity: { summaries: async () => ({ users: new Map(), companies: new Map() }) },
    clock: new FakeClock(AT),
  });
  const page = { range_from: 0, range_to: 49, in_call: false };

  it('keeps each participant’s message as plain text with its author, the service’s time and its time into the call, oldest first', async () => {
    const deps = fixture();
    await deps.store.read.liveCalls.markStarted(live.uuid, AT);
    deps.clock.set(new Date(AT.getTime() + 61_500));
    const first = await postChatMessage(deps, aCaller(theCandidateOf(live)), {
      interview_uuid: live.uuid,
      text: '  My sound is gone:\r\ncall me on +44 20 7946 0958 <b>now</b>\u0007 ',
    });
    deps.clock.set(new Date(AT.getTime() + 75_000));
    const second = await postChatMessage(deps, aCaller(interviewer), { interview_uuid: live.uuid, text: 'Calling you' });

    expect(first).toEqual({
      uuid: expect.any(String),
      author: { name: 'Ada Lovelace', role: 'candidate' },
      text: 'My sound is gone:\ncall me on +44 20 7946 0958 <b>now</b>',
      sent_at: '2026-03-02T09:01:01+00:00',
      offset_seconds: 61.5,
    });
    expect(second).toMatchObject({ author: { name: 'Grace Hopper', role: 'interviewer' }, offset_seconds: 75 });
    expect(await listChatMessages(deps, aCaller(interviewer), { interview_uuid: live.uuid, ...page })).toEqual({ messages: [first, second], total: 2 });
    expect(await listChatMessages(deps, aCaller(interviewer), { interview_uuid: live.uuid, range_from: 1, range_to: 1, in_call: false })).toEqual({
      messages: [second],
      total: 2,
    });
    // In the call, the candidate reads the history of their own call.
    expect((await listChatMessages(deps, aCaller(theCandidateOf(live)), { interview_uuid: live.uuid, ...page, in_call: true })).total).toBe(2);
  });

  it('refuses an empty message, one over 2000 characters, and the 501st of a call, keeping nothing', async () => {
    const deps = fixture();
    const post = (text: string) => postChatMessage(deps, aCaller(interviewer), { interview_uuid: live.uuid, text });
    await expect(post(' \n\t ')).rejects.toMatchObject({ code: InterviewsErrorCode.ChatMessageEmpty });
    await expect(post('x'.repeat(2001))).rejects.toMatchObject({ code: InterviewsErrorCode.ChatMessageTooLong });
    expect((await post('x'.repeat(2000))).text).toHaveLength(2000);

    const full = fixture(live, new MemoryLiveCalls(Array.from({ length: MAX_CHAT_MESSAGES }, (_, i) => aChatMessage(live, { number: i + 1 }))));
    await expect(postChatMessage(full, aCaller(interviewer), { interview_uuid: live.uuid, text: 'one more' })).rejects.toMatchObject({
      code: InterviewsErrorCode.ChatFull,
    });
    expect(full.store.read.liveCalls.state.messages).toHaveLength(MAX_CHAT_MESSAGES);
  });

  it('lets in only the call’s participants while it may be held; the company reads it afterwards, the candidate never outside the call', async () => {
    const deps = fixture();
    const other = anInterview({ type: 'live' });
    await expect(postChatMessage(deps, aCaller(theCandidateOf(other)), { interview_uuid: live.uuid, text: 'hi' })).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
    await expect(postChatMessage(deps, aCaller(aUserOfCompany(other.companyUuid)), { interview_uuid: live.uuid, text: 'hi' })).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
    await expect(listChatMessages(deps, aCaller(theCandidateOf(live)), { interview_uuid: live.uuid, ...page })).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });

    const completed = fixture({ ...live, status: 'completed' });
    await expect(postChatMessage(completed, aCaller(interviewer), { interview_uuid: live.uuid, text: 'late' })).rejects.toMatchObject({
      code: InterviewsErrorCode.AlreadyCompleted,
    });
    await expect(listChatMessages(completed, aCaller(theCandidateOf(live)), { interview_uuid: live.uuid, ...page, in_call: true })).rejects.toMatchObject({
      code: InterviewsErrorCode.AlreadyCompleted,
    });
    expect(await listChatMessages(completed, aCaller(interviewer), { interview_uuid: live.uuid, ...page })).toEqual({ messages: [], total: 0 });
  });
});
