import type { RequestHandler, Router } from 'express';
import { GatewayErrorCode, gatewayError } from './gateway.errors';
import type { DescribedResource, Method, Operation } from './operation';
import { pathUuidCheck } from './path-uuids';

export interface ResourceOptions {
  /**
   * Its GET changes something (the contract's webhook replay sends a notification again): the guard a change needs
   * (a GET authenticated by the session cookie must carry the CSRF token, as a POST does, so that a link on another
   * site cannot make it; auth/ gives it). HEAD is then refused (405) instead of doing it, since clients and proxies
   * send HEAD as freely as they would a safe request.
   */
  readonly getChangesState?: RequestHandler;
}

/** What `resource` registered on each router, for the OpenAPI description (openapi/openapi.document.ts walks it). */
const described = new WeakMap<Router, DescribedResource[]>();

export function describedResources(router: Router): readonly DescribedResource[] {
  return described.get(router) ?? [];
}

/**
 * Registers the methods a path supports, each with its handler and its description; any other method gets 405
 * with an `Allow` header listing the supported ones. A supported method first checks the path's UUID parameters
 * (404 for one that cannot exist).
 */
export function resource(router: Router, path: string, operations: Partial<Record<Method, Operation>>, options: ResourceOptions = {}): void {
  const route = router.route(path);
  const allowed: string[] = [];
  const checkUuids = pathUuidCheck(path);
  const refuseMethod: RequestHandler = (_req, res, next) => {
    res.setHeader('Allow', allowed.join(', '));
    next(gatewayError(GatewayErrorCode.MethodNotAllowed));
  };
  for (const method of ['get', 'post', 'put', 'delete'] as const) {
    const operation = operations[method];
    if (!operation) continue;
    const guards = method === 'get' && options.getChangesState ? [refuseHead(refuseMethod), options.getChangesState] : [];
    route[method]([...guards, ...(checkUuids ? [checkUuids] : []), operation.handler].flat());
    allowed.push(method.toUpperCase());
    if (method === 'get' && !options.getChangesState) allowed.push('HEAD');
  }
  route.all(refuseMethod);
  if (!described.has(router)) described.set(router, []);
  described.get(router)!.push({ path, operations });
}

function refuseHead(refuseMethod: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'HEAD' ? refuseMethod(req, res, next) : next());
}
