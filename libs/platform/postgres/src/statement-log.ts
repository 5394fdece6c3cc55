import {
  PostgresQueryCompiler,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** A statement as a repository sent it: the repository's file, the method that built it, and its SQL with `$n` parameters. */
export interface LoggedStatement {
  /** Repository-relative path of the `infrastructure/` file whose code built it, e.g. `apps/jobs/src/infrastructure/job.repository.ts`. */
  file: string;
  /** `Class.method` (or the function's name) of the frame in that file. */
  method: string;
  sql: string;
}

/**
 * A frame in a service's `infrastructure/` file: `at JobRepository.find (/…/apps/jobs/src/infrastructure/job.repository.ts:12:3)`,
 * or, as V8 names a method through the transpiler's source map, `at JobRepository.execute [as find] (…)`: the method is the `as`.
 */
const INFRASTRUCTURE_FRAME = /^\s*at (?:async )?(?:(\S+?)(?: \[as ([^\]]+)\])? \()?\S*?\/(apps\/[^/]+\/src\/infrastructure\/[^:/]+\.ts):\d+/;

/**
 * Records every statement built through `db` by the code of a service's `infrastructure/` files (decision 068: the
 * SQL snapshots). A Kysely plugin: it sees each query when it is compiled, synchronously inside the repository's
 * `execute()`, so the stack names the repository and its method; it compiles the query as the PostgreSQL dialect does.
 * Statements no infrastructure file built (the outbox relay's, a spec's own) are not recorded. For tests only: it
 * takes a stack trace per statement.
 */
export class StatementLog {
  readonly statements: LoggedStatement[] = [];
  private readonly compiler = new PostgresQueryCompiler();

  /** `db` whose statements (and its transactions') this log records. */
  recording<DB>(db: Kysely<DB>): Kysely<DB> {
    const plugin: KyselyPlugin = {
      transformQuery: ({ node, queryId }: PluginTransformQueryArgs): RootOperationNode => {
        const origin = this.origin();
        if (origin) this.statements.push({ ...origin, sql: this.compiler.compileQuery(node, queryId).sql });
        return node;
      },
      transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
    };
    return db.withPlugin(plugin);
  }

  private origin(): Omit<LoggedStatement, 'sql'> | undefined {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 40;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    for (const line of stack.split('\n')) {
      const found = INFRASTRUCTURE_FRAME.exec(line);
      if (!found) continue;
      const [, name = '(anonymous)', alias, file] = found;
      return { file, method: alias ? `${name.replace(/\.[^.]*$/, '')}.${alias}` : name };
    }
    return undefined;
  }
}
