import { WebhookEvents, type WebhookEventType } from '@vi/contracts/web';
import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { api, ok, type Schemas } from './api';
import { ApiError } from '../shared/api';
import { assessmentOrders } from './integrations/assessment-orders';
import { atsConnections, atsIntegrations } from './integrations/ats-connections';
import { refusalSentence } from './refusals';
import { copyButton } from './ui/copy';
import { irreversibleButton, openDialog } from './ui/dialog';
import { emptyState } from './ui/empty';
import { field, formAlert, input, onSubmit, select } from './ui/form';
import { renderPage, type Workspace } from './ui/frame';
import { dataTable } from './ui/table';
import { navigateWithToast, toast } from './ui/toast';

/**
 * `/integrations`: the company's applicant-tracking systems (decision 071: `integrations/`), then the user's webhooks (webhooks belong to the user who made them) — add one (its signing secret
 * shown once), health (working, failing since when, disabled and why), the delivery log (with when a failed
 * delivery is tried next), re-enable, delete — and
 * sending the last event of a type again. Keys live on the Team page; the API reference is `/docs`.
 */

type Webhook = Schemas['Webhook'];

/**
 * The event table's types (api-reference §6, and ours of decision 070), the values `GET /webhooks/replay/<event_type>`
 * accepts: the contracts' one table, the same that notifications replays and fans out and the OpenAPI webhooks list.
 */
const EVENT_TYPES = Object.keys(WebhookEvents) as WebhookEventType[];

function secretOnce(secret: string): void {
  const value = input({ readonly: true, value: secret, name: 'secret' });
  const done = el('button', { type: 'button' }, text().workspace.common.close);
  const { dialog, close } = openDialog(
    text().workspace.integrations.added,
    el('p', { class: 'notice' }, text().workspace.integrations.secretShownOnce),
    field(text().workspace.integrations.secret, value),
    el(
      'div',
      { class: 'actions' },
      copyButton(() => secret, text().workspace.integrations.secret),
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
    el('h3', {}, `${text().workspace.integrations.deliveries}: ${webhook.url}`),
    deliveries.length === 0
      ? emptyState(text().workspace.integrations.noDeliveries)
      : dataTable({
          caption: text().workspace.integrations.deliveries,
          rows: deliveries,
          columns: [
            { label: text().workspace.integrations.event, primary: true, cell: (d) => d.event_type },
            { label: text().workspace.integrations.time, cell: (d) => localTime(d.attempted_at) },
            { label: text().workspace.integrations.attempt, cell: (d) => String(d.attempt) },
            {
              label: text().workspace.integrations.response,
              cell: (d) => (d.status_code === null ? text().workspace.integrations.noResponse : String(d.status_code)),
            },
            { label: text().workspace.integrations.nextRetry, cell: (d) => (d.next_attempt_at ? localTime(d.next_attempt_at) : text().workspace.common.none) },
            {
              label: text().workspace.integrations.result,
              cell: (d) =>
                el(
                  'span',
                  { class: d.success ? 'ok' : 'refusal' },
                  d.success ? text().workspace.integrations.delivered : text().workspace.integrations.failed(d.error ?? ''),
                ),
            },
          ],
        }),
  );
}

function health(webhook: Webhook): HTMLElement {
  return el(
    'div',
    {},
    el('span', { class: `badge ${webhook.status}` }, text().workspace.integrations.healths[webhook.status]),
    webhook.failing_since ? el('p', { class: 'muted' }, text().workspace.integrations.failingSince(localTime(webhook.failing_since))) : null,
    webhook.status === 'disabled' ? el('p', { class: 'muted' }, text().workspace.integrations.disabledWhy) : null,
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
    button(text().workspace.integrations.showLog, () => void deliveryLog(webhook, log).then(() => log.querySelector('h3')?.scrollIntoView(), fail)),
    webhook.status !== 'active'
      ? button(
          text().workspace.integrations.enable,
          () =>
            void ok(api.POST('/webhooks/{webhookUuid}/enable', path)).then(
              () => navigateWithToast('/integrations', text().workspace.integrations.enabled),
              fail,
            ),
        )
      : null,
    irreversibleButton({
      label: text().workspace.integrations.deleteWebhook,
      subject: webhook.url,
      sentence: text().workspace.integrations.deleteConfirm(webhook.url),
      work: () => ok(api.DELETE('/webhooks/{webhookUuid}', path)),
      then: { path: '/integrations', toast: text().workspace.integrations.deleted },
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
    field(text().workspace.integrations.description, description, { apiField: 'description' }),
    field(text().workspace.integrations.url, url, { apiField: 'url' }),
    field(`${text().workspace.integrations.httpAuth} ${text().workspace.common.optional}`, auth, {
      apiField: 'http_auth',
      hint: text().workspace.integrations.httpAuthHint,
    }),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, text().workspace.integrations.add)),
  );
  onSubmit(form, async () => {
    const created = (await ok(api.POST('/webhooks', { body: { description: description.value, url: url.value, http_auth: auth.value || null } }))).data;
    secretOnce(created.secret);
  });
  return el('section', { 'aria-labelledby': 'add-webhook-heading' }, el('h2', { id: 'add-webhook-heading' }, text().workspace.integrations.addHeading), form);
}

function replayForm(): HTMLElement {
  const type = select(Object.fromEntries(EVENT_TYPES.map((t) => [t, t])), EVENT_TYPES[0], { name: 'event_type' });
  const form = el(
    'form',
    { class: 'form inline', novalidate: true, 'aria-labelledby': 'replay-heading' },
    formAlert(),
    field(text().workspace.integrations.eventType, type, { apiField: 'eventType' }),
    el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'secondary' }, text().workspace.integrations.replay)),
  );
  onSubmit(form, async () => {
    await ok(api.GET('/webhooks/replay/{eventType}', { params: { path: { eventType: type.value } } }));
    toast(text().workspace.integrations.replayed(type.value));
  });
  return el('section', { 'aria-labelledby': 'replay-heading' }, el('h2', { id: 'replay-heading' }, text().workspace.integrations.replayHeading), form);
}

/** The applicant-tracking systems: one card each, then the orders they placed. */
async function atsSection(workspace: Workspace): Promise<HTMLElement> {
  const t = text().workspace.ats;
  const head = [el('h2', { id: 'ats-heading' }, t.heading), el('p', { class: 'lead' }, t.intro)];
  let loaded: [Awaited<ReturnType<typeof atsIntegrations>>, Awaited<ReturnType<typeof assessmentOrders>>];
  try {
    loaded = await Promise.all([atsIntegrations(), assessmentOrders()]);
  } catch (error) {
    // The webhooks below stay usable when the assessments service is not; a lost session still goes to sign-in.
    if (error instanceof ApiError && error.status === 401) throw error;
    return el('section', { class: 'ats', 'aria-labelledby': 'ats-heading' }, ...head, el('p', { class: 'refusal', role: 'alert' }, refusalSentence(error)));
  }
  const [integrations, orders] = loaded;
  return el(
    'section',
    { class: 'ats', 'aria-labelledby': 'ats-heading' },
    ...head,
    atsConnections(integrations, workspace.role === 'administrator'),
    el(
      'section',
      { 'aria-labelledby': 'orders-heading' },
      el('div', { class: 'section-head' }, el('h3', { id: 'orders-heading' }, t.ordersHeading), orders.filters),
      el('p', { class: 'muted' }, t.ordersIntro),
      orders.list,
    ),
  );
}

export async function integrationsScreen(workspace: Workspace): Promise<void> {
  const [webhooks, ats] = await Promise.all([ok(api.GET('/webhooks')).then((r) => r.data), atsSection(workspace)]);
  const log = el('section', { class: 'delivery-log', 'aria-live': 'polite' });
  renderPage(
    workspace,
    'integrations',
    text().workspace.integrations.heading,
    el('p', {}, `${text().workspace.integrations.docsIntro} `, el('a', { href: '/docs' }, text().workspace.integrations.docs)),
    ats,
    el('h2', {}, text().workspace.integrations.webhooksHeading),
    webhooks.length === 0
      ? emptyState(text().workspace.integrations.none)
      : dataTable({
          caption: text().workspace.integrations.webhooksHeading,
          rows: webhooks,
          columns: [
            { label: text().workspace.integrations.url, primary: true, cell: (w) => w.url },
            { label: text().workspace.integrations.description, cell: (w) => w.description || text().workspace.common.none },
            { label: text().workspace.integrations.httpAuth, cell: (w) => (w.http_auth ? text().workspace.common.yes : text().workspace.common.no) },
            { label: text().workspace.integrations.health, cell: health },
            { label: text().workspace.common.actions, cell: (w) => actions(w, log) },
          ],
        }),
    log,
    webhooks.length > 0 ? replayForm() : null,
    addWebhookForm(),
  );
}
