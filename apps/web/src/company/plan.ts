import { text } from '../i18n/texts';
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
    renderPage(workspace, 'plan', text().workspace.plan.heading, el('p', {}, text().workspace.plan.noPlan));
    return;
  }
  const features = el(
    'ul',
    { class: 'features' },
    ...Object.entries(plan.features).map(([name, on]) =>
      el(
        'li',
        {},
        `${text().workspace.plan.featureNames[name] ?? name}: `,
        el('strong', { class: on ? 'ok' : 'muted' }, on ? text().workspace.plan.included : text().workspace.plan.notIncluded),
      ),
    ),
  );
  renderPage(
    workspace,
    'plan',
    text().workspace.plan.heading,
    el(
      'dl',
      { class: 'facts' },
      ...row(text().workspace.plan.name, plan.name),
      ...row(text().workspace.plan.started, localTime(plan.started_at)),
      ...row(text().workspace.plan.renews, localTime(plan.renews_at)),
      ...row(text().workspace.plan.jobs, text().workspace.plan.remaining(plan.jobs.remaining, plan.jobs.limit)),
      ...row(
        text().workspace.plan.users,
        `${text().workspace.plan.remaining(plan.users.remaining, plan.users.limit)}${text().workspace.plan.paid(plan.users.paid)}`,
      ),
    ),
    plan.downgrades_to ? el('p', { class: 'notice' }, text().workspace.plan.downgrade(plan.downgrades_to.name, localTime(plan.downgrades_to.at))) : null,
    el('h2', {}, text().workspace.plan.features),
    features,
  );
}
