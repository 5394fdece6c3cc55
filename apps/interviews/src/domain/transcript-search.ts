/** The PostgreSQL text search configurations interviews indexes transcripts with (decision 073). */
export type TextSearchConfig = 'english' | 'spanish' | 'french' | 'german' | 'simple';

const CONFIGS: Record<string, TextSearchConfig> = { en: 'english', es: 'spanish', fr: 'french', de: 'german' };

/**
 * The configuration of an interview's language (decision 047: an IETF tag such as `fr-CA`): its primary subtag's
 * stemmer and stop words for the four languages the candidate pages speak, `simple` (words as written, lower-cased)
 * for any other.
 */
export function textSearchConfigOf(language: string): TextSearchConfig {
  return CONFIGS[language.split('-')[0].toLowerCase()] ?? 'simple';
}

/** `GET /interviews?q=`: 1 to 200 characters (decision 073). */
export const MAX_SEARCH_LENGTH = 200;

/** A transcript's text as interviews indexes it: per take or recording (`sourceUuid`), never the text kept. */
export interface TranscriptText {
  sourceUuid: string;
  interviewUuid: string;
  config: TextSearchConfig;
  text: string;
  /** When the transcript was made: a redelivered older one never replaces a newer one. */
  transcribedAt: Date;
}

/** The words as a case-insensitive substring (`ilike`): `%`, `_` and the escape character taken literally. */
export function likePatternOf(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
