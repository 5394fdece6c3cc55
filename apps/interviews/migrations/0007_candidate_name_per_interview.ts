import { sql, type Kysely } from 'kysely';

/**
 * The name a company gave its candidate is kept with the interview (decision 036), no longer taken from the job
 * seeker shared by every company that invited the same email. Rows from before get the name shown until now where
 * that name was this company's own: the company of the candidate's first interview gave it (identity kept the first
 * inviter's name). The name another company gave was never stored anywhere; its interviews show the candidate's
 * email rather than the first company's words. Sort keys follow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interviews add column candidate_name text`.execute(db);
  await sql`
    update interviews i set candidate_name = case
      when i.company_uuid = (
        select first.company_uuid from interviews first
        where first.candidate_uuid = i.candidate_uuid
        order by first.created_at, first.uuid
        limit 1
      ) then coalesce(p.name, '')
      else coalesce(p.email, '')
    end
    from people p
    where p.uuid = i.candidate_uuid`.execute(db);
  await sql`update interviews set candidate_name = '' where candidate_name is null`.execute(db);
  await sql`update interviews set candidate_key = lower(candidate_name) where candidate_key is distinct from lower(candidate_name)`.execute(db);
  await sql`alter table interviews alter column candidate_name set not null`.execute(db);
}
