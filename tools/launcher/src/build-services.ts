import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

/**
 * `npm run build:services`: one JavaScript bundle per service, what production
 * runs (decision 022). Our own code (apps, libs through the @vi/* paths of
 * tsconfig) is bundled; packages stay `require`d from node_modules, so the
 * WebAssembly, workers and native parts of dependencies load as they do from
 * source.
 */
export const SERVICES = ['identity', 'jobs', 'interviews', 'sharing', 'notifications', 'evaluations', 'assessments', 'transcription', 'gateway'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const REPO_ROOT = resolve(__dirname, '../../..');
export const SERVICES_DIST = join(REPO_ROOT, 'dist/services');
const METAFILE = join(SERVICES_DIST, 'meta.json');

/** The bundle of one service, relative to the repository root (how a container or a process manager starts it). */
export function serviceBundle(service: ServiceName): string {
  return join(SERVICES_DIST, service, 'main.js');
}

/**
 * A few modules find files beside their source (`__dirname`: the gateway's avatar, the pages in dist/web, the
 * interviews video worker). In a bundle `__dirname` is the bundle's folder; this rewrites it to the source
 * folder, relative to the bundle, so the bundles run from any checkout or image that has the repository layout.
 */
const sourceDirname: Plugin = {
  name: 'source-dirname',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!/\b__dirname\b/.test(source) || args.path.includes('node_modules')) return undefined;
      const outdir = builder.initialOptions.outdir!;
      const fromBundle = relative(outdir, dirname(args.path)).split('\\').join('/');
      const contents = source.replace(/\b__dirname\b/g, `require('node:path').join(__dirname, ${JSON.stringify(fromBundle)})`);
      return { contents, loader: 'ts' };
    });
  },
};

export async function buildServices(): Promise<{ ms: number }> {
  const started = Date.now();
  await rm(SERVICES_DIST, { recursive: true, force: true });
  const inputs: Metafile['inputs'] = {};
  for (const service of SERVICES) {
    const result = await build({
      absWorkingDir: REPO_ROOT,
      entryPoints: [join(REPO_ROOT, `apps/${service}/src/main.ts`)],
      outdir: join(SERVICES_DIST, service),
      entryNames: 'main',
      bundle: true,
      packages: 'external',
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: 'linked',
      tsconfig: join(REPO_ROOT, 'tsconfig.json'),
      metafile: true,
      logLevel: 'warning',
      plugins: [sourceDirname],
    });
    Object.assign(inputs, result.metafile.inputs);
  }
  await mkdir(SERVICES_DIST, { recursive: true });
  await writeFile(METAFILE, JSON.stringify({ builtAt: started, inputs: Object.keys(inputs) }));
  return { ms: Date.now() - started };
}

/** Why the bundles must be rebuilt (missing, or a source they were built from changed since), or null when current. */
export function staleReason(): string | null {
  if (!existsSync(METAFILE) || SERVICES.some((service) => !existsSync(serviceBundle(service)))) return 'no build yet';
  const meta = JSON.parse(readFileSync(METAFILE, 'utf8')) as { builtAt: number; inputs: string[] };
  for (const input of [...meta.inputs, 'package-lock.json', 'tsconfig.base.json']) {
    const path = join(REPO_ROOT, input);
    if (!existsSync(path)) return `${input} is gone`;
    if (statSync(path).mtimeMs >= meta.builtAt) return `${input} changed`;
  }
  return null;
}

if (require.main === module) {
  buildServices().then(
    ({ ms }) => process.stdout.write(`services built into ${relative(process.cwd(), SERVICES_DIST) || '.'} in ${ms} ms\n`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
