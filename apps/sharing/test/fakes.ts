import type { interviews } from '@vi/contracts';
import { memoryStore, type Stateful } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import type { ShareLink, ShareLinkKind } from '../src/domain/share-link';
import { HmacLinkTokens } from '../src/infrastructure/link-tokens';
import type { ShareLinkRepository } from '../src/application/store';
import { aCompanyUser, aSharedInterview, IdentityTable, InterviewsTable, TranscriptsTable } from './factories';

interface LinksState {
  rows: Map<string, { link: ShareLink; tokenHash: string }>;
  processedEvents: Set<string>;
}

/**
 * Sharing's repository in memory, for use-case specs in a `memoryStore` (@vi/platform-testing, decision 028). What
 * the database itself guarantees (one live basic link per interview, the newest-first order, locks) is shown by
 * sharing.integration.spec.ts instead: here lists keep insertion order.
 */
export class InMemoryLinks implements ShareLinkRepository, Stateful<LinksState> {
  state: LinksState = { rows: new Map(), processedEvents: new Set() };

  constructor(...links: { link: ShareLink; tokenHash: string }[]) {
    for (const row of links) this.state.rows.set(row.link.uuid, row);
  }

  async insert(link: ShareLink, tokenHash: string): Promise<void> {
    this.state.rows.set(link.uuid, { link, tokenHash });
  }

  async update(link: ShareLink): Promise<void> {
    this.state.rows.get(link.uuid)!.link = link;
  }

  async find(companyUuid: string, kind: ShareLinkKind, uuid: string): Promise<ShareLink | undefined> {
    return this.live().find((l) => l.companyUuid === companyUuid && l.kind === kind && l.uuid === uuid);
  }

  async findBasic(companyUuid: string, interviewUuid: string): Promise<ShareLink | undefined> {
    return (await this.basicLinksOf(companyUuid, interviewUuid))[0];
  }

  async forgetCandidateOf(interviewUuid: string): Promise<void> {
    for (const row of this.state.rows.values()) {
      row.link = { ...row.link, interviews: row.link.interviews.map((i) => (i.interviewUuid === interviewUuid ? { ...i, candidateName: null } : i)) };
    }
  }

  async existing(uuids: string[]): Promise<string[]> {
    return uuids.filter((uuid) => this.state.rows.has(uuid));
  }

  async findByTokenHash(tokenHash: string): Promise<ShareLink | undefined> {
    return this.live().find((l) => this.state.rows.get(l.uuid)?.tokenHash === tokenHash);
  }

  async listAdvanced(companyUuid: string, offset: number, limit: number): Promise<ShareLink[]> {
    return this.advanced(companyUuid).slice(offset, offset + limit);
  }

  async countAdvanced(companyUuid: string): Promise<number> {
    return this.advanced(companyUuid).length;
  }

  async basicLinksOf(companyUuid: string, interviewUuid: string): Promise<ShareLink[]> {
    return this.live().filter((l) => l.companyUuid === companyUuid && l.kind === 'basic' && l.interviews[0]?.interviewUuid === interviewUuid);
  }

  async markProcessed(eventId: string): Promise<boolean> {
    if (this.state.processedEvents.has(eventId)) return false;
    this.state.processedEvents.add(eventId);
    return true;
  }

  /** The link as stored, deleted or not (for assertions). */
  stored(uuid: string): ShareLink | undefined {
    return this.state.rows.get(uuid)?.link;
  }

  private live(): ShareLink[] {
    return [...this.state.rows.values()].map((r) => r.link).filter((l) => l.deletedAt === null);
  }

  private advanced(companyUuid: string): ShareLink[] {
    return this.live().filter((l) => l.companyUuid === companyUuid && l.kind === 'advanced');
  }
}

/**
 * Everything a sharing use case may depend on, in memory, for a company with one administrator (`user`): its
 * repository in a store, identity, interviews and transcription as tables, real link tokens, a clock at
 * 2026-03-01T10:00:00Z, and what is logged.
 */
export function sharingWorld() {
  const user = aCompanyUser();
  const company = user.companyUuid!;
  const links = new InMemoryLinks();
  const tokens = new HmacLinkTokens('https://app.example', 'k'.repeat(43));
  const world = {
    user,
    company,
    caller: { principal: user } as Caller,
    links,
    store: memoryStore({ links }),
    identity: new IdentityTable(),
    interviews: new InterviewsTable(),
    transcripts: new TranscriptsTable(),
    tokens,
    /** What the use cases log (a share view opened without transcription says so). */
    logged: [] as Array<{ fields: object; message: string }>,
    logger: { warn: (fields: object, message: string) => void world.logged.push({ fields, message }) },
    clock: new FakeClock('2026-03-01T10:00:00+00:00'),
    /** Stores links as a creation would (their token's hash with them). */
    async stored(...created: ShareLink[]): Promise<ShareLink[]> {
      for (const link of created) await links.insert(link, tokens.hashOf(tokens.tokenFor(link.uuid))!);
      return created;
    },
    /** Completed interviews of the company, as the interviews service shows them. */
    completedInterviews(count: number): interviews.Interview[] {
      return Array.from({ length: count }, () => world.interviews.put(company, aSharedInterview({ company: { uuid: company, name: 'Acme', avatar: '' } })));
    },
  };
  return world;
}
