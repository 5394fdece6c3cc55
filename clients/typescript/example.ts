// The README example (compiled by `npm run typecheck`, run by e2e/gateway/typed-client.e2e.spec.ts).
import { randomUUID } from 'node:crypto';
import { createApiClient, type Schemas } from './index';

/** RFC 3339 with a numeric offset, as the API wants it: a week from now. */
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

export async function hireForAJob(baseUrl: string, apiKey: string): Promise<Schemas['Interview']> {
  const api = createApiClient({ baseUrl, apiKey });

  const job = await api.POST('/jobs', {
    body: { title: 'Backend engineer', locality: { work_mode: 'remote', work_place: '' } },
    params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  if (!job.data) throw new Error(`job not created: ${job.error?.reason}`);

  const interview = await api.POST('/interviews', {
    body: {
      type: 'one_way',
      scheduled_at: inAWeek(),
      job_post: { uuid: job.data.uuid },
      assigned_to: { name: 'Jane Seeker', email: 'jane@example.com' },
      questions: [{ text: 'Tell us about a system you built.', time_limit: 120 }],
    },
    // A retry with the same key after a timeout replays the answer: no second interview, no second email.
    params: { header: { 'Idempotency-Key': randomUUID() } },
  });
  if (!interview.data) throw new Error(`interview not created: ${interview.error?.reason}`);
  return Array.isArray(interview.data) ? interview.data[0] : interview.data;
}
