import { prepared, sql, type Kysely } from '@vi/platform-postgres';
import { traceHeaders } from '@vi/platform-tracing';
import type { MessageOutcome, MessageRow, NewMessage } from '../application/store';
import type { NotificationsDatabase } from './notifications.database';

export class MessageRepository {
  constructor(private readonly db: Kysely<NotificationsDatabase>) {}

  /**
   * Records messages to send, with the active trace context (the consumer's span that planned them); one already
   * recorded under the same dedupe key is kept as it is.
   */
  async insertMany(rows: NewMessage[]): Promise<void> {
    if (rows.length === 0) return;
    const trace = traceHeaders();
    await this.db
      .insertInto('messages')
      .values(
        rows.map((r) => ({
          ...r,
          status: 'pending' as const,
          trace_context: trace ? JSON.stringify(trace) : null,
          calendar: r.calendar ? JSON.stringify(r.calendar) : null,
        })),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  async insertOfFirstTime(consumer: string, eventIds: string[], rows: Array<NewMessage & { event_id: string }>): Promise<number> {
    if (eventIds.length === 0) return 0;
    const trace = traceHeaders();
    const column = <K extends keyof NewMessage>(key: K) => rows.map((r) => r[key] ?? null);
    // Arrays as parameters: one statement text (prepared once per connection, decision 048) for a batch of any size.
    const result = await prepared(sql`
      with first as (
        insert into processed_events (consumer, event_id, processed_at)
        select ${consumer}, event_id, ${new Date()}::timestamptz from unnest(${eventIds}::text[]) as event_id
        on conflict (consumer, event_id) do nothing
        returning event_id
      )
      insert into messages (uuid, dedupe_key, channel, kind, recipient, subject, text_body, html_body, interview_uuid, link_kind,
        link_subject, send_after, created_at, status, trace_context, calendar)
      select m.uuid, m.dedupe_key, m.channel, m.kind, m.recipient, m.subject, m.text_body, m.html_body, m.interview_uuid, m.link_kind,
        m.link_subject, m.send_after, m.created_at, 'pending', ${trace ? JSON.stringify(trace) : null}::jsonb, m.calendar::jsonb
      from unnest(${rows.map((r) => r.event_id)}::text[], ${column('uuid')}::uuid[], ${column('dedupe_key')}::text[], ${column('channel')}::text[],
        ${column('kind')}::text[], ${column('recipient')}::text[], ${column('subject')}::text[], ${column('text_body')}::text[],
        ${column('html_body')}::text[], ${column('interview_uuid')}::uuid[], ${column('link_kind')}::text[], ${column('link_subject')}::uuid[],
        ${rows.map((r) => r.send_after.toISOString())}::timestamptz[], ${rows.map((r) => r.created_at.toISOString())}::timestamptz[],
        ${rows.map((r) => (r.calendar ? JSON.stringify(r.calendar) : null))}::text[])
        with ordinality as m(event_id, uuid, dedupe_key, channel, kind, recipient, subject, text_body, html_body, interview_uuid, link_kind,
          link_subject, send_after, created_at, calendar, n)
      where m.event_id in (select event_id from first)
      order by m.n
      on conflict (dedupe_key) do nothing`).execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Deletes every message of these interviews, whatever its status (a job seeker's erasure). */
  async deleteOfInterviews(interviewUuids: string[]): Promise<number> {
    const result = await this.db.deleteFrom('messages').where('interview_uuid', 'in', interviewUuids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Cancels an interview's pending messages of these kinds (reminders of a finished or moved interview). */
  async cancelPending(interviewUuid: string, kinds: string[], now: Date): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ status: 'canceled', locked_until: null, last_error: null, sent_at: null, send_after: now })
      .where('interview_uuid', '=', interviewUuid)
      .where('kind', 'in', kinds)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Due messages, leased until `leaseUntil` (FOR UPDATE SKIP LOCKED: replicas never take the same one). */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<MessageRow[]> {
    const result = await sql<MessageRow>`
      with picked as (
        select uuid from messages
        where status = 'pending' and send_after <= ${now} and (locked_until is null or locked_until < ${now})
        order by send_after
        limit ${limit}
        for update skip locked
      )
      update messages set locked_until = ${leaseUntil}
      from picked where messages.uuid = picked.uuid
      returning messages.*`.execute(this.db);
    return result.rows;
  }

  async finishAttempts(outcomes: MessageOutcome[], now: Date): Promise<void> {
    if (outcomes.length === 0) return;
    // Arrays as parameters: one statement text (prepared once per connection, decision 048) for a pass of any size.
    await prepared(sql`
      update messages m set
        status = o.status, attempts = o.attempts, locked_until = null, last_error = o.error,
        sent_at = case when o.status = 'sent' then ${now}::timestamptz end,
        send_after = coalesce(o.send_after, m.send_after)
      from unnest(${outcomes.map((o) => o.uuid)}::uuid[], ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.attempts)}::int[],
        ${outcomes.map((o) => o.error)}::text[], ${outcomes.map((o) => o.sendAfter?.toISOString() ?? null)}::timestamptz[])
        as o(uuid, status, attempts, error, send_after)
      where m.uuid = o.uuid`).execute(this.db);
  }
}
