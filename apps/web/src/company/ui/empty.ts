import { el } from '../../shared/dom';

/** What a list shows when it has nothing: a sentence and, when there is one, the way to add the first item. */
export function emptyState(sentence: string, action?: { label: string; href: string }): HTMLElement {
  return el('div', { class: 'empty' }, el('p', {}, sentence), action ? el('a', { class: 'button', href: action.href }, action.label) : null);
}
