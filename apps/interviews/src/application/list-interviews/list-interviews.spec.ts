import { randomUUID } from 'node:crypto';
import { SharedErrorCode } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { AT, aBasicShareLink, aCaller, anInterview, aPerson, aUserOfCompany, itemsOf, theCandidateOf } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, MemoryTranscriptSearch, renderingRepos } from '../../../test/fakes';
import type { Interview } from '../../domain/interview';
import { interviewPageCache } from '../../infrastructure/interview-page.cache';
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
  const rows = new MemoryInterviews(interviews, rendering);
  const store = memoryStore({ interviews: rows, counters: new MemoryCounters(interviews, rows), ...rendering });
  const caller = aCaller(aUserOfCompany(companyUuid));
  const all: ListInterviewsInput = { types: [], statuses: [], orderBy: 'scheduled_asc', rangeFrom: 0, rangeTo: 9 };
  let pages = interviewPageCache(new FakeClock());
  beforeEach(() => {
    pages = interviewPageCache(new FakeClock());
  });
  const listed = async (input: ListInterviewsInput) => itemsOf(await listInterviews({ store, pages }, caller, input));

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
    await expect(listInterviews({ store, pages }, aCaller(theCandidateOf(interviews[0])), all)).rejects.toMatchObject({
      code: SharedErrorCode.CompanyUserRequired,
    });
  });

  describe('a page read again (decision 050)', () => {
    const read = jest.spyOn(rows, 'page');
    beforeEach(() => read.mockClear());

    it('is answered as it was rendered, without reading the page, while the list version has not moved', async () => {
      const first = await listInterviews({ store, pages }, caller, all);
      const again = await listInterviews({ store, pages }, caller, all);
      expect(read).toHaveBeenCalledTimes(1);
      expect(again.items_json).toBe(first.items_json);
      expect({ ...again, items_json: undefined }).toEqual({ ...first, items_json: undefined });
    });

    it('is kept per company, order, range and filter (a filter in another order is the same page)', async () => {
      await listed({ ...all, statuses: ['requested', 'completed'] });
      await listed({ ...all, statuses: ['completed', 'requested', 'completed'] });
      expect(read).toHaveBeenCalledTimes(1);
      await listed({ ...all, rangeTo: 1 });
      await listed({ ...all, orderBy: 'scheduled_desc' });
      await listed({ ...all, types: ['live'] });
      expect(read).toHaveBeenCalledTimes(4);
    });

    it('is read again once anything it shows changed: an interview, a person, a share link', async () => {
      await listed(all);
      await store.read.interviews.update({ ...interviews[0], status: 'accepted', updatedAt: at(40) });
      expect((await listed(all)).interviews.find((i) => i.uuid === interviews[0].uuid)?.status).toBe('accepted');

      await store.read.projections.upsertPerson(aPerson({ uuid: interviews[0].createdBy, name: 'Renamed Recruiter' }), at(50));
      expect((await listed(all)).interviews.find((i) => i.uuid === interviews[0].uuid)?.created_by?.name).toBe('Renamed Recruiter');

      const link = aBasicShareLink();
      await store.read.shareLinks.apply(interviews[1].uuid, link, 10);
      expect((await listed(all)).shareLinkUuids).toEqual([link.uuid]);
      await store.read.shareLinks.apply(interviews[1].uuid, null, 11);
      expect((await listed(all)).shareLinkUuids).toEqual([]);
      expect(read).toHaveBeenCalledTimes(5);
      await store.read.interviews.update(interviews[0]);
    });

    it('is not kept when empty (its total was read apart from it)', async () => {
      await listed({ ...all, rangeFrom: 3, rangeTo: 5 });
      await listed({ ...all, rangeFrom: 3, rangeTo: 5 });
      expect(read).toHaveBeenCalledTimes(2);
    });
  });

  describe('a search (?q=, decision 073)', () => {
    const spoken = interviews[0];
    const search = new MemoryTranscriptSearch(() => searchable);
    const searchable: MemoryInterviews = new MemoryInterviews(interviews, { ...rendering, search });
    const searchStore = memoryStore({ interviews: searchable, counters: new MemoryCounters(interviews, searchable), ...rendering });
    const found = async (input: ListInterviewsInput) => itemsOf(await listInterviews({ store: searchStore, pages }, caller, input));
    beforeAll(() =>
      search.index({ sourceUuid: randomUUID(), interviewUuid: spoken.uuid, config: 'english', text: 'Kubernetes on bare metal', transcribedAt: AT }),
    );

    it('lists the matches only, with their count as the total, paged and filtered as the list', async () => {
      expect(await found({ ...all, q: ' kubernetes ' })).toMatchObject({ total: 1, interviews: [{ uuid: spoken.uuid }] });
      expect(await found({ ...all, q: 'kubernetes', statuses: ['completed'] })).toEqual({ total: 0, interviews: [], shareLinkUuids: [] });
      expect(await found({ ...all, q: 'kubernetes', rangeFrom: 1, rangeTo: 2 })).toEqual({ total: 1, interviews: [], shareLinkUuids: [] });
    });

    it('is read each time: a transcript indexed after a search is found by the next one', async () => {
      const other = interviews[2];
      expect((await found({ ...all, q: 'terraform' })).total).toBe(0);
      await search.index({ sourceUuid: randomUUID(), interviewUuid: other.uuid, config: 'english', text: 'Terraform', transcribedAt: AT });
      expect(await found({ ...all, q: 'terraform' })).toMatchObject({ total: 1, interviews: [{ uuid: other.uuid }] });
    });

    it('lists everything for blank words, and refuses more than 200 characters with 400 api.validation_failed', async () => {
      expect((await found({ ...all, q: '   ' })).total).toBe(3);
      await expect(found({ ...all, q: 'x'.repeat(201) })).rejects.toMatchObject({ fieldErrors: [expect.objectContaining({ field: 'q', code: 'too_big' })] });
    });
  });
});
