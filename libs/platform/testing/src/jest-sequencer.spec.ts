import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Plain JS, as jest loads it (jest.config.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const HeavySpecsApart = require('./jest-sequencer');

interface FakeTest {
  path: string;
  context: { config: { rootDir: string; cache: boolean }; hasteFS: { getSize(path: string): number } };
}

describe('jest-sequencer.js: the order of spec files', () => {
  let root: string;
  beforeAll(() => (root = mkdtempSync(join(tmpdir(), 'vi-sequencer-'))));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Spec files under a fake checkout: `heavy` ones call oneHeavySpecAtATime() as the real ones do. */
  function specs(names: string[], heavy: string[] = []): FakeTest[] {
    const context = { config: { rootDir: root, cache: false }, hasteFS: { getSize: () => 1000 } };
    return names.map((name) => {
      const path = join(root, name);
      mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
      writeFileSync(path, heavy.includes(name) ? "import { x } from 'y';\n\noneHeavySpecAtATime();\n" : "it('runs', () => {});\n");
      return { path, context };
    });
  }
  const order = (tests: FakeTest[], workers = 2) =>
    new HeavySpecsApart({ globalConfig: { maxWorkers: workers } }).sort(tests).map((t: FakeTest) => t.path.slice(root.length + 1));

  it('never hands out a heavy spec while, by its estimates, another runs: the lighter files fill the other worker meanwhile', () => {
    const heavy = ['e2e/web/call.e2e.spec.ts', 'e2e/web/recorder.e2e.spec.ts', 'e2e/launcher/processes.e2e.spec.ts'];
    const light = Array.from({ length: 60 }, (_, i) => `e2e/area/light-${i}.e2e.spec.ts`);
    const got = order(specs([...heavy, ...light], heavy));
    // jest's default would put the three heavy ones first, side by side (the same size, no timings); here one opens
    // the run and the next comes once the other worker has had a heavy spec's worth (200 s) of 12-s files.
    const positions = heavy.map((name) => got.indexOf(name)).sort((a, b) => a - b);
    expect(positions[0]).toBe(0);
    expect(positions[1] - positions[0]).toBeGreaterThanOrEqual(200 / 12);
    expect(positions[2] - positions[1]).toBeGreaterThanOrEqual(200 / 12);
    expect(got).toHaveLength(63);
  });

  it('runs the longest first by kind (browser, e2e, integration, unit) when nothing was timed, and every file once', () => {
    const names = ['libs/a/src/a.spec.ts', 'apps/b/test/b.integration.spec.ts', 'e2e/c/c.e2e.spec.ts', 'e2e/web/d.e2e.spec.ts'];
    expect(order(specs(names))).toEqual(['e2e/web/d.e2e.spec.ts', 'e2e/c/c.e2e.spec.ts', 'apps/b/test/b.integration.spec.ts', 'libs/a/src/a.spec.ts']);
  });

  it('hands out heavy specs back to back when nothing lighter is left (they take turns through the lock)', () => {
    const heavy = ['e2e/web/one.e2e.spec.ts', 'e2e/web/two.e2e.spec.ts'];
    expect(order(specs(heavy, heavy)).sort()).toEqual([...heavy].sort());
  });
});
