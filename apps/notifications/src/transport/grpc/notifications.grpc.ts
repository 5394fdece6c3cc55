import type { notifications } from '@vi/contracts';
import type { UnaryHandlers } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { createWebhook } from '../../application/create-webhook/create-webhook';
import { deleteWebhook } from '../../application/delete-webhook/delete-webhook';
import { enableWebhook } from '../../application/enable-webhook/enable-webhook';
import { forgetInterviews } from '../../application/forget-interviews/forget-interviews';
import { getWebhook } from '../../application/get-webhook/get-webhook';
import { listDeliveries } from '../../application/list-deliveries/list-deliveries';
import { listWebhooks } from '../../application/list-webhooks/list-webhooks';
import { getInterviewCalendar } from '../../application/get-interview-calendar/get-interview-calendar';
import type { LinkIssuer, SecretSealer } from '../../application/ports';
import type { LiveCalendarSettings } from '../../application/shared/live-calendar';
import { replayEvent } from '../../application/replay-event/replay-event';
import type { NotificationsStore } from '../../application/store';

export interface NotificationsGrpcDeps {
  store: NotificationsStore;
  sealer: SecretSealer;
  allowPrivateTargets: boolean;
  clock: Clock;
  /** New deliveries were queued (replay): wake the dispatcher. */
  onQueued: () => void;
  /** The candidate link in a downloaded calendar invitation. */
  links: LinkIssuer;
  calendar: Pick<LiveCalendarSettings, 'organizerEmail'>;
}

/** Transport only: request → use case → response message. */
export function notificationsGrpcHandlers(deps: NotificationsGrpcDeps): UnaryHandlers<typeof notifications.NotificationsServiceService> {
  return {
    forgetInterviews: async (req, ctx) => forgetInterviews(deps, ctx.principal, req.interview_uuids),
    listWebhooks: async (req, ctx) => listWebhooks(deps, ctx.user(), { from: req.range_from, to: req.range_to }),
    createWebhook: async (req, ctx) => createWebhook(deps, ctx.user(), { description: req.description, url: req.url, httpAuth: req.http_auth }),
    getWebhook: async (req, ctx) => getWebhook(deps, ctx.user(), req.webhook_uuid),
    deleteWebhook: async (req, ctx) => {
      await deleteWebhook(deps, ctx.user(), req.webhook_uuid);
      return {};
    },
    enableWebhook: async (req, ctx) => enableWebhook(deps, ctx.user(), req.webhook_uuid),
    replayEvent: async (req, ctx) => replayEvent(deps, ctx.user(), req.event_type),
    getInterviewCalendar: async (req, ctx) => getInterviewCalendar(deps, ctx.principal, req.interview_json),
    listDeliveries: async (req, ctx) => listDeliveries(deps, ctx.user(), { webhookUuid: req.webhook_uuid, from: req.range_from, to: req.range_to }),
  };
}
