import type { Store } from '@vi/platform-bus';
import type { ShareLink, ShareLinkKind } from '../domain/share-link';

/**
 * The sharing service's store as its use cases see it (decision 033): the repositories' interfaces, owned here; the
 * SQL repositories of `infrastructure/` implement them, and `test/fakes.ts` in memory.
 */
export interface SharingRepositories {
  readonly links: ShareLinkRepository;
}

export type SharingStore = Store<SharingRepositories>;

/** Share links and the interviews they open; "live" means not deleted. */
export interface ShareLinkRepository {
  insert(link: ShareLink, tokenHash: string): Promise<void>;
  /** Writes what can change: status, last updater, deletion, version. */
  update(link: ShareLink): Promise<void>;
  /** A live link of the company (of that kind), locked when asked. */
  find(companyUuid: string, kind: ShareLinkKind, uuid: string, options?: { lock?: boolean }): Promise<ShareLink | undefined>;
  findBasic(companyUuid: string, interviewUuid: string, options?: { lock?: boolean }): Promise<ShareLink | undefined>;
  /** A deleted interview's place in links keeps no candidate name. */
  forgetCandidateOf(interviewUuid: string): Promise<void>;
  /** Which of these uuids are links, deleted ones included. */
  existing(uuids: string[]): Promise<string[]>;
  findByTokenHash(tokenHash: string): Promise<ShareLink | undefined>;
  /** Newest first; the uuid makes the order total. */
  listAdvanced(companyUuid: string, offset: number, limit: number): Promise<ShareLink[]>;
  countAdvanced(companyUuid: string): Promise<number>;
  /** The live basic links of an interview (at most one). */
  basicLinksOf(companyUuid: string, interviewUuid: string, options?: { lock?: boolean }): Promise<ShareLink[]>;
  /** Records a consumed event; false when it was handled before (redelivery). */
  markProcessed(eventId: string): Promise<boolean>;
}
