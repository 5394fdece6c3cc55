import { SharedErrorCode } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { anInterview, OPERATOR } from '../../../test/factories';
import { MemoryInterviews } from '../../../test/fakes';
import type { Interview } from '../../domain/interview';
import type { CandidateLinks } from '../ports';
import { issueCandidateLink, issueCandidateLinks } from './issue-candidate-link';

describe('issueCandidateLink', () => {
  const notifications = { kind: 'service', service: 'notifications' } as const;
  const links: CandidateLinks = { linkFor: (i) => `https://app.example/candidate/interviews/${i.uuid}?for=${i.candidateUuid}` };
  const deps = (...interviews: Interview[]) => ({ store: memoryStore({ interviews: new MemoryInterviews(interviews) }), links });
  const linkOf = (i: Interview) => ({ interview_uuid: i.uuid, url: `https://app.example/candidate/interviews/${i.uuid}?for=${i.candidateUuid}` });

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

  it('gives the links of many interviews in one call, leaving out those that no longer issue one (decision 051)', async () => {
    const [requested, accepted, completed, deleted] = [
      anInterview({ status: 'requested' }),
      anInterview({ status: 'accepted' }),
      anInterview({ status: 'completed' }),
      anInterview(),
    ];
    const fixture = deps(requested, accepted, completed, deleted);
    await fixture.store.read.interviews.markDeleted(deleted.uuid, new Date());

    const { links: issued } = await issueCandidateLinks(fixture, notifications, [requested.uuid, completed.uuid, deleted.uuid, accepted.uuid, requested.uuid]);

    expect(issued).toHaveLength(2);
    expect(issued).toEqual(expect.arrayContaining([linkOf(requested), linkOf(accepted)]));
    expect(await issueCandidateLinks(fixture, notifications, [])).toEqual({ links: [] });
    await expect(issueCandidateLinks(fixture, OPERATOR, [requested.uuid])).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
  });
});
