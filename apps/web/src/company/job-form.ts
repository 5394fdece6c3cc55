import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { api, ok, type Body, type Schemas } from './api';
import { irreversibleButton } from './ui/dialog';
import { field, formAlert, input, onSubmit, select } from './ui/form';
import { linkButton, renderPage, toolbar, type Workspace } from './ui/frame';
import { jobSlots } from './jobs';
import { jobVideoSection } from './job-video';
import { openInterviewSection } from './open-interview';
import { loadScorecard, scorecardSection } from './scorecard-editor';
import { navigateWithToast } from './ui/toast';

/**
 * `/jobs/new` and `/jobs/<uuid>`: a job's title, description, where the work is — an address `{city, state,
 * country}` or a work mode `{work_mode, work_place}` — and status. Editing starts from what the job was posted with
 * (a single read carries the address's parts or the locality, decision 011) and sends the location only when it
 * changed, so saving an untouched form leaves the job's location as it was. An existing job's page also holds its
 * scorecard (`scorecard-editor.ts`), video (`job-video.ts`) and open interview (`open-interview.ts`).
 */

type JobBody = Body<'/jobs', 'post'>;

function radio(name: string, value: string, label: string, checked: boolean): HTMLElement {
  const id = `${name}-${value}`;
  return el('div', { class: 'choice' }, el('input', { type: 'radio', id, name, value, checked }), el('label', { for: id }, label));
}

export async function jobFormScreen(workspace: Workspace, match: RegExpExecArray): Promise<void> {
  const uuid = match[1]?.toLowerCase();
  const [job, sets, card] = uuid
    ? await Promise.all([
        ok(api.GET('/jobs/{jobUuid}', { params: { path: { jobUuid: uuid } } })).then((r) => r.data),
        ok(api.GET('/question_sets')).then((r) => r.data),
        // The job's page stays usable when the scorecard cannot be read: its panel says why.
        loadScorecard(uuid).catch((error: unknown) => ({ error })),
      ])
    : [undefined, [], undefined];

  const title = input({ name: 'title', required: true, maxlength: 200, autocomplete: 'off', value: job?.title });
  const description = el('textarea', { name: 'description', rows: 6 }, job?.description ?? '');
  const status = select(text().workspace.jobs.statuses, job?.status ?? 'active', { name: 'status' });
  const posted = { city: job?.location?.city ?? '', state: job?.location?.state ?? '', country: job?.location?.country ?? '' };
  const city = input({ name: 'city', autocomplete: 'address-level2', value: posted.city });
  const state = input({ name: 'state', autocomplete: 'address-level1', value: posted.state });
  const country = input({ name: 'country', autocomplete: 'country-name', value: posted.country });
  const workMode = select(text().workspace.jobs.workModes, job?.locality?.work_mode ?? 'remote', { name: 'work_mode' });
  const workPlace = input({ name: 'work_place', value: job?.locality?.work_place });
  const byLocalityAtFirst = Boolean(job?.locality);
  const byAddress = el(
    'fieldset',
    { class: 'group' },
    field(text().workspace.jobs.city, city, { apiField: 'location.city' }),
    field(text().workspace.jobs.state, state, { apiField: 'location.state' }),
    field(text().workspace.jobs.country, country, { apiField: 'location.country' }),
  );
  byAddress.hidden = byLocalityAtFirst;
  const byLocality = el(
    'fieldset',
    { class: 'group', hidden: !byLocalityAtFirst },
    field(text().workspace.jobs.workMode, workMode, { apiField: 'locality.work_mode' }),
    field(text().workspace.jobs.workPlace, workPlace, { apiField: 'locality.work_place', hint: text().workspace.jobs.workPlaceHint }),
  );
  const where = el(
    'fieldset',
    { 'data-field': 'location' },
    el('legend', {}, text().workspace.jobs.whereKind),
    job?.location ? el('p', { class: 'muted' }, `${text().workspace.jobs.location}: ${job.location.formatted_address}`) : null,
    radio('where', 'address', text().workspace.jobs.byAddress, !byLocalityAtFirst),
    radio('where', 'locality', text().workspace.jobs.byLocality, byLocalityAtFirst),
    byAddress,
    byLocality,
  );
  where.addEventListener('change', () => {
    const kind = (where.querySelector('input[name="where"]:checked') as HTMLInputElement).value;
    byAddress.hidden = kind !== 'address';
    byLocality.hidden = kind !== 'locality';
  });

  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    field(text().workspace.jobs.title, title, { apiField: 'title' }),
    field(text().workspace.jobs.description, description, { apiField: 'description' }),
    where,
    field(text().workspace.jobs.status, status, { apiField: 'status' }),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, job ? text().workspace.jobs.saveChanges : text().workspace.jobs.create)),
  );

  const bodyOf = (): JobBody => {
    const body: JobBody = { title: title.value, description: description.value, status: status.value as Schemas['Job']['status'] };
    if (!byLocality.hidden) {
      const locality = { work_mode: workMode.value as 'remote' | 'on_site' | 'hybrid', work_place: workPlace.value };
      if (!job?.locality || locality.work_mode !== job.locality.work_mode || locality.work_place !== job.locality.work_place) body.locality = locality;
    } else {
      const location = { city: city.value, state: state.value, country: country.value };
      if (!job || job.locality || location.city !== posted.city || location.state !== posted.state || location.country !== posted.country)
        body.location = location;
    }
    return body;
  };

  onSubmit(form, async () => {
    if (job) {
      const saved = (await ok(api.PUT('/jobs/{jobUuid}', { params: { path: { jobUuid: job.uuid } }, body: bodyOf() }))).data;
      navigateWithToast('/jobs', text().workspace.jobs.saved(saved.title));
    } else {
      const created = (await ok(api.POST('/jobs', { body: bodyOf() }))).data;
      navigateWithToast('/jobs', text().workspace.jobs.created_(created.title));
    }
  });

  let remove: HTMLElement | null = null;
  if (job) {
    const alert = el('p', { class: 'refusal', role: 'alert' });
    const button = irreversibleButton({
      label: text().workspace.jobs.deleteJob,
      sentence: text().workspace.jobs.deleteConfirm(job.title),
      work: () => ok(api.DELETE('/jobs/{jobUuid}', { params: { path: { jobUuid: job.uuid } } })),
      then: { path: '/jobs', toast: text().workspace.jobs.deleted(job.title) },
      alert,
    });
    remove = el('div', { class: 'danger-zone' }, button, alert);
  }

  renderPage(
    workspace,
    'jobs',
    job ? text().workspace.jobs.editHeading : text().workspace.jobs.newHeading,
    toolbar(
      el('a', { href: '/jobs' }, text().workspace.jobs.backToList),
      job?.status === 'active' ? linkButton(`/jobs/${job.uuid}/invite`, text().workspace.jobs.invite, 'secondary') : null,
    ),
    jobSlots(workspace),
    // On a laptop the job's video and open interview sit beside its form; on a phone, under it.
    job
      ? el(
          'div',
          { class: 'job-columns' },
          el('div', {}, form, scorecardSection(workspace, job, card), remove),
          el('div', {}, jobVideoSection(job), openInterviewSection(job, sets)),
        )
      : form,
  );
}
