/** A tiny DOM builder: the pages render one screen at a time, so no virtual DOM is needed (decision 016). */

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | EventListener | undefined>;

/** `el('button', { type: 'button', onclick: go }, 'Next')`: on* keys are listeners, booleans toggle attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, '');
    else node.setAttribute(name, String(value));
  }
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Replaces the page's content with one screen and moves focus to its heading, so screen readers announce it. */
export function show(root: HTMLElement, ...children: Child[]): void {
  root.replaceChildren();
  append(root, ...children);
  const heading = root.querySelector('h1, h2');
  if (heading instanceof HTMLElement) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

export function pageRoot(): HTMLElement {
  const root = document.getElementById('app');
  if (!root) throw new Error('the page has no #app element');
  return root;
}
