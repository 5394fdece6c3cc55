import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Webhooks: the signing secret and the basic-auth credentials are AES-256-GCM
  // ciphertext (NOTIFICATIONS_ENCRYPTION_KEY); they are needed in clear to sign and to authenticate.
  await sql`
    create table webhooks (
      uuid uuid primary key,
      company_uuid uuid not null,
      user_uuid uuid not null,
      description text not null,
      url text not null,
      http_auth_ciphertext text,
      secret_ciphertext text not null,
      status text not null default 'active' check (status in ('active', 'failing', 'disabled')),
      failing_since timestamptz,
      disabled_at timestamptz,
      failures_counted_from timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index webhooks_company on webhooks (company_uuid) where deleted_at is null`.execute(db);
  await sql`create index webhooks_user on webhooks (user_uuid, created_at, uuid) where deleted_at is null`.execute(db);

  // Consumers' idempotency: one row per (consumer, event id) handled.
  await sql`
    create table processed_events (
      consumer text not null,
      event_id text not null,
      processed_at timestamptz not null,
      primary key (consumer, event_id)
    )`.execute(db);

  // The last notification of each event type per company, for replay.
  await sql`
    create table last_notifications (
      company_uuid uuid not null,
      event_type text not null,
      event_id text not null,
      payload_type text not null,
      resource_uuid text not null,
      body text not null,
      occurred_at timestamptz not null,
      primary key (company_uuid, event_type)
    )`.execute(db);

  // One row per (webhook, event): its uuid is the webhook-id header, stable across retries.
  await sql`
    create table deliveries (
      uuid uuid primary key,
      seq bigserial not null,
      webhook_uuid uuid not null references webhooks (uuid),
      event_id text not null,
      event_type text not null,
      payload_type text not null,
      resource_uuid text not null,
      body text not null,
      replay boolean not null default false,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'canceled')),
      attempts int not null default 0,
      next_attempt_at timestamptz not null,
      locked_until timestamptz,
      created_at timestamptz not null,
      finished_at timestamptz
    )`.execute(db);
  await sql`create unique index deliveries_once on deliveries (webhook_uuid, event_id) where not replay`.execute(db);
  await sql`create index deliveries_due on deliveries (next_attempt_at, seq) where status = 'pending'`.execute(db);
  await sql`create index deliveries_resource_order on deliveries (webhook_uuid, resource_uuid, seq) where status = 'pending'`.execute(db);

  // The delivery log (GET /webhooks/<uuid>/deliveries) and the failure counts of webhook health.
  await sql`
    create table delivery_attempts (
      uuid uuid primary key,
      delivery_uuid uuid not null references deliveries (uuid),
      webhook_uuid uuid not null,
      event_type text not null,
      attempt int not null,
      succeeded boolean not null,
      status_code int,
      duration_ms int not null,
      error text,
      attempted_at timestamptz not null
    )`.execute(db);
  await sql`create index delivery_attempts_webhook on delivery_attempts (webhook_uuid, attempted_at desc, uuid desc)`.execute(db);

  // Emails and SMS to send, reminders included (send_after in the future): durable, each once per event.
  await sql`
    create table messages (
      uuid uuid primary key,
      dedupe_key text not null unique,
      channel text not null check (channel in ('email', 'sms')),
      kind text not null,
      recipient text not null,
      subject text,
      text_body text not null,
      html_body text,
      interview_uuid uuid,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'canceled', 'skipped')),
      attempts int not null default 0,
      send_after timestamptz not null,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz not null,
      sent_at timestamptz
    )`.execute(db);
  await sql`create index messages_due on messages (send_after) where status = 'pending'`.execute(db);
  await sql`create index messages_interview on messages (interview_uuid, kind) where status = 'pending'`.execute(db);
}
