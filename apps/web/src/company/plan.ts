import { ws } from '../i18n/workspace';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { api, ok } from './api';
import { renderPage, type Workspace } from './ui/frame';

/** `/plan`: the company's plan (`GET /plan`): name, dates, jobs and users left, features, a scheduled downgrade. */

function row(term: string, ...value: Array<Node | string>): HTMLElement[] {
  return [el('dt', {}, term), el('dd', {}, ...value)];
}

export async function planScreen(workspace: Workspace): Promise<void> {
  const plan = (await ok(api.GET('/plan'))).data.plan;
  if (!plan) {
    renderPage(workspace, 'plan', ws.plan.heading, el('p', {}, ws.plan.noPlan));
    return;
  }
  const features = el(
    'ul',
    { class: 'features' },
    ...Object.entries(plan.features).map(([name, on]) =>
      el('li', {}, `${ws.plan.featureNames[name] ?? name}: `, el('strong', { class: on ? 'ok' : 'muted' }, on ? ws.plan.included : ws.plan.notIncluded)),
    ),
  );
  renderPage(
    workspace,
    'plan',
    ws.plan.heading,
    el(
      'dl',
      { class: 'facts' },
      ...row(ws.plan.name, plan.name),
      ...row(ws.plan.started, localTime(plan.started_at)),
      ...row(ws.plan.renews, localTime(plan.renews_at)),
      ...row(ws.plan.jobs, ws.plan.remaining(plan.jobs.remaining, plan.jobs.limit)),
      ...row(ws.plan.users, `${ws.plan.remaining(plan.users.remaining, plan.users.limit)}${ws.plan.paid(plan.users.paid)}`),
    ),
    plan.downgrades_to ? el('p', { class: 'notice' }, ws.plan.downgrade(plan.downgrades_to.name, localTime(plan.downgrades_to.at))) : null,
    el('h2', {}, ws.plan.features),
    features,
  );
}
