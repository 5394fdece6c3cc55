import { sql, type Kysely } from '@vi/platform-postgres';
import type { CalendarChange } from '../application/store';
import type { NotificationsDatabase } from './notifications.database';

/**
 * Each live interview's calendar SEQUENCE (decision 041): 0 at the first invitation, raised by every reschedule and by
 * the cancellation, in the transaction that records the event as handled (so a redelivered event raises nothing).
 */
export class CalendarRepository {
  constructor(private readonly db: Kysely<NotificationsDatabase>) {}

  /**
   * Records the change and answers the SEQUENCE its invitation carries, or null when the change is stale: an event
   * older than the last one recorded (handled out of order), or anything after the cancellation.
   */
  async record(change: CalendarChange): Promise<number | null> {
    const step = change.kind === 'same' ? 0 : 1;
    const canceled = change.kind === 'canceled';
    const result = await sql<{ sequence: number }>`
      insert into interview_calendars (interview_uuid, sequence, changed_at, canceled)
      values (${change.interviewUuid}, ${step}, ${change.changedAt}, ${canceled})
      on conflict (interview_uuid) do update set
        sequence = interview_calendars.sequence + ${step}, changed_at = excluded.changed_at, canceled = excluded.canceled
      where not interview_calendars.canceled and interview_calendars.changed_at <= excluded.changed_at
      returning sequence`.execute(this.db);
    return result.rows[0]?.sequence ?? null;
  }

  /** The SEQUENCE of the interview's latest invitation; 0 before any. */
  async sequenceOf(interviewUuid: string): Promise<number> {
    const row = await this.db.selectFrom('interview_calendars').select('sequence').where('interview_uuid', '=', interviewUuid).executeTakeFirst();
    return row?.sequence ?? 0;
  }

  /** Forgets these interviews' entries (deleted interviews, a job seeker's erasure). */
  async deleteOfInterviews(interviewUuids: string[]): Promise<void> {
    if (interviewUuids.length === 0) return;
    await this.db.deleteFrom('interview_calendars').where('interview_uuid', 'in', interviewUuids).execute();
  }
}
