import { sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { TranscriptRepository as TranscriptPort } from '../application/store';
import type { Transcript, TranscriptOutcome } from '../domain/transcript';
import type { TranscriptionDatabase } from './transcription.database';

type TranscriptRow = Selectable<TranscriptionDatabase['transcripts']>;

/** Transcripts, one per take or recording: also the worker's queue (pending rows, claimed with a lease). */
export class TranscriptRepository implements TranscriptPort {
  constructor(private readonly db: Kysely<TranscriptionDatabase>) {}

  async find(companyUuid: string, interviewUuid: string, sourceUuid: string): Promise<Transcript | undefined> {
    const row = await this.db
      .selectFrom('transcripts')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where('interview_uuid', '=', interviewUuid)
      .where('source_uuid', '=', sourceUuid)
      .executeTakeFirst();
    return row && toTranscript(row);
  }

  async listOf(companyUuid: string, interviewUuids: string[]): Promise<Transcript[]> {
    if (interviewUuids.length === 0) return [];
    const rows = await this.db
      .selectFrom('transcripts')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where('interview_uuid', 'in', interviewUuids)
      .orderBy('interview_uuid')
      .orderBy('created_at')
      .orderBy('uuid')
      .execute();
    return rows.map(toTranscript);
  }

  async insertIfAbsent(t: Transcript): Promise<boolean> {
    const inserted = await this.db
      .insertInto('transcripts')
      .values(toRow(t))
      .onConflict((oc) => oc.column('source_uuid').doNothing())
      .returning('uuid')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async request(t: Transcript): Promise<Transcript> {
    const row = await this.db
      .insertInto('transcripts')
      .values(toRow(t))
      .onConflict((oc) =>
        oc.column('source_uuid').doUpdateSet({
          status: 'pending',
          language: t.language,
          content_type: t.contentType,
          attempts: 0,
          next_attempt_at: t.nextAttemptAt,
          lease_until: null,
          failure: null,
          updated_at: t.updatedAt,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTranscript(row);
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Transcript[]> {
    if (limit <= 0) return [];
    const result = await sql<TranscriptRow>`
      with picked as (
        select uuid from transcripts
        where status = 'pending' and next_attempt_at <= ${now} and (lease_until is null or lease_until < ${now})
        order by next_attempt_at, created_at
        limit ${limit}
        for update skip locked
      )
      update transcripts set lease_until = ${leaseUntil}, attempts = attempts + 1
      from picked where transcripts.uuid = picked.uuid
      returning transcripts.*`.execute(this.db);
    return result.rows.map(toTranscript).sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime());
  }

  async complete(uuid: string, leaseUntil: Date, outcome: TranscriptOutcome, now: Date): Promise<Transcript | undefined> {
    const changes =
      outcome.status === 'done'
        ? {
            status: 'done' as const,
            language: outcome.language,
            text: outcome.text,
            segments: JSON.stringify(outcome.segments.map((s) => ({ start_ms: s.startMs, end_ms: s.endMs, text: s.text }))),
            failure: null,
            next_attempt_at: null,
          }
        : outcome.status === 'failed'
          ? { status: 'failed' as const, failure: outcome.failure, next_attempt_at: null }
          : {
              status: 'pending' as const,
              failure: outcome.failure,
              next_attempt_at: outcome.nextAttemptAt,
              ...(outcome.attempts === undefined ? {} : { attempts: outcome.attempts }),
            };
    const row = await this.db
      .updateTable('transcripts')
      .set({ ...changes, lease_until: null, updated_at: now })
      .where('uuid', '=', uuid)
      .where('status', '=', 'pending')
      .where('lease_until', '=', leaseUntil)
      .returningAll()
      .executeTakeFirst();
    return row && toTranscript(row);
  }

  async deleteOfInterview(interviewUuid: string): Promise<void> {
    await this.db.deleteFrom('transcripts').where('interview_uuid', '=', interviewUuid).execute();
  }

  async deleteOfTakes(interviewUuid: string, takeUuids: string[]): Promise<void> {
    if (takeUuids.length === 0) return;
    await this.db
      .deleteFrom('transcripts')
      .where('interview_uuid', '=', interviewUuid)
      .where('source_kind', '=', 'take')
      .where('source_uuid', 'in', takeUuids)
      .execute();
  }
}

function toRow(t: Transcript) {
  return {
    uuid: t.uuid,
    company_uuid: t.companyUuid,
    interview_uuid: t.interviewUuid,
    source_kind: t.source.kind,
    source_uuid: t.source.uuid,
    question_uuid: t.source.kind === 'take' ? t.source.questionUuid : null,
    language: t.language,
    content_type: t.contentType,
    status: t.status,
    text: t.text,
    segments: JSON.stringify(t.segments.map((s) => ({ start_ms: s.startMs, end_ms: s.endMs, text: s.text }))),
    attempts: t.attempts,
    next_attempt_at: t.nextAttemptAt,
    lease_until: t.leaseUntil,
    failure: t.failure,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

function toTranscript(row: TranscriptRow): Transcript {
  return {
    uuid: row.uuid,
    companyUuid: row.company_uuid,
    interviewUuid: row.interview_uuid,
    source:
      row.source_kind === 'take' ? { kind: 'take', uuid: row.source_uuid, questionUuid: row.question_uuid! } : { kind: 'recording', uuid: row.source_uuid },
    language: row.language,
    contentType: row.content_type,
    status: row.status,
    text: row.text,
    segments: row.segments.map((s) => ({ startMs: s.start_ms, endMs: s.end_ms, text: s.text })),
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    leaseUntil: row.lease_until,
    failure: row.failure,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
