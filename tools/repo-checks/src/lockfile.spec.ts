import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface LockedPackage {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const root = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as LockedPackage & { engines: { node: string } };
const lockfile = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };

/** Where node would find `name` when required from the package installed at `from` (nested first, then up to the root). */
function resolveLocked(from: string, name: string): LockedPackage | undefined {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const found = lockfile.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`];
    if (found || !dir) return found;
  }
}

// `npm ci` refuses a lockfile that disagrees with package.json or lacks a package it would
// install on some platform (docs/decisions/010-installing-dependencies.md); these say which.
describe('package-lock.json', () => {
  it('locks exactly the dependencies package.json declares', () => {
    const locked = lockfile.packages[''];
    expect(locked?.dependencies).toEqual(manifest.dependencies);
    expect(locked?.devDependencies).toEqual(manifest.devDependencies);
  });

  it('pins every dependency to an exact version', () => {
    const specs = { ...manifest.dependencies, ...manifest.devDependencies };
    const ranges = Object.entries(specs).filter(([, spec]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec));
    expect(ranges).toEqual([]);
  });

  it("holds every platform's optional packages, so that npm ci works on any machine", () => {
    const missing = Object.entries(lockfile.packages).flatMap(([path, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolveLocked(path, name))
        .map((name) => `${name} (optional dependency of ${path || 'the root'})`),
    );
    expect(missing).toEqual([]);
  });
});
