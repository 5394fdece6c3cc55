import { SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aPerson, aUserOfCompany, theCandidateOf } from '../../../test/factories';
import { MemoryInterviews, MemoryLiveCalls, MemoryProjections } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { joinLiveInterview } from './join-live-interview';

describe('joinLiveInterview', () => {
  const live = anInterview({ type: 'live', scheduledAt: new Date(AT.getTime() + 10 * 60_000), candidateName: 'Bravo Name' });
  // The person's name in identity (another company's words for them: decision 036) is never shown in this call.
  const candidate = aPerson({ uuid: live.candidateUuid, name: 'Alpha Name' });
  const interviewer = aUserOfCompany(live.companyUuid);
  const newColleague = aUserOfCompany(live.companyUuid);
  const fixture = (interview = live) => ({
    store: memoryStore({
      interviews: new MemoryInterviews([interview]),
      projections: new MemoryProjections({ people: [candidate, aPerson({ uuid: interviewer.userUuid, name: 'Grace Hopper' })] }),
      liveCalls: new MemoryLiveCalls(),
    }),
    // Identity knows a colleague the projection has not heard of yet.
    identity: {
      summaries: async (_caller: unknown, uuids: string[]) => ({
        users: new Map(
          uuids.includes(newColleague.userUuid)
            ? [[newColleague.userUuid, { uuid: newColleague.userUuid, name: 'Katherine Johnson', email: 'k@j.example', avatar: '' }]]
            : [],
        ),
        companies: new Map(),
      }),
    },
    clock: new FakeClock(AT),
  });

  it('admits the candidate of its token (with the name this interview gave them) and a user of its company, each with their name, role and the join window', async () => {
    const deps = fixture();

    expect(await joinLiveInterview(deps, aCaller(theCandidateOf(live)), live.uuid)).toEqual({
      interview_uuid: live.uuid,
      user_uuid: live.candidateUuid,
      role: 'candidate',
      display_name: 'Bravo Name',
      opens_at: '2026-03-02T08:55:00+00:00',
      closes_at: '2026-03-02T12:10:00+00:00',
    });
    // The first admitted starts the call; a later join keeps that start.
    expect(await deps.store.read.liveCalls.startedAt(live.uuid)).toEqual(AT);
    deps.clock.set(new Date(AT.getTime() + 60_000));
    expect(await joinLiveInterview(deps, aCaller(interviewer), live.uuid)).toMatchObject({ role: 'interviewer', display_name: 'Grace Hopper' });
    expect(await deps.store.read.liveCalls.startedAt(live.uuid)).toEqual(AT);
    expect(await joinLiveInterview(deps, aCaller(newColleague), live.uuid)).toMatchObject({ role: 'interviewer', display_name: 'Katherine Johnson' });
  });

  it('shows the interview to no other company and no other interview’s token (404)', async () => {
    const deps = fixture();
    const other = anInterview({ type: 'live' });
    await expect(joinLiveInterview(deps, aCaller(aUserOfCompany(other.companyUuid)), live.uuid)).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
    await expect(joinLiveInterview(deps, aCaller(theCandidateOf(other)), live.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
  });

  it('refuses before the window opens, and a canceled or completed interview', async () => {
    const early = fixture();
    early.clock.set(new Date(live.scheduledAt.getTime() - 16 * 60_000));
    await expect(joinLiveInterview(early, aCaller(interviewer), live.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.JoinNotOpen });
    for (const [status, code] of [
      ['canceled', InterviewsErrorCode.AlreadyCanceled],
      ['completed', InterviewsErrorCode.AlreadyCompleted],
    ] as const) {
      const interview = { ...live, status };
      await expect(joinLiveInterview(fixture(interview), aCaller(theCandidateOf(interview)), live.uuid)).rejects.toMatchObject({ code });
    }
  });
});
