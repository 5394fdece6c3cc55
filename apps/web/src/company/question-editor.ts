import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { field, select } from './ui/form';

/**
 * Questions typed on the page: text, time limit, takes and think time per question, add and remove. Used by the
 * invitation (a one-way interview's own questions) and by question sets. Each control names its API field
 * (`questions.<n>.text`), so a refused question shows its sentence beside it. An existing question keeps its uuid.
 */

export const TIME_LIMITS = [30, 60, 90, 120, 160, 180] as const;
export const THINK_TIMES = ['0', '15', '30', '45', '60', '90', '120', '180'] as const;

export interface EditedQuestion {
  uuid?: string;
  text: string;
  time_limit: (typeof TIME_LIMITS)[number];
  takes: number;
  think_time: (typeof THINK_TIMES)[number];
}

const timeLimits = () => Object.fromEntries(TIME_LIMITS.map((s) => [String(s), text().common.duration(s)]));
const takes = () => ({ '-1': text().workspace.invite.unlimitedTakes, ...Object.fromEntries([1, 2, 3, 4, 5].map((n) => [String(n), String(n)])) });
const thinkTimes = () => Object.fromEntries(THINK_TIMES.map((s) => [s, s === '0' ? text().workspace.invite.noThinkTime : text().common.duration(Number(s))]));

/** `initial`: questions as the API returns them (a set's), or none for one empty question. */
export function questionEditor(
  initial: Array<Partial<Omit<EditedQuestion, 'time_limit'>> & { time_limit?: number }>,
  options: { removable?: boolean } = {},
): { element: HTMLElement; values: () => EditedQuestion[] } {
  const list = el('ol', { class: 'question-editor' });
  const rows: Array<{ item: HTMLElement; value: () => EditedQuestion }> = [];

  const renumber = () =>
    rows.forEach((row, index) => {
      for (const control of row.item.querySelectorAll<HTMLElement>('[data-key]')) control.dataset.field = `questions.${index}.${control.dataset.key}`;
      const label = row.item.querySelector('label');
      if (label) label.textContent = text().workspace.invite.questionText(index + 1);
      const remove = row.item.querySelector<HTMLButtonElement>('button.remove');
      if (remove) remove.setAttribute('aria-label', text().workspace.invite.removeQuestion(index + 1));
    });

  const add = (question: Partial<Omit<EditedQuestion, 'time_limit'>> & { time_limit?: number }) => {
    const textField = el('textarea', { rows: 2, 'data-key': 'text' }, question.text ?? '');
    const limit = select(timeLimits(), String(question.time_limit ?? 60), { 'data-key': 'time_limit' });
    const take = select(takes(), String(question.takes ?? -1), { 'data-key': 'takes' });
    const think = select(thinkTimes(), question.think_time ?? '0', { 'data-key': 'think_time' });
    const item = el(
      'li',
      { class: 'question-row' },
      field(text().workspace.invite.questionText(rows.length + 1), textField),
      el(
        'div',
        { class: 'inline-fields' },
        field(text().workspace.invite.timeLimit, limit),
        field(text().workspace.invite.takes, take),
        field(text().workspace.invite.thinkTime, think),
      ),
    );
    const row = {
      item,
      value: (): EditedQuestion => ({
        ...(question.uuid ? { uuid: question.uuid } : {}),
        text: textField.value,
        time_limit: Number(limit.value) as EditedQuestion['time_limit'],
        takes: Number(take.value),
        think_time: think.value as EditedQuestion['think_time'],
      }),
    };
    if (options.removable !== false && !question.uuid) {
      const remove = el('button', { type: 'button', class: 'link remove' }, text().workspace.common.delete);
      remove.addEventListener('click', () => {
        rows.splice(rows.indexOf(row), 1);
        item.remove();
        renumber();
      });
      item.append(remove);
    }
    rows.push(row);
    list.append(item);
    renumber();
    return textField;
  };

  for (const question of initial.length > 0 ? initial : [{}]) add(question);
  const more = el('button', { type: 'button', class: 'secondary small' }, text().workspace.invite.addQuestion);
  more.addEventListener('click', () => add({}).focus());
  return { element: el('div', { 'data-field': 'questions' }, list, more), values: () => rows.map((row) => row.value()) };
}
