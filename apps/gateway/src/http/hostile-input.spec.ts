import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '@vi/platform-errors';
import { holdsNul, MAX_JSON_DEPTH, nulFieldErrors, refuseDeepNesting } from './hostile-input';

describe('nulFieldErrors', () => {
  it('names every string and property name holding U+0000 by its JSON path', () => {
    const sut = nulFieldErrors({ title: 'a\0', ok: 'fine', questions: [{ text: 'x' }, { text: '\0' }], tags: ['\0'], meta: { 'k\0': 1 }, n: 0, b: null });
    expect(sut.map((e) => e.field)).toEqual(['title', 'questions.1.text', 'tags.0', 'meta.k\0']);
    expect(sut[0]).toEqual({ field: 'title', reason: 'must not contain the NUL character', code: 'invalid_format' });
  });

  it('calls a body that is one bad string `body`, and finds nothing in clean or empty values', () => {
    expect(nulFieldErrors('\0').map((e) => e.field)).toEqual(['body']);
    expect(nulFieldErrors({ a: 'b', c: [1, true, null] })).toEqual([]);
    expect(nulFieldErrors(undefined)).toEqual([]);
  });
});

describe('holdsNul', () => {
  it('finds U+0000 wherever nulFieldErrors names it, and nothing in clean values', () => {
    const values: unknown[] = [{ title: 'a\0' }, { questions: [{ text: 'x' }, { text: '\0' }] }, ['\0'], { meta: { 'k\0': 1 } }, '\0'];
    for (const value of values) expect([holdsNul(value), nulFieldErrors(value).length > 0]).toEqual([true, true]);
    for (const value of [{ a: 'b', c: [1, true, null, { d: 'e' }] }, undefined, null, 0, 'text', []]) {
      expect([holdsNul(value), nulFieldErrors(value).length > 0]).toEqual([false, false]);
    }
  });
});

describe('refuseDeepNesting', () => {
  const sut = (json: string) => refuseDeepNesting({} as IncomingMessage, {} as ServerResponse, Buffer.from(json));
  const nested = (depth: number, open = '{"a":', close = '}') => open.repeat(depth) + '1' + close.repeat(depth);

  it('accepts a body nested exactly MAX_JSON_DEPTH levels, objects and arrays mixed', () => {
    expect(() => sut(nested(MAX_JSON_DEPTH / 2).replace('1', nested(MAX_JSON_DEPTH / 2, '[', ']')))).not.toThrow();
  });

  it('refuses one level more with 400 api.validation_failed naming the body', () => {
    for (const json of [nested(MAX_JSON_DEPTH + 1), nested(MAX_JSON_DEPTH + 1, '[', ']'), '['.repeat(100_000)]) {
      let error: unknown;
      try {
        sut(json);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).toBody()).toEqual({
        reason: 'Validation failed: body',
        code: 'api.validation_failed',
        lang: 'error.validation_failed',
        errors: [{ field: 'body', reason: `must not nest objects and arrays deeper than ${MAX_JSON_DEPTH} levels`, code: 'too_big' }],
      });
    }
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(() => sut(JSON.stringify({ text: '{['.repeat(1_000), quoted: '"[[[[\\"{{{{', emoji: '😀'.repeat(10) }))).not.toThrow();
  });
});
