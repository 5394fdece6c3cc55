import { snapshotSql, statementsMissing } from './sql-snapshots';

describe('a statement as its SQL snapshot shows it', () => {
  it('is the same however many values a run gave a list or a multi-row insert', () => {
    expect(snapshotSql('select * from t where id in ($1, $2, $3) and n = $4')).toBe(snapshotSql('select * from t where id in ($1) and n = $2'));
    expect(snapshotSql('insert into t (a, b) values ($1, $2), ($3, $4), ($5, $6) on conflict do nothing')).toBe(
      snapshotSql('insert into t (a, b) values ($1, $2) on conflict do nothing'),
    );
  });

  it('changes when the SQL does', () => {
    const before = snapshotSql('update "jobs" set "deleted_at" = $1 where "uuid" = $2');
    expect(snapshotSql('update "jobs" set "deleted_at" = $1 where "uuid" = $2 and "deleted_at" is null')).not.toBe(before);
    expect(snapshotSql('update "jobs" set "deleted_at" = now() where "uuid" = $1')).not.toBe(before);
  });

  it('starts a line at each clause, with its whitespace collapsed and its parameters numbered in order', () => {
    const sut = snapshotSql(`/* prepared */ select a,
        b   from t
      where x = $1 and y in ($2, $3) order by a limit $4`);
    expect(sut).toBe('/* prepared */ select a, b\nfrom t\nwhere x = $1 and y in ($2, …)\norder by a\nlimit $3');
  });
});

describe('a run filtered by name', () => {
  const header = '-- Generated …\n-- a.ts sent while a.spec.ts ran, by method.\n\n';
  const made = { 'q/a.sql': `${header}-- A.find\nselect 1;\n\n-- A.save\nselect 2;\n` };

  it('names the statements it sent that the checked-in snapshot lacks, and only those', () => {
    expect(statementsMissing({ made, current: { 'q/a.sql': `${header}-- A.find\nselect 1;\n\n-- A.other\nselect 3;\n` } })).toEqual([
      'q/a.sql: -- A.save\nselect 2;',
    ]);
    expect(statementsMissing({ made, current: { 'q/a.sql': made['q/a.sql'] } })).toEqual([]);
  });
});
