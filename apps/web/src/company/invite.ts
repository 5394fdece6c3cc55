import { text } from '../i18n/texts';
import { ApiError } from '../shared/api';
import { el } from '../shared/dom';
import { api, ok } from './api';
import type { CandidateLine } from './candidate-lines';
import { emailStep } from './invite/email';
import { kindStep } from './invite/kind';
import { BATCH, type InviteBody } from './invite/parts';
import { resultsStep } from './invite/results';
import { reviewStep } from './invite/review';
import { whoStep } from './invite/who';
import { clearRefusal, formAlert, showRefusal } from './ui/form';
import { renderPage, type Workspace } from './ui/frame';

/**
 * `/jobs/<uuid>/invite` and `/interviews/invite`: one or many candidates at once (pasted lines or a CSV file) to a
 * one-way interview (questions typed here or a question set, shown before sending) or a live one (date and time
 * in the user's zone, the interview's `timezone`), with the optional message, and phones with SMS consent where
 * the plan has SMS. A summary comes first; sending uses the API's array form in batches, with progress, and each
 * candidate gets their own result: invited, or refused with the reason.
 *
 * One module per step (invite/): who (job, candidates), kind (one-way questions and due date, or live time), email
 * (message, language, SMS), review, results. This screen loads what they need and moves from one to the next.
 */
export async function inviteScreen(workspace: Workspace, match: RegExpExecArray): Promise<void> {
  const fixedJob = match[1]?.toLowerCase();
  const [jobs, sets] = await Promise.all([
    fixedJob
      ? ok(api.GET('/jobs/{jobUuid}', { params: { path: { jobUuid: fixedJob } } })).then((r) => [r.data])
      : ok(api.GET('/jobs', { params: { query: { 'status[]': ['active'], orderby: 'title_asc', range: '0-99' } } })).then((r) => r.data),
    ok(api.GET('/question_sets')).then((r) => r.data),
  ]);

  const who = whoStep(jobs, fixedJob);
  const kind = kindStep(sets);
  const email = emailStep(workspace.plan?.features.interview_sms_notifications === true);
  const review = reviewStep();
  const results = resultsStep();
  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    ...who.elements,
    ...kind.elements,
    ...email.elements,
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, text().workspace.invite.review)),
  );

  const bodyOf = (): InviteBody => {
    const body = { job_post: { uuid: who.jobUuid() } } as InviteBody;
    kind.fill(body);
    email.fill(body);
    return body;
  };

  /** The lines did not read: said beside the field, which gets the focus. */
  const refuseLines = (refused: ReturnType<typeof who.read>['refused']) => {
    who.lines.setAttribute('aria-invalid', 'true');
    const errorLine = document.querySelector<HTMLElement>(`[data-error-for="${who.lines.id}"]`)!;
    errorLine.textContent =
      refused.length > 0 ? refused.map((r) => text().workspace.invite.lineRefused(r.line, r.text)).join(' ') : text().workspace.invite.noCandidates;
    form.querySelector<HTMLElement>('.form-alert')!.hidden = true;
    who.lines.focus();
  };

  const send = async (body: InviteBody, candidates: CandidateLine[], alreadyCreated: CandidateLine[] = []) => {
    review.hide();
    const all = await results.send(body, candidates, email.assignee, alreadyCreated);
    // What was refused stays typed, to correct and send again.
    who.keep(
      all
        .filter((r) => r.refusal)
        .map((r) => `${r.candidate.name} <${r.candidate.email}>${r.candidate.phone ? `, ${r.candidate.phone}` : ''}`)
        .join('\n'),
    );
    form.hidden = all.every((r) => !r.refusal);
  };

  const backToForm = () => {
    review.hide();
    form.hidden = false;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearRefusal(form);
    const { candidates, refused } = who.read();
    if (candidates.length === 0 || refused.length > 0) return refuseLines(refused);
    const body = bodyOf();
    form.hidden = true;
    review.show(
      { ...kind.summary(candidates.length, body), candidates },
      {
        back: () => {
          backToForm();
          who.lines.focus();
        },
        send: () => {
          // The first batch alone first: a refusal of the whole request (a field of the form, the plan) goes back to
          // the form beside its cause instead of being repeated for every candidate.
          const first = candidates.slice(0, Math.min(BATCH, candidates.length));
          ok(api.POST('/interviews', { body: { ...body, assigned_to: first.map(email.assignee) } }))
            .then(() => send(body, candidates.slice(first.length), first))
            .catch((error: unknown) => {
              const aboutCandidates =
                error instanceof ApiError && error.fieldErrors.length > 0 && error.fieldErrors.every((f) => f.field.startsWith('assigned_to.'));
              if (aboutCandidates) return send(body, candidates);
              backToForm();
              showRefusal(form, error);
            });
        },
      },
    );
  });

  const title = fixedJob ? text().workspace.invite.forJob(jobs[0].title) : null;
  renderPage(
    workspace,
    fixedJob ? 'jobs' : 'interviews',
    text().workspace.invite.heading,
    title ? el('p', { class: 'muted' }, title) : null,
    form,
    review.element,
    results.element,
  );
}
