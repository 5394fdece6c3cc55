import '../shared/styles.css';
import { ws } from '../i18n/workspace';
import { el, pageRoot, show } from '../shared/dom';

/** The HTML answer to an unknown page (the gateway sends it with status 404): what happened and where to go. */
document.title = ws.notFound.heading;
show(
  pageRoot(),
  el('main', { class: 'card' }, el('h1', {}, ws.notFound.heading), el('p', {}, ws.notFound.text), el('p', {}, el('a', { href: '/' }, ws.notFound.home))),
);
