import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, type ShareLinkEventPayload } from '@vi/contracts';
import { InProcessBus, OutboxRelay, type BusMessage } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { isUniqueViolation, migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase, randomSecret, type TestDatabase } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { sharingMigrations } from '../migrations';
import { createBasicShareLink } from '../src/application/create-basic-share-link/create-basic-share-link';
import { stopLinksOfDeletedInterview } from '../src/application/stop-links-of-deleted-interview/stop-links-of-deleted-interview';
import { deleted, type ShareLink } from '../src/domain/share-link';
import { HmacLinkTokens } from '../src/infrastructure/link-tokens';
import type { SharingDatabase } from '../src/infrastructure/sharing.database';
import type { SharingStore } from '../src/application/store';
import { createSharingStore } from '../src/infrastructure/sharing.store';
import { aBasicLink, aCompanyUser, aLinkedInterview, anAdvancedLink, aSharedInterview, IdentityTable, InterviewsTable } from './factories';

const logger = createLogger('sharing-test', 'silent');

describe('sharing on a real database', () => {
  let testDb: TestDatabase;
  let database: Database<SharingDatabase>;
  let bus: InProcessBus;
  let relay: OutboxRelay;
  let store: SharingStore;
  const tokens = new HmacLinkTokens('https://app.example', randomSecret());

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase<SharingDatabase>({ url: testDb.url, schema: 'sharing', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'sharing', sharingMigrations, logger);
    bus = new InProcessBus(logger);
    relay = new OutboxRelay(database.db, bus, logger);
    store = createSharingStore(database.db, relay);
  });
  afterAll(async () => {
    await relay.stop();
    await bus.close();
    await database.close();
    await testDb.drop();
  });

  async function insert(...links: ShareLink[]): Promise<ShareLink[]> {
    await store.transaction(async (tx) => {
      for (const link of links) await tx.links.insert(link, tokens.hashOf(tokens.tokenFor(link.uuid))!);
    });
    return links;
  }

  describe('a link', () => {
    it('is read back as it was stored, its interviews in the order they were shared', async () => {
      const interviews = Array.from({ length: 4 }, (_, i) => aLinkedInterview({ candidateName: `Candidate ${i}` }));
      const [link] = await insert(anAdvancedLink({ interviews, sendEmail: true }));
      expect(await store.read.links.find(link.companyUuid, 'advanced', link.uuid)).toEqual(link);
      const [basic] = await insert(aBasicLink());
      expect(await store.read.links.findBasic(basic.companyUuid, basic.interviews[0].interviewUuid)).toEqual(basic);
    });

    it('is found only in its company, of its kind, and not once deleted', async () => {
      const [link] = await insert(anAdvancedLink());
      expect(await store.read.links.find(randomUUID(), 'advanced', link.uuid)).toBeUndefined();
      expect(await store.read.links.find(link.companyUuid, 'basic', link.uuid)).toBeUndefined();
      await store.transaction((tx) => tx.links.update(deleted(link, null, new Date())));
      expect(await store.read.links.find(link.companyUuid, 'advanced', link.uuid)).toBeUndefined();
      expect(await store.read.links.existing([link.uuid, randomUUID()])).toEqual([link.uuid]);
    });

    it('is found by the hash of its token while it lives; the token itself is stored nowhere', async () => {
      const [link] = await insert(anAdvancedLink());
      const token = tokens.tokenFor(link.uuid);
      expect((await store.read.links.findByTokenHash(tokens.hashOf(token)!))?.uuid).toBe(link.uuid);
      expect(JSON.stringify(await database.db.selectFrom('share_links').selectAll().execute())).not.toContain(token);
      await store.transaction((tx) => tx.links.update(deleted(link, null, new Date())));
      expect(await store.read.links.findByTokenHash(tokens.hashOf(token)!)).toBeUndefined();
    });

    it('keeps status, updater, version and deletion as updated', async () => {
      const [link] = await insert(anAdvancedLink());
      const changed: ShareLink = { ...link, status: 'inactive', updatedBy: randomUUID(), updatedAt: new Date('2026-02-03T04:05:06.789Z'), version: 2 };
      await store.transaction((tx) => tx.links.update(changed));
      expect(await store.read.links.find(link.companyUuid, 'advanced', link.uuid)).toEqual(changed);
    });
  });

  describe('basic links', () => {
    it('are one live link per interview: a second fails on share_links_one_basic, a new one may follow a deleted one', async () => {
      const [first] = await insert(aBasicLink());
      const interview = first.interviews[0].interviewUuid;
      const second = aBasicLink({ companyUuid: first.companyUuid, interviews: [aLinkedInterview({ interviewUuid: interview })] });
      const failure = await insert(second).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isUniqueViolation(failure, 'share_links_one_basic')).toBe(true);

      await store.transaction((tx) => tx.links.update(deleted(first, null, new Date())));
      await insert(second);
      expect((await store.read.links.basicLinksOf(first.companyUuid, interview)).map((l) => l.uuid)).toEqual([second.uuid]);
    });
  });

  describe('the first basic link of an interview, asked for by several requests at once', () => {
    it('is made once: every request answers the same link, and one ShareLinkCreated is written', async () => {
      const user = aCompanyUser();
      const interviews = new InterviewsTable();
      const interview = interviews.put(user.companyUuid!, aSharedInterview());
      const deps = { store, identity: new IdentityTable(), interviews, tokens, clock: new FakeClock() };
      const answers = await Promise.all(Array.from({ length: 6 }, () => createBasicShareLink(deps, { principal: user }, interview.uuid)));
      expect(new Set(answers.map((a) => a.uuid)).size).toBe(1);
      const events = await database.db.selectFrom('outbox').select('payload').where('subject', '=', 'sharing.share_link.created').execute();
      expect(events.filter((e) => (e.payload as ShareLinkEventPayload).uuid === answers[0].uuid)).toHaveLength(1);
    });
  });

  describe('the list of advanced links', () => {
    const company = randomUUID();
    let newestFirst: string[];

    beforeAll(async () => {
      const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 9, n));
      const links = await insert(...[3, 1, 4, 2, 5].map((n) => anAdvancedLink({ companyUuid: company, createdAt: minute(n), updatedAt: minute(n) })));
      newestFirst = [...links].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((l) => l.uuid);
      // Not listed nor counted: a basic link, a deleted one, another company's.
      const [, gone] = await insert(aBasicLink({ companyUuid: company }), anAdvancedLink({ companyUuid: company, createdAt: minute(9) }), anAdvancedLink());
      await store.transaction((tx) => tx.links.update(deleted(gone, null, new Date())));
    });

    it('is newest first, cut by offset and limit, with the total of live advanced links', async () => {
      expect((await store.read.links.listAdvanced(company, 0, 10)).map((l) => l.uuid)).toEqual(newestFirst);
      expect((await store.read.links.listAdvanced(company, 1, 2)).map((l) => l.uuid)).toEqual(newestFirst.slice(1, 3));
      expect(await store.read.links.listAdvanced(company, 5, 10)).toEqual([]);
      expect(await store.read.links.countAdvanced(company)).toBe(5);
    });

    it('breaks a tie of creation times by uuid, newest-first direction', async () => {
      const tied = randomUUID();
      const links = await insert(...Array.from({ length: 4 }, () => anAdvancedLink({ companyUuid: tied })));
      const pages = [...(await store.read.links.listAdvanced(tied, 0, 2)), ...(await store.read.links.listAdvanced(tied, 2, 2))];
      expect(pages.map((l) => l.uuid)).toEqual(
        links
          .map((l) => l.uuid)
          .sort()
          .reverse(),
      );
    });
  });

  describe('an interview deleted (InterviewDeleted, consumed once)', () => {
    const identity = new IdentityTable();
    const clock = new FakeClock('2026-07-01T12:00:00+00:00');
    const deps = () => ({ store, identity, tokens, clock });
    const published: BusMessage[] = [];
    const deletionOf = (companyUuid: string, interviewUuid: string, id = randomUUID()): BusMessage => ({
      id,
      subject: InterviewsSubjects.InterviewDeleted,
      payload: { interview: { uuid: interviewUuid, company: { uuid: companyUuid } } },
      occurredAt: '2026-01-01T10:00:00+00:00',
    });

    beforeAll(async () => {
      await bus.subscribe({ subjects: ['sharing.>'], handler: async (message) => void published.push(message) });
    });

    it('deletes its basic link (ShareLinkDeleted), and a redelivery of the event changes nothing', async () => {
      const [basic] = await insert(aBasicLink());
      const interview = basic.interviews[0].interviewUuid;
      const message = deletionOf(basic.companyUuid, interview);
      await stopLinksOfDeletedInterview(deps(), message);
      clock.advance(60_000);
      await stopLinksOfDeletedInterview(deps(), message);
      await relay.drain();

      expect(await store.read.links.findBasic(basic.companyUuid, interview)).toBeUndefined();
      const events = published.filter((m) => (m.payload as ShareLinkEventPayload).uuid === basic.uuid);
      expect(events.map((m) => m.subject)).toEqual(['sharing.share_link.deleted']);
      expect(events[0].payload).toMatchObject({ version: 2, occurred_at: '2026-07-01T12:00:00+00:00', interviews: [{ uuid: interview }] });
      expect(JSON.stringify(events)).not.toContain(tokens.tokenFor(basic.uuid));
    });

    it('keeps the advanced links that open it, forgetting its candidate name there only', async () => {
      const company = randomUUID();
      const kept = aLinkedInterview({ candidateName: 'Kept Name' });
      const gone = aLinkedInterview({ candidateName: 'Erased Name' });
      const [link] = await insert(anAdvancedLink({ companyUuid: company, interviews: [kept, gone] }));
      await stopLinksOfDeletedInterview(deps(), deletionOf(company, gone.interviewUuid));

      const after = await store.read.links.find(company, 'advanced', link.uuid);
      expect(after?.interviews.map((i) => [i.interviewUuid, i.candidateName])).toEqual([
        [kept.interviewUuid, 'Kept Name'],
        [gone.interviewUuid, null],
      ]);
      expect(after?.version).toBe(1);
    });
  });
});
