import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Once per run, before any worker starts: the embedded database template every
 * test system starts from. Jest's global setup cannot resolve our path aliases,
 * so tsx (which reads tsconfig's paths) builds it in a child process.
 */
export default function globalSetup(): void {
  if (process.env.TEST_DATABASE_URL) return;
  const tsx = join(__dirname, '../../node_modules/tsx/dist/cli.mjs');
  execFileSync(process.execPath, [tsx, join(__dirname, 'prepare-embedded-template.ts')], { stdio: 'inherit' });
}
