import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@vi/platform-config';
import { createLogger } from '@vi/platform-logger';
import { LOCAL_RUN_DEFAULTS, loadOrCreateLocalSecrets } from '../../launcher/src/local-secrets';
import { codeSpans, environmentReads, markdownSection, markdownTables, readRepoFile, rowsUnder, sourceFiles, ROOT } from './repo-files';

/**
 * docs/configuration.md says which variable each service reads, its secrets, and what `npm start` makes up; the
 * code decides. This check fails, naming the variable and the section, when the two part. What a service reads is
 * what its `load…Config` asks of the environment it is given (every key of its zod schema), seen through a
 * recording environment: nothing is parsed out of the source, so a spread or a shared helper counts too.
 */

const DOC = 'docs/configuration.md';
const VARIABLE = /^[A-Z][A-Z0-9_]*$/;

/** Every service with a `src/config.ts`: its name and its loader. */
function services(): { name: string; load: (env: NodeJS.ProcessEnv) => unknown }[] {
  return sourceFiles('apps')
    .filter((f) => /^apps\/[^/]+\/src\/config\.ts$/.test(f))
    .map((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- found by file name, so a new service is checked too
      const loaders = Object.entries(require(join(ROOT, file)) as Record<string, unknown>).filter(
        ([key, value]) => /^load\w*Config$/.test(key) && typeof value === 'function',
      );
      if (loaders.length !== 1) throw new Error(`${file} should export one load…Config function`);
      return { name: file.split('/')[1], load: loaders[0][1] as (env: NodeJS.ProcessEnv) => unknown };
    });
}

/** The variables a loader reads, and those it refuses shorter than 32 characters (the secrets). */
function readsOf(load: (env: NodeJS.ProcessEnv) => unknown): { variables: Set<string>; secrets: Set<string> } {
  const variables = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_, key) => {
      if (typeof key === 'string' && VARIABLE.test(key)) variables.add(key);
      return typeof key === 'string' && VARIABLE.test(key) ? 'short' : undefined;
    },
  });
  try {
    load(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const secrets = error.problems.filter((p) => p.includes('at least 32 characters')).map((p) => p.split(':')[0]);
    return { variables, secrets: new Set(secrets) };
  }
  return { variables, secrets: new Set() };
}

/** What the logger every service makes reads from process.env. */
function loggerReads(): Set<string> {
  const read = new Set<string>();
  const saved = process.env;
  process.env = new Proxy(saved, {
    get: (target, key) => {
      if (typeof key === 'string' && VARIABLE.test(key)) read.add(key);
      return Reflect.get(target, key) as unknown;
    },
  });
  try {
    createLogger('configuration-check');
  } finally {
    process.env = saved;
  }
  return read;
}

/** The service names a cell speaks of; `every service` without names is all of them. */
function servicesNamed(cell: string, all: string[]): Set<string> {
  const named = all.filter((s) => new RegExp(`\\b${s}\\b`, 'i').test(cell));
  return new Set(named.length === 0 && /every service/i.test(cell) ? all : named);
}

const sorted = (set: Iterable<string>) => [...set].sort().join(', ') || 'none';

const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

describe('docs/configuration.md agrees with the code', () => {
  const doc = readRepoFile(DOC);
  const tables = markdownTables(doc);
  const all = services();
  const reads = new Map(all.map((s) => [s.name, readsOf(s.load)]));
  const names = all.map((s) => s.name);
  const readers = (variable: string) => new Set(names.filter((n) => reads.get(n)!.variables.has(variable)));
  const logger = loggerReads();

  it("documents in each service's table exactly the variables its config.ts reads", () => {
    const problems: string[] = [];
    for (const { name } of all) {
      const section = `## … (\`apps/${name}\`, …)`;
      const documented = new Set(rowsUnder(tables, (h) => h.includes(`(\`apps/${name}\``)).flatMap(([cell]) => codeSpans(cell)));
      const read = reads.get(name)!.variables;
      for (const v of read) if (!documented.has(v)) problems.push(`apps/${name}/src/config.ts reads ${v}, but ${DOC} (${section}) does not document it`);
      for (const v of documented)
        if (!read.has(v) && !logger.has(v)) problems.push(`${DOC} (${section}) documents ${v}, which apps/${name}/src/config.ts does not read`);
    }
    expect(problems).toEqual([]);
  });

  it('explains the variables the logger reads in the general rules', () => {
    const general = markdownSection(doc, '');
    expect([...logger].filter((v) => !general.includes(`\`${v}\``)).map((v) => `the logger reads ${v}; ${DOC} should explain it before "## Secrets"`)).toEqual(
      [],
    );
  });

  it('lists the secrets with the services that read them', () => {
    const problems: string[] = [];
    const secrets = new Set(names.flatMap((n) => [...reads.get(n)!.secrets]));
    const documented = new Map(rowsUnder(tables, (h) => h === 'Secrets').map(([variable, readBy]) => [codeSpans(variable)[0], servicesNamed(readBy, names)]));
    for (const s of secrets) if (!documented.has(s)) problems.push(`${s} is a secret (at least 32 characters) but the Secrets table does not list it`);
    for (const [s, said] of documented) {
      if (!secrets.has(s)) problems.push(`the Secrets table lists ${s}, which no service reads as a secret`);
      else if (sorted(said) !== sorted(readers(s)))
        problems.push(`the Secrets table says ${s} is read by ${sorted(said)}; it is read by ${sorted(readers(s))}`);
    }
    expect(problems).toEqual([]);
  });

  it('names the services that use each embedded stand-in', () => {
    const rows = rowsUnder(tables, (h) => h.startsWith('Without PostgreSQL'));
    const problems = rows.flatMap(([cell]) => {
      const variable = codeSpans(cell)[0];
      const said = servicesNamed(cell.replace(/`[^`]*`/g, ''), names);
      return sorted(said) === sorted(readers(variable))
        ? []
        : [`"Without PostgreSQL, NATS or Redis" says ${variable} is read by ${sorted(said)}; it is read by ${sorted(readers(variable))}`];
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  describe('the all-in-one launcher', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vi-config-check-'));
    const generated = Object.keys(loadOrCreateLocalSecrets(join(dir, 'local-secrets.json')));
    rmSync(dir, { recursive: true, force: true });
    const section = markdownSection(doc, 'All-in-one launcher');
    const rows = rowsUnder(tables, (h) => h.startsWith('All-in-one launcher'));

    it('lists as generated exactly what npm start generates, and counts its secrets right', () => {
      const documented = rows.filter(([, fallback]) => /generated/.test(fallback)).flatMap(([cell]) => codeSpans(cell));
      expect({ generatedPerDoc: documented.sort() }).toEqual({ generatedPerDoc: [...generated].sort() });
      const secrets = generated.filter((v) => names.some((n) => reads.get(n)!.secrets.has(v)));
      const said = /`npm start`[^.]*? generates all (\w+)/.exec(markdownSection(doc, 'Secrets'))?.[1];
      expect({ secretsNpmStartGenerates: said }).toEqual({ secretsNpmStartGenerates: NUMBERS[secrets.length] });
    });

    it('says it runs every service', () => {
      const runs = /`npm start` runs ([^.]*?) in one\s+process/.exec(section)?.[1] ?? '';
      expect({ npmStartRuns: sorted(servicesNamed(runs, names)) }).toEqual({ npmStartRuns: sorted(names) });
    });

    it('documents only variables something reads', () => {
      const known = new Set([
        ...names.flatMap((n) => [...reads.get(n)!.variables]),
        ...logger,
        ...generated,
        ...Object.keys(LOCAL_RUN_DEFAULTS),
        ...environmentReads(sourceFiles('tools/launcher/src'), { anyEnv: true }),
      ]);
      const unread = codeSpans(section)
        .filter((v) => VARIABLE.test(v) && !known.has(v))
        .map((v) => `${DOC} (All-in-one launcher) names ${v}, which neither the launcher nor a service reads`);
      expect(unread).toEqual([]);
    });
  });

  it.each([
    ['Operator CLI', ['tools/admin-cli/src']],
    ['Tests', ['libs/platform/testing/src', 'e2e/support', 'jest.global-setup.js']],
  ])('documents under "%s" exactly what it reads', (heading, places) => {
    const documented = new Set(rowsUnder(tables, (h) => h.startsWith(heading)).flatMap(([cell]) => codeSpans(cell)));
    const read = environmentReads(places.flatMap((p) => (p.endsWith('.js') ? [p] : sourceFiles(p))));
    const problems = [
      ...[...read]
        .filter((v) => !documented.has(v) && !logger.has(v))
        .map((v) => `${places.join(', ')} reads ${v}, but ${DOC} (${heading}) does not document it`),
      ...[...documented].filter((v) => !read.has(v)).map((v) => `${DOC} (${heading}) documents ${v}, which ${places.join(', ')} does not read`),
    ];
    expect(problems).toEqual([]);
  });
});
