import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { accommodationFields, accommodationRequestsOf, accommodationsOf, accommodationsSummary, type Accommodations } from './accommodations';
import { api, ok, type Body, type Schemas } from './api';
import { formAlert, onSubmit } from './ui/form';
import { toast } from './ui/toast';

/** Accommodations can change until the interview is over (the API answers 400 `api.interview_already_completed` after). */
function editable(interview: Schemas['Interview']): boolean {
  return interview.status === 'requested' || interview.status === 'accepted';
}

/**
 * The interview page's accommodations (issue 42): what is set, a form to change it while the interview is open
 * (`PUT /interviews/<uuid>` with `accommodations`), and the candidate's requests, newest first, waiting for an answer
 * by email.
 */
export function accommodationsSection(interview: Schemas['Interview']): HTMLElement {
  const t = text().workspace.accommodations;
  const current = accommodationsOf(interview);
  const summary = el('p', { role: 'status' }, accommodationsSummary(current));
  const requests = [...accommodationRequestsOf(interview)].sort((a, b) => Date.parse(b.requested_at) - Date.parse(a.requested_at));
  const requestList =
    requests.length === 0
      ? el('p', { class: 'muted' }, t.noRequests)
      : el(
          'ul',
          { class: 'accommodation-requests' },
          ...requests.map((request) =>
            el('li', {}, el('p', { class: 'request-message' }, request.message), el('p', { class: 'muted' }, t.requested(localTime(request.requested_at)))),
          ),
        );
  let form: HTMLFormElement | null = null;
  if (editable(interview) && interview.type !== 'live') {
    const fields = accommodationFields(current, 'interview-accommodations');
    form = el(
      'form',
      { class: 'form', novalidate: true },
      formAlert(),
      fields.element,
      el('div', { class: 'actions' }, el('button', { type: 'submit' }, t.save)),
    );
    onSubmit(form, async () => {
      const accommodations: Accommodations = fields.read();
      // The API's type gains `accommodations` with issue 42's API; until the client is regenerated, named here.
      const body = { accommodations } as unknown as Body<'/interviews/{interviewUuid}', 'put'>;
      const saved = (await ok(api.PUT('/interviews/{interviewUuid}', { params: { path: { interviewUuid: interview.uuid } }, body }))).data;
      summary.textContent = accommodationsSummary(accommodationsOf(saved));
      toast(t.saved);
    });
  }
  return el(
    'section',
    { class: 'accommodations-section', 'aria-labelledby': 'accommodations-heading' },
    el('h2', { id: 'accommodations-heading' }, t.heading),
    summary,
    form,
    el('h3', {}, t.requestsHeading),
    requestList,
  );
}
