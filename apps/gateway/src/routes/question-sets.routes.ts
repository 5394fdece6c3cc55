import { Router } from 'express';
import { z } from 'zod';
import { DEFAULT_THINK_TIME, questionSetJson, type interviews } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { listRoute } from '../http/list-route';
import { pathUuid } from '../http/path-uuids';
import { arrayOf } from '../http/operation';
import { resource } from '../http/resource';
import { isUuid, validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { nameField, questionFields } from './request-fields';

/** Both prefixes name the same resource (API reference, "Question sets"). */
const PREFIXES = ['/question_sets', '/interview_question_sets'] as const;

// The rules of apps/interviews/src/domain/question-set.ts (decision 013); the service checks them again.
const question = {
  time_limit: questionFields.time_limit,
  takes: questionFields.takes.default(-1),
  think_time: questionFields.think_time.default(DEFAULT_THINK_TIME),
  text: questionFields.text,
};
const questionList = <T extends z.ZodType>(item: T) => z.array(item).min(1, 'must have at least one question').max(50, 'at most 50 questions');

// On create every question is new: a uuid on an item is ignored (so a set read with GET can be posted as a copy).
const createBody = z.object({ name: nameField, questions: questionList(z.object(question)) });

const updateBody = z
  .object({
    name: nameField.optional(),
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

/** The route validators, for their specs (request-fields.spec.ts). */
export const questionSetsSchemas = { createBody };

export function questionSetsRoutes(upstreams: Upstreams): Router {
  const router = Router();
  const sets = upstreams.questionSets;

  for (const prefix of PREFIXES) {
    resource(router, prefix, {
      get: {
        summary: 'List question sets',
        tag: 'Question sets',
        ok: { 200: arrayOf('QuestionSet') },
        // The service returns all of the company's sets (at most 500; decision 013): the page is cut here.
        ...listRoute({
          fetch: ({ res }) => sets.call((c) => c.listQuestionSets, {}, readAs(res)),
          page: ({ question_sets: all }, { range }) => ({ items: all.slice(range.range_from, range.range_to + 1).map(questionSetJson), total: all.length }),
        }),
      },
      post: {
        summary: 'Create a question set',
        tag: 'Question sets',
        body: createBody,
        ok: { 200: 'QuestionSet' },
        handler: async (req, res) => {
          const body = validate(createBody, req.body);
          const set = await sets.call((c) => c.createQuestionSet, { name: body.name, questions: questionInputs(body.questions) }, writeAs(res));
          res.status(200).json(questionSetJson(set));
        },
      },
    });

    resource(router, `${prefix}/:setUuid`, {
      get: {
        summary: 'Get a question set',
        tag: 'Question sets',
        ok: { 200: 'QuestionSet' },
        handler: async (req, res) => {
          res.json(questionSetJson(await sets.call((c) => c.getQuestionSet, { question_set_uuid: pathUuid(req, 'setUuid') }, readAs(res))));
        },
      },
      put: {
        summary: 'Change a question set',
        tag: 'Question sets',
        body: updateBody,
        ok: { 200: 'QuestionSet' },
        handler: async (req, res) => {
          const question_set_uuid = pathUuid(req, 'setUuid');
          const body = validate(updateBody, req.body);
          const set = await sets.call(
            (c) => c.updateQuestionSet,
            {
              question_set_uuid,
              name: body.name,
              has_questions: body.questions !== undefined,
              questions: body.questions ? questionInputs(body.questions) : [],
            },
            writeAs(res),
          );
          res.json(questionSetJson(set));
        },
      },
      delete: {
        summary: 'Delete a question set',
        tag: 'Question sets',
        ok: { 204: null },
        handler: async (req, res) => {
          await sets.call((c) => c.deleteQuestionSet, { question_set_uuid: pathUuid(req, 'setUuid') }, writeAs(res));
          res.status(204).end();
        },
      },
    });
  }

  return router;
}
