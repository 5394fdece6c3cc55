import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { ListQuerySpec } from './list-query';

export type JsonSchema = Record<string, unknown>;

/** Who may call: the API key (or the web pages' session), a candidate's token, either, the session only, or anyone. */
export type Security = 'key' | 'candidate' | 'key_or_candidate' | 'session' | 'none';

/** A video body (take downloads), not JSON. */
export const VIDEO: JsonSchema = Object.freeze({});
/** Instead of the video, when the deployment serves videos from its object store (MEDIA_PLAYBACK=redirect). */
export const VIDEO_REDIRECT: JsonSchema = Object.freeze({});

/** An iCalendar file (`text/calendar`, RFC 5545), not JSON: a live interview's calendar invitation (decision 041). */
export const ICALENDAR: JsonSchema = Object.freeze({});

/** A WebVTT file (`text/vtt`): a job video's captions (issue 42). */
export const WEBVTT: JsonSchema = Object.freeze({});

/** A success body: a view's component name (`'Job'`), an inline schema, VIDEO, VIDEO_REDIRECT, ICALENDAR, WEBVTT, or null for none. */
export type SuccessBody = string | JsonSchema | null;

/** zod's JSON Schema without the keys that only make sense in a standalone schema file. */
export function cleanJsonSchema(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, id: _id, ...rest } = schema;
  return rest;
}

/** A request body as the client sends it: defaults make fields optional, refinements are checked by the server. */
export function requestSchema(schema: z.ZodType): JsonSchema {
  return cleanJsonSchema(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const arrayOf = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });

/**
 * One method of a path: its handler and everything the OpenAPI description says of it (decision 032). The document
 * is built by walking these, so an endpoint is described where it is handled.
 */
export interface Operation {
  summary: string;
  /** What a client must know beyond the summary. */
  description?: string;
  tag: string;
  /** `key` unless said. */
  security?: Security;
  /** The query string: `range` alone, or a filtered, ordered list's (the spec its handler parses with). */
  query?: 'range' | ListQuerySpec<string, string>;
  /** Plain query parameters its handler validates with (an ATS's `?partner_interview_id=`): each property one parameter. */
  queryFields?: z.ZodObject;
  /**
   * The JSON body its handler validates with, or a raw video: `video` (a take or a recording's part, whose length
   * may be declared with X-Take-Duration-Seconds), `measured_video` (a job video: its length is only measured), or
   * `captions` (a WebVTT file, `text/vtt`, at most 1 MB).
   */
  body?: z.ZodType | 'video' | 'measured_video' | 'captions';
  /** The body's JSON Schema when it is not exactly the zod schema's input. */
  bodySchema?: JsonSchema;
  /** Success statuses → body. */
  ok: Record<number, SuccessBody>;
  /** POSTs take Idempotency-Key unless this is false (the session endpoints, outside the API key's routes). */
  idempotent?: false;
  /** A paged list: `Content-Range` and `Link`. */
  paged?: boolean;
  /** Statuses beyond the ones every operation of its kind may answer. */
  errors?: number[];
  /** An error status whose body is not our `Error` alone (an ATS's own refusal shape): status → schema. */
  errorBodies?: Record<number, JsonSchema>;
  handler: RequestHandler | RequestHandler[];
}

export type Method = 'get' | 'post' | 'put' | 'delete';

/** What `resource` registered on a router: a path (Express syntax, `:jobUuid`) and its described methods. */
export interface DescribedResource {
  path: string;
  operations: Partial<Record<Method, Operation>>;
}
