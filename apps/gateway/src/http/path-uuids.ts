import type { Request, RequestHandler } from 'express';
import { GatewayErrorCode, gatewayError } from './gateway.errors';
import { isUuid } from './validation';

/** The path parameters that hold a resource's UUID, with the resource their 404 names (`:jobUuid` → "Job not found"). */
const PATH_UUIDS = {
  companyUuid: 'Company',
  userUuid: 'User',
  jobUuid: 'Job',
  jobVideoUuid: 'Job video',
  interviewUuid: 'Interview',
  questionUuid: 'Question',
  takeUuid: 'Take',
  recordingUuid: 'Recording',
  setUuid: 'Question set',
  linkUuid: 'Share link',
  webhookUuid: 'Webhook',
  commentUuid: 'Comment',
  orderUuid: 'Assessment order',
} as const;

export type PathUuid = keyof typeof PATH_UUIDS;

/** A UUID path parameter, lower-cased; anything else is a 404 naming what was not found (a UUID that cannot exist is missing like any other). */
export function pathUuid(req: Request, param: PathUuid): string {
  const value = String(req.params[param]);
  if (!isUuid(value)) throw gatewayError(GatewayErrorCode.NotFound, `${PATH_UUIDS[param]} not found`);
  return value.toLowerCase();
}

/**
 * Checks a route's UUID parameters in path order before its handlers run, so a path naming a resource that cannot
 * exist is a 404 whatever else is wrong with the request (its query or body). Undefined for a path without any;
 * a `:…Uuid` parameter missing from PATH_UUIDS fails at start-up rather than going unchecked.
 */
export function pathUuidCheck(path: string): RequestHandler | undefined {
  const params = [...path.matchAll(/:(\w+Uuid)\b/g)].map(([, name]) => name);
  if (params.length === 0) return undefined;
  for (const param of params) if (!(param in PATH_UUIDS)) throw new Error(`${path}: :${param} is not a known UUID path parameter (http/path-uuids.ts)`);
  return (req, _res, next) => {
    for (const param of params) pathUuid(req, param as PathUuid);
    next();
  };
}
