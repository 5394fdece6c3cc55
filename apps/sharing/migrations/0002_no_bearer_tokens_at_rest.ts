import { sql, type Kysely } from 'kysely';

/** Decision 018: share-link events written before it carried the link's URL (its bearer token). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update outbox set payload = (payload - 'url') #- '{basic_link,url}'`.execute(db);
}
