import type { OutboxTable } from '@vi/platform-bus';
import type { Generated } from '@vi/platform-postgres';

/** Row types of the `jobs` schema, for Kysely. */
export interface JobsDatabase {
  locations: {
    uuid: string;
    company_uuid: string;
    formatted_address: string;
    city: string | null;
    state: string | null;
    country: string | null;
    work_mode: string | null;
    work_place: string | null;
    created_at: Date;
  };
  company_job_counters: {
    company_uuid: string;
    active: Generated<number>;
    inactive: Generated<number>;
    version: Generated<number>;
  };
  jobs: {
    uuid: string;
    company_uuid: string;
    title: string;
    description: string;
    status: 'active' | 'inactive';
    location_uuid: string;
    location_address: string;
    location_city: string | null;
    location_state: string | null;
    location_country: string | null;
    work_mode: string | null;
    work_place: string | null;
    created_by: string;
    status_updated_by: string;
    created_at: Date;
    updated_at: Date;
    status_updated_at: Date;
    deleted_at: Date | null;
    // Generated columns carry no not-null constraint of their own (never null here: their sources are not null).
    title_key: Generated<string | null>;
    location_key: Generated<string | null>;
  };
  outbox: OutboxTable;
}
