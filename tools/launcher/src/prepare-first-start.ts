import { ensureWebBundle } from '../../../apps/web/build/build-web';
import { embeddedTemplateFile } from './embedded-template';

/**
 * Run by `npm install` (postinstall): builds what the first `npm start` would
 * otherwise build while a newcomer waits — the web pages (in a child process,
 * on the other core) and the migrated embedded database template — so that
 * the first start is as quick as any other. Both are rebuilt later only when
 * their sources change.
 */
async function main(): Promise<void> {
  const started = Date.now();
  await Promise.all([ensureWebBundle(), embeddedTemplateFile()]);
  process.stdout.write(`web pages and embedded database template ready for npm start (${Date.now() - started} ms)\n`);
}

main().catch((error: unknown) => {
  console.error('preparing the first npm start failed:', error);
  process.exit(1);
});
