import { sql, type RawBuilder } from '@vi/platform-postgres';
import { withDatabase } from './database-dump';
import type { TestSystem } from './test-system';

/** How often the barrier looks, and how many looks in a row must find nothing left (a handler's work may publish again). */
const POLL_MS = 50;
const QUIET_LOOKS = 2;

type Db = Parameters<Parameters<typeof withDatabase>[1]>[0];

/** Events in the services' outboxes not yet relayed to the bus (every schema with an `outbox` table). */
async function unrelayed(db: Db): Promise<number> {
  const schemas = await sql<{ s: string }>`select table_schema as s from information_schema.tables where table_name = 'outbox'`.execute(db);
  if (schemas.rows.length === 0) return 0;
  const counts = schemas.rows.map(({ s }) => sql`(select count(*) from ${sql.table(`${s}.outbox`)} where published_at is null)`);
  const total = await sql<{ n: number }>`select (${sql.join(counts, sql` + `)})::int as n`.execute(db);
  return Number(total.rows[0].n);
}

/**
 * Open interview applications whose interview is being created after their answer (decision 045): claimed within
 * the last minute and not attached yet (a claim given back is dated -infinity).
 */
async function applicationsUnderWay(db: Db): Promise<number> {
  const tables = await sql<{ s: string }>`select table_schema as s from information_schema.tables where table_name = 'open_interview_applications'`.execute(db);
  if (tables.rows.length === 0) return 0;
  const counts = tables.rows.map(
    ({ s }) =>
      sql`(select count(*) from ${sql.table(`${s}.open_interview_applications`)} where interview_uuid is null and claimed_at > now() - interval '1 minute')`,
  );
  const total = await sql<{ n: number }>`select (${sql.join(counts, sql` + `)})::int as n`.execute(db);
  return Number(total.rows[0].n);
}

/**
 * Notifications' work that is due or under way: a webhook delivery being attempted, or due and claimable as the
 * dispatcher claims (a receiving webhook; on a healthy one, the resource's earlier deliveries done), and a message
 * being sent or due. Retries scheduled later are not due: a spec that waits for one waits for its request.
 */
async function notificationsBusy(db: Db): Promise<number> {
  const busy = await sql<{ n: number }>`
      select (
        (select count(*) from notifications.deliveries d join notifications.webhooks w on w.uuid = d.webhook_uuid
          where d.status = 'pending' and (
            d.locked_until > now()
            or (d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until <= now())
              and w.deleted_at is null and w.status <> 'disabled'
              and (w.status <> 'active' or not exists (
                select 1 from notifications.deliveries e
                where e.webhook_uuid = d.webhook_uuid and e.resource_uuid = d.resource_uuid and e.status = 'pending' and e.seq < d.seq)))))
        + (select count(*) from notifications.messages
          where status = 'pending' and (locked_until > now() or (send_after <= now() and (locked_until is null or locked_until <= now()))))
      )::int as n`.execute(db);
  return Number(busy.rows[0].n);
}

/**
 * The assessments service's callbacks to an ATS that are due or under way (decision 071): claimed (leased), or due
 * and not delivered or given up. Retries scheduled later are not due, as for notifications.
 */
async function assessmentCallbacksBusy(db: Db): Promise<number> {
  return busyRows(db, 'assessments', 'callbacks', sql`delivered_at is null and given_up_at is null and (locked_until > now() or due_at <= now())`);
}

/**
 * The transcription service's transcripts due or under way (decision 073): claimed (leased), or pending and due.
 * A retry scheduled later is not due, as for notifications; with no engine configured none is ever pending.
 */
async function transcriptsBusy(db: Db): Promise<number> {
  return busyRows(db, 'transcription', 'transcripts', sql`status = 'pending' and (lease_until > now() or next_attempt_at <= now())`);
}

/** The rows of `schema.table` that `busy` selects; none while the table does not exist (an older schema). */
async function busyRows(db: Db, schema: string, table: string, busy: RawBuilder<unknown>): Promise<number> {
  const tables = await sql<{
    s: string;
  }>`select table_schema as s from information_schema.tables where table_schema = ${schema} and table_name = ${table}`.execute(db);
  if (tables.rows.length === 0) return 0;
  const counted = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${schema}.${table}`)} where ${busy}`.execute(db);
  return Number(counted.rows[0].n);
}

/** Waits until every outbox is relayed (events published while a consumer is down are on the bus). */
export async function relayed(t: TestSystem, timeoutMs = 15_000): Promise<void> {
  await withDatabase(t.database, (db) => until(async () => (await unrelayed(db)) === 0, timeoutMs, 'the outboxes were not relayed'));
}

/**
 * The end-to-end specs' barrier (issue 26): resolves once the system has acted on everything done before the call,
 * that is every outbox relayed, every open interview application's interview made, every durable consumer idle (`EventBus.idle`), and nothing of notifications
 * or of the assessments' callbacks or transcripts due or under way, seen twice in a row. A spec that expects nothing (more) to happen asserts after it instead of
 * sleeping. `notifications` names the database of a notifications service started apart (a spec's own deployment).
 */
export async function settled(
  t: TestSystem,
  options: { timeoutMs?: number; notifications?: Pick<TestSystem['database'], 'url' | 'embedded'> } = {},
): Promise<void> {
  let quiet = 0;
  await withDatabase(t.database, (db) =>
    withDatabase(options.notifications ?? t.database, (notificationsDb) =>
      until(
        async () => {
          const busy =
            (await unrelayed(db)) > 0 ||
            (await applicationsUnderWay(db)) > 0 ||
            !(await t.system.bus.idle()) ||
            (await notificationsBusy(notificationsDb)) > 0 ||
            (await assessmentCallbacksBusy(db)) > 0 ||
            (await transcriptsBusy(db)) > 0;
          quiet = busy ? 0 : quiet + 1;
          return quiet >= QUIET_LOOKS;
        },
        options.timeoutMs ?? 20_000,
        'the system did not settle',
      ),
    ),
  );
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
