import { InterviewsSubjects } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, anInterview } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, renderingRepos } from '../../../test/fakes';
import { expireOverdueInterviews } from './expire-overdue-interviews';

describe('expireOverdueInterviews', () => {
  const at = (minutes: number) => new Date(AT.getTime() + minutes * 60_000);
  const companyUuid = anInterview().companyUuid;
  const dueRequested = anInterview({ companyUuid, scheduledAt: at(10) });
  const dueAccepted = anInterview({ companyUuid, scheduledAt: at(5), status: 'accepted' });
  const dueExactlyNow = anInterview({ companyUuid, scheduledAt: at(15) });
  const notYet = anInterview({ companyUuid, scheduledAt: at(16) });
  const finished = [
    anInterview({ companyUuid, scheduledAt: at(1), status: 'completed' }),
    anInterview({ companyUuid, scheduledAt: at(1), status: 'canceled' }),
  ];
  // A live interview started 2 h 45 min ago can still take place; one whose join window closed cannot.
  const liveStillOpen = anInterview({ companyUuid, type: 'live', scheduledAt: at(15 - 165) });
  const liveClosed = anInterview({ companyUuid, type: 'live', scheduledAt: at(15 - 180) });
  const all = [dueRequested, dueAccepted, dueExactlyNow, notYet, liveStillOpen, liveClosed, ...finished];
  const fixture = () => ({
    store: memoryStore({ interviews: new MemoryInterviews(all), counters: new MemoryCounters(all), ...renderingRepos() }),
    clock: new FakeClock(at(15)),
    batchSize: 2,
  });

  it('expires every open interview due at or before the clock’s now, in batches, each with one InterviewExpired', async () => {
    const deps = fixture();

    const sut = await expireOverdueInterviews(deps);

    expect(sut).toBe(4);
    const expired = [liveClosed, dueAccepted, dueRequested, dueExactlyNow];
    for (const interview of expired) expect(deps.store.read.interviews.stored(interview.uuid)).toMatchObject({ status: 'expired', updatedAt: at(15) });
    expect(deps.store.published.map((e) => [e.subject, (e.payload as { interview: { uuid: string } }).interview.uuid])).toEqual(
      expired.map((i) => [InterviewsSubjects.InterviewExpired, i.uuid]),
    );
    expect(await deps.store.read.counters.total(companyUuid, [], ['expired'])).toBe(4);
    expect(await deps.store.read.counters.total(companyUuid, [], ['requested', 'accepted'])).toBe(2);
    expect(deps.store.read.interviews.stored(liveStillOpen.uuid)?.status).toBe('requested');
  });

  it('finds nothing more on the next sweep until time passes the next due time', async () => {
    const deps = fixture();
    await expireOverdueInterviews(deps);

    expect(await expireOverdueInterviews(deps)).toBe(0);
    deps.clock.set(notYet.scheduledAt);
    expect(await expireOverdueInterviews(deps)).toBe(1);
    expect(deps.store.read.interviews.stored(notYet.uuid)?.status).toBe('expired');
    for (const interview of finished) expect(deps.store.read.interviews.stored(interview.uuid)?.status).toBe(interview.status);
  });
});
