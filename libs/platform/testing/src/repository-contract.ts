import type { StatementLog } from '@vi/platform-postgres';
import { sqlSnapshotsOf, statementsMissing, writeSqlSnapshots } from './sql-snapshots';

/** One implementation of a service's store under a contract spec: the store, and how to let it go. */
export interface ContractSubject<S> {
  store: S;
  /** Empties it before each test, for a contract whose specs need a store holding nothing else. */
  clear?(): Promise<void>;
  close(): Promise<void>;
  /** What its repositories sent (`StatementLog.recording(db)`), for the implementation named by `sqlSnapshotsOf`. */
  statements?: StatementLog;
}

export interface ContractOptions {
  /**
   * The implementation whose statements are the service's SQL snapshots (decision 068): after the specs, a last test
   * compares what its repositories sent with `infrastructure/queries/*.sql`; `SQL_SNAPSHOTS=update` (`npm run
   * sql:snapshots`) writes them instead.
   */
  sqlSnapshotsOf?: string;
}

/**
 * One contract, two implementations (decision 033): runs `specs` once against each named implementation of a
 * service's store (the in-memory fakes of `test/fakes.ts`, the SQL repositories on PGlite or PostgreSQL), each opened
 * once for the file, so a fake that drifts from the SQL fails a test. `specs` reads the store of the one running.
 */
export function describeRepositoryContract<S>(
  what: string,
  implementations: Record<string, () => Promise<ContractSubject<S>>>,
  specs: (store: () => S) => void,
  options: ContractOptions = {},
): void {
  describe.each(Object.entries(implementations))(`${what}: %s`, (name, open) => {
    let subject: ContractSubject<S> | undefined;
    beforeAll(async () => {
      subject = await open();
    });
    beforeEach(async () => {
      await subject?.clear?.();
    });
    afterAll(() => subject?.close());
    let ran = 0;
    afterEach(() => void ran++);
    const registered = countRegistered(() =>
      specs(() => {
        if (!subject) throw new Error(`${what}: the store is not open yet`);
        return subject.store;
      }),
    );
    if (name !== options.sqlSnapshotsOf) return;
    it('sends the SQL of its snapshots (infrastructure/queries/*.sql; `npm run sql:snapshots` writes them)', () => {
      const log = subject?.statements;
      if (!log) throw new Error(`${what}: ${name} records no statements (ContractSubject.statements)`);
      // A run filtered by name (-t) ran fewer specs: it can only say whether what it sent is in the snapshots.
      const wholeRun = ran >= registered;
      const snapshots = sqlSnapshotsOf(expect.getState().testPath!, log.statements);
      if (process.env.SQL_SNAPSHOTS === 'update') writeSqlSnapshots(snapshots, wholeRun);
      // Expected: the checked-in snapshots; received: what the repositories send now.
      else if (wholeRun) expect(snapshots.made).toEqual(snapshots.current);
      else expect(statementsMissing(snapshots)).toEqual([]);
    });
  });
}

/** Runs `register`, counting the tests it registers with `it`. */
function countRegistered(register: () => void): number {
  const original = globalThis.it;
  let registered = 0;
  globalThis.it = Object.assign((...args: Parameters<jest.It>) => (registered++, original(...args)), original);
  try {
    register();
  } finally {
    globalThis.it = original;
  }
  return registered;
}
