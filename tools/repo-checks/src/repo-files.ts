import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository's root, for paths in failure messages. */
export const ROOT = join(__dirname, '../../..');

export function readRepoFile(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

/** The `.ts` files below `dir` (repository-relative), without specs, tests and generated code. */
export function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(join(ROOT, at), { withFileTypes: true })) {
      const path = `${at}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!['node_modules', 'generated', 'test', 'dist'].includes(entry.name)) walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) found.push(relative(ROOT, join(ROOT, path)));
    }
  };
  walk(dir);
  return found.sort();
}

/** One table of a Markdown document: the heading it stands under, its header cells (none for a fragment) and its rows. */
export interface MarkdownTable {
  heading: string;
  header: string[];
  rows: string[][];
}

/**
 * Every pipe table of a Markdown document, with the `##`/`###` heading above it. Lines after a blank line that cut
 * a table in two come as a table without header, so that no row goes unchecked.
 */
export function markdownTables(markdown: string): MarkdownTable[] {
  const tables: MarkdownTable[] = [];
  let heading = '';
  let lines: string[][] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const separated = lines.length > 1 && lines[1].every((c) => /^:?-+:?$/.test(c));
    tables.push(separated ? { heading, header: lines[0], rows: lines.slice(2) } : { heading, header: [], rows: lines });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    if (/^#{1,6} /.test(line)) heading = line.replace(/^#+ /, '');
    if (line.startsWith('|')) lines.push(splitRow(line));
    else flush();
  }
  flush();
  return tables;
}

/** The rows of every table under the headings `match` accepts. */
export function rowsUnder(tables: MarkdownTable[], match: (heading: string) => boolean): string[][] {
  return tables.filter((t) => match(t.heading)).flatMap((t) => t.rows);
}

/** A table row's cells; `\|` inside a cell stays a `|`. */
function splitRow(line: string): string[] {
  return line
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** The back-quoted names in a cell (`` `A`, `B` `` → A, B). */
export function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

/** The text under the `##` heading that starts with `title`, up to the next `##` heading (the part before any: ''). */
export function markdownSection(markdown: string, title: string): string {
  const sections = markdown.split(/^(?=## )/m);
  const found = title === '' ? sections[0] : sections.find((s) => s.startsWith(`## ${title}`));
  if (found === undefined) throw new Error(`no section "## ${title}"`);
  return found;
}

/** The names these files read as `process.env.NAME`, or, with `anyEnv`, as `<something>env.NAME` (an environment passed on). */
export function environmentReads(files: string[], options: { anyEnv?: boolean } = {}): Set<string> {
  const pattern = options.anyEnv ? /\benv\.([A-Z][A-Z0-9_]*)/g : /\bprocess\.env\.([A-Z][A-Z0-9_]*)/g;
  const names = new Set<string>();
  for (const file of files) for (const [, name] of readRepoFile(file).matchAll(pattern)) names.add(name);
  return names;
}
