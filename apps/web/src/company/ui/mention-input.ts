import { el } from '../../shared/dom';
import { colleaguesMatching, mentionAt, mentionedIn, withMention } from '../moments';

/**
 * A text box with `@` completion of colleagues' names, on ARIA's combobox pattern (list autocomplete): typing `@`
 * and the start of a name opens a listbox of the colleagues it matches; Down and Up move through it
 * (`aria-activedescendant`), Enter or Tab chooses, Escape closes, and a click chooses too. The chosen name is written
 * as `@Full Name`; `mentions()` gives the uuids of those still in the text, for the API's `mentions`.
 */

export interface Colleague {
  uuid: string;
  name: string;
}

export interface MentionInput {
  input: HTMLInputElement;
  listbox: HTMLUListElement;
  mentions: () => string[];
  clear: () => void;
}

export function mentionInput(options: { id: string; colleagues: Colleague[]; listLabel: string; attributes?: Record<string, string | number> }): MentionInput {
  const listId = `${options.id}-colleagues`;
  const input = el('input', {
    type: 'text',
    id: options.id,
    role: 'combobox',
    autocomplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
    ...options.attributes,
  });
  const listbox = el('ul', { id: listId, role: 'listbox', class: 'mention-list', 'aria-label': options.listLabel, hidden: true });
  let chosen: Colleague[] = [];
  let shown: Colleague[] = [];
  let active = -1;
  let typed: { start: number; query: string } | undefined;

  const close = () => {
    shown = [];
    active = -1;
    listbox.hidden = true;
    listbox.replaceChildren();
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
  };

  const highlight = (index: number) => {
    active = index;
    [...listbox.children].forEach((option, i) => option.setAttribute('aria-selected', String(i === index)));
    if (index >= 0) input.setAttribute('aria-activedescendant', `${listId}-${index}`);
    else input.removeAttribute('aria-activedescendant');
  };

  const choose = (colleague: Colleague) => {
    if (!typed) return;
    const caret = input.selectionStart ?? input.value.length;
    const next = withMention(input.value, typed.start, caret, colleague.name);
    input.value = next.value;
    input.setSelectionRange(next.caret, next.caret);
    chosen.push(colleague);
    close();
    input.focus();
  };

  const update = () => {
    typed = mentionAt(input.value, input.selectionStart ?? input.value.length);
    shown = typed ? colleaguesMatching(options.colleagues, typed.query) : [];
    if (shown.length === 0) return close();
    listbox.replaceChildren(
      ...shown.map((colleague, i) =>
        el(
          'li',
          {
            id: `${listId}-${i}`,
            role: 'option',
            'aria-selected': 'false',
            // Before the text box loses focus, so the choice lands where the caret was.
            onmousedown: (event: Event) => event.preventDefault(),
            onclick: () => choose(colleague),
          },
          colleague.name,
        ),
      ),
    );
    listbox.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    highlight(0);
  };

  input.addEventListener('input', update);
  input.addEventListener('blur', close);
  input.addEventListener('keydown', (event) => {
    if (shown.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      highlight((active + step + shown.length) % shown.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && active >= 0) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  });

  return {
    input,
    listbox,
    mentions: () => mentionedIn(input.value, chosen),
    clear: () => {
      input.value = '';
      chosen = [];
      close();
    },
  };
}
