import { createRequire } from 'node:module';
import { Router } from 'express';
import type { JsonSchema } from '../http/operation';
import { resource } from '../http/resource';

// The reference page: Scalar's standalone bundle, served from here (no CDN). Scalar sets inline `style` attributes,
// so this page alone allows 'unsafe-inline' styles; scripts stay 'self' only, and nothing may reach another host.
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Video interviewing API reference</title>
</head>
<body>
<div id="reference"></div>
<script src="/docs/scalar.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// The mount point is not `#api-reference`: the standalone bundle mounts a second, unconfigured reference on an
// element of that id as it loads (an empty loading skeleton above ours, with Scalar's fonts and agent).
// Nothing that reaches Scalar's hosts: no default fonts, no "try it" client (it proxies through them), no agent
// (it searches their registry), no telemetry. The CSP would block them anyway; this keeps the console clean.
const INIT = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: '/v1.0/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  telemetry: false,
  agent: { disabled: true },
})});\n`;

/** `GET /v1.0/openapi.json` (no key needed): `document` gives it (built on first use from every router, this one included). */
export function apiDescription(document: () => JsonSchema): Router {
  const router = Router();
  resource(router, '/openapi.json', {
    get: {
      summary: 'This description',
      tag: 'Meta',
      security: 'none',
      ok: { 200: { type: 'object' } },
      handler: (_req, res) => {
        res.set('Cache-Control', 'no-cache').json(document());
      },
    },
  });
  return router;
}

/** The page that renders the description, `/docs`. */
export function apiDocsPage(): Router {
  const page = Router();
  const headers = { 'Content-Security-Policy': API_DOCS_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };
  page.get('/docs', (_req, res) => {
    res.set(headers).set('Cache-Control', 'no-cache').type('html').send(PAGE);
  });
  page.get('/docs/init.js', (_req, res) => {
    res.set(headers).set('Cache-Control', 'no-cache').type('text/javascript').send(INIT);
  });
  page.get('/docs/scalar.js', (_req, res) => {
    const bundle = createRequire(__filename).resolve('@scalar/api-reference/browser/standalone.js');
    res.set(headers).set('Cache-Control', 'public, max-age=86400').type('text/javascript').sendFile(bundle);
  });
  return page;
}
