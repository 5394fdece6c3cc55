import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { api, ok } from './api';
import { questionEditor } from './question-editor';
import { irreversibleButton } from './ui/dialog';
import { field, formAlert, input, onSubmit } from './ui/form';
import { renderPage, toolbar, type Workspace } from './ui/frame';
import { navigateWithToast } from './ui/toast';

/**
 * `/question-sets/new` and `/question-sets/<uuid>`: the name and the questions (text, time limit, takes, think
 * time); editing changes questions in place (they keep their uuid) and adds new ones, as the API's PUT does.
 */

export async function questionSetFormScreen(workspace: Workspace, match: RegExpExecArray): Promise<void> {
  const uuid = match[1]?.toLowerCase();
  const set = uuid ? (await ok(api.GET('/question_sets/{setUuid}', { params: { path: { setUuid: uuid } } }))).data : undefined;
  const name = input({ name: 'name', value: set?.name, autocomplete: 'off' });
  const questions = questionEditor(set?.questions ?? []);
  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    field(text().workspace.questionSets.name, name, { apiField: 'name' }),
    el('fieldset', {}, el('legend', {}, text().workspace.questionSets.questions), questions.element),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, set ? text().workspace.questionSets.saveChanges : text().workspace.questionSets.create)),
  );
  onSubmit(form, async () => {
    const body = { name: name.value, questions: questions.values() };
    if (set) {
      const saved = (await ok(api.PUT('/question_sets/{setUuid}', { params: { path: { setUuid: set.uuid } }, body }))).data;
      navigateWithToast('/question-sets', text().workspace.questionSets.saved(saved.name));
    } else {
      const created = (await ok(api.POST('/question_sets', { body }))).data;
      navigateWithToast('/question-sets', text().workspace.questionSets.created(created.name));
    }
  });

  let remove: HTMLElement | null = null;
  if (set) {
    const alert = el('p', { class: 'refusal', role: 'alert' });
    const button = irreversibleButton({
      label: text().workspace.questionSets.deleteSet,
      sentence: text().workspace.questionSets.deleteConfirm(set.name),
      work: () => ok(api.DELETE('/question_sets/{setUuid}', { params: { path: { setUuid: set.uuid } } })),
      then: { path: '/question-sets', toast: text().workspace.questionSets.deleted(set.name) },
      alert,
    });
    remove = el('div', { class: 'danger-zone' }, button, alert);
  }
  renderPage(
    workspace,
    'questionSets',
    set ? text().workspace.questionSets.editHeading : text().workspace.questionSets.newHeading,
    toolbar(el('a', { href: '/question-sets' }, text().workspace.questionSets.backToList)),
    form,
    remove,
  );
}
