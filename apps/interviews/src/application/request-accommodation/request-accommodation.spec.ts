import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { aCaller, anInterview, aUserOfCompany, theCandidateOf } from '../../../test/factories';
import { MemoryInterviews, renderingRepos } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { requestAccommodation } from './request-accommodation';

describe('requestAccommodation', () => {
  const interview = anInterview({ status: 'accepted' });
  const candidate = aCaller(theCandidateOf(interview));
  const fixture = (now = new Date('2026-12-07T22:00:00Z')) => {
    const interviews = new MemoryInterviews([interview]);
    return { interviews, deps: { store: memoryStore({ interviews, ...renderingRepos() }), clock: new FakeClock(now) } };
  };

  it('keeps the trimmed message, publishes AccommodationRequested with it, and answers what was kept', async () => {
    const { deps, interviews } = fixture();

    const sut = await requestAccommodation(deps, candidate, { interviewUuid: interview.uuid, message: '  Twice the time, please.  ' });

    expect(sut).toEqual({ message: 'Twice the time, please.', requested_at: '2026-12-07T22:00:00+00:00' });
    expect((await interviews.accommodationRequestsOf([interview.uuid])).get(interview.uuid)).toEqual([
      { uuid: expect.any(String), interviewUuid: interview.uuid, message: 'Twice the time, please.', requestedAt: deps.clock.now() },
    ]);
    expect(deps.store.published).toEqual([
      expect.objectContaining({
        subject: InterviewsSubjects.AccommodationRequested,
        payload: {
          interview: expect.objectContaining({ uuid: interview.uuid, accommodation_requests: [sut] }),
          accommodation_request: sut,
        },
      }),
    ]);
  });

  it('takes 3 a UTC day; the fourth is refused until the next UTC midnight, and the next day counts anew', async () => {
    const { deps } = fixture();
    for (const n of [1, 2, 3]) await requestAccommodation(deps, candidate, { interviewUuid: interview.uuid, message: `Request ${n}` });

    await expect(requestAccommodation(deps, candidate, { interviewUuid: interview.uuid, message: 'Request 4' })).rejects.toMatchObject({
      code: InterviewsErrorCode.AccommodationRequestsExhausted,
      kind: 'resource_exhausted',
      retryAfterSeconds: 2 * 3600,
    });
    expect(deps.store.published).toHaveLength(3);

    deps.clock.set(new Date('2026-12-08T00:00:01Z'));
    expect(await requestAccommodation(deps, candidate, { interviewUuid: interview.uuid, message: 'Request 4' })).toMatchObject({ message: 'Request 4' });
  });

  it('refuses an empty or control-character message, and anyone but its candidate', async () => {
    const { deps } = fixture();
    await expect(requestAccommodation(deps, candidate, { interviewUuid: interview.uuid, message: ' \n ' })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'message' })],
    });
    await expect(requestAccommodation(deps, candidate, { interviewUuid: interview.uuid, message: 'a\u0000b' })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'message' })],
    });
    await expect(
      requestAccommodation(deps, aCaller(aUserOfCompany(interview.companyUuid)), { interviewUuid: interview.uuid, message: 'Hello' }),
    ).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    expect(deps.store.published).toEqual([]);
  });
});
