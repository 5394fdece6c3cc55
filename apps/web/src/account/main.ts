import '../shared/styles.css';
import { ACCOUNT_PATHS, matchPagePath, SIGN_IN_PATH, WORKSPACE_HOME, type AccountPath } from '@vi/contracts/web';
import { account } from '../i18n/account';
import { en } from '../i18n/en';
import { chooseLanguage, loadEnglishOnly, text } from '../i18n/texts';
import { ApiError } from '../shared/api';
import { el, pageRoot, show } from '../shared/dom';
import { liveRegion, say } from '../shared/screens';
import { call, rememberCsrfToken, safeNext, type SessionInfo } from '../shared/session-api';

// English, with the account pages' part (English only, decision 042): this page's catalogue (decision 067).
chooseLanguage(en);
loadEnglishOnly({ account });

/**
 * The company user's account pages: `/sign-in`, `/set-password?token=…` (the emailed link; setting a password signs
 * in) and `/forgot-password`. Forms are submitted by script (the CSP's form-action is 'none'), with labels,
 * autocomplete hints for password managers, and the server's refusal read out as a sentence.
 */

const root = pageRoot();

function refusalOf(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'unexpected';
  return text().account.refusals[code] ?? (error instanceof ApiError && error.status === 0 ? text().errors.unavailable : text().errors.unexpected);
}

function field(id: string, label: string, attributes: Record<string, string | boolean>): [HTMLLabelElement, HTMLInputElement] {
  return [el('label', { for: id }, label), el('input', { id, name: id, required: true, ...attributes })];
}

/** A form whose submit runs `action`; the button is disabled meanwhile and a refusal is announced. */
function form(heading: string, intro: string | null, fields: Node[], submit: string, action: (status: HTMLElement) => Promise<void>, after: Node[] = []): void {
  const status = liveRegion();
  const button = el('button', { type: 'submit' }, submit);
  const node = el('form', { novalidate: true }, ...fields, button, status);
  node.addEventListener('submit', (event) => {
    event.preventDefault();
    button.disabled = true;
    say(status, text().common.loading);
    action(status)
      .catch((error: unknown) => say(status, refusalOf(error), 'refusal'))
      .finally(() => (button.disabled = false));
  });
  document.title = heading;
  show(root, el('main', { class: 'card' }, el('h1', {}, heading), intro ? el('p', {}, intro) : null, node, ...after));
}

function signInScreen(): void {
  const next = safeNext(new URLSearchParams(location.search).get('next'));
  const [emailLabel, email] = field('email', text().account.email, { type: 'email', autocomplete: 'username' });
  const [passwordLabel, password] = field('password', text().account.password, { type: 'password', autocomplete: 'current-password' });
  form(
    text().account.signInHeading,
    null,
    [emailLabel, email, passwordLabel, password],
    text().account.signIn,
    async () => {
      const session = await call<SessionInfo>('POST', '/v1.0/session', { email: email.value, password: password.value });
      rememberCsrfToken(session.body.csrf_token);
      location.assign(next);
    },
    [el('p', {}, el('a', { href: '/forgot-password' }, text().account.forgotLink))],
  );
}

function setPasswordScreen(): void {
  const token = new URLSearchParams(location.search).get('token');
  if (!token) {
    show(
      root,
      el(
        'main',
        { class: 'card' },
        el('h1', {}, text().account.setPasswordHeading),
        el('p', { role: 'alert', class: 'refusal' }, text().account.refusals['api.set_password_link_invalid']),
        el('p', {}, el('a', { href: '/forgot-password' }, text().account.newLink)),
      ),
    );
    return;
  }
  const [passwordLabel, password] = field('new-password', text().account.newPassword, {
    type: 'password',
    autocomplete: 'new-password',
    minlength: '12',
    'aria-describedby': 'password-rules',
  });
  const rules = el('p', { id: 'password-rules', class: 'muted' }, text().account.passwordRules);
  form(
    text().account.setPasswordHeading,
    null,
    [passwordLabel, password, rules],
    text().account.setPassword,
    async () => {
      await call<SessionInfo>('POST', '/v1.0/session/password', { token, password: password.value });
      // The token is spent: replace the link in history so Back does not offer it again.
      location.replace(WORKSPACE_HOME);
    },
    [el('p', {}, el('a', { href: '/forgot-password' }, text().account.newLink))],
  );
}

function forgotPasswordScreen(): void {
  const [emailLabel, email] = field('email', text().account.email, { type: 'email', autocomplete: 'username' });
  form(
    text().account.forgotHeading,
    text().account.forgotIntro,
    [emailLabel, email],
    text().account.sendLink,
    async (status) => {
      await call('POST', '/v1.0/session/password_reset', { email: email.value });
      say(status, text().account.linkSent, 'ok');
    },
    [el('p', {}, el('a', { href: SIGN_IN_PATH }, text().account.backToSignIn))],
  );
}

/** Each account path the gateway answers with this page (`ACCOUNT_PATHS`, decision 066) and its screen. */
const screens: Record<AccountPath, () => void> = { '/sign-in': signInScreen, '/set-password': setPasswordScreen, '/forgot-password': forgotPasswordScreen };
const path = ACCOUNT_PATHS.find((p) => matchPagePath(p, location.pathname));
(path ? screens[path] : signInScreen)();
