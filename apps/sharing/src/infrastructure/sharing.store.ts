import { OutboxStore, type WithOutbox } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import { ShareLinkRepository } from './share-link.repository';
import type { SharingDatabase } from './sharing.database';

/** Repositories bound to one connection or transaction. */
export class SharingRepositories {
  readonly links: ShareLinkRepository;

  constructor(readonly db: Kysely<SharingDatabase>) {
    this.links = new ShareLinkRepository(db);
  }
}

export type SharingTransaction = WithOutbox<SharingRepositories>;
export type SharingStore = OutboxStore<SharingDatabase, SharingRepositories>;

export function createSharingStore(db: Kysely<SharingDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): SharingStore {
  return new OutboxStore(db, relay, (conn) => new SharingRepositories(conn));
}
