import { SharedErrorCode } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { anInterview, OPERATOR } from '../../../test/factories';
import { MemoryInterviews } from '../../../test/fakes';
import type { Interview } from '../../domain/interview';
import type { CandidateLinks } from '../ports';
import { issueCandidateLink } from './issue-candidate-link';

describe('issueCandidateLink', () => {
  const notifications = { kind: 'service', service: 'notifications' } as const;
  const links: CandidateLinks = { linkFor: (i) => `https://app.example/candidate/interviews/${i.uuid}?for=${i.candidateUuid}` };
  const deps = (interview: Interview) => ({ store: memoryStore({ interviews: new MemoryInterviews([interview]) }), links });

  it('gives the notifications service a link for an interview the job seeker can still answer', async () => {
    for (const status of ['requested', 'accepted'] as const) {
      const interview = anInterview({ status });
      expect(await issueCandidateLink(deps(interview), notifications, interview.uuid)).toEqual({
        url: `https://app.example/candidate/interviews/${interview.uuid}?for=${interview.candidateUuid}`,
      });
    }
  });

  it('gives none for a finished or deleted interview (404), and none to any other caller', async () => {
    for (const status of ['completed', 'expired', 'canceled'] as const) {
      const interview = anInterview({ status });
      await expect(issueCandidateLink(deps(interview), notifications, interview.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    }
    const deleted = anInterview();
    const fixture = deps(deleted);
    await fixture.store.read.interviews.markDeleted(deleted.uuid, new Date());
    await expect(issueCandidateLink(fixture, notifications, deleted.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    await expect(issueCandidateLink(deps(deleted), OPERATOR, deleted.uuid)).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
  });
});
