import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, type TakesPurgedPayload } from '@vi/contracts';
import { aTranscript } from '../../../test/factories';
import { inMemoryTranscriptionStore } from '../../../test/fakes';
import { forgetTakes } from './forget-takes';

describe('forgetTakes', () => {
  const message = (payload: TakesPurgedPayload, id = randomUUID()) => ({
    id,
    subject: InterviewsSubjects.TakesPurged,
    occurredAt: payload.occurred_at,
    payload,
  });

  it("forgets the purged takes' transcripts, and nothing else of their interviews or of others", async () => {
    const store = inMemoryTranscriptionStore();
    const interview = randomUUID();
    const purged = aTranscript({ interviewUuid: interview, status: 'done' });
    const pending = aTranscript({ interviewUuid: interview, companyUuid: purged.companyUuid });
    const kept = aTranscript({ interviewUuid: interview, companyUuid: purged.companyUuid });
    const recording = aTranscript({ interviewUuid: interview, companyUuid: purged.companyUuid, source: { kind: 'recording', uuid: randomUUID() } });
    const elsewhere = aTranscript();
    for (const t of [purged, pending, kept, recording, elsewhere]) await store.transaction((tx) => tx.transcripts.insertIfAbsent(t));

    const event = message({
      takes: [purged, pending].map((t) => ({ interview_uuid: interview, take_uuid: t.source.uuid })),
      occurred_at: '2026-03-01T11:00:00+00:00',
    });
    await forgetTakes({ store }, event);
    await forgetTakes({ store }, event);

    expect(store.read.transcripts.state.rows.map((t) => t.uuid).sort()).toEqual([kept.uuid, recording.uuid, elsewhere.uuid].sort());
  });
});
