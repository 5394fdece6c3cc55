import { el } from './dom';

/** http(s) addresses in a chat message; what ends a sentence after one (a full stop, a bracket) is not part of it. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * A chat message's text as nodes (decision 039): text nodes, never HTML, with each http(s) address made a link
 * that opens apart from the call (`noopener noreferrer`, a new tab). Anything else (a phone number) stays text.
 */
export function chatTextNodes(text: string): Node[] {
  const nodes: Node[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    const href = safeHref(address);
    if (!href) continue;
    if (start > last) nodes.push(document.createTextNode(text.slice(last, start)));
    nodes.push(el('a', { href, rel: 'noopener noreferrer', target: '_blank' }, address));
    last = start + address.length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

function safeHref(address: string): string | undefined {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
