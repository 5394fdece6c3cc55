import type { Messages } from './en';

/** The sections the candidate-facing pages use (the live call's room too, which a company user sees in English): every candidate language is a module of this shape (decision 042). */
export type CandidateMessages = Pick<
  Messages,
  'lang' | 'common' | 'errors' | 'landing' | 'practice' | 'device' | 'question' | 'finish' | 'language' | 'share' | 'apply' | 'live'
>;
