import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** What a row type says of one column: which kinds of value it holds, and whether null (or an absent property) is one. */
export interface ColumnShape {
  kinds: string[];
  nullable: boolean;
}

/** A schema's tables: table → column → shape. */
export type TableShapes = Map<string, Map<string, ColumnShape>>;

/**
 * The table interfaces of the exported `…Database` interface of each file, read with the TypeScript compiler
 * (one program for all, compiled as the repository compiles them). A Kysely `Generated<T>`/`ColumnType<S, …>`
 * column counts as what a select returns (`S`).
 */
export function rowTypesOf(root: string, files: string[]): Map<string, { name: string; tables: TableShapes }> {
  const base = ts.parseJsonConfigFileContent(ts.readConfigFile(join(root, 'tsconfig.base.json'), (p) => readFileSync(p, 'utf8')).config, ts.sys, root);
  const program = ts.createProgram(
    files.map((f) => join(root, f)),
    { ...base.options, noEmit: true },
  );
  const checker = program.getTypeChecker();
  const result = new Map<string, { name: string; tables: TableShapes }>();
  for (const file of files) {
    const source = program.getSourceFile(join(root, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    const database = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.flags & ts.SymbolFlags.Interface && s.name.endsWith('Database'));
    if (!database) throw new Error(`${file} exports no interface named …Database`);
    const tables: TableShapes = new Map();
    for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(database))) {
      const columns = new Map<string, ColumnShape>();
      for (const column of checker.getPropertiesOfType(typeOfSymbol(checker, table))) {
        let type = typeOfSymbol(checker, column);
        const selected = type.getProperty('__select__');
        if (selected) type = typeOfSymbol(checker, selected);
        const members = type.isUnion() ? type.types : [type];
        const nullable = (column.flags & ts.SymbolFlags.Optional) !== 0 || members.some((m) => m.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined));
        const kinds = [...new Set(members.filter((m) => !(m.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))).map((m) => kindOf(checker, m)))].sort();
        columns.set(column.name, { kinds, nullable });
      }
      tables.set(table.name, columns);
    }
    result.set(file, { name: database.name, tables });
  }
  return result;
}

function typeOfSymbol(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Type {
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!declaration) throw new Error(`${symbol.name} has no declaration`);
  return checker.getTypeOfSymbolAtLocation(symbol, declaration);
}

/** string, number, boolean, bigint, Date, bytes, array or json (any other object, unknown). */
function kindOf(checker: ts.TypeChecker, type: ts.Type): string {
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (type.flags & ts.TypeFlags.BigIntLike) return 'bigint';
  const name = type.getSymbol()?.name;
  if (name === 'Date') return 'Date';
  if (name === 'Buffer' || name === 'Uint8Array') return 'bytes';
  if (checker.isArrayType(type)) return 'array';
  return 'json';
}

/**
 * The SQL types each kind of TypeScript value may be read from, as this repository's drivers read them: pg and
 * PGlite return numeric as a string, int8 is parsed to a number (libs/platform/postgres), jsonb as parsed JSON.
 */
export const SQL_TYPES_OF: Record<string, string[]> = {
  // A tsvector reads as its text form (`'kubernet':3 'cluster':4`); it is written and matched in SQL only.
  string: ['text', 'uuid', 'character varying', 'character', 'citext', 'numeric', 'tsvector'],
  number: ['integer', 'smallint', 'bigint', 'real', 'double precision'],
  boolean: ['boolean'],
  bigint: ['bigint'],
  Date: ['timestamp with time zone', 'date'],
  bytes: ['bytea'],
  array: ['ARRAY', 'jsonb', 'json'],
  json: ['jsonb', 'json'],
};
