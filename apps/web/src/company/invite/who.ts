import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { parseCandidates, type ParsedCandidates } from '../candidate-lines';
import { field, select } from '../ui/form';

/** Step 1, who: the job (unless the page is the job's own) and the candidates, pasted lines or a CSV file. */
export interface WhoStep {
  readonly elements: HTMLElement[];
  /** The candidates' field: focused, and marked, when its lines do not read. */
  readonly lines: HTMLTextAreaElement;
  jobUuid(): string;
  /** Reads the lines again (and says how many candidates they make). */
  read(): ParsedCandidates;
  /** Puts these lines in the field (what was refused, to correct and send again). */
  keep(text: string): void;
}

export function whoStep(jobs: ReadonlyArray<{ uuid: string; title: string }>, fixedJob: string | undefined): WhoStep {
  const job = select(
    Object.fromEntries<string>([['', text().workspace.invite.chooseJob], ...jobs.map((j): [string, string] => [j.uuid, j.title])]),
    fixedJob ?? '',
    {
      name: 'job',
      required: true,
    },
  );
  const lines = el('textarea', { name: 'candidates', rows: 6, placeholder: text().workspace.invite.placeholder });
  const csv = el('input', { type: 'file', name: 'csv', accept: '.csv,text/csv,text/plain' });
  const parsed = el('p', { class: 'muted', role: 'status' });
  const read = () => {
    const result = parseCandidates(lines.value);
    parsed.textContent = lines.value.trim() ? text().workspace.invite.parsed(result.candidates.length) : '';
    return result;
  };
  lines.addEventListener('input', read);
  csv.addEventListener('change', () => {
    const file = csv.files?.[0];
    if (!file) return;
    void file.text().then((text) => {
      lines.value = [lines.value.trim(), text.trim()].filter(Boolean).join('\n');
      read();
    });
  });
  return {
    elements: [
      ...(fixedJob ? [] : [field(text().workspace.invite.job, job, { apiField: 'job_post' })]),
      field(text().workspace.invite.candidates, lines, { apiField: 'assigned_to', hint: text().workspace.invite.candidatesHint }),
      parsed,
      field(text().workspace.invite.csv, csv),
    ],
    lines,
    jobUuid: () => fixedJob ?? job.value,
    read,
    keep(text) {
      lines.value = text;
      read();
    },
  };
}
