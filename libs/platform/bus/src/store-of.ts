import type { WithOutbox, WithPendingEvents } from './outbox-store';

/** The public members of `T`: a class's private fields left out, so that a plain object can stand in for it. */
export type PublicOf<T> = { [M in keyof T]: T[M] };

/** What a store's transactions hand to their work: its repositories, and `publish` when it has an outbox. */
export type TransactionOf<S> = S extends { transaction(work: (tx: infer Tx) => Promise<unknown>): Promise<unknown> } ? Tx : never;

/** The repositories `K` of a store `S`, each by its public methods. */
export type ReposOf<S extends { readonly read: object }, K extends keyof S['read']> = { [P in K]: PublicOf<S['read'][P]> };

/**
 * The part of a service's store a use case touches (decision 028): `StoreOf<InterviewsStore, 'interviews' | 'takes'>`
 * reads and writes those repositories only, in transactions that keep the store's `publish`. The whole store is
 * one, so production passes it as it is; a spec passes a fake of just those repositories.
 */
export type StoreOf<S extends { readonly read: object }, K extends keyof S['read']> = {
  readonly read: ReposOf<S, K>;
  transaction<T>(work: (tx: ReposOf<S, K> & Omit<TransactionOf<S>, keyof S['read']>) => Promise<T>): Promise<T>;
} & (S extends { statement(work: never): unknown }
  ? { statement<T>(work: (scope: WithPendingEvents<ReposOf<S, K>>) => Promise<T>, recorded?: (result: T) => boolean): Promise<T> }
  : unknown);

/**
 * A service's store as its use cases see it (decision 033): repositories to read with, and transactions whose work
 * gets the same repositories and the outbox. The service's `application/store.ts` names its repositories' interfaces;
 * `OutboxStore` over the SQL repositories is the production implementation.
 */
export interface Store<R extends object> {
  readonly read: R;
  transaction<T>(work: (tx: WithOutbox<R>) => Promise<T>): Promise<T>;
  /**
   * One write of one statement, its events' outbox rows in it (decision 053); the relay is kicked after it if it
   * recorded an event: `recorded(result)` says so when given (decision 052), else whether `events` was given any.
   */
  statement<T>(work: (scope: WithPendingEvents<R>) => Promise<T>, recorded?: (result: T) => boolean): Promise<T>;
}
