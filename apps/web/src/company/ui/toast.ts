import { el } from '../../shared/dom';

/**
 * A short confirmation at the bottom of the screen ("Job saved."), announced by screen readers. It survives one
 * page load: a message given just before navigating is shown by the next page.
 */

const KEY = 'workspace-toast';
const SHOWN_MS = 6000;

function region(): HTMLElement {
  let node = document.getElementById('toast');
  if (!node) {
    node = el('div', { id: 'toast', class: 'toast', role: 'status', 'aria-live': 'polite' });
    document.body.append(node);
  }
  return node;
}

export function toast(text: string): void {
  const node = region();
  node.textContent = text;
  node.classList.add('visible');
  window.setTimeout(() => {
    if (node.textContent === text) node.classList.remove('visible');
  }, SHOWN_MS);
}

/** Navigates, then the next page says `text`. */
export function navigateWithToast(path: string, text: string): void {
  sessionStorage.setItem(KEY, text);
  location.assign(path);
}

export function showPendingToast(): void {
  const text = sessionStorage.getItem(KEY);
  if (text === null) return;
  sessionStorage.removeItem(KEY);
  toast(text);
}
