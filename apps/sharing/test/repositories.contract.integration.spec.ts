import { StatementLog } from '@vi/platform-postgres';
import { randomUUID } from 'node:crypto';
import { describeRepositoryContract, memoryStore, openMigratedTestDatabase, randomSecret } from '@vi/platform-testing';
import { sharingMigrations } from '../migrations';
import type { SharingStore } from '../src/application/store';
import { deleted, type ShareLink } from '../src/domain/share-link';
import { HmacLinkTokens } from '../src/infrastructure/link-tokens';
import type { SharingDatabase } from '../src/infrastructure/sharing.database';
import { createSharingStore } from '../src/infrastructure/sharing.store';
import { aBasicLink, aLinkedInterview, anAdvancedLink } from './factories';
import { InMemoryLinks } from './fakes';

/**
 * One contract, two implementations (decision 033): what sharing's use cases rely on from its repository, run against
 * the in-memory fake their specs use and against the SQL repository (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 * What only the database guarantees (one live basic link per interview, newest first, locks) stays in
 * sharing.integration.spec.ts.
 */
describeRepositoryContract<SharingStore>(
  "sharing's repository",
  {
    'in memory (test/fakes.ts)': async () => ({ store: memoryStore({ links: new InMemoryLinks() }), close: async () => undefined }),
    'SQL (infrastructure/)': async () => {
      const database = await openMigratedTestDatabase<SharingDatabase>('sharing', sharingMigrations);
      const statements = new StatementLog();
      return { store: createSharingStore(statements.recording(database.db), { kick: () => undefined }), close: () => database.close(), statements };
    },
  },
  (store) => {
    const tokens = new HmacLinkTokens('https://app.example', randomSecret());
    const hashOf = (link: ShareLink) => tokens.hashOf(tokens.tokenFor(link.uuid))!;

    async function stored(...links: ShareLink[]): Promise<ShareLink[]> {
      await store().transaction(async (tx) => {
        for (const link of links) await tx.links.insert(link, hashOf(link));
      });
      return links;
    }

    it('finds a live link of its company and kind only, by uuid and by its token hash, and neither once deleted', async () => {
      const [link] = await stored(anAdvancedLink({ interviews: [aLinkedInterview(), aLinkedInterview()] }));
      expect(await store().read.links.find(link.companyUuid, 'advanced', link.uuid)).toEqual(link);
      expect(await store().read.links.findByTokenHash(hashOf(link))).toEqual(link);
      expect(await store().read.links.find(randomUUID(), 'advanced', link.uuid)).toBeUndefined();
      expect(await store().read.links.find(link.companyUuid, 'basic', link.uuid)).toBeUndefined();

      await store().transaction((tx) => tx.links.update(deleted(link, null, new Date('2026-03-02T00:00:00Z'))));
      expect(await store().read.links.find(link.companyUuid, 'advanced', link.uuid)).toBeUndefined();
      expect(await store().read.links.findByTokenHash(hashOf(link))).toBeUndefined();
      expect(await store().read.links.existing([link.uuid, randomUUID()])).toEqual([link.uuid]);
    });

    it('keeps what an update writes: status, updater, version and deletion', async () => {
      const [link] = await stored(anAdvancedLink());
      const changed: ShareLink = { ...link, status: 'inactive', updatedBy: randomUUID(), updatedAt: new Date('2026-02-03T04:05:06.789Z'), version: 2 };
      await store().transaction((tx) => tx.links.update(changed));
      expect(await store().read.links.find(link.companyUuid, 'advanced', link.uuid)).toEqual(changed);
    });

    it("finds an interview's live basic link, and none once it is deleted", async () => {
      const [basic] = await stored(aBasicLink());
      const interview = basic.interviews[0].interviewUuid;
      expect(await store().read.links.findBasic(basic.companyUuid, interview)).toEqual(basic);
      expect(await store().read.links.basicLinksOf(basic.companyUuid, interview)).toEqual([basic]);
      expect(await store().read.links.findBasic(randomUUID(), interview)).toBeUndefined();
      await store().transaction((tx) => tx.links.update(deleted(basic, null, new Date('2026-03-02T00:00:00Z'))));
      expect(await store().read.links.basicLinksOf(basic.companyUuid, interview)).toEqual([]);
    });

    it("lists and counts a company's live advanced links only, a page at a time", async () => {
      const company = randomUUID();
      const live = await stored(anAdvancedLink({ companyUuid: company }), anAdvancedLink({ companyUuid: company }), anAdvancedLink({ companyUuid: company }));
      const [, gone] = await stored(aBasicLink({ companyUuid: company }), anAdvancedLink({ companyUuid: company }), anAdvancedLink());
      await store().transaction((tx) => tx.links.update(deleted(gone, null, new Date('2026-03-02T00:00:00Z'))));

      expect(await store().read.links.countAdvanced(company)).toBe(3);
      const all = await store().read.links.listAdvanced(company, 0, 10);
      expect(all.map((l) => l.uuid).sort()).toEqual(live.map((l) => l.uuid).sort());
      const pages = [...(await store().read.links.listAdvanced(company, 0, 2)), ...(await store().read.links.listAdvanced(company, 2, 2))];
      expect(pages.map((l) => l.uuid)).toEqual(all.map((l) => l.uuid));
    });

    it("forgets a deleted interview's candidate name in every link that opens it, and nothing else", async () => {
      const kept = aLinkedInterview({ candidateName: 'Kept Name' });
      const gone = aLinkedInterview({ candidateName: 'Erased Name' });
      const [link] = await stored(anAdvancedLink({ interviews: [kept, gone] }));
      await store().transaction((tx) => tx.links.forgetCandidateOf(gone.interviewUuid));
      expect(await store().read.links.find(link.companyUuid, 'advanced', link.uuid)).toEqual({
        ...link,
        interviews: [kept, { ...gone, candidateName: null }],
      });
    });

    it('records a consumed event once', async () => {
      const eventId = randomUUID();
      expect(await store().transaction((tx) => tx.links.markProcessed(eventId))).toBe(true);
      expect(await store().transaction((tx) => tx.links.markProcessed(eventId))).toBe(false);
    });
  },
  { sqlSnapshotsOf: 'SQL (infrastructure/)' },
);
