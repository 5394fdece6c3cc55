/**
 * The arithmetic of comments pinned to a moment of an answer (issue 40), without the DOM: the clock a player shows,
 * where a mark sits on a timeline, and the `@` mention being typed (unit-tested in moments.spec.ts).
 */

// The player's clock is shared with the transcripts of the share page (shared/format.ts).
export { clock } from '../shared/format';

/** A mark's place on the timeline, in percent of the answer's measured length (0 to 100). */
export function markPercent(atMs: number, lengthSeconds: number): number {
  if (!(lengthSeconds > 0)) return 0;
  return Math.min(100, Math.max(0, (atMs / (lengthSeconds * 1000)) * 100));
}

/** The moment to pin a comment to: the player's time in whole milliseconds, never past the answer's measured end. */
export function momentMs(currentTime: number, lengthSeconds: number): number {
  return Math.max(0, Math.min(Math.round(currentTime * 1000), Math.floor(lengthSeconds * 1000)));
}

/** The `@` mention being typed at the caret: where its `@` is and what follows it, or undefined. */
export function mentionAt(value: string, caret: number): { start: number; query: string } | undefined {
  const before = value.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start === -1 || (start > 0 && !/\s/.test(before[start - 1]))) return undefined;
  const query = before.slice(start + 1);
  // A name has at most a few words; a query that long, or across a line, is ordinary text.
  if (query.length > 40 || /[\n@]/.test(query)) return undefined;
  return { start, query };
}

/** Colleagues whose name (or a word of it) starts with `query`, case and accents aside; at most `limit`. */
export function colleaguesMatching<T extends { name: string }>(people: T[], query: string, limit = 8): T[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(query);
  return people
    .filter(
      (p) =>
        fold(p.name).startsWith(q) ||
        fold(p.name)
          .split(/\s+/)
          .some((word) => word.startsWith(q)),
    )
    .slice(0, limit);
}

/** `value` with the mention typed from `start` to `caret` replaced by `@Full Name `, and where the caret goes. */
export function withMention(value: string, start: number, caret: number, name: string): { value: string; caret: number } {
  const inserted = `@${name} `;
  const after = value.slice(caret).replace(/^ /, '');
  return { value: `${value.slice(0, start)}${inserted}${after}`, caret: start + inserted.length };
}

/** The uuids of the colleagues chosen whose `@Name` is still in the text, each once. */
export function mentionedIn(value: string, chosen: Array<{ uuid: string; name: string }>): string[] {
  return [...new Set(chosen.filter((c) => value.includes(`@${c.name}`)).map((c) => c.uuid))];
}
