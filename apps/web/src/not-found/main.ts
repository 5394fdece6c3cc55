import '../shared/styles.css';
import { ws } from '../i18n/workspace';
import { loadEnglishOnly, text } from '../i18n/texts';
import { el, pageRoot, show } from '../shared/dom';

// Only the workspace's part of the catalogue (English, decision 042): this page shows nothing else (decision 067).
loadEnglishOnly({ workspace: ws });

/** The HTML answer to an unknown page (the gateway sends it with status 404): what happened and where to go. */
document.title = text().workspace.notFound.heading;
show(
  pageRoot(),
  el(
    'main',
    { class: 'card' },
    el('h1', {}, text().workspace.notFound.heading),
    el('p', {}, text().workspace.notFound.text),
    el('p', {}, el('a', { href: '/' }, text().workspace.notFound.home)),
  ),
);
