import { join, relative } from 'node:path';
import ts from 'typescript';
import { readRepoFile, ROOT, sourceFiles } from './repo-files';

/** Repository-relative file → the repository files it imports (static, type-only, re-exports and `import()` alike). */
export type ImportGraph = Map<string, string[]>;

const { compilerOptions } = JSON.parse(readRepoFile('tsconfig.base.json')) as { compilerOptions: { paths: Record<string, string[]> } };
// Resolution as the code is compiled (aliases from tsconfig.base.json); Node10 so that extensionless relative imports resolve.
const resolution: ts.CompilerOptions = { baseUrl: ROOT, paths: compilerOptions.paths, moduleResolution: ts.ModuleResolutionKind.Node10, allowJs: false };

/**
 * The import graph of the source files below `dirs` (specs, tests and generated code left out, as `sourceFiles`
 * does), built with the TypeScript compiler's own pre-processor and resolver; imports of files outside `dirs`
 * (libraries, node_modules) are dropped.
 */
export function importGraph(dirs: string[]): ImportGraph {
  const files = dirs.flatMap((dir) => sourceFiles(dir));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readRepoFile(file), true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, join(ROOT, file), resolution, ts.sys).resolvedModule?.resolvedFileName)
      .filter((resolved): resolved is string => resolved !== undefined)
      .map((resolved) => relative(ROOT, resolved))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** The import cycles of a graph: each strongly connected component of more than one file (or a file importing itself), sorted. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative over the sorted files so the answer is stable.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * Imports from one use case's folder (`apps/<service>/src/application/<verb-noun>/`) into another's: what two use
 * cases share belongs to the domain or to `application/shared/`, so each use case stays one operation. Returned as
 * `from → to` lines.
 */
export function useCaseToUseCaseImports(graph: ImportGraph): string[] {
  const useCase = (file: string) => /^apps\/[^/]+\/src\/application\/([^/]+)\//.exec(file)?.[1];
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = useCase(file);
    if (from === undefined || from === 'shared') continue;
    for (const target of targets) {
      const to = useCase(target);
      if (to !== undefined && to !== 'shared' && to !== from) found.push(`${file} → ${target}`);
    }
  }
  return found.sort();
}
