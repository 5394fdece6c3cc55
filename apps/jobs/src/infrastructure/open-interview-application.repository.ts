import type { RetentionTask } from '@vi/platform-bus';
import { deleteInBatches, sql, type Kysely } from '@vi/platform-postgres';
import type { ClaimRequest, OpenInterviewApplication, PendingApplication, ResumableApplication } from '../application/store';
import { applicationDay } from '../domain/open-interview';
import type { JobsDatabase, PendingApplicationColumn } from './jobs.database';

/** One row per email per open interview (decision 045): claimed before the interview is created, then attached to it. */
export class OpenInterviewApplicationRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  async claim({ openInterviewUuid, emailKey, at, staleBefore, interviewUuid, pending }: ClaimRequest): Promise<string | undefined> {
    const claimed = await this.db
      .insertInto('open_interview_applications')
      .values({
        open_interview_uuid: openInterviewUuid,
        email_key: emailKey,
        interview_uuid: null,
        claimed_interview_uuid: interviewUuid,
        claimed_at: at,
        resent_at: null,
        pending: storedPending(pending),
      })
      .onConflict((oc) =>
        oc
          .columns(['open_interview_uuid', 'email_key'])
          .doUpdateSet({
            claimed_at: at,
            pending: storedPending(pending),
            // A creation under the first claim's uuid may have been made (its answer lost): asked again, not twice.
            claimed_interview_uuid: sql<string>`coalesce(open_interview_applications.claimed_interview_uuid, excluded.claimed_interview_uuid)`,
          })
          // Only a claim whose creation never finished is taken over.
          .where('open_interview_applications.interview_uuid', 'is', null)
          .where('open_interview_applications.claimed_at', '<', staleBefore),
      )
      .returning('claimed_interview_uuid')
      .executeTakeFirst();
    return claimed?.claimed_interview_uuid ?? undefined;
  }

  async find(openInterviewUuid: string, emailKey: string): Promise<OpenInterviewApplication | undefined> {
    const row = await this.db
      .selectFrom('open_interview_applications')
      .select(['interview_uuid', 'resent_at'])
      .where('open_interview_uuid', '=', openInterviewUuid)
      .where('email_key', '=', emailKey)
      .executeTakeFirst();
    return row && { interviewUuid: row.interview_uuid, resentAt: row.resent_at };
  }

  async attach(openInterviewUuid: string, emailKey: string, interviewUuid: string): Promise<void> {
    await this.db
      .updateTable('open_interview_applications')
      .set({ interview_uuid: interviewUuid, pending: null })
      .where('open_interview_uuid', '=', openInterviewUuid)
      .where('email_key', '=', emailKey)
      .execute();
  }

  async release(openInterviewUuid: string, emailKey: string, refused: boolean): Promise<void> {
    await this.db
      .updateTable('open_interview_applications')
      .set(refused ? { claimed_at: sql<Date>`'-infinity'`, pending: null } : { claimed_at: sql<Date>`'-infinity'` })
      .where('open_interview_uuid', '=', openInterviewUuid)
      .where('email_key', '=', emailKey)
      .where('interview_uuid', 'is', null)
      .execute();
  }

  async takeResumable(at: Date, staleBefore: Date, limit: number): Promise<ResumableApplication[]> {
    const rows = await this.db
      .with('taken', (db) =>
        db
          .selectFrom('open_interview_applications')
          .select(['open_interview_uuid', 'email_key'])
          .where('pending', 'is not', null)
          .where('interview_uuid', 'is', null)
          .where('claimed_at', '<', staleBefore)
          .orderBy('claimed_at')
          .limit(limit)
          // Another sweep's rows, or a claim being made, are skipped: each stale claim is taken once.
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('open_interview_applications')
      .from('taken')
      .set({ claimed_at: at })
      .whereRef('open_interview_applications.open_interview_uuid', '=', 'taken.open_interview_uuid')
      .whereRef('open_interview_applications.email_key', '=', 'taken.email_key')
      .returning([
        'open_interview_applications.open_interview_uuid',
        'open_interview_applications.email_key',
        'open_interview_applications.claimed_interview_uuid',
        'open_interview_applications.pending',
      ])
      .execute();
    return rows.flatMap((row) =>
      row.pending && row.claimed_interview_uuid
        ? [
            {
              openInterviewUuid: row.open_interview_uuid,
              emailKey: row.email_key,
              interviewUuid: row.claimed_interview_uuid,
              pending: { applicant: row.pending.applicant, scheduledAt: new Date(row.pending.scheduled_at) },
            },
          ]
        : [],
    );
  }

  async markResent(openInterviewUuid: string, emailKey: string, at: Date, lastBefore: Date): Promise<boolean> {
    const updated = await this.db
      .updateTable('open_interview_applications')
      .set({ resent_at: at })
      .where('open_interview_uuid', '=', openInterviewUuid)
      .where('email_key', '=', emailKey)
      .where('interview_uuid', 'is not', null)
      .where((eb) => eb.or([eb('resent_at', 'is', null), eb('resent_at', '<=', lastBefore)]))
      .returning(sql<number>`1`.as('one'))
      .executeTakeFirst();
    return updated !== undefined;
  }
}

function storedPending(pending: PendingApplication): string {
  const stored: PendingApplicationColumn = { applicant: pending.applicant, scheduled_at: pending.scheduledAt.toISOString() };
  return JSON.stringify(stored);
}

/** Issue 38: one row per open interview and UTC day, counted up by one conditional upsert (its row lock orders concurrent counts). */
export class DailyApplicationRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  async count(openInterviewUuid: string, day: string, cap: number): Promise<boolean> {
    const counted = await this.db
      .insertInto('open_interview_daily_applications')
      .values({ open_interview_uuid: openInterviewUuid, day, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['open_interview_uuid', 'day'])
          .doUpdateSet({ count: sql<number>`open_interview_daily_applications.count + 1` })
          .where('open_interview_daily_applications.count', '<', cap),
      )
      .returning('count')
      .executeTakeFirst();
    return counted !== undefined;
  }
}

/**
 * The retention of the daily counts (docs/data-retention.md): a count counts only in its own UTC day, so every row
 * older than yesterday goes (yesterday's stays, for a sweep that runs just after midnight while a late request of the
 * day before is still counted).
 */
export function dailyApplicationsRetention(db: Kysely<JobsDatabase>): RetentionTask {
  return {
    name: 'open_interview_daily_applications',
    run: (now) => {
      const yesterday = applicationDay(new Date(now.getTime() - 24 * 3_600_000)).day;
      return deleteInBatches(db, 'open_interview_daily_applications', sql`day < ${yesterday}`);
    },
  };
}
