import type { BusMessage, EventBus, Subscription } from '@vi/platform-bus';
import type { ApiClient } from '../support/api-client';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';

/** Helpers shared by the jobs end-to-end specs (not a spec itself). */

export interface JobInput {
  title?: string;
  description?: string;
  /** 'active' or 'inactive'; any string, to send bad values. */
  status?: string;
  location?: { city?: string; state?: string; country?: string };
  locality?: { work_mode?: string; work_place?: string };
}

export const AUSTIN = { city: 'Austin', state: 'TX', country: 'United States' };

/** A valid create body; override any property. */
export function jobBody(overrides: JobInput = {}): JobInput {
  return { title: 'Backend Engineer', description: 'Build the API.', status: 'active', location: AUSTIN, ...overrides };
}

/** The caller's own user summary and company summary, as job objects show them. */
export async function whoAmI(api: ApiClient) {
  const me = await api.get('/me');
  expect(me.status).toBe(200);
  return {
    user: { uuid: me.body.uuid, name: me.body.name, email: me.body.email, avatar: me.body.avatar },
    company: { uuid: me.body.company.uuid, name: me.body.company.name, avatar: me.body.company.avatar },
  };
}

export async function createJob(api: ApiClient, overrides: JobInput = {}) {
  const created = await api.post('/jobs', jobBody(overrides));
  expect({ status: created.status, body: created.body }).toEqual({ status: 201, body: expect.anything() });
  return created.body;
}

/** Creates a standard user in the company (administrator client) and returns its client data. */
export async function createStandardUser(admin: ApiClient, as: (key: string) => ApiClient, email: string) {
  const user = await admin.post('/users', { name: 'Stan Standard', email, role: 'standard' });
  expect(user.status).toBe(201);
  const key = await admin.post(`/users/${user.body.uuid}/integration_key`);
  expect(key.status).toBe(201);
  const api = as(key.body.key);
  return { uuid: user.body.uuid as string, api, summary: (await whoAmI(api)).user };
}

const SUMMARY_USER = { uuid: expect.any(String), name: expect.any(String), email: expect.any(String), avatar: expect.stringMatching(/^http/) };

/**
 * The exact job shape: the reference's fields, and on single reads and create/update `description` and what the job
 * was posted with (decision 011): the parts of its address in `location`, or `locality`.
 */
export function expectJobShape(job: any, options: { description: boolean }): void {
  const expected: Record<string, unknown> = {
    uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    status: expect.stringMatching(/^(active|inactive)$/),
    title: expect.any(String),
    created_at: expect.any(String),
    updated_at: expect.any(String),
    status_updated_at: expect.any(String),
    created_by: SUMMARY_USER,
    status_updated_by: SUMMARY_USER,
    company: { uuid: expect.any(String), name: expect.any(String), avatar: expect.any(String) },
    location: { uuid: expect.any(String), formatted_address: expect.any(String) },
    open_interview: null,
    job_video: null,
  };
  if (options.description) {
    expected.description = expect.any(String);
    expected.locality = job.locality === null ? null : { work_mode: expect.stringMatching(/^(remote|on_site|hybrid)$/), work_place: expect.any(String) };
    if (job.locality === null) Object.assign(expected.location as object, { city: expect.any(String), state: expect.any(String), country: expect.any(String) });
  }
  expect(job).toEqual(expected);
  if (!options.description) expect(job).not.toHaveProperty('description');
  if (!options.description) expect(job).not.toHaveProperty('locality');
  expectRfc3339Timestamps(job);
}

/** A list item is the single read without `description` and what the job was posted with. */
export function asListItem(job: any): any {
  const { description: _description, locality: _locality, ...rest } = job;
  const { uuid, formatted_address } = job.location;
  return { ...rest, location: { uuid, formatted_address } };
}

export function expectValidationFailed(response: { status: number; body: any }, fields: Array<string | RegExp>): void {
  expectError(response, 400, 'api.validation_failed');
  const named: string[] = (response.body.errors ?? []).map((e: { field: string }) => e.field);
  for (const e of response.body.errors ?? []) expect(e).toEqual({ field: expect.any(String), reason: expect.any(String), code: expect.any(String) });
  for (const field of fields) {
    const ok = named.some((n) => (typeof field === 'string' ? n === field : field.test(n)));
    expect({ expected: String(field), named, ok }).toEqual({ expected: String(field), named, ok: true });
  }
}

export async function listJobs(api: ApiClient, query = '') {
  const response = await api.get(`/jobs${query}`);
  expect({ status: response.status, query }).toEqual({ status: 200, query });
  return { items: response.body as any[], contentRange: response.headers.get('content-range') };
}

// Total from `Content-Range`: `items a-b/N`, or `items */N` for an empty page.
export function totalOf(contentRange: string | null): number {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  if (!match) throw new Error(`no total in Content-Range ${String(contentRange)}`);
  return Number(match[1]);
}

export const uuids = (items: Array<{ uuid: string }>) => items.map((j) => j.uuid);

/** Collects every `jobs.job.*` message seen on the bus from now on. */
export async function collectJobEvents(bus: EventBus): Promise<{ messages: BusMessage<any>[]; subscription: Subscription }> {
  const messages: BusMessage<any>[] = [];
  const subscription = await bus.subscribe({
    subjects: ['jobs.job.*'],
    handler: async (message) => {
      messages.push(message as BusMessage<any>);
    },
  });
  return { messages, subscription };
}
