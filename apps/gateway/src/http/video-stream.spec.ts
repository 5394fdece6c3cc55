import { parseByteRange } from './video-stream';

describe('parseByteRange', () => {
  it('reads start-end, start- and the suffix -length', () => {
    expect(parseByteRange('bytes=100-199')).toEqual({ range_start: 100, range_end: 199 });
    expect(parseByteRange('bytes=100-')).toEqual({ range_start: 100 });
    expect(parseByteRange('bytes=-500')).toEqual({ range_end: 500 });
  });

  it('ignores what is not one byte range: the whole video is served', () => {
    for (const header of [undefined, '', 'bytes=-', 'bytes=0-1,5-9', 'items=0-9', 'bytes=a-b']) expect(parseByteRange(header)).toBeUndefined();
  });

  it('reads a position too large for gRPC int64 as a number as the largest safe one, past any video (issue 38)', () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(parseByteRange('bytes=99999999999999999999-')).toEqual({ range_start: max });
    expect(parseByteRange('bytes=9007199254740993-')).toEqual({ range_start: max });
    expect(parseByteRange('bytes=0-99999999999999999999')).toEqual({ range_start: 0, range_end: max });
    expect(parseByteRange('bytes=-99999999999999999999')).toEqual({ range_end: max });
    expect(parseByteRange(`bytes=${'9'.repeat(400)}-`)).toEqual({ range_start: max });
    expect(parseByteRange(`bytes=${max}-`)).toEqual({ range_start: max });
  });
});
