import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * `npm run demo -- --email you@example.com [--live]`, as README.md's quick start tells a newcomer to run it against
 * `npm start`: it creates an interview for them and prints the links that open it. Run here as a process of its own
 * against this run's system (its API and the folder its emails are written to).
 */
const DEMO = join(__dirname, '../../tools/launcher/src/demo-interview.ts');
const TSX = join(__dirname, '../../node_modules/.bin/tsx');

describe('npm run demo', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  async function demo(...args: string[]): Promise<string> {
    const { stdout } = await promisify(execFile)(TSX, [DEMO, '--api', t.baseUrl, '--api-key', t.env.BOOTSTRAP_ADMIN_API_KEY!, ...args], {
      env: { ...process.env, MAIL_DIR: t.env.MAIL_DIR },
      timeout: 45_000,
    });
    return stdout;
  }

  const candidateLinkIn = (stdout: string) => /\S+\/candidate\/interviews\/([0-9a-f-]{36})\?token=\S+/.exec(stdout);

  it('--live: a live interview starting in 5 minutes, the candidate link from its email, and where the company joins and then watches', async () => {
    const stdout = await demo('--email', 'live.demo@example.com', '--name', 'Lee Demo', '--live');
    const link = candidateLinkIn(stdout);
    expect(link).not.toBeNull();
    const uuid = link![1];
    const interview = (await t.admin.get(`/interviews/${uuid}`)).body;
    expect(interview).toMatchObject({ type: 'live', status: 'requested', assigned_to: { name: 'Lee Demo', email: 'live.demo@example.com' } });
    const startsIn = Date.parse(interview.scheduled_at) - Date.now();
    expect(startsIn).toBeGreaterThan(3 * 60_000);
    expect(startsIn).toBeLessThanOrEqual(5 * 60_000);
    const pages = new URL(t.baseUrl).origin;
    expect(stdout).toContain(`${pages}/interview/${uuid}/live`);
    expect(stdout).toContain(`${pages}/interview/${uuid}/watch`);
    // The candidate's own view opens with the printed token.
    const token = new URL(link![0]).searchParams.get('token')!;
    const opened = await t.as(undefined).request('GET', `/candidate/interviews/${uuid}`, { headers: { authorization: `Bearer ${token}` } });
    expect(opened.status).toBe(200);
  });

  it('without --live: a one-way interview of three questions and its candidate link', async () => {
    const stdout = await demo('--email', 'one.way.demo@example.com');
    const uuid = candidateLinkIn(stdout)![1];
    const interview = (await t.admin.get(`/interviews/${uuid}`)).body;
    expect(interview).toMatchObject({ type: 'one_way', status: 'requested' });
    expect(interview.questions).toHaveLength(3);
  });
});
