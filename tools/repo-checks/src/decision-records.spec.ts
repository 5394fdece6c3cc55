import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, readRepoFile } from './repo-files';

/**
 * docs/decisions is what a newcomer reads to learn why the code is as it is, and the code cites its records by
 * number. This check keeps it navigable: every record states whether it still holds (a status line under its
 * title), the index (docs/decisions/README.md) lists every record once with the same title and status, nothing
 * names a record that does not exist, and a superseded record points at one that is current.
 */

const DIR = 'docs/decisions';
const INDEX = `${DIR}/README.md`;

/**
 * Numbers a status line may name before their record is merged (reserved for work in flight). When the record
 * lands, the check below fails until its number is removed here, so the exception cannot outlive its reason.
 */
const AWAITING_MERGE: readonly string[] = [];

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const TITLE = /^# (\d{3})\.? (.+)$/;
const STATUS = /^Status: (current|amended by (\d{3}(?:, \d{3})*)|superseded by (\d{3}))$/;
const INDEX_LINE = /^- \[(\d{3}) — (.+)\]\(([^)]+)\) — (current|amended by \d{3}(?:, \d{3})*|superseded by \d{3}) — \S.*$/;

interface DecisionRecord {
  number: string;
  file: string;
  title?: string;
  status?: string;
  /** The records its status names (successors). */
  names: string[];
  superseded: boolean;
}

/** What is wrong with the records and their index, one sentence each (none when all is well). */
function decisionRecordProblems(files: Map<string, string>, index: string, awaiting: readonly string[] = []): string[] {
  const problems: string[] = [];
  const records: DecisionRecord[] = [];
  const byNumber = new Map<string, DecisionRecord>();
  for (const [file, text] of files) {
    const named = RECORD_FILE.exec(file);
    if (!named) {
      problems.push(`${file}: not a record's name (NNN-lower-case-title.md)`);
      continue;
    }
    const number = named[1];
    const other = byNumber.get(number);
    if (other) problems.push(`${file}: number ${number} is also ${other.file}`);
    const lines = text.split('\n');
    const title = TITLE.exec(lines[0] ?? '');
    if (!title || title[1] !== number) problems.push(`${file}: the first line must be "# ${number} <title>"`);
    const statusLine = lines.slice(1).find((line) => line.trim() !== '') ?? '';
    const status = STATUS.exec(statusLine);
    if (!status)
      problems.push(
        `${file}: no status line under the title ("Status: current", "Status: amended by NNN", "Status: superseded by NNN"); found "${statusLine}"`,
      );
    const record = {
      number,
      file,
      title: title?.[2],
      status: status?.[1],
      names: status?.[2]?.split(', ') ?? (status?.[3] ? [status[3]] : []),
      superseded: status?.[3] !== undefined,
    };
    records.push(record);
    if (!other) byNumber.set(number, record);
  }

  for (const record of records) {
    for (const named of record.names) {
      const successor = byNumber.get(named);
      if (named === record.number) problems.push(`${record.file}: its status names itself`);
      else if (!successor && !awaiting.includes(named)) problems.push(`${record.file}: its status names ${named}, which has no record`);
      else if (successor && record.superseded && successor.status !== 'current') {
        problems.push(`${record.file}: superseded by ${named}, whose status is "${successor.status ?? 'missing'}", not current`);
      }
    }
  }
  for (const number of awaiting) {
    if (byNumber.has(number)) problems.push(`${number} has its record now: remove it from AWAITING_MERGE in decision-records.spec.ts`);
  }

  const indexed = new Map<DecisionRecord, number>();
  index.split('\n').forEach((line, i) => {
    if (!/^- \[\d{3}/.test(line)) return;
    const at = `${INDEX}:${i + 1}`;
    const entry = INDEX_LINE.exec(line);
    if (!entry) return problems.push(`${at}: not "- [NNN — title](NNN-file.md) — <status> — <what it decides>"`);
    const [, number, title, link, status] = entry;
    const record = records.find((r) => r.file === link);
    if (!record) return problems.push(`${at}: links ${link}, which is not a record`);
    indexed.set(record, (indexed.get(record) ?? 0) + 1);
    if (number !== record.number) problems.push(`${at}: says ${number} for ${link}`);
    if (record.title !== undefined && title !== record.title) problems.push(`${at}: title "${title}", the record's is "${record.title}"`);
    if (record.status !== undefined && status !== record.status) problems.push(`${at}: status "${status}", the record's is "${record.status}"`);
  });
  for (const record of records) {
    const times = indexed.get(record) ?? 0;
    if (times !== 1) problems.push(`${record.file}: ${times === 0 ? 'no line' : `${times} lines`} in ${INDEX}`);
  }
  return problems;
}

function theRepository(): { files: Map<string, string>; index: string } {
  const names = readdirSync(join(ROOT, DIR)).filter((name) => name.endsWith('.md') && name !== 'README.md');
  return { files: new Map(names.sort().map((name) => [name, readRepoFile(`${DIR}/${name}`)])), index: readRepoFile(INDEX) };
}

describe('docs/decisions', () => {
  it('gives every record a status line and an index line that agree, naming only records that exist', () => {
    const { files, index } = theRepository();

    expect(decisionRecordProblems(files, index, AWAITING_MERGE)).toEqual([]);
  });
});

describe('decisionRecordProblems', () => {
  const record = (number: string, status: string, title = `Record ${number}`) => `# ${number} ${title}\n\n${status}\n\nWhat it decides.\n`;
  const line = (number: string, status: string, title = `Record ${number}`) => `- [${number} — ${title}](${number}-record.md) — ${status} — What it decides.`;
  const valid = () => ({
    files: new Map([
      ['001-record.md', record('001', 'Status: superseded by 003')],
      ['002-record.md', record('002', 'Status: amended by 003, 004')],
      ['003-record.md', record('003', 'Status: current')],
      ['004-record.md', record('004', 'Status: current')],
    ]),
    index: [
      '# Decision records',
      '',
      '## Area',
      '',
      line('001', 'superseded by 003'),
      line('002', 'amended by 003, 004'),
      line('003', 'current'),
      line('004', 'current'),
      '',
    ].join('\n'),
  });

  it('finds nothing wrong with records and an index that agree', () => {
    const { files, index } = valid();

    expect(decisionRecordProblems(files, index)).toEqual([]);
  });

  it('fails a record without a status line under its title, or with one of another form', () => {
    const { files, index } = valid();
    files.set('003-record.md', '# 003 Record 003\n\nWhat it decides.\n');
    files.set('004-record.md', record('004', 'Status: accepted (issue 13)'));

    expect(decisionRecordProblems(files, index)).toEqual([
      '003-record.md: no status line under the title ("Status: current", "Status: amended by NNN", "Status: superseded by NNN"); found "What it decides."',
      '004-record.md: no status line under the title ("Status: current", "Status: amended by NNN", "Status: superseded by NNN"); found "Status: accepted (issue 13)"',
      '001-record.md: superseded by 003, whose status is "missing", not current',
    ]);
  });

  it('fails a status naming a record that does not exist, unless the number awaits its merge', () => {
    const { files, index } = valid();
    files.set('004-record.md', record('004', 'Status: amended by 009'));
    const indexed = index.replace(line('004', 'current'), line('004', 'amended by 009'));

    expect(decisionRecordProblems(files, indexed)).toEqual(['004-record.md: its status names 009, which has no record']);
    expect(decisionRecordProblems(files, indexed, ['009'])).toEqual([]);
  });

  it('fails an awaited number once its record exists', () => {
    const { files, index } = valid();

    expect(decisionRecordProblems(files, index, ['004'])).toEqual(['004 has its record now: remove it from AWAITING_MERGE in decision-records.spec.ts']);
  });

  it('fails a superseded record whose successor is not current', () => {
    const { files, index } = valid();
    files.set('003-record.md', record('003', 'Status: amended by 004'));
    const indexed = index.replace(line('003', 'current'), line('003', 'amended by 004'));

    expect(decisionRecordProblems(files, indexed)).toEqual(['001-record.md: superseded by 003, whose status is "amended by 004", not current']);
  });

  it('fails a record without an index line, and an index line linking no record', () => {
    const { files, index } = valid();
    const indexed = index.replace(line('003', 'current'), '- [005 — Record 005](005-record.md) — current — What it decides.');

    expect(decisionRecordProblems(files, indexed)).toEqual([`${INDEX}:7: links 005-record.md, which is not a record`, `003-record.md: no line in ${INDEX}`]);
  });

  it('fails an index line whose status or title differs from the record, or that has no summary', () => {
    const { files, index } = valid();
    const indexed = index
      .replace(line('003', 'current'), line('003', 'superseded by 004'))
      .replace(line('004', 'current'), line('004', 'current', 'Another title'))
      .replace(line('002', 'amended by 003, 004'), '- [002 — Record 002](002-record.md) — amended by 003, 004');

    expect(decisionRecordProblems(files, indexed)).toEqual([
      `${INDEX}:6: not "- [NNN — title](NNN-file.md) — <status> — <what it decides>"`,
      `${INDEX}:7: status "superseded by 004", the record's is "current"`,
      `${INDEX}:8: title "Another title", the record's is "Record 004"`,
      `002-record.md: no line in ${INDEX}`,
    ]);
  });

  it('fails a file that is not named as a record, and two records of one number', () => {
    const { files, index } = valid();
    files.set('notes.md', 'Some notes.\n');
    files.set('004-other.md', record('004', 'Status: current'));

    expect(decisionRecordProblems(files, index)).toEqual([
      "notes.md: not a record's name (NNN-lower-case-title.md)",
      '004-other.md: number 004 is also 004-record.md',
      `004-other.md: no line in ${INDEX}`,
    ]);
  });
});
