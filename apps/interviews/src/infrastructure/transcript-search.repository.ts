import { sql, type Kysely } from '@vi/platform-postgres';
import type { TranscriptText } from '../domain/transcript-search';
import type { InterviewsDatabase } from './interviews.database';

/** Done transcripts' text search vectors, one per take or recording (decision 073); the text itself is not kept. */
export class TranscriptSearchRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  /** The vector in the interview's configuration, replacing the source's unless the one stored is newer. */
  async index(t: TranscriptText): Promise<void> {
    const vector = sql<string>`to_tsvector(${t.config}::regconfig, ${t.text})`;
    await this.db
      .insertInto('transcript_search')
      .values({ source_uuid: t.sourceUuid, interview_uuid: t.interviewUuid, config: t.config, vector, transcribed_at: t.transcribedAt })
      .onConflict((oc) =>
        oc
          .column('source_uuid')
          .doUpdateSet({ config: t.config, vector, transcribed_at: t.transcribedAt })
          .where('transcript_search.transcribed_at', '<=', t.transcribedAt),
      )
      .execute();
  }

  async deleteFor(interviewUuid: string): Promise<void> {
    await this.db.deleteFrom('transcript_search').where('interview_uuid', '=', interviewUuid).execute();
  }

  async deleteOfInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('transcript_search')
      .where('source_uuid', 'in', (eb) =>
        eb
          .selectFrom('transcript_search as s')
          .innerJoin('interviews as i', 'i.uuid', 's.interview_uuid')
          .select('s.source_uuid')
          .where('i.deleted_at', '<', cutoff)
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteOfSources(sourceUuids: string[]): Promise<void> {
    if (sourceUuids.length > 0) await this.db.deleteFrom('transcript_search').where('source_uuid', 'in', sourceUuids).execute();
  }
}
