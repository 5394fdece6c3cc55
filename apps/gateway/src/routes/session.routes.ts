import { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { sessionJson, type identity } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { setRateHeaders } from '../auth/authentication';
import type { PrincipalCache } from '../auth/principal-cache';
import { contextOf, GATEWAY_PRINCIPAL } from '../auth/request-context';
import { assertOurOrigin, clearSessionCookie, csrfTokenFor, setSessionCookie, type SessionCookieSettings } from '../auth/session-cookie';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { clientKeyOf } from '../rate-limit/client-key';
import { jsonBody } from '../http/hostile-input';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { RateDecision } from '../rate-limit/rate-limits';
import type { SignInLimits } from '../rate-limit/sign-in-limits';
import type { Upstreams } from '../upstream/upstreams';

const email = z.string().trim().min(1, 'must not be empty').max(254, 'at most 254 characters');
// The password rules (length, common passwords) are identity's; this only bounds what is sent on.
const password = z.string().min(1, 'must not be empty').max(1024, 'at most 1024 characters');
const signInBody = z.object({ email, password });
const setPasswordBody = z.object({ token: z.string().min(1, 'must not be empty').max(200, 'at most 200 characters'), password });
const passwordResetBody = z.object({ email });

/**
 * The web pages' session endpoints (decision 026): sign in, set a password from an emailed link (which signs in),
 * ask for a new link, read the session (its CSRF token) and sign out. Everything else the pages do goes through
 * the public API with the session cookie instead of an API key.
 */
export function sessionRoutes(deps: {
  upstreams: Upstreams;
  cache: PrincipalCache;
  signInLimits: SignInLimits;
  sessions: SessionCookieSettings;
  requestTimeoutMs: number;
  authenticate: RequestHandler;
}): Router {
  const router = Router();
  const identityService = deps.upstreams.identity;
  // Calls anyone may send without a key have their own breaker (decision 035): a flood of sign-ins that identity
  // refuses or cannot answer in time never opens the one that API-key checks depend on.
  const options = () => ({ principal: GATEWAY_PRINCIPAL, deadline: new Date(Date.now() + deps.requestTimeoutMs), breaker: 'sign-in' });
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  router.use('/session', noStore);

  /** 429 with the limit's headers when a reservation found nothing left (decision 035). */
  function refuseWhenOver(res: Response, refused: RateDecision | null): void {
    if (!refused) return;
    setRateHeaders(res, refused);
    throw gatewayError(GatewayErrorCode.TooManyRequests);
  }

  /** The request's web session: GET and DELETE /session act on it, and need one (not an API key). */
  function sessionOf(res: Response): { sessionId: string; userUuid: string; keyUuid: string } {
    const context = contextOf(res);
    if (!context.sessionId) throw gatewayError(GatewayErrorCode.SessionRequired);
    return { sessionId: context.sessionId, userUuid: context.principal.userUuid, keyUuid: context.keyUuid };
  }

  function signedIn(res: Response, result: identity.SignedIn): void {
    const session = result.session!;
    setSessionCookie(res, deps.sessions, result.session_id, new Date(session.expires_at));
    res.status(201).json(sessionJson(session, csrfTokenFor(result.session_id)));
  }

  // Every endpoint takes its body as every /v1.0 route does, before anything else is judged (decision 017).
  // Sign-in, set-password and forgot-password: no key and no session yet, so no Idempotency-Key either.
  const beforeSignIn = { tag: 'Session', security: 'none', idempotent: false } as const;
  // What sign-in and set-password answer: the new session (and its cookie).
  const signsIn = { ...beforeSignIn, ok: { 201: 'Session' }, errors: [400, 401, 403, 413, 415] };

  resource(router, '/session', {
    // Sign in. Login CSRF is refused by the Origin check: a foreign page cannot sign a visitor into its account.
    post: {
      summary: 'Sign in (the web pages): sets the session cookie',
      ...signsIn,
      body: signInBody,
      handler: [
        ...jsonBody,
        async (req, res) => {
          assertOurOrigin(req, deps.sessions);
          const input = validate(signInBody, req.body);
          // The client's attempt is taken before identity hashes anything, and given back unless the password was
          // wrong; failures per account are identity's, per user (decision 034).
          const client = clientKeyOf(req);
          refuseWhenOver(res, await deps.signInLimits.reserveSignIn(client));
          let wrongPassword = false;
          try {
            signedIn(res, await identityService.call((c) => c.signIn, input, options()));
          } catch (error) {
            wrongPassword = error instanceof AppError && error.kind === ErrorKind.Unauthenticated;
            throw error;
          } finally {
            if (!wrongPassword) await deps.signInLimits.releaseSignIn(client);
          }
        },
      ],
    },
    get: {
      summary: 'The current session and its CSRF token',
      tag: 'Session',
      security: 'session',
      ok: {
        200: {
          type: 'object',
          properties: { user_uuid: { type: 'string' }, csrf_token: { type: 'string' } },
          required: ['user_uuid', 'csrf_token'],
          additionalProperties: false,
        },
      },
      handler: [
        deps.authenticate,
        ...jsonBody,
        (_req, res) => {
          const session = sessionOf(res);
          res.json({ user_uuid: session.userUuid, csrf_token: csrfTokenFor(session.sessionId) });
        },
      ],
    },
    // Sign out: the authentication in front has checked Origin and the CSRF token.
    delete: {
      summary: 'Sign out',
      tag: 'Session',
      security: 'session',
      ok: { 204: null },
      handler: [
        deps.authenticate,
        ...jsonBody,
        async (_req, res) => {
          const session = sessionOf(res);
          await identityService.call((c) => c.signOut, { session_id: session.sessionId }, options());
          deps.cache.revoke({ keyUuid: session.keyUuid });
          clearSessionCookie(res, deps.sessions);
          res.status(204).end();
        },
      ],
    },
  });

  resource(router, '/session/password', {
    post: {
      summary: "Choose a password with the emailed link's token (signs in)",
      ...signsIn,
      body: setPasswordBody,
      handler: [
        ...jsonBody,
        async (req, res) => {
          assertOurOrigin(req, deps.sessions);
          const input = validate(setPasswordBody, req.body);
          signedIn(res, await identityService.call((c) => c.setPassword, input, options()));
        },
      ],
    },
  });

  resource(router, '/session/password_reset', {
    // Always 202 with the same body: whether the address belongs to anyone is not told. Every request counts
    // against the account's and the IP's limits, so the endpoint cannot flood an inbox.
    post: {
      summary: 'Ask for a link to choose a password (202 whatever the address)',
      ...beforeSignIn,
      body: passwordResetBody,
      ok: { 202: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'], additionalProperties: false } },
      errors: [400, 403, 413, 415],
      handler: [
        ...jsonBody,
        async (req, res) => {
          assertOurOrigin(req, deps.sessions);
          const input = validate(passwordResetBody, req.body);
          refuseWhenOver(res, await deps.signInLimits.reservePasswordReset(input.email, clientKeyOf(req)));
          await identityService.call((c) => c.requestPasswordReset, input, options());
          res.status(202).json({ reason: 'If an account uses this address, a link to choose a password is on its way' });
        },
      ],
    },
  });

  return router;
}
