import { OutboxStore } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { SharingStore } from '../application/store';
import { ShareLinkRepository } from './share-link.repository';
import type { SharingDatabase } from './sharing.database';

/** The SQL repositories, bound to one connection or transaction. */
class SqlSharingRepositories {
  readonly links: ShareLinkRepository;

  constructor(readonly db: Kysely<SharingDatabase>) {
    this.links = new ShareLinkRepository(db);
  }
}

export function createSharingStore(db: Kysely<SharingDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): SharingStore {
  return new OutboxStore(db, relay, (conn) => new SqlSharingRepositories(conn));
}
