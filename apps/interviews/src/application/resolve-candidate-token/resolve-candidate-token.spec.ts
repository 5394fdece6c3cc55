import { memoryStore } from '@vi/platform-testing';
import { anInterview, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews } from '../../../test/fakes';
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
  const deps = { store: memoryStore({ interviews }), tokens };

  it('names the interview and job seeker of a valid token for a live interview assigned to them', async () => {
    const sut = await resolveCandidateToken(deps, gateway, `good:${interview.uuid}:${interview.candidateUuid}`);
    expect(sut).toEqual({ interview_uuid: interview.uuid, candidate_uuid: interview.candidateUuid });
  });

  it('refuses a forged token, one for a deleted interview or another job seeker, and any caller but a service (401)', async () => {
    await interviews.markDeleted(deleted.uuid, new Date());
    for (const token of ['forged', `good:${deleted.uuid}:${deleted.candidateUuid}`, `good:${interview.uuid}:${deleted.candidateUuid}`]) {
      await expect(resolveCandidateToken(deps, gateway, token)).rejects.toMatchObject({ code: InterviewsErrorCode.CandidateTokenInvalid });
    }
    await expect(resolveCandidateToken(deps, aUserOfCompany(interview.companyUuid), `good:${interview.uuid}:${interview.candidateUuid}`)).rejects.toMatchObject(
      {
        code: InterviewsErrorCode.CandidateTokenInvalid,
      },
    );
  });
});
