import type { RequestHandler, Router } from 'express';
import { GatewayErrorCode, gatewayError } from './gateway.errors';
import { pathUuidCheck } from './path-uuids';

type Method = 'get' | 'post' | 'put' | 'delete';

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
export function resource(router: Router, path: string, handlers: Partial<Record<Method, RequestHandler | RequestHandler[]>>): void {
  const route = router.route(path);
  const allowed: string[] = [];
  const checkUuids = pathUuidCheck(path);
  for (const method of ['get', 'post', 'put', 'delete'] as const) {
    const handler = handlers[method];
    if (!handler) continue;
    route[method](checkUuids ? [checkUuids, handler].flat() : handler);
    if (!registered.has(path)) registered.set(path, new Set());
    registered.get(path)!.add(method);
    allowed.push(method.toUpperCase());
    if (method === 'get') allowed.push('HEAD');
  }
  route.all((_req, res, next) => {
    res.setHeader('Allow', allowed.join(', '));
    next(gatewayError(GatewayErrorCode.MethodNotAllowed));
  });
}
