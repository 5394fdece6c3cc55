import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Deletes the rows of `table` matching `where`, `batchSize` at a time, each batch its own short statement
 * (`delete … where ctid in (select ctid … limit n)`): a retention sweep never holds locks on many rows at once
 * nor one long transaction. Returns how many rows went.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema's table
export async function deleteInBatches(db: Kysely<any>, table: string, where: RawBuilder<unknown>, batchSize = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from ${sql.table(table)} where ctid in (
        select ctid from ${sql.table(table)} where ${where} limit ${batchSize} for update skip locked
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
