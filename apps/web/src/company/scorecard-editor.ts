import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import type { Criterion, Scorecard } from '../shared/evaluation-types';
import { api, ok, type Body, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { field, formAlert, input, onSubmit } from './ui/form';
import type { Workspace } from './ui/frame';
import { toast } from './ui/toast';

/**
 * A job's scorecard, a panel of its page (issue 40): the criteria evaluators rate 1–5 (add, remove, rename,
 * describe; at most 10) and when they see each other's evaluations. A PUT replaces the card whole and names each
 * criterion that existed by its `uuid`, so its ratings stay attached. Administrators and the job's creator change it;
 * anyone else reads it (the API answers them 403).
 */

export const MAX_CRITERIA = 10;
type ScorecardBody = Body<'/jobs/{jobUuid}/scorecard', 'put'>;
type Visibility = Scorecard['visibility'];

/** The PUT body of what the editor holds: an existing criterion keeps its uuid, a new one has none. */
export function scorecardBody(rows: Array<{ uuid?: string; name: string; description: string }>, visibility: Visibility): ScorecardBody {
  return {
    criteria: rows.map((row) => ({ ...(row.uuid ? { uuid: row.uuid } : {}), name: row.name, description: row.description })),
    visibility,
  };
}

export async function loadScorecard(jobUuid: string): Promise<Scorecard> {
  return (await ok(api.GET('/jobs/{jobUuid}/scorecard', { params: { path: { jobUuid } } }))).data;
}

/** Whether this user may change the job's scorecard: an administrator, or the job's creator. */
export function mayEditScorecard(workspace: Workspace, job: Pick<Schemas['Job'], 'created_by'>): boolean {
  return workspace.role === 'administrator' || job.created_by?.uuid === workspace.me.uuid;
}

function readOnly(card: Scorecard): HTMLElement[] {
  const t = text().workspace.scorecard;
  return [
    el('p', { class: 'muted' }, t.readOnly),
    card.criteria.length === 0
      ? el('p', {}, t.none)
      : el(
          'ol',
          { class: 'criteria-read' },
          ...card.criteria.map((c) => el('li', {}, el('strong', {}, c.name), c.description ? el('p', { class: 'muted' }, c.description) : null)),
        ),
    el('p', {}, `${t.visibility}: ${t.visibilities[card.visibility]}`),
  ];
}

function editor(jobUuid: string, card: Scorecard): HTMLElement {
  const t = text().workspace.scorecard;
  const list = el('ol', { class: 'criteria-editor' });
  const rows: Array<{ item: HTMLElement; uuid?: string; name: HTMLInputElement; description: HTMLInputElement }> = [];
  const add = el('button', { type: 'button', class: 'secondary small' }, t.add);
  const full = el('p', { class: 'muted', hidden: true }, t.full);

  const renumber = () => {
    rows.forEach((row, index) => {
      row.name.dataset.field = `criteria.${index}.name`;
      row.description.dataset.field = `criteria.${index}.description`;
      const [nameLabel, descriptionLabel] = row.item.querySelectorAll('label');
      nameLabel.textContent = t.name(index + 1);
      descriptionLabel.textContent = t.description(index + 1);
      row.item.querySelector('button.remove')?.setAttribute('aria-label', t.remove(index + 1));
    });
    add.disabled = rows.length >= MAX_CRITERIA;
    full.hidden = rows.length < MAX_CRITERIA;
  };

  const addRow = (criterion?: Criterion) => {
    const name = input({ maxlength: 100, autocomplete: 'off', value: criterion?.name });
    const description = input({ maxlength: 500, autocomplete: 'off', value: criterion?.description });
    const remove = el('button', { type: 'button', class: 'secondary small remove' }, t.removeShort);
    const item = el('li', { class: 'criterion-row' }, field('', name), field('', description), remove);
    const row = { item, uuid: criterion?.uuid, name, description };
    remove.addEventListener('click', () => {
      rows.splice(rows.indexOf(row), 1);
      item.remove();
      renumber();
      add.focus();
    });
    rows.push(row);
    list.append(item);
    renumber();
    return row;
  };
  card.criteria.forEach((c) => addRow(c));
  add.addEventListener('click', () => addRow().name.focus());

  const visibility = el(
    'fieldset',
    { 'data-field': 'visibility', id: 'scorecard-visibility' },
    el('legend', {}, t.visibility),
    ...(['after_submit', 'always'] as const).map((value) =>
      el(
        'div',
        { class: 'choice' },
        el('input', { type: 'radio', id: `visibility-${value}`, name: 'visibility', value, checked: card.visibility === value }),
        el('label', { for: `visibility-${value}` }, t.visibilities[value]),
      ),
    ),
    el('p', { class: 'field-error', 'data-error-for': 'scorecard-visibility' }),
  );
  const form = el(
    'form',
    { class: 'form', novalidate: true, 'aria-labelledby': 'scorecard-heading' },
    formAlert(),
    el('h3', {}, t.criteria),
    el('div', { 'data-field': 'criteria', id: 'scorecard-criteria' }, list, el('p', { class: 'field-error', 'data-error-for': 'scorecard-criteria' })),
    el('div', { class: 'actions' }, add),
    full,
    visibility,
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, t.save)),
  );
  onSubmit(form, async () => {
    const chosen = (visibility.querySelector<HTMLInputElement>('input:checked')?.value ?? 'after_submit') as Visibility;
    const body = scorecardBody(
      rows.map((r) => ({ uuid: r.uuid, name: r.name.value, description: r.description.value })),
      chosen,
    );
    const saved = (await ok(api.PUT('/jobs/{jobUuid}/scorecard', { params: { path: { jobUuid } }, body }))).data;
    // The next save names the criteria just created by the uuids they were given.
    saved.criteria.forEach((c, i) => {
      if (rows[i]) rows[i].uuid = c.uuid;
    });
    toast(t.saved);
  });
  return form;
}

/** The panel; `card` is the job's scorecard, or why it could not be read. */
export function scorecardSection(
  workspace: Workspace,
  job: Pick<Schemas['Job'], 'uuid' | 'created_by'>,
  card: Scorecard | { error: unknown } | undefined,
): HTMLElement {
  const t = text().workspace.scorecard;
  const content =
    !card || 'error' in card
      ? [el('p', { class: 'refusal' }, refusalSentence(card?.error))]
      : mayEditScorecard(workspace, job)
        ? [editor(job.uuid, card)]
        : readOnly(card);
  return el(
    'section',
    { class: 'panel scorecard', 'aria-labelledby': 'scorecard-heading' },
    el('h2', { id: 'scorecard-heading' }, t.heading),
    el('p', {}, t.intro),
    ...content,
  );
}
