/** Every `*_at` field anywhere in a response is RFC 3339 with a numeric offset (never `Z`). */
export function timestampsIn(value: unknown, path = '$'): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => timestampsIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      k.endsWith('_at') && v !== null ? [[`${path}.${k}`, v] as [string, unknown]] : timestampsIn(v, `${path}.${k}`),
    );
  }
  return [];
}

export const RFC3339_NUMERIC_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/;

export function expectRfc3339Timestamps(value: unknown): void {
  const stamps = timestampsIn(value);
  expect(stamps.length).toBeGreaterThan(0);
  for (const [path, stamp] of stamps) {
    expect({ path, stamp, ok: typeof stamp === 'string' && RFC3339_NUMERIC_OFFSET.test(stamp) }).toEqual({ path, stamp, ok: true });
  }
}

/** The documented error shape. */
export function expectError(response: { status: number; body: any }, status: number, code: string): void {
  expect({ status: response.status, code: response.body?.code }).toEqual({ status, code });
  expect(typeof response.body.reason).toBe('string');
  expect(response.body.reason.length).toBeGreaterThan(0);
  expect(response.body.lang).toBe(`error.${code.replace(/^api\./, '')}`);
}

/**
 * A video path's answers to Range positions too large for any video (issue 38): a first position there is 416
 * `api.range_not_satisfiable`; a last position or a suffix length there is the whole video (206); never a 5xx.
 * Every answer says `X-Content-Type-Options: nosniff`.
 */
export async function expectHugeRangesAnswered(fetchRange: (range: string) => Promise<Response>, video: Buffer): Promise<void> {
  for (const range of ['bytes=99999999999999999999-', 'bytes=9007199254740993-']) {
    const response = await fetchRange(range);
    const code = ((await response.json()) as { code?: string }).code;
    expect({ range, status: response.status, code }).toEqual({ range, status: 416, code: 'api.range_not_satisfiable' });
    expect({ range, nosniff: response.headers.get('x-content-type-options') }).toEqual({ range, nosniff: 'nosniff' });
  }
  for (const range of ['bytes=0-99999999999999999999', 'bytes=-99999999999999999999']) {
    const response = await fetchRange(range);
    const whole = Buffer.from(await response.arrayBuffer()).equals(video);
    expect({ range, status: response.status, contentRange: response.headers.get('content-range'), whole }).toEqual({
      range,
      status: 206,
      contentRange: `bytes 0-${video.length - 1}/${video.length}`,
      whole: true,
    });
    expect({ range, nosniff: response.headers.get('x-content-type-options') }).toEqual({ range, nosniff: 'nosniff' });
  }
}
