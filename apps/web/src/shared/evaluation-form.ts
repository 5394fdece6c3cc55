import { text } from '../i18n/texts';
import { ApiError } from './api';
import { el } from './dom';
import { localTime } from './format';
import { averageText, evaluationBody, RECOMMENDATIONS, refusedKind, SCALE, type FormValues } from './evaluation-rules';
import type { Criterion, Evaluation, EvaluationBody, EvaluationSummary, InterviewEvaluations, Recommendation } from './evaluation-types';
import { clearRefusal, placeRefusal, type RefusalSentences } from './refusal-placement';

/**
 * One evaluator's scorecard of an interview (issue 40, decision 070), for a company user on the watch page and for
 * an advanced link's reviewer on the share page: a 1–5 rating per criterion, the recommendation, the optional
 * overall rating and the note, each a group of radio buttons (arrow keys choose) or a text box; "Save draft" and
 * "Submit". Once the API shows them (after submitting, or with the scorecard's visibility `always`), the others'
 * submitted evaluations and the summary. Texts are `text().evaluation`, in the reader's language (English on the
 * workspace). The page hands in how to reach the API (`EvaluationPort`) and its own sentence for a refusal; the
 * criteria to rate are the answer's `criteria` (the job's current card, our extension of the route for a reviewer's
 * link, which reads no scorecard).
 */

export interface EvaluationPort {
  load(): Promise<InterviewEvaluations>;
  save(body: EvaluationBody): Promise<Evaluation>;
  submit(): Promise<Evaluation>;
}

export interface EvaluationOptions {
  port: EvaluationPort;
  /** A refusal that is not one field's, as one sentence. */
  general: (error: unknown) => string;
  /** Unique on the page (a share page may hold several interviews' forms over time). */
  id: string;
  intro?: string;
}

const NOT_EVALUABLE = 'api.interview_not_evaluable';

/** The 409 of an interview that cannot be evaluated yet: the page says why instead of a form. */
export function isNotEvaluable(error: unknown): boolean {
  return error instanceof ApiError && error.code === NOT_EVALUABLE;
}

interface Choice {
  value: string;
  label: string;
}

/** A group of radio buttons named by its legend; `data-field` is the API's path, the error line follows it. */
function choiceGroup(options: { id: string; legend: string; hint?: string; apiField: string; choices: Choice[]; checked?: string; scale: boolean }) {
  const { id } = options;
  const describedBy = options.hint ? `${id}-hint ${id}-error` : `${id}-error`;
  return el(
    'fieldset',
    {
      id,
      role: 'radiogroup',
      class: options.scale ? 'choices scale' : 'choices',
      'aria-labelledby': `${id}-legend`,
      'aria-describedby': describedBy,
      'data-field': options.apiField,
    },
    el('legend', { id: `${id}-legend` }, options.legend),
    options.hint ? el('p', { id: `${id}-hint`, class: 'hint' }, options.hint) : null,
    el(
      'div',
      { class: 'choice-row' },
      ...options.choices.map((choice) =>
        el(
          'span',
          { class: 'choice-option' },
          el('input', { type: 'radio', id: `${id}-${choice.value}`, name: id, value: choice.value, checked: choice.value === options.checked }),
          el('label', { for: `${id}-${choice.value}` }, choice.label),
        ),
      ),
    ),
    el('p', { id: `${id}-error`, class: 'field-error', 'data-error-for': id }),
  );
}

const scaleChoices = (): Choice[] => SCALE.map((n) => ({ value: String(n), label: String(n) }));

function evaluatorName(evaluation: Evaluation): string {
  return text().evaluation.evaluator(evaluation.evaluator.name, evaluation.evaluator.type === 'reviewer');
}

function card(evaluation: Evaluation, names: Map<string, string>): HTMLElement {
  const t = text().evaluation;
  const ratings = evaluation.ratings.filter((r) => names.has(r.criterion_uuid));
  return el(
    'li',
    { class: 'evaluation-card' },
    el('h4', {}, evaluatorName(evaluation)),
    el(
      'p',
      {},
      `${t.recommendation}: `,
      el('strong', {}, evaluation.recommendation ? t.recommendations[evaluation.recommendation] : t.recommendations.no_decision),
    ),
    el('p', {}, t.overallValue(evaluation.overall_rating)),
    ratings.length > 0 ? el('ul', { class: 'ratings' }, ...ratings.map((r) => el('li', {}, t.ratingValue(names.get(r.criterion_uuid) ?? '', r.rating)))) : null,
    evaluation.note ? el('p', { class: 'note' }, evaluation.note) : null,
    evaluation.submitted_at ? el('p', { class: 'muted' }, t.submittedOn(localTime(evaluation.submitted_at))) : null,
  );
}

function summarySection(summary: EvaluationSummary, id: string): HTMLElement {
  const t = text().evaluation;
  const language = document.documentElement.lang || 'en';
  const average = (value: number | null) => (value === null ? t.noAverage : averageText(value, language));
  const rows = [...summary.criteria.map((c) => [c.name, average(c.average)]), [t.overallAverage, average(summary.overall_average)]];
  return el(
    'div',
    { class: 'evaluation-summary' },
    el('h3', { id: `${id}-summary` }, t.summaryHeading),
    el('p', {}, t.submittedCount(summary.submitted)),
    el(
      'table',
      { class: 'averages' },
      el('caption', {}, t.averages),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t.criterion), el('th', { scope: 'col' }, t.average))),
      el('tbody', {}, ...rows.map(([name, value]) => el('tr', {}, el('th', { scope: 'row' }, name), el('td', {}, value)))),
    ),
    el('h4', {}, t.recommendationCounts),
    el(
      'ul',
      { class: 'recommendation-counts' },
      ...RECOMMENDATIONS.map((r) => el('li', {}, `${t.recommendations[r]}: `, el('strong', {}, String(summary.recommendations[r])))),
    ),
  );
}

/** The others' submitted evaluations and the summary, or the sentence that says when they show. */
function othersSection(current: InterviewEvaluations, id: string): HTMLElement {
  const t = text().evaluation;
  if (current.others === null) return el('div', { class: 'evaluation-others' }, el('p', { class: 'muted' }, t.hidden));
  const names = new Map<string, string>(current.criteria.map((c) => [c.uuid, c.name]));
  return el(
    'div',
    { class: 'evaluation-others' },
    el('h3', { id: `${id}-others` }, t.othersHeading),
    current.others.length === 0
      ? el('p', { class: 'muted' }, t.noOthers)
      : el('ul', { class: 'evaluation-cards', 'aria-labelledby': `${id}-others` }, ...current.others.map((e) => card(e, names))),
    current.summary ? summarySection(current.summary, id) : null,
  );
}

/**
 * Loads the caller's evaluation and builds the section. An interview that cannot be evaluated yet (409) is a
 * sentence instead of a form; any other refusal is thrown for the page to handle.
 */
export async function evaluationSection(options: EvaluationOptions): Promise<HTMLElement> {
  const t = text().evaluation;
  const { id } = options;
  const heading = el('h2', { id: `${id}-heading` }, t.heading);
  let current: InterviewEvaluations;
  try {
    current = await options.port.load();
  } catch (error) {
    if (!isNotEvaluable(error)) throw error;
    return el('section', { class: 'evaluation', 'aria-labelledby': heading.id }, heading, el('p', { class: 'notice' }, t.notEvaluable));
  }

  // The card as it was when the form was built: its groups stay what the evaluator is filling in.
  const criteria = current.criteria;
  const mine = current.mine;
  const ratingOf = (uuid: string) => mine?.ratings.find((r) => r.criterion_uuid === uuid)?.rating;
  const criterionGroup = (criterion: Criterion) =>
    choiceGroup({
      id: `${id}-rating-${criterion.uuid}`,
      legend: criterion.name,
      hint: criterion.description || undefined,
      apiField: `ratings.${criterion.uuid}`,
      choices: scaleChoices(),
      checked: String(ratingOf(criterion.uuid) ?? ''),
      scale: true,
    });
  const criteriaList = el('div', { class: 'criteria' }, ...criteria.map(criterionGroup));
  const recommendation = choiceGroup({
    id: `${id}-recommendation`,
    legend: t.recommendation,
    apiField: 'recommendation',
    choices: RECOMMENDATIONS.map((value) => ({ value, label: t.recommendations[value] })),
    checked: mine?.recommendation ?? undefined,
    scale: false,
  });
  const overall = choiceGroup({
    id: `${id}-overall`,
    legend: t.overall,
    apiField: 'overall_rating',
    choices: [...scaleChoices(), { value: '', label: t.noOverall }],
    checked: mine ? String(mine.overall_rating ?? '') : undefined,
    scale: true,
  });
  const note = el(
    'textarea',
    { id: `${id}-note`, name: 'note', rows: 4, maxlength: 5000, 'aria-describedby': `${id}-note-error`, 'data-field': 'note' },
    mine?.note ?? '',
  );
  const state = el('p', { class: 'muted', role: 'status' });
  const save = el('button', { type: 'button', class: 'secondary' }, t.saveDraft);
  const submit = el('button', { type: 'submit' }, t.submit);
  const form = el(
    'form',
    { class: 'form evaluation-form', novalidate: true, 'aria-labelledby': heading.id },
    el('p', { class: 'refusal form-alert', role: 'alert', hidden: true }),
    criteria.length > 0 ? el('p', { class: 'hint' }, t.scale) : null,
    criteriaList,
    recommendation,
    overall,
    el(
      'div',
      { class: 'field' },
      el('label', { for: note.id }, t.note),
      note,
      el('p', { id: `${id}-note-error`, class: 'field-error', 'data-error-for': note.id }),
    ),
    state,
    el('div', { class: 'actions' }, save, submit),
  );
  const others = el('div', {});

  const render = (said?: string) => {
    const status = current.mine?.status;
    const where = status === 'submitted' && current.mine?.submitted_at ? t.submitted(localTime(current.mine.submitted_at)) : status === 'draft' ? t.draft : '';
    state.textContent = [said, where].filter(Boolean).join(' ');
    submit.hidden = status === 'submitted';
    save.textContent = status === 'submitted' ? t.saveChanges : t.saveDraft;
    others.replaceChildren(othersSection(current, id));
  };

  const checked = (group: HTMLElement) => group.querySelector<HTMLInputElement>('input:checked')?.value ?? '';
  const values = (): FormValues => {
    const ratings = new Map<string, number>();
    for (const criterion of criteria) {
      const value = checked(criteriaList.querySelector(`#${CSS.escape(`${id}-rating-${criterion.uuid}`)}`) ?? criteriaList);
      if (value) ratings.set(criterion.uuid, Number(value));
    }
    const chosen = checked(recommendation);
    const overallValue = checked(overall);
    return { ratings, recommendation: chosen ? (chosen as Recommendation) : null, overall: overallValue ? Number(overallValue) : null, note: note.value };
  };

  const sentences: RefusalSentences = {
    general: options.general,
    field: (_code, path) => t.refused[refusedKind(path)],
    fieldAt: t.refused.fieldAt,
  };

  const run = async (submitting: boolean) => {
    save.disabled = true;
    submit.disabled = true;
    clearRefusal(form);
    try {
      const wasSubmitted = current.mine?.status === 'submitted';
      await options.port.save(evaluationBody(values()));
      if (submitting) await options.port.submit();
      current = await options.port.load();
      render(submitting ? t.justSubmitted : wasSubmitted ? t.changesSaved : t.draftSaved);
    } catch (error) {
      placeRefusal(form, error, sentences);
    } finally {
      save.disabled = false;
      submit.disabled = false;
    }
  };
  save.addEventListener('click', () => void run(false));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(true);
  });

  render();
  return el('section', { class: 'evaluation', 'aria-labelledby': heading.id }, heading, options.intro ? el('p', {}, options.intro) : null, form, others);
}
