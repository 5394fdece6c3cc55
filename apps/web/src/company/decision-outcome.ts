/**
 * What a bulk decision did, per interview (`POST /interviews/decisions`: 200 decided, 409 not evaluable yet, 404 not
 * found), as the sentences of one toast, naming the candidates (unit-tested in decision-outcome.spec.ts).
 */

export interface OutcomeTexts {
  decided: (action: string, names: string) => string;
  notEvaluable: (names: string) => string;
  notFound: (names: string) => string;
}

export function decisionOutcome(results: Array<{ uuid: string; status: number }>, nameOf: (uuid: string) => string, done: string, texts: OutcomeTexts): string {
  const names = (status: number) =>
    results
      .filter((r) => r.status === status)
      .map((r) => nameOf(r.uuid))
      .join(', ');
  return [names(200) && texts.decided(done, names(200)), names(409) && texts.notEvaluable(names(409)), names(404) && texts.notFound(names(404))]
    .filter(Boolean)
    .join(' ');
}
