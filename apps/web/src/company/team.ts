import { ws } from '../i18n/workspace';
import { ApiError } from '../shared/api';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { api, ok, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { copyButton } from './ui/copy';
import { confirmDialog, irreversibleButton, openDialog } from './ui/dialog';
import { field, formAlert, input, onSubmit, select } from './ui/form';
import { renderPage, type Workspace } from './ui/frame';
import { dataTable } from './ui/table';
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
  const done = el('button', { type: 'button' }, ws.common.close);
  const { dialog, close } = openDialog(
    ws.keys.of(user.name),
    el('p', { class: 'notice' }, ws.keys.shownOnce),
    field(ws.keys.value, value),
    el(
      'div',
      { class: 'actions' },
      copyButton(() => key.key, ws.keys.value),
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
    ? el('span', {}, key.last_used_at ? ws.keys.lastUsed(localTime(key.last_used_at)) : ws.keys.neverUsed)
    : el('span', { class: 'muted' }, ws.keys.none);
  const actions = !admin
    ? []
    : key
      ? [
          button(
            ws.keys.rotate,
            run(async () => {
              if (!(await confirmDialog(ws.keys.rotate, ws.keys.rotateConfirm(user.name), ws.keys.rotate))) return;
              showOnce(user, (await ok(api.PUT('/users/{userUuid}/integration_key', { ...path, body: { rotate: true } }))).data);
            }),
          ),
          irreversibleButton({
            label: ws.keys.deleteKey,
            subject: user.name,
            sentence: ws.keys.deleteConfirm(user.name),
            work: () => ok(api.DELETE('/users/{userUuid}/integration_key', path)),
            then: { path: '/team', toast: ws.keys.deleted(user.name) },
            alert,
            kind: 'danger small',
          }),
        ]
      : [
          button(
            ws.keys.create,
            run(async () => showOnce(user, (await ok(api.POST('/users/{userUuid}/integration_key', path))).data)),
          ),
        ];
  return el('div', { class: 'row-actions' }, state, ...actions, alert);
}

function editUser(user: User): void {
  const name = input({ name: 'name', value: user.name, autocomplete: 'off' });
  const email = input({ type: 'email', name: 'email', value: user.email, autocomplete: 'off' });
  const cancel = el('button', { type: 'button', class: 'secondary' }, ws.common.cancel);
  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    field(ws.team.name, name, { apiField: 'name' }),
    field(ws.team.email, email, { apiField: 'email' }),
    el('div', { class: 'actions' }, cancel, el('button', { type: 'submit' }, ws.common.save)),
  );
  const { close } = openDialog(ws.team.editHeading(user.name), form);
  cancel.addEventListener('click', close);
  onSubmit(form, async () => {
    const body: { name?: string; email?: string } = {};
    if (name.value !== user.name) body.name = name.value;
    if (email.value !== user.email) body.email = email.value;
    const saved = (await ok(api.PUT('/users/{userUuid}', { params: { path: { userUuid: user.uuid } }, body }))).data;
    navigateWithToast('/team', ws.team.saved(saved.name));
  });
}

function userActions(user: User, workspace: Workspace, admin: boolean): HTMLElement {
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const self = user.uuid === workspace.me.uuid;
  const edit =
    admin || self
      ? el(
          'button',
          { type: 'button', class: 'secondary small', 'aria-label': `${ws.team.editUser}: ${user.name}`, onclick: () => editUser(user) },
          ws.team.editUser,
        )
      : null;
  const remove =
    admin && !self
      ? irreversibleButton({
          label: ws.team.remove,
          subject: user.name,
          sentence: ws.team.removeConfirm(user.name),
          work: () => ok(api.DELETE('/users/{userUuid}', { params: { path: { userUuid: user.uuid } } })),
          then: { path: '/team', toast: ws.team.removed(user.name) },
          alert,
          kind: 'danger small',
        })
      : null;
  return el('div', { class: 'row-actions' }, edit, remove, alert);
}

function addUserForm(): HTMLElement {
  const name = input({ name: 'name', autocomplete: 'off' });
  const email = input({ type: 'email', name: 'email', autocomplete: 'off' });
  const role = select(ws.team.roles, 'standard', { name: 'role' });
  const form = el(
    'form',
    { class: 'form', novalidate: true, 'aria-labelledby': 'add-user-heading' },
    formAlert(),
    field(ws.team.name, name, { apiField: 'name' }),
    field(ws.team.email, email, { apiField: 'email' }),
    field(ws.team.role, role, { apiField: 'role' }),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, ws.team.add)),
  );
  onSubmit(form, async () => {
    const created = (await ok(api.POST('/users', { body: { name: name.value, email: email.value, role: role.value as User['role'] } }))).data;
    navigateWithToast('/team', ws.team.added(created.email));
  });
  return el('section', { 'aria-labelledby': 'add-user-heading' }, el('h2', { id: 'add-user-heading' }, ws.team.addHeading), form);
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
    ws.team.heading,
    admin
      ? slots
        ? el('p', { class: 'muted', id: 'user-slots' }, ws.team.slots(slots.remaining, slots.limit))
        : null
      : el('p', { class: 'muted' }, ws.team.onlyYou),
    dataTable({
      caption: ws.team.heading,
      rows: users.map((user, i) => ({ user, key: keys[i] })),
      columns: [
        { label: ws.team.name, primary: true, cell: ({ user }) => (user.uuid === workspace.me.uuid ? `${user.name} ${ws.team.you}` : user.name) },
        { label: ws.team.email, cell: ({ user }) => user.email },
        { label: ws.team.role, cell: ({ user }) => ws.team.roles[user.role] },
        { label: ws.team.status, cell: ({ user }) => (user.active ? ws.team.active : ws.team.disabled) },
        { label: ws.keys.heading, cell: ({ user, key }) => keyCell(user, key, admin) },
        { label: ws.common.actions, cell: ({ user }) => userActions(user, workspace, admin) },
      ],
    }),
    el('p', { class: 'muted' }, ws.keys.intro),
    admin ? addUserForm() : null,
  );
}
