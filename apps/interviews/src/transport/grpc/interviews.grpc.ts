import type { interviews } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import { createInterviews } from '../../application/create-interviews/create-interviews';
import { deleteInterview } from '../../application/delete-interview/delete-interview';
import { getInterview } from '../../application/get-interview/get-interview';
import { renderInterviewBody } from '../../application/interview-rendering';
import { listInterviews } from '../../application/list-interviews/list-interviews';
import { resendInvitation } from '../../application/resend-invitation/resend-invitation';
import { resetInterview } from '../../application/reset-interview/reset-interview';
import { updateInterview } from '../../application/update-interview/update-interview';
import { interviewSourceOf, type InterviewOrder } from '../../domain/interview';
import type { InterviewStatus, InterviewType } from '../../domain/interview-status';
import type { AccommodationsInput } from '../../domain/accommodations';
import type { InterviewsGrpcDeps } from './grpc-deps';

function accommodationsInputOf(input: interviews.AccommodationsInput): AccommodationsInput {
  return { timeMultiplier: input.time_multiplier, unlimitedTime: input.unlimited_time, extraTakes: input.extra_takes, audioOnly: input.audio_only };
}

/**
 * Transport only: request → use case → response message. A company's interviews answer as the API renders them
 * (decision 065): the list page comes rendered from its use case (it is cached so), one or several interviews are
 * rendered here from the use case's message.
 */
export function interviewsHandlers(deps: InterviewsGrpcDeps): UnaryHandlers<typeof interviews.InterviewsServiceService> {
  return {
    listInterviews: async (req, ctx) =>
      listInterviews(deps, callerOf(ctx), {
        types: req.types as InterviewType[],
        statuses: req.statuses as InterviewStatus[],
        orderBy: req.orderby as InterviewOrder,
        rangeFrom: req.range_from,
        rangeTo: req.range_to,
        q: req.q,
      }),
    getInterview: async (req, ctx) => renderInterviewBody(await getInterview(deps, callerOf(ctx), req.interview_uuid)),
    createInterviews: async (req, ctx) => {
      const created = await createInterviews(deps, callerOf(ctx), {
        type: req.type as InterviewType,
        scheduledAt: new Date(req.scheduled_at),
        assignees: req.assigned_to.map((a) => ({ name: a.name, email: a.email, phone: a.phone, phoneParsed: a.phone_parsed })),
        emailMessage: req.email_message,
        jobUuid: req.job_uuid,
        questions: req.questions.map((q) => ({ text: q.text, timeLimit: q.time_limit, takes: q.takes, thinkTime: q.think_time })),
        questionSetUuid: req.question_set_uuid,
        timezone: req.timezone,
        language: req.language,
        hasSmsConsent: req.has_sms_consent,
        interviewUuid: req.interview_uuid,
        source: req.source && interviewSourceOf(req.source.type, req.source.external_id),
        accommodations: req.accommodations && accommodationsInputOf(req.accommodations),
      });
      return { interview_uuids: created.interviews.map((i) => i.uuid), ...renderInterviewBody(created.interviews) };
    },
    updateInterview: async (req, ctx) =>
      renderInterviewBody(
        await updateInterview(deps, callerOf(ctx), {
          interviewUuid: req.interview_uuid,
          scheduledAt: req.scheduled_at ? new Date(req.scheduled_at) : undefined,
          status: req.status,
          rating: req.rating,
          accommodations: req.accommodations && accommodationsInputOf(req.accommodations),
        }),
      ),
    deleteInterview: async (req, ctx) => {
      await deleteInterview(deps, callerOf(ctx), req.interview_uuid);
      return {};
    },
    resetInterview: async (req, ctx) =>
      resetInterview(deps, ctx.principal, {
        interviewUuid: req.interview_uuid,
        scheduledAt: req.scheduled_at === undefined ? undefined : new Date(req.scheduled_at),
      }),
    resendInvitation: async (req, ctx) => {
      await resendInvitation(deps, ctx.principal, req.interview_uuid);
      return {};
    },
  };
}
