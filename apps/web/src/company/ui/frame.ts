import { SIGN_IN_PATH, WORKSPACE_HOME, type WorkspacePath } from '@vi/contracts/web';
import { text } from '../../i18n/texts';
import { el, pageRoot } from '../../shared/dom';
import { api, ok, type Schemas } from '../api';

/**
 * The page frame every workspace page shares: the product, the navigation (Jobs, Interviews, Question sets, Team,
 * Integrations, Plan, Settings), who is signed in and Sign out; then the page's own content. On a laptop the navigation is a
 * bar down the left; on a phone a "Menu" button opens it above the content.
 */

export interface Workspace {
  me: Schemas['Me'];
  role: Schemas['CompanyUser']['role'];
  plan: Schemas['Plan'] | null;
}

export type Section = 'jobs' | 'interviews' | 'questionSets' | 'team' | 'integrations' | 'plan' | 'settings';

/** Each section's page: a path the gateway answers with the workspace (a typo fails the type check). */
const SECTIONS: Array<[Section, WorkspacePath]> = [
  ['jobs', '/jobs'],
  ['interviews', '/interviews'],
  ['questionSets', '/question-sets'],
  ['team', '/team'],
  ['integrations', '/integrations'],
  ['plan', '/plan'],
  ['settings', '/settings'],
];

function signOut(): void {
  ok(api.DELETE('/session'))
    .catch(() => undefined)
    .finally(() => location.assign(SIGN_IN_PATH));
}

function navigation(current: Section | undefined): HTMLElement {
  const list = el(
    'ul',
    { id: 'workspace-nav-list' },
    ...SECTIONS.map(([section, href]) =>
      el('li', {}, el('a', { href, 'aria-current': section === current ? 'page' : undefined }, text().workspace.nav[section])),
    ),
  );
  const toggle = el(
    'button',
    { type: 'button', class: 'menu-toggle', 'aria-expanded': 'false', 'aria-controls': 'workspace-nav-list' },
    text().workspace.nav.menu,
  );
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    list.classList.toggle('open', open);
  });
  return el('nav', { class: 'workspace-nav', 'aria-label': text().workspace.nav.label }, toggle, list);
}

/** Renders a workspace page: the frame around `content`, the document title, focus on the page's heading. */
export function renderPage(workspace: Workspace, current: Section | undefined, title: string, ...content: Array<Node | null>): void {
  document.title = `${title} · ${text().workspace.product}`;
  const heading = el('h1', { id: 'page-heading', tabindex: '-1' }, title);
  const user = el(
    'div',
    { class: 'user' },
    el('p', {}, text().workspace.nav.signedInAs(workspace.me.name, workspace.me.company?.name ?? '')),
    el('button', { type: 'button', class: 'secondary', onclick: signOut }, text().workspace.nav.signOut),
  );
  const shell = el(
    'div',
    { class: 'workspace' },
    el('a', { class: 'skip', href: '#page-heading' }, text().workspace.common.mainContent),
    el('header', { class: 'workspace-header' }, el('a', { class: 'brand', href: WORKSPACE_HOME }, text().workspace.product), navigation(current), user),
    el('main', { class: 'workspace-main', 'aria-labelledby': 'page-heading' }, heading, ...content.filter((n): n is Node => n !== null)),
  );
  const root = pageRoot();
  root.replaceChildren(shell);
  heading.focus({ preventScroll: true });
}

/** A row of actions under a page's heading (a primary link such as "Post a job"). */
export function toolbar(...items: Array<Node | null>): HTMLElement {
  return el('div', { class: 'toolbar' }, ...items);
}

export function linkButton(href: string, label: string, kind: 'primary' | 'secondary' = 'primary'): HTMLAnchorElement {
  return el('a', { class: kind === 'primary' ? 'button' : 'button secondary', href }, label);
}
