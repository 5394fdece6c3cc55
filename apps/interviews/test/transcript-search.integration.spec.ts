import { randomUUID } from 'node:crypto';
import { TranscriptionSubjects, type TranscriptReadyPayload } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { applyTranscriptionEvent } from '../src/application/apply-transcription-events/apply-transcription-events';
import { eraseCandidate } from '../src/application/erase-candidate/erase-candidate';
import { listInterviews } from '../src/application/list-interviews/list-interviews';
import { insertInterview, openInterviewsTestDatabase, type InterviewsTestDatabase } from './database';
import { aBusMessage, aCaller, AT, anInterview, aQuestion, aTake, aUserOfCompany, itemsOf, OPERATOR } from './factories';
import { MemoryMedia } from './fakes';

/**
 * `?q=` on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), from `transcription.transcript.ready` to
 * the list (decision 073): each interview's language's stemmer and stop words, which the fakes do not have.
 */
describe('searching transcripts on a real database', () => {
  let t: InterviewsTestDatabase;
  const companyUuid = randomUUID();
  const caller = aCaller(aUserOfCompany(companyUuid));
  const byLanguage = {
    en: anInterview({ companyUuid, language: 'en-GB', scheduledAt: new Date(AT.getTime() + 1) }),
    es: anInterview({ companyUuid, language: 'es', scheduledAt: new Date(AT.getTime() + 2) }),
    fr: anInterview({ companyUuid, language: 'fr-CA', scheduledAt: new Date(AT.getTime() + 3) }),
    de: anInterview({ companyUuid, language: 'de', scheduledAt: new Date(AT.getTime() + 4) }),
    ja: anInterview({ companyUuid, language: 'ja', scheduledAt: new Date(AT.getTime() + 5) }),
  };
  const said = {
    en: 'I was deploying containers with Kubernetes for the payments team.',
    es: 'Desplegamos contenedores en producción.',
    fr: 'Nous avons déployé des conteneurs.',
    de: 'Wir haben die Häuser gebaut.',
    ja: 'Kubernetes 本番環境',
  };

  beforeAll(async () => {
    t = await openInterviewsTestDatabase();
    for (const [language, interview] of Object.entries(byLanguage)) {
      const question = aQuestion(interview);
      const take = aTake(question);
      await t.store.transaction(async (tx) => {
        await insertInterview(tx, interview, {}, [question]);
        await tx.takes.insert(take);
      });
      const payload: TranscriptReadyPayload = {
        company_uuid: companyUuid,
        interview_uuid: interview.uuid,
        take_uuid: take.uuid,
        recording_uuid: null,
        language,
        status: 'done',
        text: said[language as keyof typeof said],
        occurred_at: '2026-03-02T10:00:00+00:00',
      };
      await applyTranscriptionEvent({ store: t.store }, aBusMessage(TranscriptionSubjects.TranscriptReady, payload));
    }
  });
  afterAll(() => t.close());

  const found = async (q: string) =>
    itemsOf(
      await listInterviews({ store: t.store, pages: t.pages }, caller, { types: [], statuses: [], orderBy: 'scheduled_asc', rangeFrom: 0, rangeTo: 9, q }),
    ).interviews.map((i) => i.uuid);

  it("matches each transcript with its interview's language's stemmer, other languages' words as written", async () => {
    expect(await found('deployed container')).toEqual([byLanguage.en.uuid]);
    expect(await found('contenedor')).toEqual([byLanguage.es.uuid]);
    expect(await found('conteneur déployés')).toEqual([byLanguage.fr.uuid]);
    expect(await found('Haus')).toEqual([byLanguage.de.uuid]);
    // `simple` for Japanese: the word as written, lower-cased.
    expect(await found('kubernetes')).toEqual([byLanguage.en.uuid, byLanguage.ja.uuid]);
    expect(await found('"payments team" -production')).toEqual([byLanguage.en.uuid]);
  });

  it('keeps an english stop word alone from matching, and finds nothing of what nobody said', async () => {
    expect(await found('the')).toEqual([]);
    expect(await found('terraform')).toEqual([]);
  });

  it("forgets a job seeker's vectors with their erasure", async () => {
    const media = new MemoryMedia();
    await eraseCandidate({ store: t.store, media, clock: new FakeClock(AT) }, OPERATOR, {
      candidateUuid: byLanguage.en.candidateUuid,
      erasedName: 'Erased',
      erasedEmail: 'erased@invalid',
    });
    const left = await t.database.db.selectFrom('transcript_search').select('interview_uuid').execute();
    expect(left.map((row) => row.interview_uuid).sort()).toEqual([byLanguage.es.uuid, byLanguage.fr.uuid, byLanguage.de.uuid, byLanguage.ja.uuid].sort());
    expect(await found('kubernetes')).toEqual([byLanguage.ja.uuid]);
  });
});
