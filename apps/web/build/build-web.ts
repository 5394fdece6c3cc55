import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { PAGES as PAGE_PATHS } from '@vi/contracts/web';

/**
 * Builds the candidate and share pages into dist/web with Vite, which the
 * gateway serves. `--when-stale` (run before `npm start`, and by the browser
 * tests) rebuilds only when the sources differ from the last build's: a hash
 * of every input is kept in dist/web/.build-hash, so an unchanged checkout
 * starts without building (~0.1 s check instead of a ~2 s build).
 */

export const WEB_ROOT = resolve(__dirname, '..');
const REPO_ROOT = resolve(WEB_ROOT, '../..');
/** Where the gateway looks for the pages (apps/gateway/src/http/web-pages.ts). */
export const WEB_DIST = join(REPO_ROOT, 'dist/web');
const HASH_FILE = '.build-hash';
const LOCK = join(REPO_ROOT, 'dist/.web-build.lock');
/** Every page is one HTML entry `<name>.html` (the contract's list, which the gateway serves); Vite splits the code per entry. */
const PAGES = Object.fromEntries(Object.keys(PAGE_PATHS).map((name) => [name, `${name}.html`]));
/**
 * The contracts the pages import (`@vi/contracts/web`: the live protocol, the page paths, the webhook event table),
 * resolved as the TypeScript paths of tsconfig.base.json say; their sources are part of the bundle's hash.
 */
const WEB_CONTRACTS = '@vi/contracts/web';
const CONTRACTS_SRC = join(REPO_ROOT, 'libs/contracts/src');

function aliasOf(name: string): string {
  const { compilerOptions } = JSON.parse(readFileSync(join(REPO_ROOT, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return join(REPO_ROOT, compilerOptions.paths[name][0]);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** A hash of what the bundle is made of: the page sources, the contracts, this script and the locked Vite version. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  const inputs = [...filesUnder(join(WEB_ROOT, 'src')), ...filesUnder(CONTRACTS_SRC), ...Object.values(PAGES).map((p) => join(WEB_ROOT, p)), __filename].sort();
  for (const file of inputs) hash.update(relative(WEB_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  const vite = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules/vite/package.json'), 'utf8')) as { version: string };
  return hash.update(vite.version).digest('hex');
}

export function bundleIsFresh(hash = sourceHash()): boolean {
  const file = join(WEB_DIST, HASH_FILE);
  return existsSync(file) && readFileSync(file, 'utf8') === hash;
}

/** Runs Vite into a temporary folder and swaps it in, so the gateway never serves a half-written bundle. */
async function viteBuild(hash: string): Promise<void> {
  // Vite is ESM-only; this file is CommonJS (tsx), hence the dynamic import.
  const { build } = await import('vite');
  const outDir = `${WEB_DIST}.tmp-${process.pid}`;
  await build({
    root: WEB_ROOT,
    base: '/web/',
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { [WEB_CONTRACTS]: aliasOf(WEB_CONTRACTS) } },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // Hashed names under assets/: the gateway serves them as immutable.
      assetsDir: 'assets',
      // No inline <script> or data: module preload polyfill: the CSP allows scripts from 'self' only.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      rolldownOptions: { input: Object.fromEntries(Object.entries(PAGES).map(([name, file]) => [name, join(WEB_ROOT, file)])) },
    },
  });
  writeFileSync(join(outDir, HASH_FILE), hash);
  rmSync(WEB_DIST, { recursive: true, force: true });
  renameSync(outDir, WEB_DIST);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One build at a time across processes (parallel test workers): an exclusive lock file, given up after 2 minutes. */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(join(REPO_ROOT, 'dist'), { recursive: true });
  for (const started = Date.now(); ;) {
    try {
      closeSync(openSync(LOCK, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than a build can take was left by a killed process.
      const lock = statSync(LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > 120_000) rmSync(LOCK, { force: true });
      if (Date.now() - started > 180_000) throw new Error(`waited 3 minutes for ${LOCK}; remove it if no build is running`);
      await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

/** Builds in this process unless dist/web already holds a build of these sources; returns whether it built. */
async function buildHere(options: { force: boolean }): Promise<boolean> {
  if (!options.force && bundleIsFresh()) return false;
  return withBuildLock(async () => {
    const hash = sourceHash();
    if (!options.force && bundleIsFresh(hash)) return false;
    await viteBuild(hash);
    return true;
  });
}

/**
 * For other programs (the browser tests, the benchmark): builds the pages
 * when they are stale, in a child process, because Vite is an ES module that
 * a CommonJS host such as jest's module loader cannot import.
 */
export async function ensureWebBundle(): Promise<boolean> {
  if (bundleIsFresh()) return false;
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, '--when-stale'], { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`building the web pages failed (exit code ${code}); run \`npm run build:web\` to see why`);
  return true;
}

if (require.main === module) {
  const whenStale = process.argv.includes('--when-stale');
  const started = Date.now();
  buildHere({ force: !whenStale })
    .then((built) => {
      if (built) process.stdout.write(`web pages built into ${relative(process.cwd(), WEB_DIST)} in ${Date.now() - started} ms\n`);
    })
    .catch((error: unknown) => {
      console.error('building the web pages failed:', error);
      process.exit(1);
    });
}
