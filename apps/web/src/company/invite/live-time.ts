import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { browserTimeZone, localTime } from '../../shared/format';
import { instantOf } from '../interviews';
import { field, input, select } from '../ui/form';
import type { InviteBody } from './parts';

function timeZones(): string[] {
  const zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** Step 2 of a live interview: when (in the user's zone), and the zone the candidate's email uses. */
export interface LiveTimeStep {
  readonly element: HTMLElement;
  fill(body: InviteBody): void;
  summary(n: number, body: InviteBody): { sentence: string };
}

export function liveTimeStep(): LiveTimeStep {
  const at = input({ type: 'datetime-local', name: 'live_at' });
  const zone = select(Object.fromEntries(timeZones().map((z) => [z, z])), browserTimeZone(), { name: 'timezone' });
  const element = el(
    'div',
    { hidden: true },
    field(text().workspace.invite.liveAt, at, { apiField: 'scheduled_at', hint: text().workspace.invite.inYourZone(browserTimeZone()) }),
    field(text().workspace.invite.timezone, zone, { apiField: 'timezone', hint: text().workspace.invite.timezoneHint }),
    // The API names no interviewers (decision 044): say who joins rather than ask for names nothing would keep.
    el('p', { class: 'muted' }, `${text().workspace.invite.interviewers}: ${text().workspace.invite.anyColleague}`),
  );
  return {
    element,
    fill(body) {
      body.scheduled_at = instantOf(at.value);
      body.timezone = zone.value;
    },
    summary: (n, body) => ({
      sentence: text().workspace.invite.summaryLive(n, at.value ? localTime(body.scheduled_at) : text().workspace.common.none, body.timezone ?? 'UTC'),
    }),
  };
}
