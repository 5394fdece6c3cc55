import { describe, expect, it } from '@jest/globals';
import { recordingLayout as sut } from './recording-layout';

describe('recordingLayout (the tiles of a recorded call, decision 040)', () => {
  it('puts two people side by side, and three or four on two rows', () => {
    expect(sut([false, false], 1280, 720)).toEqual([
      { x: 0, y: 0, w: 640, h: 720 },
      { x: 640, y: 0, w: 640, h: 720 },
    ]);
    expect(sut([false, false, false], 1280, 720)).toEqual([
      { x: 0, y: 0, w: 640, h: 360 },
      { x: 640, y: 0, w: 640, h: 360 },
      { x: 0, y: 360, w: 640, h: 360 },
    ]);
  });

  it('gives a shared screen three quarters of the frame and stacks the others beside it, in their order', () => {
    expect(sut([false, true, false], 1280, 720)).toEqual([
      { x: 960, y: 0, w: 320, h: 360 },
      { x: 0, y: 0, w: 960, h: 720 },
      { x: 960, y: 360, w: 320, h: 360 },
    ]);
  });

  it('shows the first of two shared screens large and the other beside it', () => {
    const [first, second] = sut([true, true], 1280, 720);
    expect(first).toEqual({ x: 0, y: 0, w: 960, h: 720 });
    expect(second).toEqual({ x: 960, y: 0, w: 320, h: 720 });
  });

  it('gives someone presenting alone the whole frame', () => {
    expect(sut([true], 1280, 720)).toEqual([{ x: 0, y: 0, w: 1280, h: 720 }]);
  });
});
