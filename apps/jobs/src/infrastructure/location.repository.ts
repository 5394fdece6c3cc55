import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from '@vi/platform-postgres';
import type { StoredLocation } from '../application/store';
import { formatAddress, type LocationInput } from '../domain/location';
import type { JobsDatabase } from './jobs.database';

/**
 * Locations this process has read, by company and address. A location is never changed or deleted once committed,
 * so an entry stays true for good; only rows read back enter, never one the reading transaction inserted itself
 * (it could still roll back). Bounded: emptied when full.
 */
export class KnownLocations {
  private readonly entries = new Map<string, StoredLocation>();

  constructor(private readonly capacity = 10_000) {}

  get(companyUuid: string, formattedAddress: string): StoredLocation | undefined {
    return this.entries.get(KnownLocations.key(companyUuid, formattedAddress));
  }

  remember(companyUuid: string, location: StoredLocation): void {
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(KnownLocations.key(companyUuid, location.formattedAddress), location);
  }

  private static key(companyUuid: string, formattedAddress: string): string {
    return `${companyUuid} ${formattedAddress.toLowerCase()}`;
  }
}

export class LocationRepository {
  /** Locations inserted through this repository, i.e. by its transaction: not known for good until it commits. */
  private readonly insertedHere = new Set<string>();

  constructor(
    private readonly db: Kysely<JobsDatabase>,
    private readonly known: KnownLocations,
  ) {}

  /**
   * The company's location with this address, created on first use (safe under concurrency). Most jobs reuse a
   * location: it is usually known to this process already (no round trip), else read first (one), and inserted
   * only when missing.
   */
  async findOrCreate(companyUuid: string, input: LocationInput): Promise<StoredLocation> {
    const formattedAddress = formatAddress(input);
    const known = this.known.get(companyUuid, formattedAddress);
    if (known) return known;
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
    if (inserted) {
      this.insertedHere.add(inserted.uuid);
      return { uuid: inserted.uuid, formattedAddress: inserted.formatted_address };
    }
    // Another transaction created it between the read and the insert: read it again (a new snapshot sees it).
    const created = await this.find(companyUuid, formattedAddress);
    if (!created) throw new Error(`location of company ${companyUuid} vanished while being created`);
    return created;
  }

  private async find(companyUuid: string, formattedAddress: string): Promise<StoredLocation | undefined> {
    const row = await this.db
      .selectFrom('locations')
      .select(['uuid', 'formatted_address'])
      .where('company_uuid', '=', companyUuid)
      .where(sql<string>`lower(formatted_address)`, '=', formattedAddress.toLowerCase())
      .executeTakeFirst();
    if (!row) return undefined;
    const location = { uuid: row.uuid, formattedAddress: row.formatted_address };
    if (!this.insertedHere.has(location.uuid)) this.known.remember(companyUuid, location);
    return location;
  }
}
