import { nulFieldErrors } from './hostile-input';

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
