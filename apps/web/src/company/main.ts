import '../shared/styles.css';
import { ws } from '../i18n/workspace';
import { en } from '../i18n/en';
import { chooseLanguage, loadEnglishOnly, text } from '../i18n/texts';
import { ApiError } from '../shared/api';
import { el, pageRoot } from '../shared/dom';
import { loadingScreen, messageScreen } from '../shared/screens';
import { signInUrl } from '../shared/session-api';
import { api, ok, rememberCsrfToken } from './api';
import { refusalSentence } from './refusals';
import type { Workspace } from './ui/frame';
import { showPendingToast } from './ui/toast';

// English, with the workspace' part (English only, decision 042): this page's catalogue (decision 067).
chooseLanguage(en);
loadEnglishOnly({ workspace: ws });

/**
 * The company workspace (decision 044): one HTML entry for every workspace path; this script reads the session
 * (its CSRF token), who is signed in and their role, then loads the screen for the path (each screen is its own
 * chunk). Without a live session it sends the visitor to sign in, and back here afterwards.
 */

type Screen = (workspace: Workspace, match: RegExpExecArray) => Promise<void>;

const UUID = '([0-9a-fA-F-]{36})';
const ROUTES: Array<[RegExp, () => Promise<Screen>]> = [
  [/^\/jobs\/?$/, () => import('./jobs').then((m) => m.jobsScreen)],
  [/^\/jobs\/new\/?$/, () => import('./job-form').then((m) => m.jobFormScreen)],
  [new RegExp(`^/jobs/${UUID}/?$`), () => import('./job-form').then((m) => m.jobFormScreen)],
  [new RegExp(`^/jobs/${UUID}/invite/?$`), () => import('./invite').then((m) => m.inviteScreen)],
  [/^\/interviews\/invite\/?$/, () => import('./invite').then((m) => m.inviteScreen)],
  [/^\/interviews\/?$/, () => import('./interviews').then((m) => m.interviewsScreen)],
  [new RegExp(`^/interview/${UUID}/watch/?$`), () => import('./watch').then((m) => m.watchScreen)],
  [new RegExp(`^/interview/${UUID}/live/?$`), () => import('./live').then((m) => m.liveScreen)],
  [/^\/question-sets\/?$/, () => import('./question-sets').then((m) => m.questionSetsScreen)],
  [/^\/question-sets\/new\/?$/, () => import('./question-set-form').then((m) => m.questionSetFormScreen)],
  [new RegExp(`^/question-sets/${UUID}/?$`), () => import('./question-set-form').then((m) => m.questionSetFormScreen)],
  [/^\/team\/?$/, () => import('./team').then((m) => m.teamScreen)],
  [/^\/integrations\/?$/, () => import('./integrations').then((m) => m.integrationsScreen)],
  [/^\/plan\/?$/, () => import('./plan').then((m) => m.planScreen)],
];

function toSignIn(): void {
  location.replace(signInUrl(`${location.pathname}${location.search}`));
}

function failed(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return toSignIn();
  messageScreen(pageRoot(), text().workspace.product, refusalSentence(error));
}

async function signedIn(): Promise<Workspace> {
  const session = await ok(api.GET('/session'));
  rememberCsrfToken(session.data.csrf_token);
  const me = (await ok(api.GET('/me'))).data;
  const user = (await ok(api.GET('/users/{userUuid}', { params: { path: { userUuid: me.uuid } } }))).data;
  return { me, role: user.role, plan: me.company?.plan ?? null };
}

async function main(): Promise<void> {
  const root = pageRoot();
  loadingScreen(root);
  const route = ROUTES.find(([pattern]) => pattern.test(location.pathname));
  const workspace = await signedIn();
  if (!route) {
    messageScreen(root, text().workspace.notFound.heading, text().workspace.notFound.text);
    root.querySelector('main')?.append(el('p', {}, el('a', { href: '/interviews' }, text().workspace.notFound.home)));
    return;
  }
  const [pattern, load] = route;
  const screen = await load();
  await screen(workspace, pattern.exec(location.pathname)!);
  showPendingToast();
}

main().catch(failed);
