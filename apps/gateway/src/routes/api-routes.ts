import type { RequestHandler, Router } from 'express';
import type { PrincipalCache } from '../auth/principal-cache';
import type { SessionCookieSettings } from '../auth/session-cookie';
import type { JsonSchema } from '../http/operation';
import { apiDescription } from '../openapi/api-docs';
import { openApiDocument } from '../openapi/openapi.document';
import type { RateLimits } from '../rate-limit/rate-limits';
import type { SignInLimits } from '../rate-limit/sign-in-limits';
import type { Upstreams } from '../upstream/upstreams';
import { assessmentsRoutes } from './assessments.routes';
import { candidateRoutes } from './candidate.routes';
import { evaluationsRoutes } from './evaluations.routes';
import { identityRoutes } from './identity.routes';
import { interviewChatRoutes } from './interview-chat.routes';
import { interviewsRoutes } from './interviews.routes';
import { jobsRoutes } from './jobs.routes';
import { publicJobVideosRoutes } from './public-job-videos.routes';
import { publicOpenInterviewsRoutes } from './public-open-interviews.routes';
import { publicShareRoutes } from './public-share.routes';
import { questionSetsRoutes } from './question-sets.routes';
import { questionsRoutes } from './questions.routes';
import { recordingsRoutes } from './recordings.routes';
import { sessionRoutes } from './session.routes';
import { settingsRoutes } from './settings.routes';
import { takesRoutes } from './takes.routes';
import { transcriptsRoutes } from './transcripts.routes';
import { shareLinksRoutes } from './share-links.routes';
import { webhooksRoutes } from './webhooks.routes';
import { ashbyRoutes } from './partners/ashby.routes';
import { greenhouseRoutes } from './partners/greenhouse.routes';

export interface ApiRouteDeps {
  upstreams: Upstreams;
  cache: PrincipalCache;
  limits: RateLimits;
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  sessions: SessionCookieSettings;
  signInLimits: SignInLimits;
  authenticate: RequestHandler;
}

/** Every router mounted under `/v1.0`, in mount order. A new route file joins one of the two lists. */
export interface ApiRouters {
  /** Before authentication: the description, share links', open interviews' and job videos' public sides, the web pages' session endpoints. */
  open: Router[];
  /** Behind authentication (API key, session cookie or candidate token), the body parser and idempotency. */
  authenticated: Router[];
}

export function apiRouters(deps: ApiRouteDeps): ApiRouters {
  let document: JsonSchema | undefined;
  const routers: ApiRouters = {
    // The description is built from every router here, itself included, when first asked for.
    open: [
      apiDescription(() => (document ??= openApiDocument([...routers.open, ...routers.authenticated]))),
      publicShareRoutes(deps),
      publicOpenInterviewsRoutes(deps),
      publicJobVideosRoutes(deps),
      sessionRoutes(deps),
    ],
    authenticated: [
      identityRoutes(deps.upstreams, (userUuid) => deps.cache.revoke({ userUuid })),
      jobsRoutes(deps.upstreams, { uploadTimeoutMs: deps.uploadTimeoutMs }),
      // Before interviews': `/interviews/decisions` is not an interview's uuid.
      evaluationsRoutes(deps.upstreams),
      interviewsRoutes(deps.upstreams),
      questionsRoutes(deps.upstreams),
      takesRoutes(deps.upstreams),
      recordingsRoutes(deps.upstreams, { uploadTimeoutMs: deps.uploadTimeoutMs }),
      transcriptsRoutes(deps.upstreams),
      interviewChatRoutes(deps.upstreams),
      candidateRoutes(deps.upstreams, { uploadTimeoutMs: deps.uploadTimeoutMs }),
      questionSetsRoutes(deps.upstreams),
      shareLinksRoutes(deps.upstreams),
      webhooksRoutes(deps.upstreams),
      assessmentsRoutes(deps.upstreams),
      settingsRoutes(deps.upstreams),
      // The ATSs' own APIs (decision 071): they authenticate with an integration key like any integrator.
      greenhouseRoutes(deps.upstreams),
      ashbyRoutes(deps.upstreams),
    ],
  };
  return routers;
}

let described: JsonSchema | undefined;

/**
 * The description the gateway serves, without a gateway: the routers are built with no dependencies (only their
 * registrations are read; no handler runs). For the typed client's generator and the e2e response checks.
 */
export function apiDescriptionDocument(): JsonSchema {
  if (described) return described;
  const inert = { upstreams: {}, cache: {}, limits: {}, signInLimits: {}, sessions: {}, authenticate: () => undefined } as unknown as ApiRouteDeps;
  const routers = apiRouters({ ...inert, requestTimeoutMs: 1, uploadTimeoutMs: 1 });
  return (described = openApiDocument([...routers.open, ...routers.authenticated]));
}
