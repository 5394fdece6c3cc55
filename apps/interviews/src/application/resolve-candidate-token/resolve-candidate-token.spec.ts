import { FakeClock, toRfc3339 } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, anInterview, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews } from '../../../test/fakes';
import { LATE_TAKE_WINDOW_MS } from '../../domain/interview-status';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { resolveCandidateToken, type CandidateTokenVerifier } from './resolve-candidate-token';

describe('resolveCandidateToken', () => {
  const gateway = { kind: 'service', service: 'gateway' } as const;
  const interview = anInterview();
  const deleted = anInterview();
  const tokens: CandidateTokenVerifier = {
    verify: (token) => (token.startsWith('good:') ? { interviewUuid: token.split(':')[1], candidateUuid: token.split(':')[2] } : null),
  };
  const interviews = new MemoryInterviews([interview, deleted]);
  const clock = new FakeClock(AT);
  const deps = { store: memoryStore({ interviews }), tokens, clock };
  const good = `good:${interview.uuid}:${interview.candidateUuid}`;
  const invalid = { code: InterviewsErrorCode.CandidateTokenInvalid };

  afterEach(() => clock.set(AT));

  it('names the interview and job seeker of a valid token for a live interview assigned to them, until the due time', async () => {
    const sut = await resolveCandidateToken(deps, gateway, { token: good, for_take_upload: false });
    expect(sut).toEqual({ interview_uuid: interview.uuid, candidate_uuid: interview.candidateUuid, valid_until: toRfc3339(interview.scheduledAt) });
  });

  it('after the due time opens a take upload only, until the late-take window ends (decision 042)', async () => {
    clock.set(interview.scheduledAt);
    await expect(resolveCandidateToken(deps, gateway, { token: good, for_take_upload: false })).rejects.toMatchObject(invalid);
    const windowEnd = new Date(interview.scheduledAt.getTime() + LATE_TAKE_WINDOW_MS);
    expect(await resolveCandidateToken(deps, gateway, { token: good, for_take_upload: true })).toMatchObject({ valid_until: toRfc3339(windowEnd) });
    clock.set(windowEnd);
    await expect(resolveCandidateToken(deps, gateway, { token: good, for_take_upload: true })).rejects.toMatchObject(invalid);
  });

  it('refuses a forged token, one for a deleted interview or another job seeker, and any caller but a service (401)', async () => {
    await interviews.markDeleted(deleted.uuid, new Date());
    for (const token of ['forged', `good:${deleted.uuid}:${deleted.candidateUuid}`, `good:${interview.uuid}:${deleted.candidateUuid}`]) {
      await expect(resolveCandidateToken(deps, gateway, { token, for_take_upload: false })).rejects.toMatchObject(invalid);
    }
    await expect(resolveCandidateToken(deps, aUserOfCompany(interview.companyUuid), { token: good, for_take_upload: false })).rejects.toMatchObject(invalid);
  });
});
