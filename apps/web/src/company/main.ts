import '../shared/styles.css';
import { WORKSPACE_HOME } from '@vi/contracts/web';
import { ws } from '../i18n/workspace';
import { en } from '../i18n/en';
import { chooseLanguage, loadEnglishOnly, text } from '../i18n/texts';
import { ApiError } from '../shared/api';
import { el, pageRoot } from '../shared/dom';
import { loadingScreen, messageScreen } from '../shared/screens';
import { signInUrl } from '../shared/session-api';
import { api, ok, rememberCsrfToken } from './api';
import { refusalSentence } from './refusals';
import { screenFor } from './screens';
import type { Workspace } from './ui/frame';
import { showPendingToast } from './ui/toast';

// English, with the workspace' part (English only, decision 042): this page's catalogue (decision 067).
chooseLanguage(en);
loadEnglishOnly({ workspace: ws });

/**
 * The company workspace (decision 044): one HTML entry for every workspace path; this script reads the session
 * (its CSRF token), who is signed in and their role, then loads the screen for the path (each screen is its own
 * chunk, screens.ts). Without a live session it sends the visitor to sign in, and back here afterwards.
 */

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
  const route = screenFor(location.pathname);
  const workspace = await signedIn();
  if (!route) {
    messageScreen(root, text().workspace.notFound.heading, text().workspace.notFound.text);
    root.querySelector('main')?.append(el('p', {}, el('a', { href: WORKSPACE_HOME }, text().workspace.notFound.home)));
    return;
  }
  const screen = await route.load();
  await screen(workspace, route.match);
  showPendingToast();
}

main().catch(failed);
