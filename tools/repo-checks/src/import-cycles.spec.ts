import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { importCycles, importGraph, useCaseToUseCaseImports, type ImportGraph } from './import-graph';
import { ROOT } from './repo-files';

/**
 * No import cycle and no use case importing another (decision 068). The repository's stand-in for `import/no-cycle`:
 * eslint-plugin-import(-x) is not installed, so this builds the graph with the TypeScript compiler's resolver instead,
 * type-only imports included (a cycle of types is still two modules that cannot be read one before the other).
 */
const folders = (dir: string) => readdirSync(join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory());
const SOURCE_DIRS = [
  ...folders('apps').map((app) => `apps/${app.name}/src`),
  'libs/contracts/src',
  ...folders('libs/platform').map((lib) => `libs/platform/${lib.name}/src`),
  'tools',
];

describe('the import graph', () => {
  const graph = importGraph(SOURCE_DIRS);

  it('is read from every app, lib and tool (the check cannot pass by reading nothing)', () => {
    expect(graph.get('apps/interviews/src/domain/live-call.ts')).toContain('apps/interviews/src/domain/interview-status.ts');
    expect(graph.get('apps/jobs/src/application/shared/find-open-job.ts')).toContain('apps/jobs/src/domain/open-interview.ts');
    // An alias resolves to the lib's entry: the graph crosses projects.
    expect(graph.get('libs/platform/bus/src/outbox-inserts.ts')).toContain('libs/platform/postgres/src/index.ts');
    expect(graph.size).toBeGreaterThan(400);
  });

  it('has no cycle: each module can be read before the modules that import it', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('has no use case importing another use case: what two share lives in the domain or application/shared', () => {
    expect(useCaseToUseCaseImports(graph)).toEqual([]);
  });
});

describe('the cycle check itself', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('names every file of a cycle, through any number of files, and a file importing itself', () => {
    const sut = graphOf({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts', 'd.ts'], 'd.ts': [], 'e.ts': ['e.ts'] });
    expect(importCycles(sut)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('finds none in a graph where files share an import without importing each other', () => {
    expect(importCycles(graphOf({ 'a.ts': ['c.ts'], 'b.ts': ['c.ts', 'a.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('names a use case importing another, and lets use cases import application/shared and top-level files', () => {
    const app = 'apps/jobs/src/application';
    const sut = graphOf({
      [`${app}/apply/apply.ts`]: [`${app}/get/get.ts`, `${app}/shared/find.ts`, `${app}/ports.ts`],
      [`${app}/get/get.ts`]: [`${app}/shared/find.ts`],
      [`${app}/shared/find.ts`]: [],
      [`${app}/ports.ts`]: [],
    });
    expect(useCaseToUseCaseImports(sut)).toEqual([`${app}/apply/apply.ts → ${app}/get/get.ts`]);
  });
});
