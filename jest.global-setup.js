// @ts-check
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

/**
 * Once per run, before any worker starts: without a database server, every
 * test database starts from one migrated embedded template instead of its own
 * initdb (docs/decisions/002-all-in-one-launcher.md). tsx builds it in a child
 * process because jest's global setup cannot resolve our path aliases; the
 * workers, started after this, inherit the variable that names the file.
 */
module.exports = function globalSetup(/** @type {import('jest').Config} */ globalConfig) {
  const onlyUnit = globalConfig.selectProjects?.length === 1 && globalConfig.selectProjects[0] === 'unit';
  if (process.env.TEST_DATABASE_URL || onlyUnit) return;
  const tsx = join(__dirname, 'node_modules/tsx/dist/cli.mjs');
  const output = execFileSync(process.execPath, [tsx, join(__dirname, 'tools/launcher/src/prepare-embedded-template.ts')], { encoding: 'utf8' });
  process.env.TEST_EMBEDDED_TEMPLATE = output.trim().split('\n').pop();
};
