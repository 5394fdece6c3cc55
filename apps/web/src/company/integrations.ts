import { ws } from '../i18n/workspace';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { api, ok, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { copyButton } from './ui/copy';
import { irreversibleButton, openDialog } from './ui/dialog';
import { emptyState } from './ui/empty';
import { field, formAlert, input, onSubmit, select } from './ui/form';
import { renderPage, type Workspace } from './ui/frame';
import { dataTable } from './ui/table';
import { navigateWithToast, toast } from './ui/toast';

/**
 * `/integrations`: the user's webhooks (webhooks belong to the user who made them) — add one (its signing secret
 * shown once), health (working, failing since when, disabled and why), the delivery log (with when a failed
 * delivery is tried next), re-enable, delete — and
 * sending the last event of a type again. Keys live on the Team page; the API reference is `/docs`.
 */

type Webhook = Schemas['Webhook'];

/** The event table's types (api-reference §6), the values `GET /webhooks/replay/<event_type>` accepts. */
const EVENT_TYPES = [
  'InterviewCreated',
  'InterviewAccepted',
  'InterviewCompleted',
  'InterviewRated',
  'InterviewRescheduled',
  'InterviewExpired',
  'InterviewDeleted',
  'InterviewReset',
  'JobCreated',
  'JobUpdated',
  'JobDeleted',
];

function secretOnce(secret: string): void {
  const value = input({ readonly: true, value: secret, name: 'secret' });
  const done = el('button', { type: 'button' }, ws.common.close);
  const { dialog, close } = openDialog(
    ws.integrations.added,
    el('p', { class: 'notice' }, ws.integrations.secretShownOnce),
    field(ws.integrations.secret, value),
    el(
      'div',
      { class: 'actions' },
      copyButton(() => secret, ws.integrations.secret),
      done,
    ),
  );
  done.addEventListener('click', close);
  dialog.addEventListener('close', () => location.reload());
  value.select();
}

async function deliveryLog(webhook: Webhook, into: HTMLElement): Promise<void> {
  const deliveries = (await ok(api.GET('/webhooks/{webhookUuid}/deliveries', { params: { path: { webhookUuid: webhook.uuid }, query: { range: '0-49' } } })))
    .data;
  into.replaceChildren(
    el('h3', {}, `${ws.integrations.deliveries}: ${webhook.url}`),
    deliveries.length === 0
      ? emptyState(ws.integrations.noDeliveries)
      : dataTable({
          caption: ws.integrations.deliveries,
          rows: deliveries,
          columns: [
            { label: ws.integrations.event, primary: true, cell: (d) => d.event_type },
            { label: ws.integrations.time, cell: (d) => localTime(d.attempted_at) },
            { label: ws.integrations.attempt, cell: (d) => String(d.attempt) },
            { label: ws.integrations.response, cell: (d) => (d.status_code === null ? ws.integrations.noResponse : String(d.status_code)) },
            { label: ws.integrations.nextRetry, cell: (d) => (d.next_attempt_at ? localTime(d.next_attempt_at) : ws.common.none) },
            {
              label: ws.integrations.result,
              cell: (d) => el('span', { class: d.success ? 'ok' : 'refusal' }, d.success ? ws.integrations.delivered : ws.integrations.failed(d.error ?? '')),
            },
          ],
        }),
  );
}

function health(webhook: Webhook): HTMLElement {
  return el(
    'div',
    {},
    el('span', { class: `badge ${webhook.status}` }, ws.integrations.healths[webhook.status]),
    webhook.failing_since ? el('p', { class: 'muted' }, ws.integrations.failingSince(localTime(webhook.failing_since))) : null,
    webhook.status === 'disabled' ? el('p', { class: 'muted' }, ws.integrations.disabledWhy) : null,
  );
}

function actions(webhook: Webhook, log: HTMLElement): HTMLElement {
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const fail = (error: unknown) => (alert.textContent = refusalSentence(error));
  const path = { params: { path: { webhookUuid: webhook.uuid } } };
  const button = (label: string, onclick: () => void, kind = 'secondary small') =>
    el('button', { type: 'button', class: kind, 'aria-label': `${label}: ${webhook.url}`, onclick }, label);
  return el(
    'div',
    { class: 'row-actions' },
    button(ws.integrations.showLog, () => void deliveryLog(webhook, log).then(() => log.querySelector('h3')?.scrollIntoView(), fail)),
    webhook.status !== 'active'
      ? button(
          ws.integrations.enable,
          () => void ok(api.POST('/webhooks/{webhookUuid}/enable', path)).then(() => navigateWithToast('/integrations', ws.integrations.enabled), fail),
        )
      : null,
    irreversibleButton({
      label: ws.integrations.deleteWebhook,
      subject: webhook.url,
      sentence: ws.integrations.deleteConfirm(webhook.url),
      work: () => ok(api.DELETE('/webhooks/{webhookUuid}', path)),
      then: { path: '/integrations', toast: ws.integrations.deleted },
      alert,
      kind: 'danger small',
    }),
    alert,
  );
}

function addWebhookForm(): HTMLElement {
  const description = input({ name: 'description', autocomplete: 'off' });
  const url = input({ type: 'url', name: 'url', autocomplete: 'off', placeholder: 'https://' });
  const auth = input({ name: 'http_auth', autocomplete: 'off' });
  const form = el(
    'form',
    { class: 'form', novalidate: true, 'aria-labelledby': 'add-webhook-heading' },
    formAlert(),
    field(ws.integrations.description, description, { apiField: 'description' }),
    field(ws.integrations.url, url, { apiField: 'url' }),
    field(`${ws.integrations.httpAuth} ${ws.common.optional}`, auth, { apiField: 'http_auth', hint: ws.integrations.httpAuthHint }),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, ws.integrations.add)),
  );
  onSubmit(form, async () => {
    const created = (await ok(api.POST('/webhooks', { body: { description: description.value, url: url.value, http_auth: auth.value || null } }))).data;
    secretOnce(created.secret);
  });
  return el('section', { 'aria-labelledby': 'add-webhook-heading' }, el('h2', { id: 'add-webhook-heading' }, ws.integrations.addHeading), form);
}

function replayForm(): HTMLElement {
  const type = select(Object.fromEntries(EVENT_TYPES.map((t) => [t, t])), EVENT_TYPES[0], { name: 'event_type' });
  const form = el(
    'form',
    { class: 'form inline', novalidate: true, 'aria-labelledby': 'replay-heading' },
    formAlert(),
    field(ws.integrations.eventType, type, { apiField: 'eventType' }),
    el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'secondary' }, ws.integrations.replay)),
  );
  onSubmit(form, async () => {
    await ok(api.GET('/webhooks/replay/{eventType}', { params: { path: { eventType: type.value } } }));
    toast(ws.integrations.replayed(type.value));
  });
  return el('section', { 'aria-labelledby': 'replay-heading' }, el('h2', { id: 'replay-heading' }, ws.integrations.replayHeading), form);
}

export async function integrationsScreen(workspace: Workspace): Promise<void> {
  const webhooks = (await ok(api.GET('/webhooks'))).data;
  const log = el('section', { class: 'delivery-log', 'aria-live': 'polite' });
  renderPage(
    workspace,
    'integrations',
    ws.integrations.heading,
    el('p', {}, `${ws.integrations.docsIntro} `, el('a', { href: '/docs' }, ws.integrations.docs)),
    el('h2', {}, ws.integrations.webhooksHeading),
    webhooks.length === 0
      ? emptyState(ws.integrations.none)
      : dataTable({
          caption: ws.integrations.webhooksHeading,
          rows: webhooks,
          columns: [
            { label: ws.integrations.url, primary: true, cell: (w) => w.url },
            { label: ws.integrations.description, cell: (w) => w.description || ws.common.none },
            { label: ws.integrations.httpAuth, cell: (w) => (w.http_auth ? ws.common.yes : ws.common.no) },
            { label: ws.integrations.health, cell: health },
            { label: ws.common.actions, cell: (w) => actions(w, log) },
          ],
        }),
    log,
    webhooks.length > 0 ? replayForm() : null,
    addWebhookForm(),
  );
}
