import { el } from '../../shared/dom';
import type { Body } from '../api';

/** What every step of the invite form fills in: the request's body without the candidates. */
export type InviteBody = Omit<Body<'/interviews', 'post'>, 'assigned_to'>;
export type Assignee = { name: string; email: string; phone?: string; phone_parsed?: string };

/** Candidates per request: a list of 200 is ten requests, each small enough to answer within a second or two. */
export const BATCH = 20;

export function radio(name: string, value: string, label: string, checked: boolean): HTMLElement {
  const id = `${name}-${value}`;
  return el('div', { class: 'choice' }, el('input', { type: 'radio', id, name, value, checked }), el('label', { for: id }, label));
}

export const checked = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? '';
