import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { toast } from './toast';

/** "Copy" for a value shown once (a key, a secret) or a link: the clipboard, or a sentence when the browser refuses. */
export function copyButton(value: () => string, what: string): HTMLButtonElement {
  const button = el(
    'button',
    { type: 'button', class: 'secondary small', 'aria-label': `${text().workspace.common.copy}: ${what}` },
    text().workspace.common.copy,
  );
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(value()).then(
      () => toast(text().workspace.common.copied),
      () => toast(text().workspace.common.copyFailed),
    );
  });
  return button;
}
