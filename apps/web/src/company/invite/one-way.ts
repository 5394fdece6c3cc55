import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { browserTimeZone, localTime } from '../../shared/format';
import { accommodationFields, accommodationsSummary, isDefault, type Accommodations } from '../accommodations';
import { instantOf } from '../interviews';
import { questionEditor } from '../question-editor';
import { field, input, select } from '../ui/form';
import { checked, radio, type InviteBody } from './parts';

interface QuestionSet {
  uuid: string;
  name: string;
  questions: ReadonlyArray<{ text: string; time_limit: number }>;
}

/** Step 2 of a one-way interview: its questions (a question set, shown, or typed here) and its due date. */
export interface OneWayStep {
  readonly element: HTMLElement;
  fill(body: InviteBody): void;
  /** The review's sentence for `n` candidates, and the set's questions when one was chosen. */
  summary(n: number, body: InviteBody): { sentence: string; questions?: string[] };
}

export function oneWayStep(sets: readonly QuestionSet[]): OneWayStep {
  const setOptions = Object.fromEntries<string>([['', text().workspace.invite.chooseSet], ...sets.map((s): [string, string] => [s.uuid, s.name])]);
  const set = select(setOptions, '', { name: 'question_set' });
  const setPreview = el('div', { class: 'set-preview' });
  set.addEventListener('change', () => {
    const chosen = sets.find((s) => s.uuid === set.value);
    setPreview.replaceChildren(
      ...(chosen
        ? [
            el('p', {}, text().workspace.invite.setQuestions(chosen.questions.length)),
            el('ol', {}, ...chosen.questions.map((q) => el('li', {}, `${q.text} (${text().common.duration(q.time_limit)})`))),
          ]
        : []),
    );
  });
  const typed = questionEditor([]);
  const fromSet = el('div', { hidden: sets.length === 0 }, field(text().workspace.invite.questionSet, set, { apiField: 'interview_question_set' }), setPreview);
  const typedBox = el('div', { hidden: sets.length > 0 }, typed.element);
  const source = el(
    'fieldset',
    {},
    el('legend', {}, text().workspace.invite.questionsFrom),
    sets.length > 0 ? radio('source', 'set', text().workspace.invite.fromSet, true) : el('p', { class: 'muted' }, text().workspace.invite.noSets),
    radio('source', 'typed', text().workspace.invite.typed, sets.length === 0),
    fromSet,
    typedBox,
  );
  source.addEventListener('change', () => {
    fromSet.hidden = checked(source, 'source') !== 'set';
    typedBox.hidden = !fromSet.hidden;
  });
  const due = input({ type: 'datetime-local', name: 'due' });
  // Asked here, once, for everyone this invitation goes to (issue 42); absent from the body when none is set.
  const accommodations = accommodationFields();

  return {
    element: el(
      'div',
      {},
      source,
      field(text().workspace.invite.dueDate, due, { apiField: 'scheduled_at', hint: text().workspace.invite.inYourZone(browserTimeZone()) }),
      accommodations.element,
    ),
    fill(body) {
      body.scheduled_at = instantOf(due.value);
      body.timezone = browserTimeZone();
      if (checked(source, 'source') === 'set') body.interview_question_set = set.value;
      else body.questions = typed.values().map(({ text, time_limit, takes, think_time }) => ({ text, time_limit, takes, think_time }));
      const chosen = accommodations.read();
      // The API's type gains `accommodations` with issue 42's API; until the client is regenerated, named here.
      if (!isDefault(chosen)) (body as InviteBody & { accommodations?: Accommodations }).accommodations = chosen;
    },
    summary(n, body) {
      const chosenSet = sets.find((s) => s.uuid === body.interview_question_set);
      const sentence = text().workspace.invite.summaryOneWay(
        n,
        text().workspace.invite.summaryQuestions(chosenSet?.questions.length ?? body.questions?.length ?? 0),
        due.value ? localTime(body.scheduled_at) : text().workspace.common.none,
      );
      const chosen = (body as InviteBody & { accommodations?: Accommodations }).accommodations;
      return { sentence: chosen ? `${sentence} ${accommodationsSummary(chosen)}.` : sentence, questions: chosenSet?.questions.map((q) => q.text) };
    },
  };
}
