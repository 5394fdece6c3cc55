import type { CandidateMessages } from './candidate-messages';
import { en } from './en';

/**
 * The messages that code shared by candidate and company pages reads (the shared screens, the live room): English
 * until a candidate-facing page chooses its language (`useLanguage` in ./candidate). Kept apart from the four
 * languages so that company pages, which stay English (decision 042), do not load Spanish, French and German.
 */
export let t: CandidateMessages = en;

export function setPageMessages(messages: CandidateMessages): void {
  t = messages;
}
