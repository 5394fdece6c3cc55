import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { localTime, shortTime } from '../../shared/format';
import { api, ok, type Schemas } from '../api';
import { copyButton } from '../ui/copy';
import { irreversibleButton } from '../ui/dialog';
import { field, formAlert, input, onSubmit } from '../ui/form';
import { navigateWithToast } from '../ui/toast';
import { attemptLine } from './callback-attempts';

/**
 * One card per applicant-tracking system (decision 071): whether it is connected and since when, its last callback,
 * what to paste into it (our partner URL, an integration key as the Basic username), and for Ashby the form that sets
 * its API key (never shown again) and Disconnect.
 */

type Integration = Schemas['AtsIntegration'];
type Ats = Integration['ats'];

const HERE = '/integrations';

/** Where the ATS calls us: the gateway's partner routes, on this page's own origin. */
export function partnerUrl(ats: Ats): string {
  return `${location.origin}/v1.0/partners/${ats}`;
}

function status(integration: Integration): HTMLElement {
  const t = text().workspace.ats;
  return el(
    'dl',
    { class: 'facts' },
    el('dt', {}, t.connectedSince),
    el(
      'dd',
      {},
      integration.connected_at
        ? el('time', { datetime: integration.connected_at, title: localTime(integration.connected_at) }, shortTime(integration.connected_at))
        : text().workspace.common.none,
    ),
    el('dt', {}, t.lastCallback),
    el('dd', {}, integration.last_callback ? attemptLine(integration.last_callback) : el('span', { class: 'muted' }, t.noCallback)),
  );
}

function breakAfterSlashes(url: string): Array<Node | string> {
  return url.split(/(?<=\/)(?=[^/])/).flatMap((part, i) => (i === 0 ? [part] : [el('wbr'), part]));
}

function setup(ats: Ats): HTMLElement {
  const t = text().workspace.ats;
  const name = t.names[ats];
  const url = partnerUrl(ats);
  return el(
    'div',
    { class: 'ats-setup' },
    el('h4', {}, t.setupHeading(name)),
    el('p', {}, t.setupIntro(name)),
    el(
      'dl',
      { class: 'facts' },
      el('dt', {}, t.partnerUrlLabel),
      // The whole address, wrapping after a slash where it must: a text box would cut off its end, the part that differs.
      el(
        'dd',
        { class: 'copyable' },
        el('code', {}, ...breakAfterSlashes(url)),
        copyButton(() => url, t.partnerUrl(name)),
      ),
      el('dt', {}, t.username),
      el('dd', {}, t.usernameValue),
      el('dt', {}, t.password),
      el('dd', {}, t.passwordValue),
    ),
    el('p', { class: 'hint' }, `${t.keyIntro} `, el('a', { href: '/team' }, t.keyLink), t.keyOutro),
  );
}

function ashbyKeyForm(integration: Integration): HTMLElement {
  const t = text().workspace.ats;
  const key = input({ type: 'password', name: 'api_key', autocomplete: 'off', spellcheck: false });
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    field(t.apiKey, key, { apiField: 'api_key', hint: `${t.apiKeyHint} ${integration.connected ? t.apiKeySet : t.apiKeyUnset}` }),
    el(
      'div',
      { class: 'actions' },
      el('button', { type: 'submit' }, integration.connected ? t.replaceKey : t.connect),
      integration.connected
        ? irreversibleButton({
            label: t.disconnect,
            sentence: t.disconnectConfirm,
            work: () => ok(api.DELETE('/integrations/ashby')),
            then: { path: HERE, toast: t.disconnected },
            alert,
            kind: 'secondary',
          })
        : null,
    ),
    alert,
  );
  onSubmit(form, async () => {
    await ok(api.PUT('/integrations/ashby', { body: { api_key: key.value } }));
    navigateWithToast(HERE, t.keySaved);
  });
  return form;
}

function card(integration: Integration, admin: boolean): HTMLElement {
  const t = text().workspace.ats;
  const headingId = `ats-${integration.ats}-heading`;
  return el(
    'section',
    { class: 'panel ats-card', 'aria-labelledby': headingId },
    el(
      'div',
      { class: 'ats-card-head' },
      el('h3', { id: headingId }, t.names[integration.ats]),
      el('span', { class: `badge ${integration.connected ? 'active' : 'idle'}` }, integration.connected ? t.connected : t.notConnected),
    ),
    status(integration),
    integration.connected ? null : el('p', { class: 'muted' }, integration.ats === 'ashby' ? t.ashbyWaiting : t.greenhouseWaiting),
    setup(integration.ats),
    integration.ats !== 'ashby' ? null : admin ? ashbyKeyForm(integration) : el('p', { class: 'hint ats-admin-only' }, t.adminOnly),
  );
}

export async function atsIntegrations(): Promise<Integration[]> {
  return (await ok(api.GET('/integrations'))).data;
}

/** The cards, in the API's order (Greenhouse, then Ashby); Ashby's key is set by administrators only (decision 071). */
export function atsConnections(integrations: Integration[], admin: boolean): HTMLElement {
  return el('div', { class: 'ats-grid' }, ...integrations.map((integration) => card(integration, admin)));
}
