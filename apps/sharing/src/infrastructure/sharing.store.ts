import { OutboxStore } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { SharingRepositories, SharingStore } from '../application/store';
import { ShareLinkRepository } from './share-link.repository';
import type { SharingDatabase } from './sharing.database';

/** The SQL repositories, bound to one connection or transaction. */
export function sqlSharingRepositories(db: Kysely<SharingDatabase>): SharingRepositories {
  return { links: new ShareLinkRepository(db) };
}

export function createSharingStore(db: Kysely<SharingDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): SharingStore {
  return new OutboxStore(db, relay, sqlSharingRepositories);
}
