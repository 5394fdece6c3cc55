import { SmtpInbox } from '../notifications/notification-helpers';
import { completedInterview } from '../sharing/sharing-helpers';
import { companyWithJob, interviewBody } from '../interviews/interview-helpers';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { Browserish, newColleague, setPasswordTokenIn, STRONG_PASSWORD } from './session-helpers';

/**
 * The web pages' sessions over HTTP: set a password from the email, the cookie, CSRF and Origin checks,
 * sign-in limits, answers that do not tell which emails exist, and a session acting exactly as the user's key.
 */
describe('web sessions (API)', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let n = 0;
  const email = () => `colleague${++n}.${Date.now()}@sessions.example`;

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, SIGN_IN_FAILURES_PER_ACCOUNT: '3', SIGN_IN_FAILURES_PER_IP: '1000' });
    company = await companyWithJob(t);
  });
  afterAll(async () => {
    await t?.stop();
    await inbox?.close();
  });

  /** A colleague who has set their password: their browser, signed in. */
  async function signedInColleague(address = email()) {
    const { user, token } = await newColleague(company, inbox, address);
    const browser = new Browserish(t);
    expect((await browser.setPassword(token)).status).toBe(201);
    return { user, browser, address };
  }

  it('setting a password signs in with an HttpOnly, SameSite=Lax cookie (not Secure on http) and a CSRF token; the link works once', async () => {
    const { user, token } = await newColleague(company, inbox, email());
    const browser = new Browserish(t);
    const weak = await browser.setPassword(token, 'password1234');
    expect({ status: weak.status, code: weak.body.code, reason: weak.body.reason }).toEqual({
      status: 400,
      code: 'api.password_too_common',
      reason: 'This password is one of the most commonly used; choose one that is harder to guess',
    });
    expect((await browser.setPassword(token, 'short')).body.code).toBe('api.password_too_short');
    expect(browser.cookie).toBeUndefined();

    const set = await browser.setPassword(token);
    expect(set.status).toBe(201);
    expect(set.headers.get('cache-control')).toBe('no-store');
    expect(set.body).toEqual({
      user_uuid: user.uuid,
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      ends_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(browser.lastSetCookie).toMatch(/^vi_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43\d{3}; HttpOnly; SameSite=Lax$/);
    const me = await browser.request('GET', '/me');
    expect({ status: me.status, uuid: me.body.uuid }).toEqual({ status: 200, uuid: user.uuid });

    const again = await new Browserish(t).setPassword(token, `${STRONG_PASSWORD}-2`);
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 400, code: 'api.set_password_link_invalid' });
  });

  it('a state-changing request with the cookie needs our Origin and the CSRF token (the webhook replay, a GET, the token); reads need neither', async () => {
    const { browser } = await signedInColleague();
    const job = { title: 'Forged Job', description: 'x', status: 'active', location: { city: 'Austin', state: 'TX', country: 'United States' } };
    const noToken = await browser.request('POST', '/jobs', { body: job, csrf: null });
    expect({ status: noToken.status, code: noToken.body.code }).toEqual({ status: 403, code: 'api.csrf_token_invalid' });
    const wrongToken = await browser.request('POST', '/jobs', { body: job, csrf: 'A'.repeat(43) });
    expect(wrongToken.body.code).toBe('api.csrf_token_invalid');
    const foreign = await browser.request('POST', '/jobs', { body: job, origin: 'https://evil.example' });
    expect({ status: foreign.status, code: foreign.body.code }).toEqual({ status: 403, code: 'api.origin_not_allowed' });
    const noOrigin = await browser.request('POST', '/jobs', { body: job, origin: null });
    expect(noOrigin.body.code).toBe('api.origin_not_allowed');
    // Nothing was created by the refused requests.
    const titles = (await company.api.get('/jobs?range=0-99')).body.map((j: { title: string }) => j.title);
    expect(titles).not.toContain('Forged Job');

    expect((await browser.request('GET', '/jobs', { origin: null, csrf: null })).status).toBe(200);
    // The webhook replay changes something though it is a GET: a link to it on another site must not run it.
    const linkedReplay = await browser.request('GET', '/webhooks/replay/JobCreated', { origin: null, csrf: null });
    expect({ status: linkedReplay.status, code: linkedReplay.body.code }).toEqual({ status: 403, code: 'api.csrf_token_invalid' });
    expect((await browser.request('GET', '/webhooks/replay/JobCreated', { origin: null })).status).toBe(204);
    const created = await browser.request('POST', '/jobs', { body: job });
    expect(created.status).toBe(201);
    // A sign-in from a foreign page (login CSRF) is refused too.
    expect((await new Browserish(t, 'https://evil.example').signIn('x@y.example')).body.code).toBe('api.origin_not_allowed');
  });

  it("a session acts with exactly its user's permissions: a standard user is refused what only administrators may do, and another company's interview is not found", async () => {
    const { browser } = await signedInColleague();
    const refused = await browser.request('POST', '/users', { body: { name: 'X', email: email(), role: 'standard' } });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'api.administrator_required' });

    const other = await companyWithJob(t);
    const theirs = await completedInterview(other);
    const ours = await completedInterview(company);
    expect((await browser.request('GET', `/interviews/${ours.uuid}`)).status).toBe(200);
    const notFound = await browser.request('GET', `/interviews/${theirs.uuid}`);
    const unknown = await browser.request('GET', '/interviews/00000000-0000-4000-8000-000000000000');
    expect({ status: notFound.status, body: notFound.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(notFound.status).toBe(404);
  });

  it('an interview created with the session comes from the workspace; with an API key, from the API (decision 071)', async () => {
    const { browser } = await signedInColleague();
    const fromWeb = await browser.request('POST', '/interviews', { body: interviewBody(company.job.uuid) });
    expect(fromWeb.status).toBe(201);
    expect(fromWeb.body.source).toEqual({ type: 'workspace' });
    const fromKey = await company.api.post('/interviews', interviewBody(company.job.uuid));
    expect(fromKey.body.source).toEqual({ type: 'api' });
  });

  it('an unknown email and a wrong password get the same status and body; failures per account are limited, for unknown emails too', async () => {
    const { address } = await signedInColleague();
    const wrong = await new Browserish(t).signIn(address, `${STRONG_PASSWORD}-wrong`);
    const unknown = await new Browserish(t).signIn(`nobody.${Date.now()}@sessions.example`);
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 401,
      body: { reason: 'The email or the password is not correct', code: 'api.sign_in_failed', lang: 'error.sign_in_failed' },
    });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: wrong.status, body: wrong.body });

    // SIGN_IN_FAILURES_PER_ACCOUNT=3 here: two more failures, then even the right password waits.
    await new Browserish(t).signIn(address, 'wrong-again-1234');
    await new Browserish(t).signIn(address, 'wrong-again-5678');
    const blocked = await new Browserish(t).signIn(address);
    expect({ status: blocked.status, code: blocked.body.code }).toEqual({ status: 429, code: 'api.too_many_requests' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(60);
    const ghost = `ghost.${Date.now()}@sessions.example`;
    for (let i = 0; i < 3; i++) await new Browserish(t).signIn(ghost);
    const ghostBlocked = await new Browserish(t).signIn(ghost);
    expect({ status: ghostBlocked.status, body: ghostBlocked.body }).toEqual({ status: blocked.status, body: blocked.body });
  });

  it('forgot-password answers the same whether or not the address exists, and emails a fresh link that signs in', async () => {
    const { address } = await signedInColleague();
    const known = await new Browserish(t).request('POST', '/session/password_reset', { body: { email: address } });
    const unknown = await new Browserish(t).request('POST', '/session/password_reset', { body: { email: `nobody.${Date.now()}@sessions.example` } });
    expect({ status: known.status, body: known.body }).toEqual({
      status: 202,
      body: { reason: 'If an account uses this address, a link to choose a password is on its way' },
    });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    const mail = await inbox.next(address, 2, 30_000);
    expect(mail.subject).toBe('Choose a new Video Interviewing password');
    const browser = new Browserish(t);
    expect((await browser.setPassword(setPasswordTokenIn(mail.text), `${STRONG_PASSWORD}-reset`)).status).toBe(201);
    expect((await new Browserish(t).signIn(address)).status).toBe(401);
    expect((await new Browserish(t).signIn(address, `${STRONG_PASSWORD}-reset`)).status).toBe(201);
  });

  it('sign-out ends the session; deleting the user ends theirs on the next request', async () => {
    const { browser, address } = await signedInColleague();
    expect((await browser.request('GET', '/session')).status).toBe(200);
    const cookie = browser.cookie;
    const out = await browser.request('DELETE', '/session');
    expect(out.status).toBe(204);
    expect(browser.lastSetCookie).toMatch(/^vi_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    const stale = new Browserish(t);
    stale.cookie = cookie;
    expect(await stale.request('GET', '/me').then((r) => [r.status, r.body.code])).toEqual([401, 'api.session_invalid']);
    expect(stale.lastSetCookie).toMatch(/^vi_session=; Path=\/; Max-Age=0;/);

    const second = new Browserish(t);
    expect((await second.signIn(address)).status).toBe(201);
    expect((await second.request('GET', '/me')).status).toBe(200);
    const userUuid = (await second.request('GET', '/me')).body.uuid;
    expect((await company.api.delete(`/users/${userUuid}`)).status).toBe(204);
    expect(await second.request('GET', '/me').then((r) => [r.status, r.body.code])).toEqual([401, 'api.session_invalid']);
  });

  it("an email change spends the links sent to the old address and ends the user's sessions; a user without a password gets a link at the new one", async () => {
    // An administrator mistypes the address; its holder could have used the link.
    const typo = email();
    const { user, token } = await newColleague(company, inbox, typo);
    const reset = await new Browserish(t).request('POST', '/session/password_reset', { body: { email: typo } });
    expect(reset.status).toBe(202);
    const resetToken = setPasswordTokenIn((await inbox.next(typo, 2, 30_000)).text);
    const corrected = email();
    expect((await company.api.put(`/users/${user.uuid}`, { email: corrected })).status).toBe(201);
    for (const spent of [token, resetToken]) {
      const refused = await new Browserish(t).setPassword(spent);
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: 'api.set_password_link_invalid' });
    }
    const fresh = await inbox.next(corrected, 1, 30_000);
    expect(fresh.subject).toBe('Set your Video Interviewing password');
    const owner = new Browserish(t);
    expect((await owner.setPassword(setPasswordTokenIn(fresh.text))).status).toBe(201);
    expect((await owner.request('GET', '/me')).body.email).toBe(corrected);

    // A user who has a password and is signed in: the change signs them out everywhere.
    const signedIn = await signedInColleague();
    const other = new Browserish(t);
    expect((await other.signIn(signedIn.address)).status).toBe(201);
    const moved = email();
    expect((await company.api.put(`/users/${signedIn.user.uuid}`, { email: moved })).status).toBe(201);
    for (const browser of [signedIn.browser, other]) {
      expect(await browser.request('GET', '/me').then((r) => [r.status, r.body.code])).toEqual([401, 'api.session_invalid']);
    }
    expect((await new Browserish(t).signIn(moved)).status).toBe(201);
  });

  it("a user's sessions count against one rate-limit bucket", async () => {
    const { browser, address } = await signedInColleague();
    const second = new Browserish(t);
    expect((await second.signIn(address)).status).toBe(201);
    const remaining = async (b: Browserish) => Number((await b.request('GET', '/me')).headers.get('x-ratelimit-remaining'));
    const first = await remaining(browser);
    expect(await remaining(second)).toBe(first - 1);
    expect(await remaining(browser)).toBe(first - 2);
  });

  it('GET /session needs a session: an API key is not one', async () => {
    const viaKey = await company.api.get('/session');
    expect({ status: viaKey.status, code: viaKey.body.code }).toEqual({ status: 401, code: 'api.session_required' });
  });
});
