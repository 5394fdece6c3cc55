import { Router, type Request } from 'express';
import { z } from 'zod';
import { timestampView, uuidView, type interviews } from '@vi/contracts';
import { callAs } from '../auth/request-context';
import { GatewayErrorCode, gatewayError } from '../http/gateway.errors';
import { parseRange, sendPage } from '../http/paging';
import { resource } from '../http/resource';
import { isUuid, validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';

/** Both prefixes name the same resource (API reference, "Question sets"). */
const PREFIXES = ['/question_sets', '/interview_question_sets'] as const;

// The rules of apps/interviews/src/domain/question-set.ts (decision 013); the service checks them again.
const TIME_LIMITS = [30, 60, 90, 120, 160, 180] as const;
const THINK_TIMES = ['0', '15', '30', '45', '60', '90', '120', '180'] as const;
const DEFAULT_THINK_TIME = '30';

/** A string of whole seconds, as the API shows it; a JSON number with the same value is accepted too. Interview questions take it as well. */
export const thinkTime = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z.enum(THINK_TIMES, { message: `must be one of "${THINK_TIMES.join('", "')}" (seconds)` }),
);

const name = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');
const question = {
  time_limit: z.literal(TIME_LIMITS, { message: `must be one of ${TIME_LIMITS.join(', ')}` }),
  takes: z
    .number()
    .int('must be a whole number')
    .min(-1, 'must be -1 (unlimited) or 0 to 5')
    .max(5, 'must be -1 (unlimited) or 0 to 5')
    .default(-1),
  think_time: thinkTime.default(DEFAULT_THINK_TIME),
  text: z.string().trim().min(1, 'must not be empty').max(2000, 'at most 2000 characters'),
};
const questionList = <T extends z.ZodType>(item: T) => z.array(item).min(1, 'must have at least one question').max(50, 'at most 50 questions');

// On create every question is new: a uuid on an item is ignored (so a set read with GET can be posted as a copy).
const createBody = z.object({ name, questions: questionList(z.object(question)) });

const updateBody = z
  .object({
    name: name.optional(),
    questions: questionList(
      z.object({
        uuid: z
          .string()
          .refine(isUuid, 'must be a UUID')
          .transform((v) => v.toLowerCase())
          .optional(),
        ...question,
      }),
    ).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.name === undefined && body.questions === undefined) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'send name, questions, or both' });
    }
  });

type QuestionBody = { uuid?: string; time_limit: number; takes: number; think_time: string; text: string };

function questionInputs(items: QuestionBody[]): interviews.QuestionSetQuestionInput[] {
  return items.map((q) => ({ uuid: q.uuid, time_limit: q.time_limit, takes: q.takes, think_time: q.think_time, text: q.text }));
}

/** The API's question set object. */
export const QuestionSetView = z
  .object({
    uuid: uuidView,
    name: z.string(),
    created_at: timestampView,
    updated_at: timestampView,
    questions: z.array(z.object({ uuid: uuidView, time_limit: z.number().int(), takes: z.number().int(), think_time: z.enum(THINK_TIMES), text: z.string() })),
  })
  .meta({ id: 'QuestionSet' });

export const questionSetsSchemas = { createBody, updateBody };

function questionSetJson(set: interviews.QuestionSet): z.output<typeof QuestionSetView> {
  return {
    uuid: set.uuid,
    name: set.name,
    created_at: set.created_at,
    updated_at: set.updated_at,
    questions: set.questions.map((q) => ({ uuid: q.uuid, time_limit: q.time_limit, takes: q.takes, think_time: q.think_time as (typeof THINK_TIMES)[number], text: q.text })),
  };
}

function setUuid(req: Request): string {
  const value = String(req.params.setUuid);
  if (!isUuid(value)) throw gatewayError(GatewayErrorCode.NotFound, 'Question set not found');
  return value.toLowerCase();
}

export function questionSetsRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const sets = upstreams.interviews;

  for (const prefix of PREFIXES) {
    resource(router, prefix, {
      // The service returns all of the company's sets (at most 500; decision 013): the page is cut here.
      get: async (req, res) => {
        const range = parseRange(req.query.range);
        const list = await sets.call((c) => c.listQuestionSets, {}, callAs(res, true));
        const all = list.question_sets.map(questionSetJson);
        sendPage(res, range, all.slice(range.from, range.to + 1), all.length);
      },
      post: async (req, res) => {
        const body = validate(createBody, req.body);
        const set = await sets.call((c) => c.createQuestionSet, { name: body.name, questions: questionInputs(body.questions) }, callAs(res));
        res.status(200).json(questionSetJson(set));
      },
    });

    resource(router, `${prefix}/:setUuid`, {
      get: async (req, res) => {
        res.json(questionSetJson(await sets.call((c) => c.getQuestionSet, { question_set_uuid: setUuid(req) }, callAs(res, true))));
      },
      put: async (req, res) => {
        const question_set_uuid = setUuid(req);
        const body = validate(updateBody, req.body);
        const set = await sets.call(
          (c) => c.updateQuestionSet,
          {
            question_set_uuid,
            name: body.name,
            has_questions: body.questions !== undefined,
            questions: body.questions ? questionInputs(body.questions) : [],
          },
          callAs(res),
        );
        res.json(questionSetJson(set));
      },
      delete: async (req, res) => {
        await sets.call((c) => c.deleteQuestionSet, { question_set_uuid: setUuid(req) }, callAs(res));
        res.status(204).end();
      },
    });
  }

  return router;
}
