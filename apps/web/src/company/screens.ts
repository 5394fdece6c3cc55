import { WORKSPACE_PATHS, pagePattern, type WorkspacePath } from '@vi/contracts/web';
import type { Workspace } from './ui/frame';

/** A screen of the workspace, given the path's parameters in order (`match[1]`: the path's uuid, when it has one). */
export type Screen = (workspace: Workspace, match: RegExpExecArray) => Promise<void>;

/**
 * Each workspace path's screen, keyed by the paths the gateway answers with this page (`WORKSPACE_PATHS`, decision
 * 066): a path added there without a screen here, or a screen for a path the gateway does not serve, fails the
 * type check. Each screen is its own chunk.
 */
const SCREENS: Record<WorkspacePath, () => Promise<Screen>> = {
  '/interviews': () => import('./interviews').then((m) => m.interviewsScreen),
  '/interviews/invite': () => import('./invite').then((m) => m.inviteScreen),
  '/interview/:interviewUuid/watch': () => import('./watch').then((m) => m.watchScreen),
  '/interview/:interviewUuid/live': () => import('./live').then((m) => m.liveScreen),
  '/jobs': () => import('./jobs').then((m) => m.jobsScreen),
  '/jobs/new': () => import('./job-form').then((m) => m.jobFormScreen),
  '/jobs/:jobUuid': () => import('./job-form').then((m) => m.jobFormScreen),
  '/jobs/:jobUuid/invite': () => import('./invite').then((m) => m.inviteScreen),
  '/question-sets': () => import('./question-sets').then((m) => m.questionSetsScreen),
  '/question-sets/new': () => import('./question-set-form').then((m) => m.questionSetFormScreen),
  '/question-sets/:setUuid': () => import('./question-set-form').then((m) => m.questionSetFormScreen),
  '/team': () => import('./team').then((m) => m.teamScreen),
  '/integrations': () => import('./integrations').then((m) => m.integrationsScreen),
  '/plan': () => import('./plan').then((m) => m.planScreen),
  '/settings': () => import('./settings').then((m) => m.settingsScreen),
};

/** The workspace path `pathname` is, with its parameters, and how to load its screen; undefined for no screen. */
export function screenFor(pathname: string): { path: WorkspacePath; match: RegExpExecArray; load: () => Promise<Screen> } | undefined {
  for (const path of WORKSPACE_PATHS) {
    const match = pagePattern(path).exec(pathname);
    if (match) return { path, match, load: SCREENS[path] };
  }
  return undefined;
}
