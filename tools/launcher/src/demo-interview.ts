import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { simpleParser } from 'mailparser';
import { pagePath } from '@vi/contracts';

/**
 * `npm run demo -- --email you@example.com [--live]`: against a running `npm start`,
 * creates a job and a one-way interview for you (or, with `--live`, a live
 * interview starting in 5 minutes) through the public API (as the demo
 * company's administrator), then prints the invitation link from the email the
 * notifications service wrote, and for a live one where the company joins and
 * later watches its recording. Nothing here reaches into a service: it is an
 * integrator's client like any other.
 */
const USAGE = 'usage: npm run demo -- --email you@example.com [--live] [--name "Your Name"] [--api http://localhost:8080/v1.0]';
/** A live demo starts this soon: its call opens at once (15 minutes before, decision 038). */
const LIVE_STARTS_IN_MS = 5 * 60_000;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, api: { type: 'string' }, 'api-key': { type: 'string' }, live: { type: 'boolean' } },
  });
  if (!values.email) throw new Error(USAGE);
  const dataDir = process.env.DATA_DIR ?? './data';
  const api = (values.api ?? process.env.DEMO_API_URL ?? `http://localhost:${process.env.GATEWAY_PORT ?? 8080}/v1.0`).replace(/\/$/, '');
  const apiKey = values['api-key'] ?? demoApiKey(dataDir);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: unknown) => {
      throw new Error(`cannot reach ${api} (is npm start running?): ${error instanceof Error ? error.message : String(error)}`);
    });
    const json = (await response.json()) as T & { reason?: string; code?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.code ?? ''} ${json.reason ?? ''}`);
    return json;
  };

  const job = await call<{ uuid: string }>('POST', '/jobs', {
    title: 'Customer Support Specialist (demo)',
    description: 'A demo job post made by npm run demo.',
    status: 'active',
    location: { city: 'Lisbon', state: 'Lisbon', country: 'Portugal' },
  });
  const mailDir = process.env.MAIL_DIR ?? join(dataDir, 'mail');
  const mailsBefore = new Set(listEml(mailDir));
  const assignedTo = { name: values.name ?? 'Demo Candidate', email: values.email };
  const interview = await call<{ uuid: string }>(
    'POST',
    '/interviews',
    values.live
      ? {
          type: 'live',
          scheduled_at: rfc3339(new Date(Date.now() + LIVE_STARTS_IN_MS)),
          timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          assigned_to: assignedTo,
          job_post: { uuid: job.uuid },
          email_message: 'Thanks for trying the demo: a short video call with the hiring team.',
        }
      : {
          type: 'one_way',
          scheduled_at: rfc3339(new Date(Date.now() + 7 * 24 * 3600 * 1000)),
          assigned_to: assignedTo,
          job_post: { uuid: job.uuid },
          email_message: 'Thanks for trying the demo: answer three short questions on camera.',
          questions: [
            { text: 'Tell us about yourself in a few sentences.', time_limit: 30, takes: 2 },
            { text: 'Describe a time you turned an unhappy customer around.', time_limit: 60, takes: 2 },
            { text: 'Why would you like this job?', time_limit: 30, takes: -1 },
          ],
        },
  );
  process.stdout.write(`Created interview ${interview.uuid} for ${values.email}.\n`);

  const invitation = await waitForInvitation(mailDir, mailsBefore, interview.uuid);
  if (!invitation) {
    process.stdout.write(`The invitation was sent by email to ${values.email} (SMTP_URL is set, or no email was written under ${mailDir} within 15 s).\n`);
    return;
  }
  const pages = new URL(api).origin;
  const lines = values.live
    ? [
        `Invitation email: ${invitation.file}`,
        '',
        'The call opens now and closes 3 hours after it starts. As the candidate, open in one browser window:',
        `  ${invitation.link}`,
        'As the interviewer, in another window (a private one), sign in to the company pages and open:',
        `  ${pages}${pagePath('/interview/:interviewUuid/live', { interviewUuid: interview.uuid })}`,
        '',
        'After "End the interview", its recording plays on the watch page:',
        `  ${pages}${pagePath('/interview/:interviewUuid/watch', { interviewUuid: interview.uuid })}`,
        '',
      ]
    : [
        `Invitation email: ${invitation.file}`,
        '',
        `Open this link in a browser with a camera to record the interview:`,
        `  ${invitation.link}`,
        '',
        'Once it is completed, share it with a reviewer:',
        `  curl -u ${apiKey}: -X POST ${api}/interviews/${interview.uuid}/share_link`,
        "(the response's url is the reviewer page)",
        '',
      ];
  process.stdout.write(lines.join('\n'));
}

/** RFC 3339 with a numeric offset, as the API takes it. */
function rfc3339(at: Date): string {
  return at.toISOString().replace(/\.\d+Z$/, '+00:00');
}

function demoApiKey(dataDir: string): string {
  if (process.env.BOOTSTRAP_ADMIN_API_KEY) return process.env.BOOTSTRAP_ADMIN_API_KEY;
  const file = join(dataDir, 'local-secrets.json');
  if (!existsSync(file)) throw new Error(`no ${file}: start the product with npm start first, or pass --api-key`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { BOOTSTRAP_ADMIN_API_KEY: string }).BOOTSTRAP_ADMIN_API_KEY;
}

function listEml(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
}

/** The candidate link of the interview's invitation, from the first new .eml that carries it. */
async function waitForInvitation(dir: string, before: Set<string>, interviewUuid: string): Promise<{ file: string; link: string } | undefined> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const name of listEml(dir).filter((n) => !before.has(n))) {
      const mail = await simpleParser(readFileSync(join(dir, name)));
      const link = (mail.text ?? '').match(new RegExp(`\\S*/candidate/interviews/${interviewUuid}\\?token=[\\w.-]+`))?.[0];
      if (link) return { file: join(dir, name), link };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
