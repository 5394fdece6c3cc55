import type { evaluations } from '@vi/contracts';
import { callerOf, type CallContext, type Caller, type Principal, type UnaryHandlers } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { addComment } from '../../application/add-comment/add-comment';
import { decideMany } from '../../application/decide-many/decide-many';
import { decide } from '../../application/decide/decide';
import { deleteComment } from '../../application/delete-comment/delete-comment';
import { body } from '../../application/evaluation-rendering';
import { getEvaluationSummaries } from '../../application/get-evaluation-summaries/get-evaluation-summaries';
import { getEvaluations } from '../../application/get-evaluations/get-evaluations';
import { getScorecard } from '../../application/get-scorecard/get-scorecard';
import { listComments } from '../../application/list-comments/list-comments';
import type { IdentityDirectory, InterviewsDirectory, JobsDirectory } from '../../application/ports';
import { replaceScorecard } from '../../application/replace-scorecard/replace-scorecard';
import { saveEvaluation } from '../../application/save-evaluation/save-evaluation';
import type { EvaluationsStore } from '../../application/store';
import { submitEvaluation } from '../../application/submit-evaluation/submit-evaluation';

export interface EvaluationsGrpcDeps {
  store: EvaluationsStore;
  identity: IdentityDirectory;
  jobs: JobsDirectory;
  interviews: InterviewsDirectory;
  clock: Clock;
}

/** The principal as it came: a company user, or the gateway passing a link's reviewer (the use case checks which). */
const principalCaller = (ctx: CallContext): Caller<Principal> => ({ principal: ctx.principal, deadline: ctx.deadline });

/** Transport only: request → use case → the REST body it answers, as bytes (decision 065). */
export function evaluationsGrpcHandlers(deps: EvaluationsGrpcDeps): UnaryHandlers<typeof evaluations.EvaluationsServiceService> {
  return {
    getScorecard: async (req, ctx) => body(await getScorecard(deps, callerOf(ctx), req.job_uuid)),
    replaceScorecard: async (req, ctx) =>
      body(
        await replaceScorecard(deps, callerOf(ctx), req.job_uuid, {
          criteria: req.criteria.map((c) => ({ uuid: c.uuid, name: c.name, description: c.description })),
          visibility: req.visibility,
        }),
      ),
    getEvaluations: async (req, ctx) => body(await getEvaluations(deps, principalCaller(ctx), { interviewUuid: req.interview_uuid, reviewer: req.reviewer })),
    saveEvaluation: async (req, ctx) =>
      body(
        await saveEvaluation(deps, principalCaller(ctx), {
          interviewUuid: req.interview_uuid,
          reviewer: req.reviewer,
          changes: {
            recommendation: req.recommendation,
            overallRating: req.overall_rating,
            ratings: req.set_ratings ? req.ratings.map((r) => ({ criterionUuid: r.criterion_uuid, rating: r.rating })) : undefined,
            note: req.note,
          },
        }),
      ),
    submitEvaluation: async (req, ctx) =>
      body(await submitEvaluation(deps, principalCaller(ctx), { interviewUuid: req.interview_uuid, reviewer: req.reviewer })),
    addComment: async (req, ctx) =>
      body(
        await addComment(deps, callerOf(ctx), req.interview_uuid, {
          text: req.text,
          takeUuid: req.take_uuid,
          recordingUuid: req.recording_uuid,
          atMs: req.at_ms,
          mentionUuids: req.mention_uuids,
        }),
      ),
    listComments: async (req, ctx) => body(await listComments(deps, callerOf(ctx), req.interview_uuid)),
    deleteComment: async (req, ctx) => {
      await deleteComment(deps, callerOf(ctx), { interviewUuid: req.interview_uuid, commentUuid: req.comment_uuid });
      return {};
    },
    decide: async (req, ctx) =>
      body(await decide(deps, callerOf(ctx), req.interview_uuid, { decision: req.decision, notifyCandidate: req.notify_candidate, message: req.message })),
    decideMany: async (req, ctx) =>
      body(await decideMany(deps, callerOf(ctx), req.interview_uuids, { decision: req.decision, notifyCandidate: req.notify_candidate, message: req.message })),
    getEvaluationSummaries: async (req, ctx) =>
      getEvaluationSummaries(deps, principalCaller(ctx), { companyUuid: req.company_uuid, interviewUuids: req.interview_uuids }),
  };
}
