import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { liveTimeStep } from './live-time';
import { oneWayStep, type OneWayStep } from './one-way';
import { checked, radio, type InviteBody } from './parts';

/** Step 2, what: a one-way interview (its questions and due date) or a live one (its time); the chosen one shows. */
export interface KindStep {
  readonly elements: HTMLElement[];
  /** Fills the body's type and the chosen kind's fields. */
  fill(body: InviteBody): void;
  summary(n: number, body: InviteBody): { sentence: string; questions?: string[] };
}

export function kindStep(sets: Parameters<typeof oneWayStep>[0]): KindStep {
  const oneWay: OneWayStep = oneWayStep(sets);
  const live = liveTimeStep();
  const kind = el(
    'fieldset',
    {},
    el('legend', {}, text().workspace.invite.kind),
    radio('kind', 'one_way', text().workspace.invite.oneWay, true),
    radio('kind', 'live', text().workspace.invite.live, false),
  );
  const chosen = () => (checked(kind, 'kind') === 'live' ? live : oneWay);
  kind.addEventListener('change', () => {
    oneWay.element.hidden = chosen() !== oneWay;
    live.element.hidden = !oneWay.element.hidden;
  });
  return {
    elements: [kind, oneWay.element, live.element],
    fill(body) {
      body.type = checked(kind, 'kind') as InviteBody['type'];
      chosen().fill(body);
    },
    summary: (n, body) => chosen().summary(n, body),
  };
}
