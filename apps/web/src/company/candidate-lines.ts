/**
 * Candidates typed or pasted one per line — `Jane Doe <jane@example.com>`, or `name, email[, phone]` as a CSV
 * row (quotes allowed) — or read from a CSV file with the same columns, a header row skipped. A line without a
 * name and an email address is reported by its number, not sent.
 */

export interface CandidateLine {
  name: string;
  email: string;
  phone?: string;
}

export interface ParsedCandidates {
  candidates: CandidateLine[];
  /** Line numbers (1-based) and their text that could not be read. */
  refused: Array<{ line: number; text: string }>;
}

const EMAIL = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;
const ANGLE = /^\s*"?([^"<]*?)"?\s*<\s*([^>]+?)\s*>\s*(?:[,;]\s*(.*))?$/;

/** One CSV row: fields split on commas outside double quotes, `""` inside quotes is a quote. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      fields.push(current.trim());
      current = '';
    } else current += c;
  }
  fields.push(current.trim());
  return fields;
}

function lineOf(text: string): CandidateLine | undefined {
  const angle = ANGLE.exec(text);
  if (angle) {
    const [, name, email, phone] = angle;
    return name.trim() && EMAIL.test(email) ? { name: name.trim(), email, ...(phone?.trim() ? { phone: phone.trim() } : {}) } : undefined;
  }
  const fields = csvFields(text);
  const emailAt = fields.findIndex((f) => EMAIL.test(f));
  if (emailAt === -1) return undefined;
  const name = fields
    .filter((_, i) => i !== emailAt && i < 2)
    .join(' ')
    .trim();
  const phone = fields[2]?.trim();
  return name ? { name, email: fields[emailAt], ...(phone ? { phone } : {}) } : undefined;
}

export function parseCandidates(text: string): ParsedCandidates {
  const candidates: CandidateLine[] = [];
  const refused: ParsedCandidates['refused'] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    // A CSV header ("name,email,phone") is not a candidate.
    if (index === 0 && /\bemail\b/i.test(line) && !line.includes('@')) return;
    const candidate = lineOf(line);
    if (candidate) candidates.push(candidate);
    else refused.push({ line: index + 1, text: line });
  });
  return { candidates, refused };
}

/** A phone number as E.164 for the SMS (`+` and digits), from what people type (`+1 (555) 010-0000`). */
export function e164(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : `+${digits.replace(/\+/g, '')}`;
}
