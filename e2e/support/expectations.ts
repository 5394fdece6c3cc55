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
