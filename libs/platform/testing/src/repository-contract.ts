/** One implementation of a service's store under a contract spec: the store, and how to let it go. */
export interface ContractSubject<S> {
  store: S;
  /** Empties it before each test, for a contract whose specs need a store holding nothing else. */
  clear?(): Promise<void>;
  close(): Promise<void>;
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
): void {
  describe.each(Object.entries(implementations))(`${what}: %s`, (_name, open) => {
    let subject: ContractSubject<S> | undefined;
    beforeAll(async () => {
      subject = await open();
    });
    beforeEach(async () => {
      await subject?.clear?.();
    });
    afterAll(() => subject?.close());
    specs(() => {
      if (!subject) throw new Error(`${what}: the store is not open yet`);
      return subject.store;
    });
  });
}
