import { z } from 'zod';
import { parseRfc3339 } from '@vi/platform-time';
import { parseDuration, parseDurationList } from './durations';

/** Empty strings count as unset, so `FOO=` in a manifest falls back to the default. */
export const optionalString = () => z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

/** A setting with a default, where an empty value (`FOO=`) also means the default. */
export const withDefault = <S extends z.ZodType>(schema: S, fallback: z.input<S>) => z.preprocess((v) => (v === '' || v === undefined ? fallback : v), schema);

export const port = (fallback: number) => z.preprocess((v) => (v === '' || v === undefined ? fallback : Number(v)), z.number().int().min(0).max(65535));

export const positiveInt = (fallback: number) => z.preprocess((v) => (v === '' || v === undefined ? fallback : Number(v)), z.number().int().positive());

export const booleanFlag = (fallback: boolean) =>
  z.preprocess((v) => {
    if (v === '' || v === undefined) return fallback;
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return v;
  }, z.boolean());

/** A secret: required, at least 32 characters, never echoed in errors or logs. */
export const secret = () => z.string({ error: 'is required (a secret of at least 32 characters)' }).min(32, 'must be at least 32 characters');

/** An optional RFC 3339 date-time (`2026-11-20T00:00:00+00:00`), as a Date. */
export const optionalTimestamp = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .refine((v) => parseRfc3339(v) !== null, 'must be an RFC 3339 date-time, for example 2026-11-20T00:00:00+00:00')
      .transform((v) => parseRfc3339(v)!)
      .optional(),
  );

/** A duration written `500ms`, `5s`, `10m`, `2h` or `1d`, in milliseconds. */
export const duration = (fallback: string) =>
  withDefault(
    z.string().transform((value, ctx) => {
      const ms = parseDuration(value);
      if (ms === undefined) ctx.addIssue({ code: 'custom', message: 'must be a duration such as 500ms, 5s, 10m, 2h or 1d' });
      return ms ?? 0;
    }),
    fallback,
  );

/** A comma-separated list of durations (`1s,1s,2s`), in milliseconds. */
export const durationList = (fallback: string) =>
  withDefault(
    z.string().transform((value, ctx) => {
      const list = parseDurationList(value);
      if (list === undefined) ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of durations such as 1s,1s,2s' });
      return list ?? [];
    }),
    fallback,
  );
