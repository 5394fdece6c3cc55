import { text } from '../i18n/texts';
import { ApiError } from '../shared/api';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { api, ok, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { copyButton } from './ui/copy';
import { confirmDialog, irreversibleButton, openDialog } from './ui/dialog';
import { field, formAlert, input, onSubmit, select } from './ui/form';
import { renderPage, type Workspace } from './ui/frame';
import { breakable, dataTable } from './ui/table';
import { navigateWithToast } from './ui/toast';

/**
 * `/team`: for an administrator, the company's users (role, status), adding one (the set-password email goes
 * out), renaming or changing an email, removing, with the plan's user slots; each user's integration key
 * (create, rotate, delete), whose new value is shown once with a copy button. A standard user sees only themself.
 */

type User = Schemas['CompanyUser'];
type Key = Schemas['ApiKey'];

async function keyOf(user: User): Promise<Key | null> {
  try {
    return (await ok(api.GET('/users/{userUuid}/integration_key', { params: { path: { userUuid: user.uuid } } }))).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Shows a new key's value once, in a dialog with a copy button; closing it reloads the page, where it is gone. */
function showOnce(user: User, key: Key): void {
  const value = input({ readonly: true, value: key.key, name: 'new-key' });
  const done = el('button', { type: 'button' }, text().workspace.common.close);
  const { dialog, close } = openDialog(
    text().workspace.keys.of(user.name),
    el('p', { class: 'notice' }, text().workspace.keys.shownOnce),
    field(text().workspace.keys.value, value),
    el(
      'div',
      { class: 'actions' },
      copyButton(() => key.key, text().workspace.keys.value),
      done,
    ),
  );
  done.addEventListener('click', close);
  dialog.addEventListener('close', () => location.reload());
  value.select();
}

function keyCell(user: User, key: Key | null, admin: boolean): HTMLElement {
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const path = { params: { path: { userUuid: user.uuid } } };
  const run = (work: () => Promise<void>) => () => void work().catch((error: unknown) => (alert.textContent = refusalSentence(error)));
  const button = (label: string, onclick: () => void, kind = 'secondary small') =>
    el('button', { type: 'button', class: kind, 'aria-label': `${label}: ${user.name}`, onclick }, label);
  const state = key
    ? el('span', {}, key.last_used_at ? text().workspace.keys.lastUsed(localTime(key.last_used_at)) : text().workspace.keys.neverUsed)
    : el('span', { class: 'muted' }, text().workspace.keys.none);
  const actions = !admin
    ? []
    : key
      ? [
          button(
            text().workspace.keys.rotate,
            run(async () => {
              if (!(await confirmDialog(text().workspace.keys.rotate, text().workspace.keys.rotateConfirm(user.name), text().workspace.keys.rotate))) return;
              showOnce(user, (await ok(api.PUT('/users/{userUuid}/integration_key', { ...path, body: { rotate: true } }))).data);
            }),
          ),
          irreversibleButton({
            label: text().workspace.keys.deleteKey,
            subject: user.name,
            sentence: text().workspace.keys.deleteConfirm(user.name),
            work: () => ok(api.DELETE('/users/{userUuid}/integration_key', path)),
            then: { path: '/team', toast: text().workspace.keys.deleted(user.name) },
            alert,
            kind: 'danger small',
          }),
        ]
      : [
          button(
            text().workspace.keys.create,
            run(async () => showOnce(user, (await ok(api.POST('/users/{userUuid}/integration_key', path))).data)),
          ),
        ];
  return el('div', { class: 'row-actions' }, state, ...actions, alert);
}

function editUser(user: User): void {
  const name = input({ name: 'name', value: user.name, autocomplete: 'off' });
  const email = input({ type: 'email', name: 'email', value: user.email, autocomplete: 'off' });
  const cancel = el('button', { type: 'button', class: 'secondary' }, text().workspace.common.cancel);
  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    field(text().workspace.team.name, name, { apiField: 'name' }),
    field(text().workspace.team.email, email, { apiField: 'email' }),
    el('div', { class: 'actions' }, cancel, el('button', { type: 'submit' }, text().workspace.common.save)),
  );
  const { close } = openDialog(text().workspace.team.editHeading(user.name), form);
  cancel.addEventListener('click', close);
  onSubmit(form, async () => {
    const body: { name?: string; email?: string } = {};
    if (name.value !== user.name) body.name = name.value;
    if (email.value !== user.email) body.email = email.value;
    const saved = (await ok(api.PUT('/users/{userUuid}', { params: { path: { userUuid: user.uuid } }, body }))).data;
    navigateWithToast('/team', text().workspace.team.saved(saved.name));
  });
}

function userActions(user: User, workspace: Workspace, admin: boolean): HTMLElement {
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const self = user.uuid === workspace.me.uuid;
  const edit =
    admin || self
      ? el(
          'button',
          { type: 'button', class: 'secondary small', 'aria-label': `${text().workspace.team.editUser}: ${user.name}`, onclick: () => editUser(user) },
          text().workspace.team.editUser,
        )
      : null;
  const remove =
    admin && !self
      ? irreversibleButton({
          label: text().workspace.team.remove,
          subject: user.name,
          sentence: text().workspace.team.removeConfirm(user.name),
          work: () => ok(api.DELETE('/users/{userUuid}', { params: { path: { userUuid: user.uuid } } })),
          then: { path: '/team', toast: text().workspace.team.removed(user.name) },
          alert,
          kind: 'danger small',
        })
      : null;
  return el('div', { class: 'row-actions' }, edit, remove, alert);
}

function addUserForm(): HTMLElement {
  const name = input({ name: 'name', autocomplete: 'off' });
  const email = input({ type: 'email', name: 'email', autocomplete: 'off' });
  const role = select(text().workspace.team.roles, 'standard', { name: 'role' });
  const form = el(
    'form',
    { class: 'form', novalidate: true, 'aria-labelledby': 'add-user-heading' },
    formAlert(),
    field(text().workspace.team.name, name, { apiField: 'name' }),
    field(text().workspace.team.email, email, { apiField: 'email' }),
    field(text().workspace.team.role, role, { apiField: 'role' }),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, text().workspace.team.add)),
  );
  onSubmit(form, async () => {
    const created = (await ok(api.POST('/users', { body: { name: name.value, email: email.value, role: role.value as User['role'] } }))).data;
    navigateWithToast('/team', text().workspace.team.added(created.email));
  });
  return el('section', { 'aria-labelledby': 'add-user-heading' }, el('h2', { id: 'add-user-heading' }, text().workspace.team.addHeading), form);
}

export async function teamScreen(workspace: Workspace): Promise<void> {
  const admin = workspace.role === 'administrator';
  const users = admin
    ? (await ok(api.GET('/users', { params: { query: { range: '0-99' } } }))).data
    : [(await ok(api.GET('/users/{userUuid}', { params: { path: { userUuid: workspace.me.uuid } } }))).data];
  const keys = await Promise.all(users.map(keyOf));
  const slots = workspace.plan?.users;
  renderPage(
    workspace,
    'team',
    text().workspace.team.heading,
    admin
      ? slots
        ? el('p', { class: 'muted', id: 'user-slots' }, text().workspace.team.slots(slots.remaining, slots.limit))
        : null
      : el('p', { class: 'muted' }, text().workspace.team.onlyYou),
    dataTable({
      caption: text().workspace.team.heading,
      rows: users.map((user, i) => ({ user, key: keys[i] })),
      columns: [
        {
          label: text().workspace.team.name,
          primary: true,
          cell: ({ user }) => (user.uuid === workspace.me.uuid ? `${user.name} ${text().workspace.team.you}` : user.name),
        },
        { label: text().workspace.team.email, cell: ({ user }) => breakable(user.email) },
        { label: text().workspace.team.role, cell: ({ user }) => text().workspace.team.roles[user.role] },
        { label: text().workspace.team.status, cell: ({ user }) => (user.active ? text().workspace.team.active : text().workspace.team.disabled) },
        { label: text().workspace.keys.heading, cell: ({ user, key }) => keyCell(user, key, admin) },
        { label: text().workspace.common.actions, cell: ({ user }) => userActions(user, workspace, admin) },
      ],
    }),
    el('p', { class: 'muted' }, text().workspace.keys.intro),
    admin ? addUserForm() : null,
  );
}
