import type { Response } from 'express';
import type { ServicePrincipal, UpstreamCallOptions, UserPrincipal } from '@vi/platform-grpc';

/** What the gateway knows about a request once it is authenticated. */
export interface RequestContext {
  principal: UserPrincipal;
  keyUuid: string;
  /** The request's deadline, passed on to every upstream call. */
  deadline: Date;
  /** The web session's id when the request came from the pages with the session cookie. */
  sessionId?: string;
}

/** The gateway's own principal, for calls no user makes: checking credentials, sign-in, the share links' public side. */
export const GATEWAY_PRINCIPAL: ServicePrincipal = { kind: 'service', service: 'gateway' };

export function contextOf(res: Response): RequestContext {
  return res.locals.context as RequestContext;
}

/** Upstream call options for a read on behalf of this request (its principal and deadline): retried when the service is unavailable, as a read is safe to repeat. */
export function readAs(res: Response): UpstreamCallOptions {
  return callOptions(res, true);
}

/** Upstream call options for a change on behalf of this request: retried only when the call never left, so a change is never made twice. */
export function writeAs(res: Response): UpstreamCallOptions {
  return callOptions(res, false);
}

/** Upstream call options for a read the gateway makes as itself within this request's deadline (what the caller was already allowed to see). */
export function readAsGateway(res: Response): UpstreamCallOptions {
  return { principal: GATEWAY_PRINCIPAL, deadline: contextOf(res).deadline, idempotent: true };
}

function callOptions(res: Response, idempotent: boolean): UpstreamCallOptions & { deadline: Date } {
  const context = contextOf(res);
  return { principal: context.principal, deadline: context.deadline, idempotent };
}
