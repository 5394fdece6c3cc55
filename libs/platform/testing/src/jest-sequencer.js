// @ts-check
const { readFileSync } = require('node:fs');
const { relative } = require('node:path');
const TestSequencer = require('@jest/test-sequencer').default;

/**
 * The order jest hands spec files to its workers (docs/decisions/069-what-each-ci-phase-runs.md, "Order").
 *
 * The heaviest specs take turns whichever worker runs them (`oneHeavySpecAtATime()`, e2e/support/heavy-specs.ts): a
 * heavy spec handed out while another runs waits for it, and its worker runs nothing meanwhile. jest's own order
 * (slowest first by its cache of the last run, else the largest file) put the heavy specs side by side at the start:
 * in a run on 2026-12-08 `candidate-page` waited 145 s for `accommodations`, a worker idle for 9% of the run.
 *
 * So the order comes from a simulation of the workers taking files as each becomes free (longest first, which keeps
 * the run's tail short), in which a free worker takes the longest heavy spec only when no heavy spec is running, and
 * a lighter file otherwise. A file's time is jest's measure of its last run on this checkout, or without one (a fresh
 * clone, CI) an estimate by kind below. A file that failed last time still runs first, as with jest's default.
 */

/** Estimated seconds of a file never run here, by kind (a run of 2026-12-08: heavy 75-220 s, other browser 22-220 s, e2e about 14 s). */
const ESTIMATE_S = { heavy: 200, browser: 80, e2e: 12, integration: 5, unit: 1 };
const HEAVY = /^\s*oneHeavySpecAtATime\(\);$/m;

/** @typedef {import('@jest/test-result').Test} Test */

class HeavySpecsApart extends TestSequencer {
  /** @param {{ globalConfig: import('@jest/types').Config.GlobalConfig }} options */
  constructor(options) {
    super(options);
    this.workers = Math.max(1, options.globalConfig.maxWorkers);
  }

  /** @param {Test[]} tests */
  sort(tests) {
    const heavy = new Set(tests.filter((test) => test.path.endsWith('.e2e.spec.ts') && HEAVY.test(readFileSync(test.path, 'utf8'))));
    /** @param {Test} test */
    const seconds = (test) => {
      const measured = this.time(test);
      if (measured != null) return measured / 1000;
      const path = relative(test.context.config.rootDir, test.path);
      if (heavy.has(test)) return ESTIMATE_S.heavy;
      if (path.startsWith('e2e/web/')) return ESTIMATE_S.browser;
      if (path.startsWith('e2e/')) return ESTIMATE_S.e2e;
      return path.includes('.integration.') ? ESTIMATE_S.integration : ESTIMATE_S.unit;
    };
    // jest's order (failed first, then slowest, then largest) breaks the ties of the simulation below.
    const ranked = super.sort([...tests]);
    const failed = ranked.filter((test) => this.hasFailed(test));
    const rest = ranked.filter((test) => !this.hasFailed(test));
    const byLength = (/** @type {Test} */ a, /** @type {Test} */ b) => seconds(b) - seconds(a);
    const heavyLeft = rest.filter((test) => heavy.has(test)).sort(byLength);
    const lightLeft = rest.filter((test) => !heavy.has(test)).sort(byLength);

    const order = [...failed];
    const freeAt = new Array(this.workers).fill(0);
    let heavyUntil = 0;
    while (heavyLeft.length + lightLeft.length > 0) {
      const worker = freeAt.indexOf(Math.min(...freeAt));
      const now = freeAt[worker];
      let test;
      let start = now;
      if (heavyLeft.length > 0 && (heavyUntil <= now || lightLeft.length === 0)) {
        test = /** @type {Test} */ (heavyLeft.shift());
        start = Math.max(now, heavyUntil);
        heavyUntil = start + seconds(test);
      } else {
        test = /** @type {Test} */ (lightLeft.shift());
      }
      freeAt[worker] = start + seconds(test);
      order.push(test);
    }
    return order;
  }
}

module.exports = HeavySpecsApart;
