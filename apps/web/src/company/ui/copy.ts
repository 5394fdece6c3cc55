import { ws } from '../../i18n/workspace';
import { el } from '../../shared/dom';
import { toast } from './toast';

/** "Copy" for a value shown once (a key, a secret) or a link: the clipboard, or a sentence when the browser refuses. */
export function copyButton(value: () => string, what: string): HTMLButtonElement {
  const button = el('button', { type: 'button', class: 'secondary small', 'aria-label': `${ws.common.copy}: ${what}` }, ws.common.copy);
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(value()).then(
      () => toast(ws.common.copied),
      () => toast(ws.common.copyFailed),
    );
  });
  return button;
}
