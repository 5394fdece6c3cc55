import { z } from 'zod';

/**
 * Building blocks of the response schemas (the API's JSON objects as zod schemas). The view functions return their
 * types, and the OpenAPI description (apps/gateway/src/openapi) is generated from them, so both say the same.
 */

/** RFC 3339 with a numeric offset, never `Z` (`2026-11-22T10:00:00+00:00`). */
export const timestampView = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/)
  .meta({ description: 'RFC 3339 date-time with a numeric offset', example: '2026-11-22T10:00:00+00:00' });

export const uuidView = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

export const UserSummaryView = z.object({ uuid: uuidView, name: z.string(), email: z.string(), avatar: z.string() }).meta({ id: 'UserSummary' });
export const CompanySummaryView = z.object({ uuid: uuidView, name: z.string(), avatar: z.string() }).meta({ id: 'CompanySummary' });
export const LocationSummaryView = z.object({ uuid: uuidView, formatted_address: z.string() }).meta({ id: 'LocationSummary' });
/** A job's location on its single reads: the summary with the parts of the address the job was posted with (none for a locality). */
export const JobLocationView = LocationSummaryView.extend({
  city: z.string().optional().meta({ description: 'single reads of a job posted with an address: its city as posted' }),
  state: z.string().optional().meta({ description: 'single reads of a job posted with an address: its state as posted (may be empty)' }),
  country: z.string().optional().meta({ description: 'single reads of a job posted with an address: its country as posted' }),
}).meta({ id: 'JobLocation' });
