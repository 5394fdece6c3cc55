import { renderVtt, TranscriptView, vttTimestamp } from './transcript.view';

describe('renderVtt', () => {
  it('writes the WEBVTT header and one numbered cue per segment, HH:MM:SS.mmm', () => {
    expect(
      renderVtt([
        { start_ms: 0, end_ms: 4_250, text: 'Hello, I am Ada.' },
        { start_ms: 3_725_001, end_ms: 3_730_000, text: 'An hour later.' },
      ]),
    ).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.250\nHello, I am Ada.\n\n2\n01:02:05.001 --> 01:02:10.000\nAn hour later.\n');
  });

  it("makes the text safe: no '-->', no tags, no blank line inside a cue; a segment of nothing is left out", () => {
    expect(
      renderVtt([
        { start_ms: 0, end_ms: 1000, text: 'a --> b <i>c</i> & d' },
        { start_ms: 1000, end_ms: 2000, text: ' \n ' },
        { start_ms: 2000, end_ms: 3000, text: 'one\n\n\ntwo' },
      ]),
    ).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\na --&gt; b &lt;i&gt;c&lt;/i&gt; &amp; d\n\n2\n00:00:02.000 --> 00:00:03.000\none\ntwo\n');
  });

  it('is the header alone without segments', () => {
    expect(renderVtt([])).toBe('WEBVTT\n');
  });

  it('never writes a cue that ends before it starts', () => {
    expect(vttTimestamp(59_999.6)).toBe('00:01:00.000');
    expect(renderVtt([{ start_ms: 5000, end_ms: 4000, text: 'x' }])).toContain('00:00:05.000 --> 00:00:05.000');
  });
});

describe('TranscriptView', () => {
  it('takes an off transcript and a done one', () => {
    const off = { status: 'off', language: 'en', text: '', segments: [], updated_at: null };
    const done = {
      status: 'done',
      language: 'fr-FR',
      text: 'Bonjour',
      segments: [{ start_ms: 0, end_ms: 900, text: 'Bonjour' }],
      updated_at: '2026-03-01T10:00:00+00:00',
    };
    expect(TranscriptView.parse(off)).toEqual(off);
    expect(TranscriptView.parse(done)).toEqual(done);
    expect(() => TranscriptView.parse({ ...done, updated_at: '2026-03-01T10:00:00Z' })).toThrow();
  });
});
