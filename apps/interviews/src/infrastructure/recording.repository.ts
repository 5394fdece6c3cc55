import { sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { Recording, RecordingPart } from '../domain/recording';
import type { InterviewsDatabase } from './interviews.database';

export class RecordingRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async insert(recording: Recording): Promise<void> {
    await this.db
      .insertInto('recordings')
      .values({
        uuid: recording.uuid,
        interview_uuid: recording.interviewUuid,
        content_type: recording.contentType,
        started_at: recording.startedAt,
        ...changes(recording),
      })
      .execute();
  }

  async find(interviewUuid: string, uuid: string, options: { lock?: boolean } = {}): Promise<Recording | undefined> {
    let query = this.db.selectFrom('recordings').selectAll().where('interview_uuid', '=', interviewUuid).where('uuid', '=', uuid);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toRecording(row);
  }

  /** An interview's recordings, oldest first. */
  async listFor(interviewUuids: string[], options: { endedOnly?: boolean } = {}): Promise<Recording[]> {
    if (interviewUuids.length === 0) return [];
    let query = this.db.selectFrom('recordings').selectAll().where('interview_uuid', 'in', interviewUuids);
    if (options.endedOnly) query = query.where('state', '=', 'ended');
    const rows = await query.orderBy('started_at').orderBy('uuid').execute();
    return rows.map(toRecording);
  }

  /** Bytes the interview's recordings hold (received so far, or joined): what they count against its storage quota. */
  async bytesStored(interviewUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('recordings')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('bytes'))
      .where('interview_uuid', '=', interviewUuid)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  /** An ended recording by uuid if it belongs to one of these interviews. */
  async findEndedInInterviews(interviewUuids: string[], uuid: string): Promise<Recording | undefined> {
    if (interviewUuids.length === 0) return undefined;
    const row = await this.db
      .selectFrom('recordings')
      .selectAll()
      .where('uuid', '=', uuid)
      .where('interview_uuid', 'in', interviewUuids)
      .where('state', '=', 'ended')
      .executeTakeFirst();
    return row && toRecording(row);
  }

  async update(recording: Recording): Promise<void> {
    await this.db.updateTable('recordings').set(changes(recording)).where('uuid', '=', recording.uuid).execute();
  }

  /**
   * Claims for finishing the recordings whose parts stopped coming before `idleBefore` (ended when their last
   * part came), and those whose finishing was claimed before `staleBefore` and never done (its process died). One
   * statement, so two service replicas never claim the same recording.
   */
  async claimUnfinished(now: Date, idleBefore: Date, staleBefore: Date, limit: number): Promise<Recording[]> {
    const rows = await this.db
      .updateTable('recordings')
      .set({ state: 'finishing', ended_at: sql<Date>`coalesce(ended_at, last_activity_at)`, last_activity_at: now })
      .where('uuid', 'in', (q) =>
        q
          .selectFrom('recordings')
          .select('uuid')
          .where((eb) =>
            eb.or([
              eb.and([eb('state', '=', 'recording'), eb('last_activity_at', '<', idleBefore)]),
              eb.and([eb('state', '=', 'finishing'), eb('last_activity_at', '<', staleBefore)]),
            ]),
          )
          .orderBy('last_activity_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
    return rows.map(toRecording);
  }

  /** Ends a recording being finished by this claim (`claimedAt`); false when it was claimed again or deleted meanwhile. */
  async completeFinishing(recording: Recording, claimedAt: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('recordings')
      .set({
        state: 'ended',
        duration_seconds: recording.durationSeconds === null ? null : String(recording.durationSeconds),
        size: recording.size,
        storage_key: recording.storageKey,
      })
      .where('uuid', '=', recording.uuid)
      .where('state', '=', 'finishing')
      .where('last_activity_at', '=', claimedAt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(uuid: string): Promise<void> {
    await this.db.deleteFrom('recordings').where('uuid', '=', uuid).execute();
  }

  async insertPart(part: RecordingPart): Promise<void> {
    await this.db
      .insertInto('recording_parts')
      .values({ recording_uuid: part.recordingUuid, number: part.number, size: part.size, storage_key: part.storageKey })
      .execute();
  }

  async partsOf(recordingUuid: string): Promise<RecordingPart[]> {
    const rows = await this.db.selectFrom('recording_parts').selectAll().where('recording_uuid', '=', recordingUuid).orderBy('number').execute();
    return rows.map(toPart);
  }

  async deleteParts(recordingUuid: string): Promise<void> {
    await this.db.deleteFrom('recording_parts').where('recording_uuid', '=', recordingUuid).execute();
  }

  /**
   * Deletes every recording of an interview (parts included); returns the media keys to remove after the commit:
   * the joined videos and the parts not yet joined.
   */
  async deleteFor(interviewUuid: string): Promise<string[]> {
    const parts = await this.db
      .selectFrom('recording_parts')
      .innerJoin('recordings', 'recordings.uuid', 'recording_parts.recording_uuid')
      .select('recording_parts.storage_key')
      .where('recordings.interview_uuid', '=', interviewUuid)
      .execute();
    // Their parts go with them (on delete cascade).
    const rows = await this.db.deleteFrom('recordings').where('interview_uuid', '=', interviewUuid).returning('storage_key').execute();
    return [...rows.flatMap((r) => (r.storage_key ? [r.storage_key] : [])), ...parts.map((p) => p.storage_key)];
  }

  /** The media keys of recordings of interviews deleted before `cutoff`, at most `limit` recordings (the retention sweep). */
  async ofInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<Array<{ uuid: string; keys: string[] }>> {
    const recordings = await this.db
      .selectFrom('recordings')
      .innerJoin('interviews', 'interviews.uuid', 'recordings.interview_uuid')
      .select(['recordings.uuid', 'recordings.storage_key'])
      .where('interviews.deleted_at', '<', cutoff)
      .orderBy('interviews.deleted_at')
      .limit(limit)
      .execute();
    if (recordings.length === 0) return [];
    const parts = await this.db
      .selectFrom('recording_parts')
      .select(['recording_uuid', 'storage_key'])
      .where(
        'recording_uuid',
        'in',
        recordings.map((r) => r.uuid),
      )
      .execute();
    return recordings.map((r) => ({
      uuid: r.uuid,
      keys: [...(r.storage_key ? [r.storage_key] : []), ...parts.filter((p) => p.recording_uuid === r.uuid).map((p) => p.storage_key)],
    }));
  }

  async deleteMany(uuids: string[]): Promise<void> {
    if (uuids.length > 0) await this.db.deleteFrom('recordings').where('uuid', 'in', uuids).execute();
  }
}

/** The columns of a recording that change over its life. */
function changes(recording: Recording) {
  return {
    state: recording.state,
    last_activity_at: recording.lastActivityAt,
    ended_at: recording.endedAt,
    duration_seconds: recording.durationSeconds === null ? null : String(recording.durationSeconds),
    parts: recording.parts,
    size: recording.size,
    storage_key: recording.storageKey,
  };
}

function toRecording(row: Selectable<InterviewsDatabase['recordings']>): Recording {
  return {
    uuid: row.uuid,
    interviewUuid: row.interview_uuid,
    contentType: row.content_type,
    state: row.state,
    startedAt: row.started_at,
    lastActivityAt: row.last_activity_at,
    endedAt: row.ended_at,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    parts: row.parts,
    size: row.size,
    storageKey: row.storage_key,
  };
}

function toPart(row: Selectable<InterviewsDatabase['recording_parts']>): RecordingPart {
  return { recordingUuid: row.recording_uuid, number: row.number, size: row.size, storageKey: row.storage_key };
}
