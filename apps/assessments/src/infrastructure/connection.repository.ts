import type { AtsName } from '@vi/contracts';
import type { Kysely } from '@vi/platform-postgres';
import type { Connection, ConnectionRepository as ConnectionPort } from '../application/store';
import type { AssessmentsDatabase } from './assessments.database';

/** A company's sealed keys for the ATSs it connected. */
export class ConnectionRepository implements ConnectionPort {
  constructor(private readonly db: Kysely<AssessmentsDatabase>) {}

  async save(connection: Connection): Promise<Connection> {
    const row = await this.db
      .insertInto('connections')
      .values({
        company_uuid: connection.companyUuid,
        ats: connection.ats,
        api_key_ciphertext: connection.apiKeyCiphertext,
        connected_at: connection.connectedAt,
      })
      .onConflict((oc) => oc.columns(['company_uuid', 'ats']).doUpdateSet({ api_key_ciphertext: connection.apiKeyCiphertext }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { companyUuid: row.company_uuid, ats: row.ats, apiKeyCiphertext: row.api_key_ciphertext, connectedAt: row.connected_at };
  }

  async find(companyUuid: string, ats: AtsName): Promise<Connection | undefined> {
    const row = await this.db.selectFrom('connections').selectAll().where('company_uuid', '=', companyUuid).where('ats', '=', ats).executeTakeFirst();
    return row && { companyUuid: row.company_uuid, ats: row.ats, apiKeyCiphertext: row.api_key_ciphertext, connectedAt: row.connected_at };
  }

  async delete(companyUuid: string, ats: AtsName): Promise<boolean> {
    const result = await this.db.deleteFrom('connections').where('company_uuid', '=', companyUuid).where('ats', '=', ats).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
