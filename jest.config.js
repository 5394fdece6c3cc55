// @ts-check
const { compilerOptions } = require('./tsconfig.base.json');

// tsconfig paths → jest module names, so tests import libs exactly as the code does.
const moduleNameMapper = Object.fromEntries(Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/${target}`]));

const shared = {
  rootDir: __dirname,
  // jest's node environment, releasing what a file's modules leave in the worker (timers, perf_hooks observers) so the
  // file's module registry and PGlite memory are collected after it (libs/platform/testing/src/jest-environment.js).
  testEnvironment: '<rootDir>/libs/platform/testing/src/jest-environment.js',
  moduleNameMapper,
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }] },
};

/**
 * Specs of the embedded single process only: they run `npm start` as a newcomer does, which reads no TEST_* variable,
 * so the real-server phase of CI (TEST_* set) would run them again unchanged. Left out there, not skipped.
 */
const EMBEDDED_ONLY = ['<rootDir>/e2e/web/live-call-single-process\\.e2e\\.spec\\.ts$'];
/**
 * Specs of the distributed shape only: `npm run start:services` and its replicas need PostgreSQL, NATS and Redis
 * (TEST_* set). Left out of the embedded run, not skipped.
 */
const REAL_SERVERS_ONLY = ['<rootDir>/e2e/launcher/start-services\\.e2e\\.spec\\.ts$', '<rootDir>/e2e/web/live-call-gateway-loss\\.e2e\\.spec\\.ts$'];
const realServers = Boolean(process.env.TEST_DATABASE_URL || process.env.TEST_NATS_URL || process.env.TEST_REDIS_URL);

/** @type {import('jest').Config} */
module.exports = {
  // Starting real services (PGlite's WASM, servers) takes seconds: hooks and tests get 60 s (CI machines are shared).
  // (testTimeout is a global option; per-project values are ignored.)
  testTimeout: 60_000,
  // Two files at a time on two cores: with three, the browser specs (Chromium beside three PGlite systems) saturated a
  // slower CI machine and timed out (2026-11-27: 60-150 s test limits exceeded, 503s from 10-s request deadlines).
  // The three heaviest specs (candidate-page, live-call, start-services) still take turns (`oneHeavySpecAtATime`,
  // e2e/support/heavy-specs.ts): side by side they starved Chromium and the sign-in flood's neighbours (2026-11-28).
  maxWorkers: 2,
  // A worker keeps what each spec file loaded (its module registry and PGlite's WASM memory: about 40 MB of heap and
  // 300-400 MB resident per e2e file), so three workers grew to 7-8 GB each and the kernel killed one on a 24-GB
  // machine: a worker whose heap passed this after a file is replaced by a fresh one (jest measures the heap only).
  // Most of it is now released after each file (testEnvironment above; README's Testing section has the figures).
  workerIdleMemoryLimit: '300MB',
  globalSetup: '<rootDir>/jest.global-setup.js',
  // The heaviest specs apart, so that one rarely waits for another with its worker idle (libs/platform/testing/src/jest-sequencer.js).
  testSequencer: '<rootDir>/libs/platform/testing/src/jest-sequencer.js',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/src/**/*.spec.ts'] },
    { ...shared, displayName: 'integration', testMatch: ['<rootDir>/{apps,libs,tools}/**/test/**/*.integration.spec.ts'] },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...(realServers ? EMBEDDED_ONLY : REAL_SERVERS_ONLY)],
    },
  ],
};
