import '../shared/styles.css';
import { en } from '../i18n/en';
import { el, pageRoot } from '../shared/dom';
import { loadingScreen } from '../shared/screens';
import { call, rememberCsrfToken, type SessionInfo } from '../shared/session-api';
import { failed, type Frame } from './frame';
import { interviewsScreen } from './interviews';
import { watchScreen } from './watch';
import { liveScreen } from './live';

/**
 * The signed-in company user's pages: `/interviews` (their list) and `/interview/<uuid>/watch`. Both first read
 * the session (its CSRF token); without one, they send the visitor to sign in and back here.
 */

const root = pageRoot();
const WATCH = /^\/interview\/([0-9a-fA-F-]{36})\/watch\/?$/;
const LIVE = /^\/interview\/([0-9a-fA-F-]{36})\/live\/?$/;

interface Me {
  name: string;
  company?: { name: string };
}

function signOutButton(): HTMLButtonElement {
  return el(
    'button',
    {
      type: 'button',
      class: 'secondary',
      onclick: () => {
        call('DELETE', '/v1.0/session')
          .catch(() => undefined)
          .finally(() => location.assign('/sign-in'));
      },
    },
    en.company.signOut,
  );
}

async function main(): Promise<void> {
  loadingScreen(root);
  const session = await call<SessionInfo>('GET', '/v1.0/session');
  rememberCsrfToken(session.body.csrf_token);
  const me = (await call<Me>('GET', '/v1.0/me')).body;
  const header = el('header', { class: 'signed-in' }, el('p', { class: 'muted' }, en.company.signedInAs(me.name, me.company?.name ?? '')), signOutButton());
  const frame: Frame = { root, header };
  const watch = WATCH.exec(location.pathname);
  const live = LIVE.exec(location.pathname);
  if (watch) await watchScreen(frame, watch[1].toLowerCase());
  else if (live) await liveScreen(frame, live[1].toLowerCase());
  else await interviewsScreen(frame);
}

main().catch(failed);
