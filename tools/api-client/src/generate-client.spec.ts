import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const GENERATED_FILE = resolve(__dirname, '../../../clients/typescript/openapi.ts');

describe('the typed TypeScript client', () => {
  it('is generated from the current OpenAPI description (run `npm run client` after changing the API)', () => {
    const regenerated = execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'generate-client.ts'), '--stdout'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(regenerated);
  });
});
