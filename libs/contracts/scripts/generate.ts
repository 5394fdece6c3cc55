/**
 * Regenerates the ts-proto stubs from proto/ into src/generated/ (or into the
 * folder given as the first argument, which the staleness test uses). Uses the
 * npm-installed buf, so no system protoc is needed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const contractsDir = resolve(__dirname, '..');
const out = resolve(process.argv[2] ?? join(contractsDir, 'src/generated'));

const workDir = mkdtempSync(join(tmpdir(), 'buf-gen-'));
try {
  const template = readFileSync(join(contractsDir, 'buf.gen.yaml'), 'utf8')
    .replace('../../node_modules/.bin/protoc-gen-ts_proto', resolve(contractsDir, '../../node_modules/.bin/protoc-gen-ts_proto'))
    .replace('out: src/generated', `out: ${out}`);
  writeFileSync(join(workDir, 'buf.gen.yaml'), template);
  mkdirSync(out, { recursive: true });
  execFileSync(resolve(contractsDir, '../../node_modules/.bin/buf'), ['generate', '--template', join(workDir, 'buf.gen.yaml')], {
    cwd: contractsDir,
    stdio: 'inherit',
  });
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
