import { text } from '../../i18n/texts';
import { ApiError } from '../../shared/api';
import { el } from '../../shared/dom';
import { api, ok } from '../api';
import type { CandidateLine } from '../candidate-lines';
import { fieldSentence, refusalSentence } from '../refusals';
import { BATCH, type Assignee, type InviteBody } from './parts';

/** A candidate's own result: invited, or refused with the reason. */
export interface Result {
  candidate: CandidateLine;
  refusal?: string;
}

/** Sends one batch; a validation refusal naming some candidates (`assigned_to.<n>.…`) refuses those and retries the rest. */
export async function sendBatch(body: InviteBody, batch: CandidateLine[], assignee: (c: CandidateLine) => Assignee): Promise<Result[]> {
  try {
    await ok(api.POST('/interviews', { body: { ...body, assigned_to: batch.map(assignee) } }));
    return batch.map((candidate) => ({ candidate }));
  } catch (error) {
    const named = new Map<number, string>();
    if (error instanceof ApiError) {
      for (const refused of error.fieldErrors) {
        const at = /^assigned_to\.(\d+)(?:\.(\w+))?/.exec(refused.field);
        if (at) named.set(Number(at[1]), `${at[2] ?? ''} ${fieldSentence(refused.code)}`.trim());
      }
    }
    const onlyCandidates = error instanceof ApiError && named.size > 0 && error.fieldErrors.every((f) => f.field.startsWith('assigned_to.'));
    if (!onlyCandidates) return batch.map((candidate) => ({ candidate, refusal: refusalSentence(error) }));
    const rest = batch.filter((_, i) => !named.has(i));
    const retried = rest.length > 0 ? await sendBatch(body, rest, assignee) : [];
    return [...batch.flatMap((candidate, i) => (named.has(i) ? [{ candidate, refusal: named.get(i)! }] : [])), ...retried];
  }
}

/** Step 5, the result: progress while the batches go, then each candidate's result and where to go next. */
export interface ResultsStep {
  readonly element: HTMLElement;
  /** Sends to `candidates` (those in `alreadyCreated` were invited by the first request); resolves with every result. */
  send(body: InviteBody, candidates: CandidateLine[], assignee: (c: CandidateLine) => Assignee, alreadyCreated?: CandidateLine[]): Promise<Result[]>;
}

export function resultsStep(): ResultsStep {
  const element = el('section', { class: 'results', hidden: true, 'aria-labelledby': 'results-heading' });
  return {
    element,
    async send(body, candidates, assignee, alreadyCreated = []) {
      const total = alreadyCreated.length + candidates.length;
      const all: Result[] = alreadyCreated.map((candidate) => ({ candidate }));
      const progress = el('progress', { max: total, value: all.length });
      const status = el('p', { role: 'status' }, text().workspace.invite.progress(all.length, total));
      element.hidden = false;
      element.replaceChildren(el('h2', { id: 'results-heading', tabindex: '-1' }, text().workspace.invite.resultsHeading), progress, status);
      (element.firstElementChild as HTMLElement).focus();
      for (let i = 0; i < candidates.length; i += BATCH) {
        all.push(...(await sendBatch(body, candidates.slice(i, i + BATCH), assignee)));
        progress.value = all.length;
        status.textContent = text().workspace.invite.progress(all.length, total);
      }
      const refused = all.filter((r) => r.refusal).length;
      status.textContent = text().workspace.invite.resultSummary(all.length - refused, refused);
      progress.remove();
      element.append(
        el(
          'ul',
          { class: 'result-list' },
          ...all.map((r) =>
            el(
              'li',
              { class: r.refusal ? 'refused' : 'created' },
              `${r.candidate.name} <${r.candidate.email}>: `,
              el(
                'span',
                { class: r.refusal ? 'refusal' : 'ok' },
                r.refusal ? text().workspace.invite.resultRefused(r.refusal) : text().workspace.invite.resultCreated,
              ),
            ),
          ),
        ),
        el(
          'div',
          { class: 'actions' },
          el('a', { class: 'button', href: '/interviews' }, text().workspace.invite.toInterviews),
          el('a', { class: 'button secondary', href: location.pathname }, text().workspace.invite.inviteMore),
        ),
      );
      return all;
    },
  };
}
