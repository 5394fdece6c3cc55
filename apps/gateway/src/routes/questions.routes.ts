import { Router, type Request } from 'express';
import { z } from 'zod';
import { questionJson } from '@vi/contracts';
import { readAs, writeAs } from '../auth/request-context';
import { arrayOf } from '../http/operation';
import { pathUuid } from '../http/path-uuids';
import { resource } from '../http/resource';
import { validate } from '../http/validation';
import type { Upstreams } from '../upstream/upstreams';
import { questionFields, questionInput } from './request-fields';

const { text, time_limit, takes, think_time } = questionFields;
const question = questionInput;

const updateQuestionBody = z
  .object({ text: text.optional(), time_limit: time_limit.optional(), takes: takes.optional(), think_time: think_time.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'send text, time_limit, takes and/or think_time', path: ['body'] });

/** The route validators, for their specs (request-fields.spec.ts). */
export const questionsSchemas = { question, updateQuestionBody };

export /** The interview and question a `/interviews/:interviewUuid/questions/:questionUuid…` path names. */
function questionRef(req: Request): { interview_uuid: string; question_uuid: string } {
  return { interview_uuid: pathUuid(req, 'interviewUuid'), question_uuid: pathUuid(req, 'questionUuid') };
}

/** An interview's questions. */
export function questionsRoutes(upstreams: Upstreams): Router {
  const router = Router();

  resource(router, '/interviews/:interviewUuid/questions', {
    get: {
      summary: "An interview's questions",
      tag: 'Interviews',
      ok: { 200: arrayOf('Question') },
      handler: async (req, res) => {
        const list = await upstreams.questions.call((c) => c.listQuestions, { interview_uuid: pathUuid(req, 'interviewUuid') }, readAs(res));
        res.json(list.questions.map(questionJson));
      },
    },
    post: {
      summary: 'Add a question (200, as the reference shows)',
      tag: 'Interviews',
      body: question,
      ok: { 200: 'Question' },
      handler: async (req, res) => {
        const interview_uuid = pathUuid(req, 'interviewUuid');
        const body = validate(question, req.body);
        // 200 on create, as the reference shows.
        res.json(questionJson(await upstreams.questions.call((c) => c.createQuestion, { interview_uuid, question: body }, writeAs(res))));
      },
    },
  });

  resource(router, '/interviews/:interviewUuid/questions/:questionUuid', {
    get: {
      summary: 'Get a question',
      tag: 'Interviews',
      ok: { 200: 'Question' },
      handler: async (req, res) => {
        res.json(questionJson(await upstreams.questions.call((c) => c.getQuestion, questionRef(req), readAs(res))));
      },
    },
    put: {
      summary: 'Change a question',
      tag: 'Interviews',
      body: updateQuestionBody,
      ok: { 200: 'Question' },
      handler: async (req, res) => {
        const body = validate(updateQuestionBody, req.body);
        res.json(questionJson(await upstreams.questions.call((c) => c.updateQuestion, { ...questionRef(req), ...body }, writeAs(res))));
      },
    },
    delete: {
      summary: 'Delete a question',
      tag: 'Interviews',
      ok: { 204: null },
      handler: async (req, res) => {
        await upstreams.questions.call((c) => c.deleteQuestion, questionRef(req), writeAs(res));
        res.status(204).end();
      },
    },
  });

  return router;
}
