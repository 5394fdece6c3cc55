import {
  WebhookEvents,
  type DecisionEventPayload,
  type EvaluationEventPayload,
  type InterviewEventPayload,
  type JobEventPayload,
  transcriptReadyWebhookOf,
  type TranscriptReadyPayload,
  type WebhookEventType,
  type WebhookPayloadType,
} from '@vi/contracts';
import { assertNever, validationFailed, type FieldError } from '@vi/platform-errors';
import { isRefusedLiteralTarget, targetUrlErrors } from '@vi/platform-http';
import { NotificationsError, NotificationsErrorCode } from './notifications.errors';
import { signWebhook } from './signature';

export interface WebhookInput {
  description: string;
  url: string;
  /** `username:password`, or undefined for none. */
  httpAuth?: string;
}

/**
 * The rules of a new webhook (the gateway checks types; these are checked
 * again here): an http(s) URL without credentials in it, basic auth as
 * `username:password`, and, unless private targets are allowed, no literal
 * private address (names are checked after DNS resolution at every attempt).
 */
export function checkWebhookInput(input: WebhookInput, options: { allowPrivateTargets: boolean }): void {
  const errors: FieldError[] = targetUrlErrors(input.url, 'url');
  if (input.description.length > 500) errors.push({ field: 'description', reason: 'at most 500 characters', code: 'too_big' });
  if (input.httpAuth !== undefined && !/^[^:]+:.*$/s.test(input.httpAuth)) {
    errors.push({ field: 'http_auth', reason: 'must look like username:password', code: 'invalid_format' });
  }
  if (errors.length > 0) throw validationFailed(errors);
  if (isRefusedLiteralTarget(input.url, options.allowPrivateTargets)) throw new NotificationsError(NotificationsErrorCode.UrlNotAllowed);
}

/** What a webhook receives for one event: the object as its owner would GET it. */
export interface WebhookNotification {
  eventType: WebhookEventType;
  payloadType: WebhookPayloadType;
  companyUuid: string;
  /** Deliveries of one resource keep their order on a healthy endpoint. */
  resourceUuid: string;
  body: string;
}

/**
 * The notification for an event of the webhook table; undefined when the
 * event carries no company (it then concerns no webhook owner).
 */
export function notificationOf(eventType: WebhookEventType, payload: unknown): WebhookNotification | undefined {
  const payloadType = WebhookEvents[eventType].payload;
  switch (payloadType) {
    case 'Interview':
    case 'Rating': {
      const event = payload as InterviewEventPayload;
      const companyUuid = event.interview?.company?.uuid;
      const body = payloadType === 'Rating' ? event.rating : event.interview;
      if (!companyUuid || !body) return undefined;
      return { eventType, payloadType, companyUuid, resourceUuid: event.interview.uuid, body: JSON.stringify(body) };
    }
    case 'AccommodationRequest': {
      // The interview as the company sees it, with the candidate's request beside it (issue 42).
      const event = payload as InterviewEventPayload;
      const companyUuid = event.interview?.company?.uuid;
      if (!companyUuid || !event.accommodation_request) return undefined;
      const { message, requested_at } = event.accommodation_request;
      const body = { interview: event.interview, message, requested_at };
      return { eventType, payloadType, companyUuid, resourceUuid: event.interview.uuid, body: JSON.stringify(body) };
    }
    case 'Job': {
      const job = payload as JobEventPayload;
      if (!job.company?.uuid) return undefined;
      return { eventType, payloadType, companyUuid: job.company.uuid, resourceUuid: job.uuid, body: JSON.stringify(job) };
    }
    case 'SubmittedEvaluation': {
      const event = payload as EvaluationEventPayload;
      if (!event.company_uuid || !event.evaluation) return undefined;
      const body = { ...event.evaluation, interview_uuid: event.interview_uuid };
      return { eventType, payloadType, companyUuid: event.company_uuid, resourceUuid: event.interview_uuid, body: JSON.stringify(body) };
    }
    case 'InterviewDecision': {
      // Named field by field: the event's `notify_candidate` (the candidate's name, email and the company's message) never goes out.
      const event = payload as DecisionEventPayload;
      if (!event.company_uuid || !event.decision) return undefined;
      const { decision, decided_by, decided_at } = event.decision;
      const body = { decision, decided_by: { uuid: decided_by.uuid, name: decided_by.name }, decided_at, interview_uuid: event.interview_uuid };
      return { eventType, payloadType, companyUuid: event.company_uuid, resourceUuid: event.interview_uuid, body: JSON.stringify(body) };
    }
    case 'TranscriptReady': {
      // Named field by field (decision 073): the event's text, company and time never go out.
      const event = payload as TranscriptReadyPayload;
      if (!event.company_uuid || !event.interview_uuid) return undefined;
      const body = transcriptReadyWebhookOf(event);
      return { eventType, payloadType, companyUuid: event.company_uuid, resourceUuid: event.interview_uuid, body: JSON.stringify(body) };
    }
    default:
      return assertNever(payloadType);
  }
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * One attempt's HTTP request: the reference's `X-Service-*` headers, basic
 * auth when configured, and the Standard Webhooks id, timestamp and signature
 * (the id is the delivery's, the same for every retry).
 */
export function webhookRequest(
  delivery: { webhookId: string; eventType: string; payloadType: string; body: string },
  webhook: { uuid: string; userUuid: string; url: string; secret: string; httpAuth?: string },
  now: Date,
): WebhookRequest {
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'video-interviewing-webhooks/1.0',
    'x-service-event': delivery.eventType,
    'x-service-payload': delivery.payloadType,
    'x-service-user-uuid': webhook.userUuid,
    'x-service-webhook-uuid': webhook.uuid,
    'webhook-id': delivery.webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(webhook.secret, delivery.webhookId, timestamp, delivery.body),
  };
  if (webhook.httpAuth !== undefined) headers.authorization = `Basic ${Buffer.from(webhook.httpAuth).toString('base64')}`;
  return { url: webhook.url, headers, body: delivery.body };
}

/**
 * An Interview body carries its basic share link without the URL (decision 018: no token in events or rows). The
 * URL is put in only in the request that goes out; the stored body never holds it.
 */
export function shareLinkUuidOf(payloadType: string, body: string): string | null {
  if (payloadType !== 'Interview') return null;
  const link = (JSON.parse(body) as { share_link?: { uuid?: unknown } | null }).share_link;
  return typeof link?.uuid === 'string' ? link.uuid : null;
}

export function withShareLinkUrl(body: string, url: string): string {
  const interview = JSON.parse(body) as { share_link: Record<string, unknown> };
  return JSON.stringify({ ...interview, share_link: { ...interview.share_link, url } });
}
