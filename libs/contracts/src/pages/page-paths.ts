/**
 * The web pages' paths, written once (decision 066): the gateway answers each with its page's HTML entry
 * (apps/gateway/src/http/web-pages.ts), the Vite build makes one entry per page (apps/web/build/build-web.ts), and
 * each page's script reads its own path with `matchPagePath` (the workspace picks its screen by it). Express-style
 * patterns: `:name` is one path segment; a name ending in `Uuid` matches a UUID only, in the pages.
 *
 * Browser-safe: no import.
 */

/** The company workspace's screens (decisions 026 and 044): one HTML entry, the page's script picks the screen. */
export const WORKSPACE_PATHS = [
  '/interviews',
  '/interviews/invite',
  '/interview/:interviewUuid/watch',
  '/interview/:interviewUuid/live',
  '/jobs',
  '/jobs/new',
  '/jobs/:jobUuid',
  '/jobs/:jobUuid/invite',
  '/question-sets',
  '/question-sets/new',
  '/question-sets/:setUuid',
  '/team',
  '/integrations',
  '/plan',
  '/settings',
] as const;

export type WorkspacePath = (typeof WORKSPACE_PATHS)[number];

/** Where `/` sends a visitor who holds a session cookie, and where signing in lands. */
export const WORKSPACE_HOME: WorkspacePath = '/interviews';

/** The company user's account pages: signing in, the emailed link that sets a password, asking for that link. */
export const ACCOUNT_PATHS = ['/sign-in', '/set-password', '/forgot-password'] as const;

export type AccountPath = (typeof ACCOUNT_PATHS)[number];

/** Where `/` sends a visitor without a session cookie, and where the pages send an ended session. */
export const SIGN_IN_PATH: AccountPath = '/sign-in';

/** The candidate's interview, opened from the invitation link `…?token=<token>`. */
export const CANDIDATE_PATH = '/candidate/interviews/:interviewUuid';
/** A share link's reviewer page (decision 015). */
export const SHARE_PATH = '/share/:token';
/** An open interview's public link, where job seekers apply (decision 045). */
export const APPLY_PATH = '/apply/:openInterviewUuid';

/**
 * Every page (one HTML entry `<name>.html` of the Vite build) and the paths the gateway answers with it. `not-found`
 * has none of its own: it answers any other path a browser asks for as a page.
 */
export const PAGES = {
  candidate: [CANDIDATE_PATH],
  share: [SHARE_PATH],
  apply: [APPLY_PATH],
  account: ACCOUNT_PATHS,
  company: WORKSPACE_PATHS,
  'not-found': [],
} as const satisfies Record<string, readonly string[]>;

export type PageName = keyof typeof PAGES;
/** Any page's path pattern: a string literal that is not one of them fails the type check. */
export type PagePath = (typeof PAGES)[PageName][number];

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * A pattern as a regular expression over `location.pathname`: each parameter a named group, in order (a name ending
 * in `Uuid` matches a UUID only); a trailing slash is allowed.
 */
export function pagePattern(pattern: PagePath): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const name = segment.slice(1);
      return `(?<${name}>${name.endsWith('Uuid') ? UUID : '[^/]+'})`;
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** A pattern's parameters by name (decoded), or undefined when `pathname` is not that page. */
export function matchPagePath(pattern: PagePath, pathname: string): Record<string, string> | undefined {
  const match = pagePattern(pattern).exec(pathname);
  if (!match) return undefined;
  try {
    return Object.fromEntries(Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    // A malformed escape (`%E0`): no page's parameter.
    return undefined;
  }
}

/**
 * A page's path with its parameters filled in (each one encoded as a path segment): what the services put in the
 * links they send (the candidate's invitation, a share link, an open interview's link, a set-password email).
 */
export function pagePath(pattern: PagePath, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pagePath: ${pattern} needs ${name}`);
    return encodeURIComponent(value);
  });
}
