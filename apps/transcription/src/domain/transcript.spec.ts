import { backoffMs, joinPieces, normaliseLanguage, retryAfterOf, textOf } from './transcript';

describe('joinPieces', () => {
  it("moves each piece's segments by its start, in integer milliseconds, in order", () => {
    const joined = joinPieces([
      { offsetMs: 600_000, durationMs: 300_000, segments: [{ start: 0.5, end: 4.2504, text: ' third ' }] },
      {
        offsetMs: 0,
        durationMs: 600_000,
        segments: [
          { start: 0, end: 5, text: 'first' },
          { start: 5, end: 599.9996, text: 'second' },
        ],
      },
    ]);
    expect(joined).toEqual([
      { startMs: 0, endMs: 5000, text: 'first' },
      { startMs: 5000, endMs: 600_000, text: 'second' },
      { startMs: 600_500, endMs: 604_250, text: 'third' },
    ]);
    expect(textOf(joined)).toBe('first second third');
  });

  it('clamps times to the piece (an engine running past its end, or before 0) and drops empty segments', () => {
    const joined = joinPieces([
      {
        offsetMs: 10_000,
        durationMs: 8_000,
        segments: [
          { start: -1, end: 2, text: 'early' },
          { start: 3, end: 3, text: '   ' },
          { start: 7, end: 30, text: 'past the end' },
          { start: 9, end: 8, text: 'ends before it starts' },
        ],
      },
    ]);
    expect(joined).toEqual([
      { startMs: 10_000, endMs: 12_000, text: 'early' },
      { startMs: 17_000, endMs: 18_000, text: 'past the end' },
      { startMs: 18_000, endMs: 18_000, text: 'ends before it starts' },
    ]);
  });

  it('makes nothing of no pieces or no segments', () => {
    expect(joinPieces([])).toEqual([]);
    expect(joinPieces([{ offsetMs: 0, durationMs: 1000, segments: [] }])).toEqual([]);
  });
});

describe('normaliseLanguage', () => {
  it("takes the engine's language when it is one of ours, by whisper's name or its code", () => {
    expect(normaliseLanguage('english', 'es')).toBe('en');
    expect(normaliseLanguage('German', 'en')).toBe('de');
    expect(normaliseLanguage('fr', 'en')).toBe('fr');
  });

  it("keeps the interview's tag when the engine heard that language, and the hint for another or none", () => {
    expect(normaliseLanguage('french', 'fr-FR')).toBe('fr-FR');
    expect(normaliseLanguage('japanese', 'en')).toBe('en');
    expect(normaliseLanguage(undefined, 'es')).toBe('es');
    expect(normaliseLanguage('', 'de')).toBe('de');
  });
});

describe('backoffMs', () => {
  it('doubles from the base (2, 4, 8 … s), at most 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, undefined, 2000))).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(backoffMs(2, undefined, 10)).toBe(20);
  });

  it("honours the engine's Retry-After, within the same cap", () => {
    expect(backoffMs(1, 7000, 2000)).toBe(7000);
    expect(backoffMs(1, 0, 2000)).toBe(0);
    expect(backoffMs(1, 3_600_000, 2000)).toBe(60_000);
  });
});

describe('retryAfterOf', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('reads seconds or an HTTP date', () => {
    expect(retryAfterOf('3', now)).toBe(3000);
    expect(retryAfterOf('0.5', now)).toBe(500);
    expect(retryAfterOf('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterOf('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(retryAfterOf(null, now)).toBeUndefined();
    expect(retryAfterOf('soon', now)).toBeUndefined();
  });
});
