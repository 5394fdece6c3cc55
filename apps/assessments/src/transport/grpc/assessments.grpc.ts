import type { assessments } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { body } from '../../application/assessment-rendering';
import { cancelTest } from '../../application/cancel-test/cancel-test';
import { connectAts } from '../../application/connect-ats/connect-ats';
import { disconnectAts } from '../../application/disconnect-ats/disconnect-ats';
import { getTestStatus } from '../../application/get-test-status/get-test-status';
import { listIntegrations } from '../../application/list-integrations/list-integrations';
import { listOrders } from '../../application/list-orders/list-orders';
import { listTests } from '../../application/list-tests/list-tests';
import type { EvaluationsPort, InterviewsPort, JobsDirectory, SecretSealer, SharingPort } from '../../application/ports';
import { resendCallback } from '../../application/resend-callback/resend-callback';
import { sendTest } from '../../application/send-test/send-test';
import type { AssessmentsStore } from '../../application/store';
import type { AtsAdapters } from '../../domain/ats/adapters';

export interface AssessmentsGrpcDeps {
  store: AssessmentsStore;
  jobs: JobsDirectory;
  interviews: InterviewsPort;
  evaluations: EvaluationsPort;
  sharing: SharingPort;
  sealer: SecretSealer;
  adapters: AtsAdapters;
  clock: Clock;
  wake: () => void;
  settings: { dueDays: number; allowPrivateTargets: boolean };
}

/** Transport only: request → use case → the REST body it answers, as bytes (decision 065). */
export function assessmentsGrpcHandlers(deps: AssessmentsGrpcDeps): UnaryHandlers<typeof assessments.AssessmentsServiceService> {
  return {
    listTests: async (req, ctx) => body(await listTests(deps, callerOf(ctx), req.ats)),
    sendTest: async (req, ctx) =>
      body(
        await sendTest(deps, callerOf(ctx), {
          ats: req.ats,
          testId: req.test_id,
          candidate: {
            firstName: req.candidate?.first_name ?? '',
            lastName: req.candidate?.last_name ?? '',
            preferredName: req.candidate?.preferred_name,
            email: req.candidate?.email ?? '',
            phone: req.candidate?.phone,
            language: req.candidate?.language,
          },
          callbackUrl: req.callback_url,
          externalId: req.external_id,
          atsFields: req.ats_fields,
        }),
      ),
    getTestStatus: async (req, ctx) => body(await getTestStatus(deps, callerOf(ctx), { ats: req.ats, orderId: req.order_id })),
    cancelTest: async (req, ctx) => body(await cancelTest(deps, callerOf(ctx), { ats: req.ats, orderId: req.order_id })),
    listIntegrations: async (_req, ctx) => body(await listIntegrations(deps, callerOf(ctx))),
    connectAts: async (req, ctx) => body(await connectAts(deps, callerOf(ctx), { ats: req.ats, apiKey: req.api_key })),
    disconnectAts: async (req, ctx) => {
      await disconnectAts(deps, callerOf(ctx), { ats: req.ats });
      return {};
    },
    listOrders: async (req, ctx) => {
      const page = await listOrders(deps, callerOf(ctx), { ats: req.ats, statuses: req.statuses, rangeFrom: req.range_from, rangeTo: req.range_to });
      return { items_json: Buffer.from(JSON.stringify(page.items)), total: page.total };
    },
    resendCallback: async (req, ctx) => body(await resendCallback(deps, callerOf(ctx), req.order_uuid)),
  };
}
