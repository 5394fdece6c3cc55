import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from '@vi/platform-postgres';
import { formatAddress, type LocationInput } from '../domain/location';
import type { JobsDatabase } from './jobs.database';

export class LocationRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  /**
   * The company's location with this address, created on first use (safe under concurrency). Most jobs reuse a
   * location, so it is read first: one round trip in the common case, no insertion attempted.
   */
  async findOrCreate(companyUuid: string, input: LocationInput): Promise<{ uuid: string; formattedAddress: string }> {
    const formattedAddress = formatAddress(input);
    const existing = await this.find(companyUuid, formattedAddress);
    if (existing) return existing;
    const inserted = await this.db
      .insertInto('locations')
      .values({
        uuid: randomUUID(),
        company_uuid: companyUuid,
        formatted_address: formattedAddress,
        city: input.kind === 'address' ? input.city : null,
        state: input.kind === 'address' ? input.state : null,
        country: input.kind === 'address' ? input.country : null,
        work_mode: input.kind === 'locality' ? input.workMode : null,
        work_place: input.kind === 'locality' ? input.workPlace : null,
        created_at: new Date(),
      })
      .onConflict((oc) => oc.expression(sql`company_uuid, lower(formatted_address)`).doNothing())
      .returning(['uuid', 'formatted_address'])
      .executeTakeFirst();
    if (inserted) return { uuid: inserted.uuid, formattedAddress: inserted.formatted_address };
    // Another transaction created it between the read and the insert: read it again (a new snapshot sees it).
    const created = await this.find(companyUuid, formattedAddress);
    if (!created) throw new Error(`location of company ${companyUuid} vanished while being created`);
    return created;
  }

  private async find(companyUuid: string, formattedAddress: string): Promise<{ uuid: string; formattedAddress: string } | undefined> {
    const row = await this.db
      .selectFrom('locations')
      .select(['uuid', 'formatted_address'])
      .where('company_uuid', '=', companyUuid)
      .where(sql<string>`lower(formatted_address)`, '=', formattedAddress.toLowerCase())
      .executeTakeFirst();
    return row && { uuid: row.uuid, formattedAddress: row.formatted_address };
  }
}
