import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from '@vi/platform-postgres';
import { formatAddress, type LocationInput } from '../domain/location';
import type { JobsDatabase } from './jobs.database';

export class LocationRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  /** The company's location with this address, created on first use (safe under concurrency). */
  async findOrCreate(companyUuid: string, input: LocationInput): Promise<{ uuid: string; formattedAddress: string }> {
    const formattedAddress = formatAddress(input);
    await this.db
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
      .execute();
    const row = await this.db
      .selectFrom('locations')
      .select(['uuid', 'formatted_address'])
      .where('company_uuid', '=', companyUuid)
      .where(sql<string>`lower(formatted_address)`, '=', formattedAddress.toLowerCase())
      .executeTakeFirstOrThrow();
    return { uuid: row.uuid, formattedAddress: row.formatted_address };
  }
}
