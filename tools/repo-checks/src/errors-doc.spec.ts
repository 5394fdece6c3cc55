import { SharedErrorCode } from '@vi/contracts';
import { AppError, VALIDATION_FAILED, httpStatusOf, validationFailed, type ErrorBody, type FieldError } from '@vi/platform-errors';
import { sharedError } from '@vi/platform-grpc';
import { ROOT, markdownTables, readRepoFile, rowsUnder, sourceFiles } from './repo-files';

/**
 * docs/errors.md is the catalogue integrators read; the code is what they get. This check fails, saying which code
 * and where, when the two part: a code raised but not listed, a listed code nothing raises, another status, or a
 * body shown in the document that the code would not render. It also keeps one reason text per code.
 */

interface Definition {
  source: string;
  status: number;
  /** Undefined where the reason is made per call (validation failures list their fields). */
  reason?: string;
}

const DOC = 'docs/errors.md';
const SERVER_DIRS = [
  'apps/gateway/src',
  'apps/identity/src',
  'apps/jobs/src',
  'apps/interviews/src',
  'apps/sharing/src',
  'apps/notifications/src',
  'apps/evaluations/src',
  'apps/assessments/src',
  'apps/transcription/src',
  'libs',
];
const CODE_LITERAL = /['"](api\.[a-z_]+)['"]/g;

/** Every error enum of the services (`*.errors.ts`) with the error each of its codes makes, found by what the module exports. */
function enumDefinitions(): Map<string, Definition[]> {
  const definitions = new Map<string, Definition[]>();
  const add = (code: string, definition: Definition) => definitions.set(code, [...(definitions.get(code) ?? []), definition]);
  const modules = SERVER_DIRS.flatMap(sourceFiles).filter((f) => f.endsWith('.errors.ts'));
  for (const source of modules) {
    // Found by file name, so that a new service's enum is checked without being named here.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exports = Object.values(require(`${ROOT}/${source}`) as Record<string, unknown>);
    const enums = exports.filter((e): e is Record<string, string> => isCodeEnum(e));
    const makers = exports.filter((e): e is (...args: unknown[]) => unknown => typeof e === 'function');
    for (const code of enums.flatMap((e) => Object.values(e))) {
      const error = makers.map((make) => errorOf(make, code)).find((e) => e?.code === code);
      if (!error) throw new Error(`${source}: nothing it exports makes an AppError of ${code}`);
      add(code, { source, status: httpStatusOf(error.kind), reason: error.reason });
    }
  }
  for (const code of Object.values(SharedErrorCode)) {
    const error = sharedError(code);
    add(code, { source: 'libs/contracts/src/shared-errors.ts', status: httpStatusOf(error.kind), reason: error.reason });
  }
  add(VALIDATION_FAILED, { source: 'libs/platform/errors/src/index.ts', status: httpStatusOf(validationFailed([]).kind) });
  return definitions;
}

function isCodeEnum(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const values = Object.values(value);
  return values.length > 0 && values.every((v) => typeof v === 'string' && v.startsWith('api.'));
}

/** A class extending AppError is constructed with the code, a function (gatewayError) called with it. */
function errorOf(make: (...args: unknown[]) => unknown, code: string): AppError | undefined {
  const isClass = make.prototype instanceof AppError;
  const made = isClass ? new (make as unknown as new (code: string) => unknown)(code) : safely(() => make(code));
  return made instanceof AppError ? made : undefined;
}

function safely<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** Where each `'api.…'` string stands in the given files: codes raised without an enum are found too. */
function codeLiterals(files: string[]): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const file of files) {
    readRepoFile(file)
      .split('\n')
      .forEach((line, i) => {
        for (const [, code] of line.matchAll(CODE_LITERAL)) places.set(code, [...(places.get(code) ?? []), `${file}:${i + 1}`]);
      });
  }
  return places;
}

/** The catalogue's rows: code → status. */
function documentedCodes(): Map<string, number> {
  const rows = rowsUnder(markdownTables(readRepoFile(DOC)), (h) => h === 'Catalogue');
  if (rows.length === 0) throw new Error(`${DOC} has no table under "## Catalogue"`);
  return new Map(rows.map(([status, code]) => [code.replace(/`/g, ''), Number(status)]));
}

/** The error bodies the document shows in ```json blocks. */
function documentedBodies(): ErrorBody[] {
  return [...readRepoFile(DOC).matchAll(/```json\n([\s\S]*?)```/g)]
    .map(([, json]) => JSON.parse(json) as ErrorBody)
    .filter((body) => typeof body.code === 'string');
}

describe('docs/errors.md agrees with the code', () => {
  const definitions = enumDefinitions();
  const literals = codeLiterals(SERVER_DIRS.flatMap(sourceFiles));
  const documented = documentedCodes();
  const raised = new Set([...definitions.keys(), ...literals.keys()]);

  it('lists every code the services and the gateway raise', () => {
    const missing = [...raised]
      .filter((code) => !documented.has(code))
      .map((code) => `${code} is raised (${(literals.get(code) ?? definitions.get(code)?.map((d) => d.source) ?? []).join(', ')}) but ${DOC} does not list it`);
    expect(missing).toEqual([]);
  });

  it('lists no code that nothing raises', () => {
    const stale = [...documented.keys()].filter((code) => !raised.has(code)).map((code) => `${DOC} lists ${code}, which no code raises`);
    expect(stale).toEqual([]);
  });

  it('gives each code the status the code answers with', () => {
    const wrong = [...definitions].flatMap(([code, defs]) =>
      defs
        .filter((d) => documented.has(code) && documented.get(code) !== d.status)
        .map((d) => `${DOC} lists ${code} as ${documented.get(code)}, but ${d.source} raises it as ${d.status}`),
    );
    expect(wrong).toEqual([]);
  });

  it('keeps one reason text per code wherever it is defined', () => {
    const split = [...definitions]
      .filter(([, defs]) => new Set(defs.filter((d) => d.reason !== undefined).map((d) => d.reason)).size > 1)
      .map(([code, defs]) => `${code} has several reason texts: ${defs.map((d) => `${d.source}: "${d.reason}"`).join('; ')}`);
    expect(split).toEqual([]);
  });

  it('shows bodies exactly as the code renders them', () => {
    const bodies = documentedBodies();
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      const rendered =
        body.code === VALIDATION_FAILED
          ? validationFailed(body.errors as FieldError[]).toBody()
          : { reason: definitions.get(body.code)?.[0]?.reason, code: body.code, lang: body.lang };
      expect({ shownIn: DOC, body: rendered }).toEqual({ shownIn: DOC, body });
    }
  });

  it('lists every code the web pages branch on', () => {
    const web = codeLiterals(sourceFiles('apps/web/src'));
    const unknown = [...web].filter(([code]) => !documented.has(code)).map(([code, at]) => `${at.join(', ')} expects ${code}, which ${DOC} does not list`);
    expect(unknown).toEqual([]);
  });
});
