import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { matchPagePath, pagePath, pagePattern, PAGES, WORKSPACE_PATHS } from './page-paths';

const WEB_APP = resolve(__dirname, '../../../../apps/web');
const UUID = '7f1c2d9e-0000-4000-8000-00000000000a';

describe('page paths', () => {
  it('name exactly the pages the web app builds: one HTML entry per page, and a page for every entry', () => {
    const entries = readdirSync(WEB_APP).filter((file) => file.endsWith('.html'));
    expect(entries.map((file) => file.replace(/\.html$/, '')).sort()).toEqual(Object.keys(PAGES).sort());
  });

  it('are each served to one page only', () => {
    const all = Object.values(PAGES).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('read a path back into its parameters, for every page path', () => {
    for (const pattern of Object.values(PAGES).flat()) {
      const params = Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name, name.endsWith('Uuid') ? UUID : 'AbC_dEf-123']));
      const path = pagePath(pattern, params);
      expect({ pattern, params: matchPagePath(pattern, path) }).toEqual({ pattern, params });
      expect({ pattern, params: matchPagePath(pattern, `${path}/`) }).toEqual({ pattern, params });
    }
  });

  it('match a workspace path to one pattern only, so the order of the list never picks the screen', () => {
    for (const pattern of WORKSPACE_PATHS) {
      const path = pattern.replace(/:\w+/g, UUID);
      expect({ path, matches: WORKSPACE_PATHS.filter((p) => pagePattern(p).test(path)) }).toEqual({ path, matches: [pattern] });
    }
  });

  it('take a UUID only where the parameter names one, and refuse what is not a path segment', () => {
    expect(matchPagePath('/jobs/:jobUuid', '/jobs/new')).toBeUndefined();
    expect(matchPagePath('/jobs/:jobUuid', `/jobs/${UUID}/extra`)).toBeUndefined();
    expect(matchPagePath('/share/:token', '/share/a%2Fb')).toEqual({ token: 'a/b' });
    expect(matchPagePath('/share/:token', '/share/%E0')).toBeUndefined();
    expect(matchPagePath('/share/:token', '/share/')).toBeUndefined();
  });

  it('refuse to build a path without one of its parameters', () => {
    expect(() => pagePath('/interview/:interviewUuid/watch')).toThrow('needs interviewUuid');
    expect(pagePath('/share/:token', { token: 'a/b' })).toBe('/share/a%2Fb');
  });
});

describe('@vi/contracts/web', () => {
  // The web pages bundle this entry (Vite): anything it reaches must run in a browser, so it imports no package,
  // no Node module and nothing generated from proto; only its own relative modules.
  it('imports only its own modules, none of them a package, a Node module or the generated stubs', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
        expect({ file, specifier, relative: specifier.startsWith('./') || specifier.startsWith('../') }).toEqual({ file, specifier, relative: true });
        expect(specifier).not.toMatch(/generated/);
        visit(join(dirname(file), `${specifier}.ts`));
      }
    };
    visit(resolve(__dirname, '../web.ts'));
    expect([...seen].map((file) => file.slice(resolve(__dirname, '..').length + 1)).sort()).toEqual([
      'events/evaluations.subjects.ts',
      'events/interviews.subjects.ts',
      'events/jobs.subjects.ts',
      'events/transcription.subjects.ts',
      'events/webhook-events.ts',
      'live/live-protocol.ts',
      'pages/page-paths.ts',
      'web.ts',
    ]);
  });
});
