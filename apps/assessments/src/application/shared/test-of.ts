import type { jobs } from '@vi/contracts';
import type { Test } from '../../domain/ats/adapter';

/** A job an ATS may send: active, with open-interview questions configured (whatever the link's own status). */
export function testOf(job: jobs.Job): Test | undefined {
  if (job.status !== 'active' || !job.open_interview || job.open_interview.questions.length === 0) return undefined;
  return { uuid: job.uuid, name: job.title, description: job.description };
}
