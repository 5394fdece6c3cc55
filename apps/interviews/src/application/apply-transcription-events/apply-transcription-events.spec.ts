import { randomUUID } from 'node:crypto';
import { TranscriptionSubjects, type TranscriptionSettingsChangedPayload, type TranscriptReadyPayload } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { aBusMessage, anInterview, aQuestion, aRecording, aTake } from '../../../test/factories';
import { MemoryInterviews, MemoryProjections, MemoryRecordings, MemoryTakes, MemoryTranscriptionSettings, MemoryTranscriptSearch } from '../../../test/fakes';
import { applyTranscriptionEvent } from './apply-transcription-events';

describe('applyTranscriptionEvent', () => {
  const french = anInterview({ language: 'fr-CA', type: 'live' });
  const take = aTake(aQuestion(french));
  const recording = aRecording(french, { state: 'ended', storageKey: 'k.webm' });
  const fixture = () => {
    const interviews = new MemoryInterviews([french]);
    const search = new MemoryTranscriptSearch(() => interviews);
    return {
      store: memoryStore({
        projections: new MemoryProjections(),
        interviews,
        takes: new MemoryTakes([take]),
        recordings: new MemoryRecordings([recording]),
        transcriptionSettings: new MemoryTranscriptionSettings(),
        transcriptSearch: search,
      }),
    };
  };
  const ready = (overrides: Partial<TranscriptReadyPayload> = {}) =>
    aBusMessage<TranscriptReadyPayload>(TranscriptionSubjects.TranscriptReady, {
      company_uuid: french.companyUuid,
      interview_uuid: french.uuid,
      take_uuid: take.uuid,
      recording_uuid: null,
      language: 'fr',
      status: 'done',
      text: 'Nous avons déployé Kubernetes',
      occurred_at: '2026-03-02T10:00:00+00:00',
      ...overrides,
    });
  const setting = (transcription: boolean, occurredAt: string, companyUuid = french.companyUuid) =>
    aBusMessage<TranscriptionSettingsChangedPayload>(TranscriptionSubjects.SettingsChanged, {
      company_uuid: companyUuid,
      transcription,
      occurred_at: occurredAt,
    });

  it("keeps the company's newest setting, once per event", async () => {
    const deps = fixture();
    const on = setting(true, '2026-03-02T10:00:00+00:00');
    await applyTranscriptionEvent(deps, on);
    await applyTranscriptionEvent(deps, setting(false, '2026-03-02T09:00:00+00:00'));
    expect(await deps.store.read.transcriptionSettings.isOn(french.companyUuid)).toBe(true);
    await applyTranscriptionEvent(deps, setting(false, '2026-03-02T11:00:00+00:00'));
    // The first event delivered again changes nothing.
    await applyTranscriptionEvent(deps, on);
    expect(await deps.store.read.transcriptionSettings.isOn(french.companyUuid)).toBe(false);
  });

  it("indexes a done take's and recording's text in its interview's language", async () => {
    const deps = fixture();
    await applyTranscriptionEvent(deps, ready());
    await applyTranscriptionEvent(deps, ready({ take_uuid: null, recording_uuid: recording.uuid, text: 'Un appel' }));
    expect([...deps.store.read.transcriptSearch.state.entries()]).toEqual([
      [take.uuid, { interviewUuid: french.uuid, config: 'french', words: ['nous', 'avons', 'déployé', 'kubernetes'], transcribedAt: expect.any(Date) }],
      [recording.uuid, expect.objectContaining({ words: ['un', 'appel'] })],
    ]);
    expect(deps.store.read.transcriptSearch.matches(french.uuid, 'kubernetes')).toBe(true);
  });

  it('indexes nothing of a failed transcript, another company, a take the interview no longer has, or a deleted interview', async () => {
    const deps = fixture();
    await applyTranscriptionEvent(deps, ready({ status: 'failed', text: '' }));
    await applyTranscriptionEvent(deps, ready({ company_uuid: randomUUID() }));
    await applyTranscriptionEvent(deps, ready({ take_uuid: randomUUID() }));
    await applyTranscriptionEvent(deps, ready({ take_uuid: null, recording_uuid: randomUUID() }));
    await deps.store.read.interviews.markDeleted(french.uuid, new Date());
    await applyTranscriptionEvent(deps, ready());
    expect(deps.store.read.transcriptSearch.sources()).toEqual([]);
  });
});
