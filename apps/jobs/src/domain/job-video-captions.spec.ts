import { MAX_CAPTIONS_BYTES, webVttProblem } from './job-video-captions';

const vtt = (text: string) => new TextEncoder().encode(text);

describe('webVttProblem: what a player needs to read a WebVTT file (issue 42)', () => {
  it.each([
    ['a plain file', 'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello\n'],
    [
      'a header text, CRLF, identifiers, settings, notes, hours and minutes-only timings',
      'WEBVTT - Intro\r\n\r\nNOTE written by hand\r\n\r\nintro-1\r\n00:01.000 --> 00:02.000 align:start line:0\r\nHi\r\n\r\n01:00:00.000 --> 01:00:01.000\r\nLate\r\n',
    ],
    ['a byte order mark', '\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nBOM\n'],
    ['a tab after the signature', 'WEBVTT\tx\n\n00:00.000 --> 00:01.000\nTab\n'],
  ])('accepts %s', (_name, file) => {
    expect(webVttProblem(vtt(file))).toBeNull();
  });

  it.each([
    ['no signature', '00:00.000 --> 00:01.000\nHi\n', 'The captions must begin with the line "WEBVTT"'],
    ['another signature', 'WEBVTTX\n\n00:00.000 --> 00:01.000\nHi\n', 'The captions must begin with the line "WEBVTT"'],
    ['SubRip commas', 'WEBVTT\n\n00:00:00,000 --> 00:00:01,000\nHi\n', 'Line 3: a cue timing is'],
    ['seconds past 59', 'WEBVTT\n\n00:00:60.000 --> 00:01:01.000\nHi\n', 'Line 3: a cue timing is'],
    ['a cue ending before it starts', 'WEBVTT\n\n00:02.000 --> 00:01.000\nHi\n', 'Line 3: a cue must end after it starts'],
    ['no cue', 'WEBVTT\n\nNOTE nothing to show\n', 'The captions have no cue'],
    ['a NUL', 'WEBVTT\n\n00:00.000 --> 00:01.000\nH\u0000i\n', 'The captions contain a NUL character'],
  ])('refuses %s, naming why', (_name, file, reason) => {
    expect(webVttProblem(vtt(file))).toContain(reason);
  });

  it('refuses bytes that are not UTF-8, and a file over 1 MB', () => {
    expect(webVttProblem(new Uint8Array([...vtt('WEBVTT\n\n00:00.000 --> 00:01.000\n'), 0xc3, 0x28]))).toBe('The captions are not UTF-8 text');
    expect(webVttProblem(vtt(`WEBVTT\n\n00:00.000 --> 00:01.000\n${'x'.repeat(MAX_CAPTIONS_BYTES)}`))).toContain('larger than');
  });
});
