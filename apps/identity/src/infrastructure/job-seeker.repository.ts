import { outboxInsertFor } from '@vi/platform-bus';
import { prepared, sql, type Kysely } from '@vi/platform-postgres';
import type { CompanyCard, JobSeekerRepository as JobSeekers, NewJobSeeker, UserCard } from '../application/store';
import type { IdentityDatabase } from './identity.database';

type Row = {
  found_as: 'known' | 'inserted' | 'user' | 'company';
  uuid: string;
  company_uuid: string | null;
  name: string;
  email: string | null;
  avatar_url: string | null;
};

export class JobSeekerRepository implements JobSeekers {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  async ensure(fresh: NewJobSeeker[], summariesOf: { userUuids: string[]; companyUuids: string[] }) {
    const users = fresh.map((f) => f.user);
    const column = <T>(of: (user: NewJobSeeker['user']) => T) => users.map(of);
    // One round trip (decision 052). Every part sees the statement's snapshot: `known` does not see a job seeker a
    // concurrent writer commits meanwhile, whom the insert's ON CONFLICT then skips (after waiting for that writer);
    // the caller reads those back. Rows are inserted in the order given (lower-cased email), which fixes the order in
    // which concurrent bulk invitations wait on each other's index entries (decision 043).
    const { rows } = await prepared(
      sql<Row>`with fresh as (
  select * from unnest(${column((u) => u.uuid)}::uuid[], ${column((u) => u.companyUuid)}::uuid[], ${column((u) => u.type)}::text[],
    ${column((u) => u.role)}::text[], ${column((u) => u.name)}::text[], ${column((u) => u.email)}::text[], ${column((u) => u.avatarUrl)}::text[],
    ${column((u) => u.active)}::boolean[], ${column((u) => u.createdAt.toISOString())}::timestamptz[], ${column((u) => u.updatedAt.toISOString())}::timestamptz[])
    with ordinality as f(uuid, company_uuid, type, role, name, email, avatar_url, active, created_at, updated_at, n)
), known as (
  select uuid, company_uuid, name, email, avatar_url from users
  where lower(email) = any(${column((u) => u.email.toLowerCase())}::text[]) and type = 'job_seeker' and deleted_at is null
), inserted as (
  insert into users (uuid, company_uuid, type, role, name, email, avatar_url, active, created_at, updated_at)
  select uuid, company_uuid, type, role, name, email, avatar_url, active, created_at, updated_at from fresh
  where lower(email) not in (select lower(email) from known)
  order by n
  on conflict (lower(email)) where deleted_at is null and type = 'job_seeker' do nothing
  returning uuid, company_uuid, name, email, avatar_url
), events as (
  ${outboxInsertFor(
    fresh.map((f) => ({ ...f.event, key: f.user.uuid })),
    sql`select uuid::text from inserted`,
  )}
)
select 'known' as found_as, uuid, company_uuid, name, email, avatar_url from known
union all select 'inserted', uuid, company_uuid, name, email, avatar_url from inserted
union all select 'user', uuid, company_uuid, name, email, avatar_url from users where uuid = any(${summariesOf.userUuids}::uuid[])
union all select 'company', uuid, null, name, null, avatar_url from companies where uuid = any(${summariesOf.companyUuids}::uuid[])`,
    ).execute(this.db);

    const answer = { known: [] as UserCard[], inserted: [] as string[], users: [] as UserCard[], companies: [] as CompanyCard[] };
    for (const row of rows) {
      const card = { uuid: row.uuid, companyUuid: row.company_uuid, name: row.name, email: row.email ?? '', avatarUrl: row.avatar_url };
      if (row.found_as === 'known') answer.known.push(card);
      else if (row.found_as === 'inserted') answer.inserted.push(row.uuid);
      else if (row.found_as === 'user') answer.users.push(card);
      else answer.companies.push({ uuid: row.uuid, name: row.name, avatarUrl: row.avatar_url });
    }
    return answer;
  }
}
