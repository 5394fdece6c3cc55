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

class ReleasingEnvironment extends TestEnvironment {
  /** @param {ConstructorParameters<typeof TestEnvironment>} args */
  constructor(...args) {
    super(...args);
    /** @type {WeakRef<NodeJS.Timeout>[]} */
    const timers = (this.timers = []);
    const global = this.global;
    for (const name of /** @type {const} */ (['setTimeout', 'setInterval'])) {
      const original = global[name];
      /** @type {any} */
      const tracked = function (/** @type {any[]} */ ...timerArgs) {
        const timer = original.apply(this, /** @type {any} */ (timerArgs));
        if (typeof timer === 'object') timers.push(new WeakRef(timer));
        if (timers.length > 10_000) timers.splice(0, timers.length, ...timers.filter((ref) => ref.deref() !== undefined));
        return timer;
      };
      if (/** @type {any} */ (original)[promisify.custom]) tracked[promisify.custom] = /** @type {any} */ (original)[promisify.custom];
      global[name] = tracked;
    }
  }

  async teardown() {
    for (const ref of this.timers) {
      const timer = ref.deref();
      if (timer) clearTimeout(timer);
    }
    this.timers = [];
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
