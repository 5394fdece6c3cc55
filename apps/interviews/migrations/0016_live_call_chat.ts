import { sql, type Kysely } from 'kysely';

/**
 * The text chat of live interviews' calls (decision 039): each call's messages, numbered 1, 2, 3 … per interview
 * (unique, so two messages posted at once cannot both take the last place), and when each call started (its first
 * participant admitted), which the messages' time into the call is measured from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table live_calls (
      interview_uuid uuid primary key references interviews (uuid),
      started_at timestamptz not null
    )`.execute(db);
  await sql`
    create table chat_messages (
      uuid uuid primary key,
      interview_uuid uuid not null references interviews (uuid),
      number int not null check (number > 0),
      author_uuid uuid not null,
      author_name text not null,
      author_role text not null check (author_role in ('candidate', 'interviewer')),
      text text not null,
      sent_at timestamptz not null,
      unique (interview_uuid, number)
    )`.execute(db);
}
