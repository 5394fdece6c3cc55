import type { Response } from 'express';
import type { UserPrincipal } from '@vi/platform-grpc';

/** What the gateway knows about a request once it is authenticated. */
export interface RequestContext {
  principal: UserPrincipal;
  keyUuid: string;
  /** The request's deadline, passed on to every upstream call. */
  deadline: Date;
  /** The web session's id when the request came from the pages with the session cookie. */
  sessionId?: string;
}

export function contextOf(res: Response): RequestContext {
  return res.locals.context as RequestContext;
}

/** Upstream call options for this request: its principal and deadline. */
export function callAs(res: Response, idempotent = false) {
  const context = contextOf(res);
  return { principal: context.principal, deadline: context.deadline, idempotent };
}
