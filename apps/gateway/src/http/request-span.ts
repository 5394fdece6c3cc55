import type { RequestHandler } from 'express';
import { contextFromHeaders, SpanKind, SpanStatusCode, startSpan, tracer, tracingEnabled, withContext } from '@vi/platform-tracing';
import { routeTemplate } from './access-log';

const gatewayTracer = tracer('gateway');

/**
 * Each request in a SERVER span, the root of its trace or the child of the `traceparent` it came with (an ingress
 * or a client that traces); every gRPC call made for it is a child. Named and labelled like the access log, by the
 * route template: never the path or the query, which carry ids and tokens.
 */
export function requestSpan(): RequestHandler {
  return (req, res, next) => {
    if (!tracingEnabled()) return next();
    const { span, context } = startSpan(
      gatewayTracer,
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.scheme': req.protocol, 'network.protocol.version': req.httpVersion } },
      contextFromHeaders(req.headers),
    );
    const end = () => {
      const route = routeTemplate(req);
      if (route !== 'unmatched') {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      if (res.writableFinished) {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      } else {
        // The client went away before the response was complete.
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'connection closed before the response ended' });
      }
      span.end();
    };
    res.once('close', end);
    withContext(context, next);
  };
}
