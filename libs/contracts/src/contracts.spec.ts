import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

describe('generated gRPC stubs', () => {
  it('match what proto/ generates today (run `npm run proto` when this fails)', () => {
    const out = mkdtempSync(join(tmpdir(), 'contracts-'));
    try {
      const root = resolve(__dirname, '../../..');
      execFileSync(join(root, 'node_modules/.bin/tsx'), [join(__dirname, '../scripts/generate.ts'), out], { stdio: 'pipe' });
      const committed = join(__dirname, 'generated');
      const generatedFiles = readdirSync(out).sort();
      expect(readdirSync(committed).sort()).toEqual(generatedFiles);
      for (const file of generatedFiles) {
        expect(readFileSync(join(committed, file), 'utf8')).toBe(readFileSync(join(out, file), 'utf8'));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
