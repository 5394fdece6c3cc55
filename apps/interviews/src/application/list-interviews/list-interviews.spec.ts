import { SharedErrorCode } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { AT, aBasicShareLink, aCaller, anInterview, aUserOfCompany, itemsOf, theCandidateOf } from '../../../test/factories';
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
  const rendering = renderingRepos();
  const store = memoryStore({ interviews: new MemoryInterviews(interviews, rendering), counters: new MemoryCounters(interviews), ...rendering });
  const caller = aCaller(aUserOfCompany(companyUuid));
  const all: ListInterviewsInput = { types: [], statuses: [], orderBy: 'scheduled_asc', rangeFrom: 0, rangeTo: 9 };
  const listed = async (input: ListInterviewsInput) => itemsOf(await listInterviews({ store }, caller, input));

  it('pages the company’s interviews in the order asked, with the total of the filter', async () => {
    const sut = await listed({ ...all, rangeFrom: 1, rangeTo: 1 });

    expect(sut.total).toBe(3);
    expect(sut.interviews.map((i) => i.uuid)).toEqual([interviews[2].uuid]);
    expect(sut.interviews[0]).not.toHaveProperty('questions');
  });

  it('filters by status and type (a repeated value counts once)', async () => {
    const requested = await listed({ ...all, statuses: ['requested', 'requested'], orderBy: 'scheduled_desc' });
    expect(requested).toMatchObject({ total: 2, interviews: [{ uuid: interviews[0].uuid }, { uuid: interviews[2].uuid }] });
    const live = await listed({ ...all, types: ['live', 'live'] });
    expect(live).toMatchObject({ total: 1, interviews: [{ uuid: interviews[1].uuid }] });
  });

  it("names the shared interviews' links for the gateway to give them URLs, which interviews never holds", async () => {
    const link = aBasicShareLink({ type: 'open' });
    await store.read.shareLinks.apply(interviews[2].uuid, link, 1);
    try {
      const sut = await listed(all);
      expect(sut.shareLinkUuids).toEqual([link.uuid]);
      expect(sut.interviews.find((i) => i.uuid === interviews[2].uuid)?.share_link).toMatchObject({ uuid: link.uuid, url: '' });
      expect(sut.interviews.filter((i) => i.share_link !== null)).toHaveLength(1);
    } finally {
      await store.read.shareLinks.apply(interviews[2].uuid, null, 2);
    }
  });

  it('answers a page past the end with no interviews and the total', async () => {
    expect(await listed({ ...all, rangeFrom: 3, rangeTo: 5 })).toEqual({ interviews: [], total: 3, shareLinkUuids: [] });
  });

  it('refuses job seekers with 403 api.company_user_required', async () => {
    await expect(listInterviews({ store }, aCaller(theCandidateOf(interviews[0])), all)).rejects.toMatchObject({ code: SharedErrorCode.CompanyUserRequired });
  });
});
