import { sql, type Kysely } from '@vi/platform-postgres';
import type { SignInWindow } from '../application/store';
import type { IdentityDatabase } from './identity.database';

export class SignInFailureRepository {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  /**
   * Takes one attempt of an account's window (a new window when the last one ended), unless the account has used
   * `limit` already: then it names when its window ends. One upsert, so a parallel burst takes exactly `limit`.
   */
  async reserve(account: string, window: SignInWindow, now: Date): Promise<{ reserved: true } | { reserved: false; until: Date }> {
    const ends = new Date(now.getTime() + window.windowMs);
    const taken = await sql<{ account: string }>`
      insert into sign_in_failures (account, failures, window_ends_at) values (${account}, 1, ${ends})
      on conflict (account) do update set
        failures = case when sign_in_failures.window_ends_at <= ${now} then 1 else sign_in_failures.failures + 1 end,
        window_ends_at = case when sign_in_failures.window_ends_at <= ${now} then ${ends} else sign_in_failures.window_ends_at end
      where sign_in_failures.window_ends_at <= ${now} or sign_in_failures.failures < ${window.limit}
      returning account`.execute(this.db);
    if (taken.rows.length > 0) return { reserved: true };
    const row = await this.db.selectFrom('sign_in_failures').select('window_ends_at').where('account', '=', account).executeTakeFirst();
    return { reserved: false, until: row?.window_ends_at ?? ends };
  }

  /** Gives back an attempt that was never checked (hashing was at capacity). */
  async release(account: string): Promise<void> {
    await this.db
      .updateTable('sign_in_failures')
      .set({ failures: sql<number>`failures - 1` })
      .where('account', '=', account)
      .where('failures', '>', 0)
      .execute();
  }

  /** A successful sign-in: its account starts again from nothing. */
  async clear(account: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('account', '=', account).execute();
  }
}
