import { Counter } from 'prom-client';

/**
 * Which limit refused a request, named after the setting that sizes it (docs/configuration.md):
 * `requests` (RATE_LIMIT_PER_MINUTE, per API key or per signed-in user), `share_link_requests` (the same
 * number per client IP on the public share link paths), `auth_failures` (AUTH_FAILURES_PER_MINUTE, per IP),
 * `sign_in_account` and `sign_in_ip` (SIGN_IN_FAILURES_PER_ACCOUNT / _PER_IP), `open_interview_requests` (RATE_LIMIT_PER_MINUTE
 * per client IP on an open interview's public page) and `open_interview_applications` (OPEN_INTERVIEW_APPLICATIONS_PER_CLIENT
 * and _PER_LINK), `job_video_requests` (RATE_LIMIT_PER_MINUTE per client IP on a job video's public URL).
 */
export type RateLimitName =
  | 'requests'
  | 'share_link_requests'
  | 'auth_failures'
  | 'sign_in_account'
  | 'sign_in_ip'
  | 'open_interview_requests'
  | 'open_interview_applications'
  | 'job_video_requests';

const refusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests the gateway refused with 429, by the limit that refused them',
  labelNames: ['limit'] as const,
});

export function countRefusal(limit: RateLimitName): void {
  refusals.inc({ limit });
}
