import { text } from '../i18n/texts';
import { el, show } from './dom';

/** A page that only states something: a refusal, a confirmation, an unavailable link. */
export function messageScreen(root: HTMLElement, heading: string, sentence?: string, role: 'alert' | 'status' = 'alert'): void {
  show(
    root,
    el('main', { class: 'card' }, el('h1', {}, heading), sentence ? el('p', { role, class: role === 'alert' ? 'refusal' : 'notice' }, sentence) : null),
  );
}

export function loadingScreen(root: HTMLElement): void {
  root.replaceChildren(el('p', { role: 'status', class: 'notice' }, text().common.loading));
}

/** A status line that screen readers announce when its text changes. */
export function liveRegion(className = 'notice'): HTMLParagraphElement {
  return el('p', { role: 'status', 'aria-live': 'polite', class: className });
}

export function say(region: HTMLElement, text: string, kind: 'notice' | 'refusal' | 'ok' = 'notice'): void {
  region.className = kind;
  region.setAttribute('role', kind === 'refusal' ? 'alert' : 'status');
  region.textContent = text;
}
