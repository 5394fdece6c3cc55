import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PAGES, SIGN_IN_PATH, WORKSPACE_HOME, type PageName } from '@vi/contracts';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';

/**
 * The web pages (apps/web, built by Vite into dist/web): each page's paths (`PAGES` of @vi/contracts, the list the
 * pages and the build read too) answer the page's index.html (revalidated on every visit), `/web/assets/*` the
 * hashed bundle (cached for a year: a new build has new names). The pages call only the public API under /v1.0 on
 * this same origin, which is all the CSP allows. The access log names a route's template, never the path or its
 * query (http/access-log.ts), so the tokens in these URLs reach no log.
 */

/** Where `npm run build:web` (apps/web/build/build-web.ts) writes the bundle; the container image has it at /app/dist/web. */
export const DEFAULT_WEB_DIST = resolve(__dirname, '../../../../dist/web');

// No inline script or style, nothing from another host. Media: the take
// videos (self, or the object store's origin when the video URLs redirect
// there: MEDIA_PLAYBACK_ORIGIN, decision 024; a CSP applies to every hop of a
// redirect) and the candidate's own recording played back (blob:).
// Images: company avatars may live on the company's own host (https:);
// Referrer-Policy keeps the token in the URL from reaching it.
export function webPageCsp(mediaOrigin?: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: https:",
    `media-src 'self' blob:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// A small mark in the primary colour, drawn rather than shipped as a binary: answers /favicon.ico and /favicon.svg.
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0a4f9e"/><path d="M8 10h10a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2zm13 5 5-3v8l-5-3z" fill="#fff"/></svg>`;

export interface WebPagesOptions {
  /** Where take videos are fetched from besides this origin (the object store, with presigned playback). */
  mediaOrigin?: string;
  /** Whether the request carries a session cookie (not whether the session is still alive: the page checks that). */
  hasSessionCookie?: (req: Request) => boolean;
}

export function webPages(distDir: string = DEFAULT_WEB_DIST, options: WebPagesOptions = {}): Router {
  const router = Router();
  const pageHeaders: Record<string, string> = {
    'Content-Security-Policy': webPageCsp(options.mediaOrigin),
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Only the candidate page records, and only from this origin.
    'Permissions-Policy': 'camera=(self), microphone=(self), geolocation=()',
  };
  const setPageHeaders: RequestHandler = (_req, res, next) => {
    res.set(pageHeaders);
    next();
  };

  const sendPage = (res: Response, file: string, status = 200) => {
    const path = join(distDir, file);
    // Read per visit (a few hundred bytes): a rebuild is served without restarting the gateway.
    if (!existsSync(path)) {
      res
        .status(503)
        .type('text/plain')
        .set('Cache-Control', 'no-store')
        .send('The web pages are not built: run `npm run build:web` (npm start builds them when missing).\n');
      return;
    }
    res.status(status).type('html').set('Cache-Control', 'no-cache').send(readFileSync(path));
  };

  // Each page's paths, from the one list the pages read theirs from (libs/contracts/src/pages/page-paths.ts,
  // decision 066): the candidate's interview, a share link, an open interview's link (decision 045), the account
  // pages and the company workspace (decisions 026, 044). `not-found` has none: it answers what is left, below.
  for (const [name, paths] of Object.entries(PAGES) as Array<[PageName, readonly string[]]>) {
    if (paths.length > 0) router.get([...paths], setPageHeaders, (_req, res) => sendPage(res, `${name}.html`));
  }
  router.get('/', (req, res) => {
    res.set('Cache-Control', 'no-store').redirect(302, options.hasSessionCookie?.(req) ? WORKSPACE_HOME : SIGN_IN_PATH);
  });
  router.get(['/favicon.ico', '/favicon.svg'], (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(FAVICON);
  });
  router.use(
    '/web/assets',
    setPageHeaders,
    express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, redirect: false, dotfiles: 'ignore' }),
  );
  // Anything else a browser asks for as a page (not the API, not an asset) gets the HTML "not found" page.
  router.get(/^(?!\/v1\.0\/|\/web\/assets\/)/, setPageHeaders, (req, res, next) => {
    if (!req.accepts(['json', 'html']) || req.accepts(['json', 'html']) !== 'html') return next();
    sendPage(res, 'not-found.html', 404);
  });
  return router;
}
