import { outsideVocabulary, validationFailed, type FieldError } from '@vi/platform-errors';
import { parseRange, type PageRange } from './paging';

export interface ListQuerySpec<F extends string, O extends string> {
  /** Repeatable filters: `status[]` → allowed values. */
  filters: Record<F, readonly string[]>;
  orders: readonly O[];
  defaultOrder: O;
}

export interface ListQuery<F extends string, O extends string> {
  filters: Record<F, string[]>;
  orderby: O;
  range: PageRange;
}

function values(raw: unknown): unknown[] {
  if (raw === undefined) return [];
  return Array.isArray(raw) ? raw : [raw];
}

/**
 * A list's query string: repeatable filters (`status[]=a&status[]=b`, or the
 * key without brackets), `orderby` and `range`. Every bad parameter is named in one 400.
 */
export function parseListQuery<F extends string, O extends string>(query: Record<string, unknown>, spec: ListQuerySpec<F, O>): ListQuery<F, O> {
  const errors: FieldError[] = [];
  const filters = {} as Record<F, string[]>;
  for (const [name, allowed] of Object.entries(spec.filters) as Array<[F, readonly string[]]>) {
    const bare = name.replace(/\[\]$/, '');
    const given = [...values(query[name]), ...values(query[bare])];
    const unknown = outsideVocabulary(name, given, allowed);
    if (unknown) errors.push(unknown);
    filters[name] = given as string[];
  }
  const orderby = query.orderby ?? spec.defaultOrder;
  const unknownOrder = outsideVocabulary('orderby', [orderby], spec.orders);
  if (unknownOrder) errors.push(unknownOrder);
  let range: PageRange = { from: 0, to: 0 };
  try {
    range = parseRange(query.range);
  } catch (error) {
    errors.push(...((error as { fieldErrors?: FieldError[] }).fieldErrors ?? []));
  }
  if (errors.length > 0) throw validationFailed(errors);
  return { filters, orderby: orderby as O, range };
}
