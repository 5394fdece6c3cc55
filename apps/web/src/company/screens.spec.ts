import { describe, expect, it } from '@jest/globals';
import { WORKSPACE_PATHS } from '@vi/contracts/web';
import { screenFor } from './screens';

const UUID = '7F1C2D9E-0000-4000-8000-00000000000A';

describe('screenFor', () => {
  it('opens a screen for every path the gateway answers with the workspace, handing it the path’s uuid', () => {
    for (const path of WORKSPACE_PATHS) {
      const pathname = path.replace(/:\w+/g, UUID);
      const sut = screenFor(pathname);
      expect({ pathname, path: sut?.path, uuid: sut?.match[1] }).toEqual({ pathname, path, uuid: path.includes(':') ? UUID : undefined });
      expect(screenFor(`${pathname}/`)?.path).toBe(path);
    }
  });

  it('opens none for a path the gateway would not answer with the workspace', () => {
    for (const pathname of ['/', '/jobs/not-a-uuid', `/jobs/${UUID}/edit`, '/interview/watch', '/sign-in']) {
      expect({ pathname, screen: screenFor(pathname) }).toEqual({ pathname, screen: undefined });
    }
  });
});
