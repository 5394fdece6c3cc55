import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGES, pagePath, type PageName, type PagePath } from '@vi/contracts';
import express from 'express';
import { webPages } from './web-pages';

describe('webPages', () => {
  let dist: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'candidate.html'), '<!doctype html><title>candidate</title>');
    writeFileSync(join(dist, 'share.html'), '<!doctype html><title>share</title>');
    writeFileSync(join(dist, 'apply.html'), '<!doctype html><title>apply</title>');
    writeFileSync(join(dist, 'company.html'), '<!doctype html><title>company</title>');
    writeFileSync(join(dist, 'account.html'), '<!doctype html><title>account</title>');
    writeFileSync(join(dist, 'not-found.html'), '<!doctype html><title>not found</title>');
    writeFileSync(join(dist, 'assets/candidate-abc123.js'), 'console.log(1)');
    const app = express();
    app.use(webPages(dist, { hasSessionCookie: (req) => (req.headers.cookie ?? '').includes('vi_session=') }));
    app.use('/missing', webPages(join(dist, 'nothing-here')));
    app.use('/redirected', webPages(dist, { mediaOrigin: 'https://takes.s3.eu-west-1.amazonaws.com' }));
    await new Promise<void>((resolve) => (server = app.listen(0, '127.0.0.1', () => resolve())));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers each page with its index.html, revalidated on every visit, under a strict CSP', async () => {
    for (const [path, title] of [
      ['/candidate/interviews/7f1c2d9e-0000-4000-8000-000000000001?token=secret', 'candidate'],
      ['/share/AbC_dEf-123', 'share'],
      ['/apply/7f1c2d9e-0000-4000-8000-000000000002?name=Ada&email=ada%40example.com', 'apply'],
    ]) {
      const sut = await fetch(base + path);
      expect({ status: sut.status, body: await sut.text() }).toEqual({ status: 200, body: `<!doctype html><title>${title}</title>` });
      expect(sut.headers.get('content-type')).toMatch(/^text\/html/);
      expect(sut.headers.get('cache-control')).toBe('no-cache');
      expect(sut.headers.get('referrer-policy')).toBe('no-referrer');
      expect(sut.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = sut.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("media-src 'self' blob:");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('lets the pages play videos from the object store when video URLs redirect there, and from nowhere else', async () => {
    const sut = await fetch(`${base}/redirected/share/AbC_dEf-123`);
    expect(sut.headers.get('content-security-policy')).toContain("media-src 'self' blob: https://takes.s3.eu-west-1.amazonaws.com;");
    const plain = await fetch(`${base}/share/AbC_dEf-123`);
    expect(plain.headers.get('content-security-policy')).toContain("media-src 'self' blob:;");
  });

  it('serves hashed assets as immutable for a year, and nothing outside assets/', async () => {
    const sut = await fetch(`${base}/web/assets/candidate-abc123.js`);
    expect(sut.status).toBe(200);
    expect(sut.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(sut.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${base}/web/assets/..%2fcandidate.html`)).status).toBe(404);
    expect((await fetch(`${base}/web/assets/unknown.js`)).status).toBe(404);
  });

  it('says how to build the pages when the bundle is missing', async () => {
    const sut = await fetch(`${base}/missing/share/token`);
    expect(sut.status).toBe(503);
    expect(await sut.text()).toContain('npm run build:web');
  });

  it('answers every workspace path with the company page', async () => {
    for (const path of [
      '/jobs',
      '/jobs/new',
      '/jobs/7f1c2d9e-0000-4000-8000-000000000001/invite',
      '/interviews/invite',
      '/question-sets',
      '/team',
      '/integrations',
      '/plan',
    ]) {
      const sut = await fetch(base + path);
      expect({ path, status: sut.status, body: await sut.text() }).toEqual({ path, status: 200, body: '<!doctype html><title>company</title>' });
    }
  });

  it('answers every path of every page in the contract (decision 066) with that page, under its headers', async () => {
    for (const [page, patterns] of Object.entries(PAGES) as Array<[PageName, readonly PagePath[]]>) {
      for (const pattern of patterns) {
        const path = pagePath(pattern, Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name, '7f1c2d9e-0000-4000-8000-000000000003'])));
        const sut = await fetch(base + path);
        expect({ path, status: sut.status, body: await sut.text() }).toEqual({ path, status: 200, body: `<!doctype html><title>${page}</title>` });
        expect(sut.headers.get('content-security-policy')).toContain("default-src 'none'");
      }
    }
  });

  it('sends / to the workspace with a session cookie and to sign-in without one', async () => {
    const anonymous = await fetch(`${base}/`, { redirect: 'manual' });
    const signedIn = await fetch(`${base}/`, { redirect: 'manual', headers: { cookie: 'vi_session=abc' } });
    expect([anonymous.status, anonymous.headers.get('location'), signedIn.status, signedIn.headers.get('location')]).toEqual([
      302,
      '/sign-in',
      302,
      '/interviews',
    ]);
  });

  it('answers a browser asking for an unknown page with the HTML not-found page (404), and leaves API paths and other clients to JSON', async () => {
    const page = await fetch(`${base}/no/such/page`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect({ status: page.status, body: await page.text() }).toEqual({ status: 404, body: '<!doctype html><title>not found</title>' });
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await fetch(`${base}/no/such/page`)).status).toBe(404);
    expect(await (await fetch(`${base}/no/such/page`)).text()).not.toContain('not found</title>');
    expect(await (await fetch(`${base}/v1.0/nothing`, { headers: { accept: 'text/html' } })).text()).not.toContain('not found</title>');
  });

  it('has a favicon', async () => {
    const sut = await fetch(`${base}/favicon.ico`);
    expect({ status: sut.status, type: sut.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringMatching(/^image\/svg\+xml/) });
    expect(await sut.text()).toContain('<svg');
  });
});
