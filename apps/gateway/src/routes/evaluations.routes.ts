import { Router } from 'express';
import { z } from 'zod';
import { DECISIONS, EVALUATION_LIMITS, RECOMMENDATIONS, SCORECARD_VISIBILITIES } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { pathUuid } from '../http/path-uuids';
import { sendJson, sendParsedJson as sendParsed } from '../http/rendered-json';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

/**
 * What the hiring team says about an interview (decision 070): the job's scorecard, each evaluator's evaluation,
 * comments pinned to a moment of an answer, and the decision. The evaluations service checks the rules that need
 * its data (criteria of this job, the answer's length, who may); the shapes and limits are checked here.
 */

const rating = z.number().int('must be a whole number from 1 to 5').min(1, 'must be 1 to 5').max(5, 'must be 1 to 5');

const scorecardBody = z.object({
  criteria: z
    .array(
      z.object({
        uuid: z.uuid('must be a criterion uuid of this scorecard').optional(),
        name: z.string().trim().min(1, 'must not be empty').max(EVALUATION_LIMITS.criterionName, `at most ${EVALUATION_LIMITS.criterionName} characters`),
        description: z.string().trim().max(EVALUATION_LIMITS.criterionDescription, `at most ${EVALUATION_LIMITS.criterionDescription} characters`).default(''),
      }),
    )
    .max(EVALUATION_LIMITS.criteria, `at most ${EVALUATION_LIMITS.criteria} criteria`)
    .superRefine((criteria, ctx) => {
      const names = new Set<string>();
      const uuids = new Set<string>();
      criteria.forEach((c, index) => {
        const name = c.name.toLowerCase();
        if (names.has(name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'each name once in the scorecard' });
        names.add(name);
        if (c.uuid !== undefined && uuids.has(c.uuid)) ctx.addIssue({ code: 'custom', path: [index, 'uuid'], message: 'each criterion once' });
        if (c.uuid !== undefined) uuids.add(c.uuid);
      });
    }),
  visibility: z.enum(SCORECARD_VISIBILITIES).optional(),
});

/** Each field absent: unchanged; null: cleared. */
export const evaluationBody = z.object({
  recommendation: z.enum(RECOMMENDATIONS).nullable().optional(),
  overall_rating: rating.nullable().optional(),
  ratings: z
    .array(z.object({ criterion_uuid: z.uuid('must be a criterion uuid of this job'), rating }))
    .max(EVALUATION_LIMITS.criteria, `at most ${EVALUATION_LIMITS.criteria} ratings`)
    .superRefine((ratings, ctx) => {
      const seen = new Set<string>();
      ratings.forEach((r, index) => {
        if (seen.has(r.criterion_uuid)) ctx.addIssue({ code: 'custom', path: [index, 'criterion_uuid'], message: 'each criterion once' });
        seen.add(r.criterion_uuid);
      });
    })
    .optional(),
  note: z.string().max(EVALUATION_LIMITS.note, `at most ${EVALUATION_LIMITS.note} characters`).nullable().optional(),
});

/** The gRPC form of an evaluation's changes: absent unchanged, "" or 0 cleared (evaluations.proto). */
export function evaluationChanges(body: z.output<typeof evaluationBody>) {
  return {
    recommendation: body.recommendation === undefined ? undefined : (body.recommendation ?? ''),
    overall_rating: body.overall_rating === undefined ? undefined : (body.overall_rating ?? 0),
    set_ratings: body.ratings !== undefined,
    ratings: body.ratings ?? [],
    note: body.note === undefined ? undefined : (body.note ?? ''),
  };
}

const commentBody = z
  .object({
    text: z.string().trim().min(1, 'must not be empty').max(EVALUATION_LIMITS.commentText, `at most ${EVALUATION_LIMITS.commentText} characters`),
    take_uuid: z.uuid('must be a take uuid of this interview').optional(),
    recording_uuid: z.uuid('must be a recording uuid of this interview').optional(),
    at_ms: z.number().int('must be whole milliseconds').min(0, 'must be 0 or more').optional(),
    mentions: z.array(z.uuid('must be a user uuid')).max(20, 'at most 20 mentions').default([]),
  })
  .superRefine((c, ctx) => {
    if (c.take_uuid !== undefined && c.recording_uuid !== undefined)
      ctx.addIssue({ code: 'custom', path: ['recording_uuid'], message: 'a comment is on a take or on a recording, not both' });
    if (c.at_ms !== undefined && c.take_uuid === undefined && c.recording_uuid === undefined)
      ctx.addIssue({ code: 'custom', path: ['at_ms'], message: 'needs take_uuid or recording_uuid' });
  });

const decisionFields = {
  decision: z.enum(DECISIONS),
  notify_candidate: z.boolean().default(false),
  message: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(EVALUATION_LIMITS.rejectMessage, `at most ${EVALUATION_LIMITS.rejectMessage} characters`)
    .optional(),
};

/** Only a reject tells the candidate, and a message is only for them. */
function noticeOfReject(d: { decision: string; notify_candidate: boolean; message?: string }, ctx: z.RefinementCtx): void {
  if (d.notify_candidate && d.decision !== 'reject')
    ctx.addIssue({ code: 'custom', path: ['notify_candidate'], message: 'only a reject notifies the candidate' });
  if (d.message !== undefined && !d.notify_candidate) ctx.addIssue({ code: 'custom', path: ['message'], message: 'needs notify_candidate: true' });
}

const decisionBody = z.object(decisionFields).superRefine(noticeOfReject);

const bulkDecisionBody = z
  .object({
    interviews: z
      .array(z.uuid('must be an interview uuid'))
      .min(1, 'at least one interview')
      .max(EVALUATION_LIMITS.bulkDecisions, `at most ${EVALUATION_LIMITS.bulkDecisions} interviews`),
    ...decisionFields,
  })
  .superRefine(noticeOfReject);

export function evaluationsRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const service = upstreams.evaluations;

  resource(router, '/jobs/:jobUuid/scorecard', {
    get: {
      summary: "The job's scorecard: its criteria and who sees whose evaluation when",
      description: 'A job never given one answers `criteria: []`, `visibility: "after_submit"`, `updated_at: null`.',
      tag: 'Evaluations',
      ok: { 200: 'Scorecard' },
      handler: async (req, res) => {
        const { json } = await service.call((c) => c.getScorecard, { job_uuid: pathUuid(req, 'jobUuid') }, readAs(res));
        sendJson(res, 200, json);
      },
    },
    put: {
      summary: "Replace the job's scorecard (administrators and the job's creator)",
      description:
        'Criteria keep their uuid when named again by `uuid`; a criterion left out is removed (ratings already given to it stay in their evaluations but leave the averages).',
      tag: 'Evaluations',
      body: scorecardBody,
      ok: { 200: 'Scorecard' },
      errors: [403],
      handler: async (req, res) => {
        const body = validate(scorecardBody, req.body);
        const { json } = await service.call((c) => c.replaceScorecard, { job_uuid: pathUuid(req, 'jobUuid'), ...body }, writeAs(res));
        sendJson(res, 200, json);
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/evaluations', {
    get: {
      summary: "The interview's evaluations as the caller may see them",
      description:
        '`others` and `summary` are null while hidden from the caller (`after_submit` and the caller has not submitted). Completed interviews, or expired ones with answers; otherwise `409 api.interview_not_evaluable`.',
      tag: 'Evaluations',
      ok: { 200: 'InterviewEvaluations' },
      errors: [409],
      handler: async (req, res) => {
        const { json } = await service.call((c) => c.getEvaluations, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        sendJson(res, 200, json);
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/evaluations/mine', {
    put: {
      summary: "Save the caller's evaluation (a draft, or amend a submitted one, which stays submitted)",
      description: 'Each field absent is unchanged; null clears it. `ratings` replaces the ratings given.',
      tag: 'Evaluations',
      body: evaluationBody,
      ok: { 200: 'Evaluation' },
      errors: [409],
      handler: async (req, res) => {
        const body = validate(evaluationBody, req.body);
        const { json } = await service.call(
          (c) => c.saveEvaluation,
          { interview_uuid: pathUuid(req, 'interviewUuid'), ...evaluationChanges(body) },
          writeAs(res),
        );
        sendJson(res, 200, json);
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/evaluations/mine/submit', {
    post: {
      summary: "Submit the caller's evaluation",
      description: 'Needs a recommendation and a rating of every criterion of the scorecard; each missing one is a field of `400 api.validation_failed`.',
      tag: 'Evaluations',
      ok: { 200: 'Evaluation' },
      errors: [409],
      handler: async (req, res) => {
        const { json } = await service.call((c) => c.submitEvaluation, { interview_uuid: pathUuid(req, 'interviewUuid') }, writeAs(res));
        sendParsed(res, 200, json);
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/comments', {
    get: {
      summary: "The interview's comments, in order of answer and moment",
      tag: 'Evaluations',
      ok: { 200: 'CommentList' },
      errors: [409],
      handler: async (req, res) => {
        const { json } = await service.call((c) => c.listComments, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        sendJson(res, 200, json);
      },
    },
    post: {
      summary: 'Comment on the interview, pinned to a moment of a take or a recording when given',
      description:
        "`at_ms` must lie within the take's or recording's measured length. Each mentioned colleague is emailed a link to the watch page at that moment.",
      tag: 'Evaluations',
      body: commentBody,
      ok: { 201: 'Comment' },
      errors: [409],
      handler: async (req, res) => {
        const { mentions, ...body } = validate(commentBody, req.body);
        const { json } = await service.call(
          (c) => c.addComment,
          { interview_uuid: pathUuid(req, 'interviewUuid'), ...body, mention_uuids: [...new Set(mentions)] },
          writeAs(res),
        );
        sendParsed(res, 201, json);
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/comments/:commentUuid', {
    delete: {
      summary: 'Delete a comment (its author, or an administrator)',
      tag: 'Evaluations',
      ok: { 204: null },
      errors: [403],
      handler: async (req, res) => {
        await service.call(
          (c) => c.deleteComment,
          { interview_uuid: pathUuid(req, 'interviewUuid'), comment_uuid: pathUuid(req, 'commentUuid') },
          writeAs(res),
        );
        res.status(204).end();
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/decision', {
    put: {
      summary: 'Decide: advance, reject or hold',
      description:
        "`notify_candidate: true` on a reject emails the candidate a kind message in the interview's language (`message` replaces its middle paragraph), never the scores.",
      tag: 'Evaluations',
      body: decisionBody,
      ok: { 200: 'Decision' },
      errors: [409],
      handler: async (req, res) => {
        const body = validate(decisionBody, req.body);
        const { json } = await service.call((c) => c.decide, { interview_uuid: pathUuid(req, 'interviewUuid'), ...body }, writeAs(res));
        sendJson(res, 200, json);
      },
    },
  });

  resource(router, '/interviews/decisions', {
    post: {
      summary: 'Decide many interviews at once (at most 100)',
      description: 'Answers per interview `200` (decided), `404` (not found) or `409` (not evaluable); the others are decided.',
      tag: 'Evaluations',
      body: bulkDecisionBody,
      ok: { 200: 'DecisionResults' },
      handler: async (req, res) => {
        const { interviews, ...body } = validate(bulkDecisionBody, req.body);
        const { json } = await service.call((c) => c.decideMany, { interview_uuids: [...new Set(interviews)], ...body }, writeAs(res));
        sendParsed(res, 200, json);
      },
    },
  });

  return router;
}
