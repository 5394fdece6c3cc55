import { text } from '../i18n/texts';
import { chatTextNodes } from '../shared/chat-text';
import { el } from '../shared/dom';
import type { LiveChatMessage } from './signaling';

/** At most this many characters a message, as the service counts them (decision 039). */
export const MAX_CHAT_LENGTH = 2_000;

export interface ChatPanel {
  readonly element: HTMLElement;
  /**
   * The call's messages so far (the welcome's): shown once each, whatever came over the socket meanwhile. `self`:
   * this page's participant, whose messages read as their own.
   */
  history(messages: LiveChatMessage[], self: { name: string; role: string }): void;
  /** A message kept by the server; `own` when this page sent it (the field empties). */
  received(message: LiveChatMessage, own: boolean): void;
  /** The server did not keep this page's message: the sentence beside the field, the text kept in it. */
  refused(code: string): void;
}

/**
 * The call's text chat (decision 039): the messages with their author and time, a labelled field and Send. Enter
 * sends, Shift+Enter starts a new line. One message at a time is on its way; it leaves the field once the server
 * has kept it (every page shows the server's copy, with its time), and stays there with a sentence if refused.
 */
export function chatPanel(send: (text: string) => boolean): ChatPanel {
  const shown = new Set<string>();
  const list = el('ol', { class: 'chat-messages' });
  const empty = el('p', { class: 'muted' }, text().live.chat.empty);
  // A focusable log: its messages scroll, and keyboard users can scroll it too.
  const log = el('div', { class: 'chat-log', role: 'log', 'aria-labelledby': 'chat-heading', tabindex: 0 }, empty, list);
  const field = el('textarea', {
    id: 'chat-text',
    name: 'chat-text',
    rows: 2,
    maxlength: MAX_CHAT_LENGTH,
    autocomplete: 'off',
    'aria-describedby': 'chat-hint chat-refusal',
  });
  const button = el('button', { type: 'submit' }, text().live.chat.send);
  const refusal = el('p', { id: 'chat-refusal', class: 'refusal', role: 'alert' });
  const form = el(
    'form',
    { class: 'chat-form', novalidate: true },
    el('label', { for: 'chat-text' }, text().live.chat.label),
    field,
    el('p', { id: 'chat-hint', class: 'muted' }, text().live.chat.hint),
    refusal,
    button,
  );
  let pending = false;
  const time = new Intl.DateTimeFormat(document.documentElement.lang || 'en', { timeStyle: 'short' });

  const setPending = (on: boolean) => {
    pending = on;
    button.disabled = on;
    button.textContent = on ? text().live.chat.sending : text().live.chat.send;
  };

  const add = (message: LiveChatMessage, own: boolean) => {
    if (shown.has(message.uuid)) return;
    shown.add(message.uuid);
    const author = own ? text().live.you(message.author.name) : message.author.name;
    list.append(
      el(
        'li',
        { class: own ? 'chat-message own' : 'chat-message' },
        el(
          'p',
          { class: 'chat-meta' },
          el('span', { class: 'chat-author' }, author),
          ' ',
          el('time', { datetime: message.sent_at }, time.format(new Date(message.sent_at))),
        ),
        el('p', { class: 'chat-text' }, ...chatTextNodes(message.text)),
      ),
    );
    empty.hidden = true;
    log.scrollTop = log.scrollHeight;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    refusal.textContent = '';
    if (field.value.trim() === '') {
      refusal.textContent = text().live.chat.refusals['api.chat_message_empty'];
      return;
    }
    if (!send(field.value)) {
      refusal.textContent = text().live.chat.notConnected;
      return;
    }
    setPending(true);
  });
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });

  return {
    element: el('section', { class: 'chat', 'aria-labelledby': 'chat-heading' }, el('h2', { id: 'chat-heading' }, text().live.chat.heading), log, form),
    history(messages, self) {
      // A socket back after a drop: a message on its way then is either kept (in the history) or lost; the field keeps its text.
      setPending(false);
      for (const message of messages) add(message, message.author.name === self.name && message.author.role === self.role);
    },
    received(message, own) {
      if (own) {
        if (pending) {
          field.value = '';
          refusal.textContent = '';
          setPending(false);
        }
      }
      add(message, own);
    },
    refused(code) {
      setPending(false);
      refusal.textContent = text().live.chat.refusals[code] ?? text().live.chat.failed;
    },
  };
}
