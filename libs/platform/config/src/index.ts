import { z } from 'zod';

export { parseDuration, parseDurationList } from './durations';
export { booleanFlag, duration, durationList, optionalString, optionalTimestamp, port, positiveInt, secret, withDefault } from './schemas';
export * from './service-env';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment once at start against a zod schema whose keys are
 * the variable names; fails fast naming every bad variable (never its value,
 * which may be a secret).
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`));
  }
  return result.data;
}
