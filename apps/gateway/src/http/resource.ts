import type { RequestHandler, Router } from 'express';
import { GatewayErrorCode, gatewayError } from './gateway.errors';

type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Registers the methods a path supports; any other method gets 405 with an
 * `Allow` header listing the supported ones.
 */
export function resource(router: Router, path: string, handlers: Partial<Record<Method, RequestHandler | RequestHandler[]>>): void {
  const route = router.route(path);
  const allowed: string[] = [];
  for (const method of ['get', 'post', 'put', 'delete'] as const) {
    const handler = handlers[method];
    if (!handler) continue;
    route[method](handler);
    allowed.push(method.toUpperCase());
    if (method === 'get') allowed.push('HEAD');
  }
  route.all((_req, res, next) => {
    res.setHeader('Allow', allowed.join(', '));
    next(gatewayError(GatewayErrorCode.MethodNotAllowed));
  });
}
