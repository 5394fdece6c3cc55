/** Where one participant's tile goes on the recording's frame. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The share of the frame's width a shared screen takes; the others are stacked in the column beside it. */
export const PRESENTER_SHARE = 3 / 4;

/**
 * The tiles of a recorded frame (decision 040): side by side, two rows from three people on; while someone shares a
 * screen, that tile takes three quarters of the width (a screen's text stays readable) and the others are stacked
 * beside it. With two sharing, the first one's screen is the large one.
 */
export function recordingLayout(presenting: readonly boolean[], width: number, height: number): Rect[] {
  const count = presenting.length;
  const presenter = presenting.indexOf(true);
  if (presenter >= 0 && count > 1) {
    const large = Math.round(width * PRESENTER_SHARE);
    const others = count - 1;
    let row = 0;
    return presenting.map((_, i) => {
      if (i === presenter) return { x: 0, y: 0, w: large, h: height };
      const h = height / others;
      return { x: large, y: h * row++, w: width - large, h };
    });
  }
  const columns = count <= 2 ? Math.max(1, count) : 2;
  const rows = Math.ceil(count / columns) || 1;
  const w = width / columns;
  const h = height / rows;
  return presenting.map((_, i) => ({ x: (i % columns) * w, y: Math.floor(i / columns) * h, w, h }));
}
