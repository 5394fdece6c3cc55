import type { RequestHandler, Router } from 'express';
import { assertCsrfToken } from '../auth/session-cookie';
import type { RequestContext } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from './gateway.errors';
import { pathUuidCheck } from './path-uuids';

type Method = 'get' | 'post' | 'put' | 'delete';

export interface ResourceOptions {
  /**
   * Its GET changes something (the contract's webhook replay sends a notification again). HEAD is then refused
   * (405) instead of doing it, since clients and proxies send HEAD as freely as they would a safe request; and a
   * GET authenticated by the session cookie must carry the CSRF token, as a POST does, so that a link on another
   * site cannot make it.
   */
  readonly getChangesState?: boolean;
}

/** Every path registered through `resource` and its methods: what the OpenAPI description must cover (its spec checks). */
const registered = new Map<string, Set<Method>>();

export function registeredResources(): ReadonlyMap<string, ReadonlySet<Method>> {
  return registered;
}

/**
 * Registers the methods a path supports; any other method gets 405 with an
 * `Allow` header listing the supported ones. A supported method first checks
 * the path's UUID parameters (404 for one that cannot exist).
 */
export function resource(
  router: Router,
  path: string,
  handlers: Partial<Record<Method, RequestHandler | RequestHandler[]>>,
  options: ResourceOptions = {},
): void {
  const route = router.route(path);
  const allowed: string[] = [];
  const checkUuids = pathUuidCheck(path);
  const refuseMethod: RequestHandler = (_req, res, next) => {
    res.setHeader('Allow', allowed.join(', '));
    next(gatewayError(GatewayErrorCode.MethodNotAllowed));
  };
  for (const method of ['get', 'post', 'put', 'delete'] as const) {
    const handler = handlers[method];
    if (!handler) continue;
    const guards = method === 'get' && options.getChangesState ? [refuseHead(refuseMethod), requireCsrfTokenOfSession] : [];
    route[method]([...guards, ...(checkUuids ? [checkUuids] : []), handler].flat());
    if (!registered.has(path)) registered.set(path, new Set());
    registered.get(path)!.add(method);
    allowed.push(method.toUpperCase());
    if (method === 'get' && !options.getChangesState) allowed.push('HEAD');
  }
  route.all(refuseMethod);
}

function refuseHead(refuseMethod: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'HEAD' ? refuseMethod(req, res, next) : next());
}

const requireCsrfTokenOfSession: RequestHandler = (req, res, next) => {
  const sessionId = (res.locals.context as RequestContext | undefined)?.sessionId;
  if (sessionId) assertCsrfToken(req, sessionId);
  next();
};
