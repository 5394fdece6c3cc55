import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_NODE_OPTIONS } from './service-processes';

describe('the Node options of the compiled services', () => {
  it('are the same in the container image as under npm run start:services', () => {
    const dockerfile = readFileSync(join(__dirname, '../../../deploy/Dockerfile'), 'utf8');
    const image = /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(dockerfile)?.[1];
    expect(image?.split(' ')).toEqual(SERVICE_NODE_OPTIONS);
  });
});
