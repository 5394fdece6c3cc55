// @ts-check
const { TestEnvironment } = require('jest-environment-node');
const asyncHooks = require('node:async_hooks');
const perfHooks = require('node:perf_hooks');
const { clearTimeout } = require('node:timers');
const { promisify } = require('node:util');

/**
 * jest's node environment, plus the release of what a spec file's modules leave registered in the worker's Node
 * (outside the file's own global), so that the file's module registry and its PGlite memory can be collected once
 * it ends. Measured with heap snapshots of a worker (issue 39): every finished file stayed alive, each held by
 *  - a PerformanceObserver of `gc` entries and an event-loop delay histogram: prom-client's default metrics, started
 *    once per module registry by the health server (`collectDefaultMetrics`; a process does it once, a jest worker
 *    once per file) and never stopped: Node keeps every observer in a list of its own;
 *  - timers still pending when the file ended (libraries' caches and ticks, e.g. undici's);
 *  - the logger's AsyncLocalStorage (one per module registry): Node keeps every enabled one, and gives each new async
 *    resource of the next files the store it holds, an object of the finished file.
 * Both are stopped here, after the file's last `afterAll`, when nothing of the file runs any more.
 */

/** Observers and histograms made while the current file runs (a worker runs one file at a time). */
const made = { observers: new Set(), histograms: new Set(), storages: new Set() };
const PATCHED = Symbol.for('vi.testing.perf-hooks-tracked');
if (!(/** @type {any} */ (perfHooks)[PATCHED])) {
  const Observer = perfHooks.PerformanceObserver;
  perfHooks.PerformanceObserver = class TrackedPerformanceObserver extends Observer {
    /** @param {ConstructorParameters<typeof Observer>} args */
    constructor(...args) {
      super(...args);
      made.observers.add(this);
    }
  };
  const monitor = perfHooks.monitorEventLoopDelay;
  perfHooks.monitorEventLoopDelay = (options) => {
    const histogram = monitor(options);
    made.histograms.add(histogram);
    return histogram;
  };
  const Storage = asyncHooks.AsyncLocalStorage;
  asyncHooks.AsyncLocalStorage = class TrackedAsyncLocalStorage extends Storage {
    constructor() {
      super();
      made.storages.add(this);
    }
  };
  Object.defineProperty(perfHooks, PATCHED, { value: true });
}

/**
 * Replaces `target`'s setTimeout and setInterval by ones that remember (weakly) every timer they make; `release()`
 * clears those still pending. The list is compacted (references to collected timers dropped) when it doubles past what
 * survived the last compaction, so a timer costs O(1) on average. A fixed bound (compact past 10,000) scanned the whole
 * list on every new timer once more than 10,000 were alive between full collections (V8 clears a WeakRef only then):
 * a browser spec's timers made that quadratic, and the CPU profile of workspace-manage's jest showed 173 of its 296 s
 * in it (2026-12-07; 99 s for the spec after).
 * @param {{ setTimeout: Function, setInterval: Function }} target
 * @param {number} [minCompactAt] the list's first compaction is past this many
 */
function trackTimers(target, minCompactAt = 10_000) {
  /** @type {WeakRef<NodeJS.Timeout>[]} */
  const timers = [];
  let compactAt = minCompactAt;
  for (const name of /** @type {const} */ (['setTimeout', 'setInterval'])) {
    const original = target[name];
    /** @type {any} */
    const tracked = function (/** @type {any[]} */ ...timerArgs) {
      const timer = original.apply(this, /** @type {any} */ (timerArgs));
      if (typeof timer === 'object') timers.push(new WeakRef(timer));
      if (timers.length > compactAt) {
        let kept = 0;
        for (const ref of timers) if (ref.deref() !== undefined) timers[kept++] = ref;
        timers.length = kept;
        compactAt = Math.max(minCompactAt, 2 * kept);
      }
      return timer;
    };
    if (/** @type {any} */ (original)[promisify.custom]) tracked[promisify.custom] = /** @type {any} */ (original)[promisify.custom];
    target[name] = tracked;
  }
  return {
    /** How many timers the list holds (collected ones included until the next compaction). */
    get size() {
      return timers.length;
    },
    /** Clears every tracked timer still pending. */
    release() {
      for (const ref of timers) {
        const timer = ref.deref();
        if (timer) clearTimeout(timer);
      }
      timers.length = 0;
    },
  };
}

class ReleasingEnvironment extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    super(...args);
    this.timers = trackTimers(this.global);
  }

  async teardown() {
    this.timers.release();
    for (const observer of made.observers) observer.disconnect();
    for (const histogram of made.histograms) histogram.disable();
    for (const storage of made.storages) storage.disable();
    made.observers.clear();
    made.storages.clear();
    made.histograms.clear();
    await super.teardown();
  }
}

module.exports = ReleasingEnvironment;
module.exports.trackTimers = trackTimers;
