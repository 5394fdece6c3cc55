import { z } from 'zod';
import { ConfigError, booleanFlag, parseEnv, port, secret } from './index';

describe('parseEnv', () => {
  const schema = z.object({ PORT: port(8080), FLAG: booleanFlag(false), SECRET: secret() });

  it('applies defaults and coerces', () => {
    const sut = parseEnv(schema, { SECRET: 'x'.repeat(32), FLAG: 'true' });
    expect(sut).toEqual({ PORT: 8080, FLAG: true, SECRET: 'x'.repeat(32) });
  });

  it('names every bad variable without echoing values', () => {
    let error: unknown;
    try {
      parseEnv(schema, { PORT: 'abc', SECRET: 'short-secret-value' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('SECRET');
    expect(message).not.toContain('short-secret-value');
  });
});
