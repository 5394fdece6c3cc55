import type { EvaluationBody, Recommendation } from './evaluation-types';

/** What the evaluation form decides without the DOM (unit-tested in evaluation-rules.spec.ts). */

export const RECOMMENDATIONS: readonly Recommendation[] = ['strong_yes', 'yes', 'no', 'definitely_not', 'no_decision'];
export const SCALE = [1, 2, 3, 4, 5] as const;

/** What the form holds: a rating per criterion uuid (absent: not rated), the recommendation, the overall rating, the note. */
export interface FormValues {
  ratings: Map<string, number>;
  recommendation: Recommendation | null;
  overall: number | null;
  note: string;
}

/** The body of `PUT …/mine` that saves everything the form holds (a cleared control clears its field). */
export function evaluationBody(values: FormValues): EvaluationBody {
  return {
    recommendation: values.recommendation,
    overall_rating: values.overall,
    ratings: [...values.ratings].map(([criterion_uuid, rating]) => ({ criterion_uuid, rating })),
    note: values.note.trim() === '' ? null : values.note,
  };
}

/** The kind of refused field, for its sentence: a criterion's rating, the recommendation, the overall rating, the note. */
export function refusedKind(field: string): 'rating' | 'recommendation' | 'overall' | 'note' | 'field' {
  if (field === 'ratings' || field.startsWith('ratings.')) return 'rating';
  if (field === 'recommendation') return 'recommendation';
  if (field === 'overall_rating') return 'overall';
  if (field === 'note') return 'note';
  return 'field';
}

/** An average for people: 4.5 → "4.5", 4 → "4", in the page's language ("4,5"). */
export function averageText(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
}
