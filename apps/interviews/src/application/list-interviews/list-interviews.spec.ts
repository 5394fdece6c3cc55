import { SharedErrorCode } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aUserOfCompany, theCandidateOf } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, renderingRepos } from '../../../test/fakes';
import type { Interview } from '../../domain/interview';
import { listInterviews, type ListInterviewsInput } from './list-interviews';

describe('listInterviews', () => {
  const companyUuid = anInterview().companyUuid;
  const at = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);
  const interviews: Interview[] = [
    anInterview({ companyUuid, scheduledAt: at(30), status: 'requested' }),
    anInterview({ companyUuid, scheduledAt: at(10), status: 'completed', type: 'live' }),
    anInterview({ companyUuid, scheduledAt: at(20), status: 'requested' }),
    anInterview({ scheduledAt: at(5) }),
  ];
  const store = memoryStore({ interviews: new MemoryInterviews(interviews), counters: new MemoryCounters(interviews), ...renderingRepos() });
  const caller = aCaller(aUserOfCompany(companyUuid));
  const all: ListInterviewsInput = { types: [], statuses: [], orderBy: 'scheduled_asc', rangeFrom: 0, rangeTo: 9 };

  it('pages the company’s interviews in the order asked, with the total of the filter', async () => {
    const sut = await listInterviews({ store }, caller, { ...all, rangeFrom: 1, rangeTo: 1 });

    expect(sut.total).toBe(3);
    expect(sut.interviews.map((i) => i.uuid)).toEqual([interviews[2].uuid]);
    expect(sut.interviews[0].questions).toEqual([]);
  });

  it('filters by status and type (a repeated value counts once)', async () => {
    const requested = await listInterviews({ store }, caller, { ...all, statuses: ['requested', 'requested'], orderBy: 'scheduled_desc' });
    expect(requested).toMatchObject({ total: 2, interviews: [{ uuid: interviews[0].uuid }, { uuid: interviews[2].uuid }] });
    const live = await listInterviews({ store }, caller, { ...all, types: ['live', 'live'] });
    expect(live).toMatchObject({ total: 1, interviews: [{ uuid: interviews[1].uuid }] });
  });

  it('answers a page past the end with no interviews and the total', async () => {
    expect(await listInterviews({ store }, caller, { ...all, rangeFrom: 3, rangeTo: 5 })).toEqual({ interviews: [], total: 3 });
  });

  it('refuses job seekers with 403 api.company_user_required', async () => {
    await expect(listInterviews({ store }, aCaller(theCandidateOf(interviews[0])), all)).rejects.toMatchObject({ code: SharedErrorCode.CompanyUserRequired });
  });
});
