import { StatementLog } from '@vi/platform-postgres';
import { randomUUID } from 'node:crypto';
import { describeRepositoryContract, memoryStore } from '@vi/platform-testing';
import type { NotificationsStore } from '../src/application/store';
import { aNewDelivery, aNewMessage, anAttemptRow, aWebhookRow, HOUR, T0 } from './factories';
import { InMemoryCalendars, InMemoryDeliveries, InMemoryLedger, InMemoryMessages, InMemoryWebhooks } from './fakes';
import { openNotificationsTestDatabase } from './test-database';

const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

function inMemory() {
  const [webhooks, ledger] = [new InMemoryWebhooks(), new InMemoryLedger()];
  return { webhooks, ledger, deliveries: new InMemoryDeliveries(webhooks, ledger), messages: new InMemoryMessages(ledger), calendars: new InMemoryCalendars() };
}

/**
 * One contract, two implementations (decision 033): the notifications repositories as its use cases rely on them, run
 * against the in-memory fakes their specs use and against the SQL repositories (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, decision 027), each emptied before every test. What only the tables show (statuses nothing
 * reads back, rows deleted) stays in repositories.integration.spec.ts.
 */
describeRepositoryContract<NotificationsStore>(
  'notifications repositories',
  {
    'in memory (test/fakes.ts)': async () => {
      const store = memoryStore(inMemory());
      return { store, clear: async () => void Object.assign(store.read, inMemory()), close: async () => undefined };
    },
    'SQL (infrastructure/)': async () => {
      const statements = new StatementLog();
      const database = await openNotificationsTestDatabase(statements);
      return { store: database.store, clear: () => database.clear(), close: () => database.close(), statements };
    },
  },
  (current) => {
    let store: NotificationsStore;
    beforeEach(() => {
      store = current();
    });

    async function webhooks(...rows: ReturnType<typeof aWebhookRow>[]) {
      for (const row of rows) await store.read.webhooks.insert(row);
      return rows;
    }

    describe('webhooks', () => {
      it("pages a user's live webhooks oldest first (uuid breaking ties), with the total of all pages", async () => {
        const user = randomUUID();
        const sameTime = [randomUUID(), randomUUID()].sort();
        await webhooks(
          aWebhookRow({ user_uuid: user, created_at: at(2), uuid: sameTime[1] }),
          aWebhookRow({ user_uuid: user, created_at: at(3) }),
          aWebhookRow({ user_uuid: user, created_at: at(1) }),
          aWebhookRow({ user_uuid: user, created_at: at(2), uuid: sameTime[0] }),
          aWebhookRow({ user_uuid: user, created_at: at(0), deleted_at: at(4) }),
          aWebhookRow({ created_at: at(0) }),
        );

        const all = await store.read.webhooks.pageOfUser(user, 0, 10);
        const page = await store.read.webhooks.pageOfUser(user, 1, 2);

        expect(all.total).toBe(4);
        expect(all.rows.map((w) => w.created_at)).toEqual([at(1), at(2), at(2), at(3)]);
        expect(page).toEqual({ rows: [all.rows[1], all.rows[2]], total: 4 });
        expect(page.rows.map((w) => w.uuid)).toEqual(sameTime);
      });

      it('reads back what was stored; finds a webhook only for its own user and not once deleted', async () => {
        const [mine, deleted] = await webhooks(
          aWebhookRow({ http_auth_ciphertext: 'sealed:auth', failing_since: at(1), status: 'failing' }),
          aWebhookRow({ deleted_at: at(2) }),
        );

        expect(await store.read.webhooks.findOfUser(mine.user_uuid, mine.uuid)).toEqual(mine);
        expect(await store.read.webhooks.findOfUser(randomUUID(), mine.uuid)).toBeUndefined();
        expect(await store.read.webhooks.findOfUser(deleted.user_uuid, deleted.uuid)).toBeUndefined();
        // The dispatcher still reads a deleted webhook's row (its attempts under way finish).
        expect(await store.read.webhooks.findMany([deleted.uuid])).toEqual([deleted]);
      });

      it('sends events to the live, not disabled webhooks of the company and of the user, oldest first', async () => {
        const [company, user] = [randomUUID(), randomUUID()];
        const [older, failing] = await webhooks(
          aWebhookRow({ company_uuid: company, user_uuid: user, created_at: at(0) }),
          aWebhookRow({ company_uuid: company, created_at: at(1), status: 'failing' }),
          aWebhookRow({ company_uuid: company, user_uuid: user, status: 'disabled' }),
          aWebhookRow({ company_uuid: company, user_uuid: user, deleted_at: at(2) }),
        );

        expect((await store.read.webhooks.receivingOfCompany(company)).map((w) => w.uuid)).toEqual([older.uuid, failing.uuid]);
        expect((await store.read.webhooks.receivingOfUser(user)).map((w) => w.uuid)).toEqual([older.uuid]);
      });

      it('deletes every live webhook of a user and names them; a second time finds none', async () => {
        const user = randomUUID();
        const [a, b] = await webhooks(aWebhookRow({ user_uuid: user }), aWebhookRow({ user_uuid: user }), aWebhookRow());

        expect((await store.read.webhooks.deleteOfUser(user, at(5))).sort()).toEqual([a.uuid, b.uuid].sort());
        expect(await store.read.webhooks.deleteOfUser(user, at(6))).toEqual([]);
        expect((await store.read.webhooks.findMany([a.uuid]))[0]).toMatchObject({ deleted_at: at(5), updated_at: at(5) });
      });
    });

    describe('deliveries', () => {
      it('claims due deliveries once across concurrent claimers, one resource at a time on a healthy webhook', async () => {
        const company = randomUUID();
        const [healthy, failing] = await webhooks(aWebhookRow({ company_uuid: company }), aWebhookRow({ company_uuid: company, status: 'failing' }));
        const sameJob = randomUUID();
        const ofEach = (resource: () => string) => [healthy, failing].map((w) => aNewDelivery({ webhook_uuid: w.uuid, resource_uuid: resource() }));
        for (let i = 0; i < 3; i++) await store.read.deliveries.insertMany(ofEach(() => sameJob));
        for (let i = 0; i < 5; i++) await store.read.deliveries.insertMany(ofEach(() => randomUUID()));
        const now = at(1);
        const claim = () => store.read.deliveries.claimDue({ now, leaseUntil: at(2), batchSize: 100, perWebhook: 100, excludeWebhooks: [] });

        const [first, second] = await Promise.all([claim(), claim()]);
        const claimed = [...first, ...second];

        expect(new Set(claimed.map((d) => d.uuid)).size).toBe(claimed.length);
        // Healthy: the first delivery of the job and the 5 other jobs; failing: everything (order is not kept there).
        expect(claimed.filter((d) => d.webhook_uuid === healthy.uuid)).toHaveLength(6);
        expect(claimed.filter((d) => d.webhook_uuid === healthy.uuid && d.resource_uuid === sameJob)).toHaveLength(1);
        expect(claimed.filter((d) => d.webhook_uuid === failing.uuid)).toHaveLength(8);
        // Leased: nothing more to claim until the lease runs out or an attempt is recorded.
        expect(await claim()).toEqual([]);
        const firstOfJob = claimed.find((d) => d.webhook_uuid === healthy.uuid && d.resource_uuid === sameJob)!;
        await store.read.deliveries.finish(firstOfJob.uuid, 'succeeded', 1, now);
        expect((await claim()).map((d) => d.resource_uuid)).toEqual([sameJob]);
      });

      it('claims nothing before it is due, nothing of a disabled, deleted or saturated webhook, at most the batch and per webhook', async () => {
        const [open, disabled, deleted, saturated] = await webhooks(
          aWebhookRow(),
          aWebhookRow({ status: 'disabled' }),
          aWebhookRow({ deleted_at: T0 }),
          aWebhookRow(),
        );
        await store.read.deliveries.insertMany([
          ...Array.from({ length: 4 }, () => aNewDelivery({ webhook_uuid: open.uuid, next_attempt_at: at(1) })),
          aNewDelivery({ webhook_uuid: open.uuid, next_attempt_at: at(3) }),
          ...[disabled, deleted, saturated].map((w) => aNewDelivery({ webhook_uuid: w.uuid, next_attempt_at: at(1) })),
        ]);
        const claim = (now: Date, batchSize = 10, perWebhook = 10) =>
          store.read.deliveries.claimDue({ now, leaseUntil: new Date(now.getTime() + HOUR), batchSize, perWebhook, excludeWebhooks: [saturated.uuid] });

        expect(await claim(at(0))).toEqual([]);
        expect(await claim(at(1), 10, 3)).toHaveLength(3);
        // The fourth was left over; the lease of the first three runs out at 2 h (an hour after each claim).
        expect(await claim(at(1.5), 1)).toHaveLength(1);
        expect(await claim(at(2.5))).toHaveLength(3);
        expect((await claim(at(3.5))).map((d) => d.next_attempt_at)).toEqual([at(1), at(3)]);
      });

      it("pages a webhook's attempts newest first with their total (the latest of a pending delivery says when it is retried), and counts its failures since an instant", async () => {
        const [webhook, other] = await webhooks(aWebhookRow(), aWebhookRow());
        const [delivery, ofOther] = [aNewDelivery({ webhook_uuid: webhook.uuid }), aNewDelivery({ webhook_uuid: other.uuid })];
        await store.read.deliveries.insertMany([delivery, ofOther]);
        const attempt = (h: number) =>
          anAttemptRow({
            webhook_uuid: webhook.uuid,
            delivery_uuid: delivery.uuid,
            attempt: h + 1,
            attempted_at: at(h),
            succeeded: h !== 2,
            status_code: h === 2 ? 500 : 200,
          });
        const attempts = [0, 1, 2, 3].map(attempt);
        for (const row of [...attempts, anAttemptRow({ webhook_uuid: other.uuid, delivery_uuid: ofOther.uuid, succeeded: false, attempted_at: at(3) })])
          await store.read.deliveries.insertAttempt(row);

        const logged = (rows: typeof attempts, next: Date | null = null) => rows.map((row) => ({ ...row, next_attempt_at: next }));
        expect(await store.read.deliveries.attemptsPage(webhook.uuid, 1, 2)).toEqual({ rows: logged([attempts[2], attempts[1]]), total: 4 });
        await store.read.deliveries.retryAt(delivery.uuid, 4, at(5));
        expect((await store.read.deliveries.attemptsPage(webhook.uuid, 0, 2)).rows).toEqual([...logged([attempts[3]], at(5)), ...logged([attempts[2]])]);
        await store.read.deliveries.cancelPending([webhook.uuid], at(4));
        expect((await store.read.deliveries.attemptsPage(webhook.uuid, 0, 1)).rows).toEqual(logged([attempts[3]]));
        expect(await store.read.deliveries.countFailuresSince(webhook.uuid, at(1))).toBe(1);
        expect(await store.read.deliveries.countFailuresSince(webhook.uuid, at(2))).toBe(0);
      });
    });

    describe('messages', () => {
      it('records a message once per dedupe key, and claims it when due, once per lease', async () => {
        const message = aNewMessage({ send_after: at(1) });
        await store.read.messages.insertMany([message]);
        await store.read.messages.insertMany([{ ...message, uuid: randomUUID(), text_body: 'again' }]);

        expect(await store.read.messages.claimDue(at(0.5), at(2), 10)).toEqual([]);
        const [claimed] = await store.read.messages.claimDue(at(1), at(2), 10);
        expect(claimed).toMatchObject({ uuid: message.uuid, text_body: message.text_body, status: 'pending', attempts: 0, locked_until: at(2) });
        expect(await store.read.messages.claimDue(at(1.5), at(3), 10)).toEqual([]);
        // The lease ran out (the process died): another replica takes it.
        expect(await store.read.messages.claimDue(at(2.5), at(3), 10)).toHaveLength(1);
      });

      it('marks events processed and records the messages of those seen for the first time, in one call (decision 054)', async () => {
        const [seen, fresh] = [randomUUID(), randomUUID()];
        await store.read.ledger.markProcessed('messages', seen);
        const ofSeen = aNewMessage({ send_after: at(1) });
        const ofFresh = [aNewMessage({ send_after: at(1), calendar: null }), aNewMessage({ send_after: at(1), subject: null, html_body: null })];

        expect(
          await store.read.messages.insertOfFirstTime(
            'messages',
            [seen, fresh],
            [{ ...ofSeen, event_id: seen }, ...ofFresh.map((m) => ({ ...m, event_id: fresh }))],
          ),
        ).toBe(2);
        expect((await store.read.messages.claimDue(at(1), at(2), 10)).map((m) => m.uuid).sort()).toEqual(ofFresh.map((m) => m.uuid).sort());
        expect(await store.read.ledger.markProcessed('messages', fresh)).toBe(false);
        // Redelivered: nothing recorded twice.
        expect(
          await store.read.messages.insertOfFirstTime(
            'messages',
            [fresh],
            ofFresh.map((m) => ({ ...m, uuid: randomUUID(), event_id: fresh })),
          ),
        ).toBe(0);
        expect(await store.read.messages.claimDue(at(3), at(4), 10)).toHaveLength(2);
      });

      it('sends the earliest due first, at most the limit', async () => {
        const [later, earlier] = [aNewMessage({ send_after: at(2) }), aNewMessage({ send_after: at(1) })];
        await store.read.messages.insertMany([later, earlier, aNewMessage({ send_after: at(1.5) })]);

        expect((await store.read.messages.claimDue(at(3), at(4), 2)).map((m) => m.uuid)).toContain(earlier.uuid);
        expect((await store.read.messages.claimDue(at(3), at(4), 2)).map((m) => m.uuid)).toEqual([later.uuid]);
      });

      it("records a pass's outcomes together: done ones are never claimed again, a retried one when due again", async () => {
        const [sent, canceled, retried, failed, untouched] = [1, 2, 3, 4, 5].map(() => aNewMessage({ send_after: at(1) }));
        await store.read.messages.insertMany([sent, canceled, retried, failed, untouched]);
        await store.read.messages.claimDue(at(1), at(2), 10);

        await store.read.messages.finishAttempts(
          [
            { uuid: sent.uuid, status: 'sent', attempts: 1, error: null, sendAfter: null },
            { uuid: canceled.uuid, status: 'canceled', attempts: 1, error: 'link no longer issued', sendAfter: null },
            { uuid: retried.uuid, status: 'pending', attempts: 1, error: 'SMTP 451', sendAfter: at(5) },
            { uuid: failed.uuid, status: 'failed', attempts: 3, error: 'SMTP 550', sendAfter: null },
          ],
          at(1.5),
        );

        // The untouched one is still leased until at(2); the retried one is due at(5), with its attempt and error.
        expect(await store.read.messages.claimDue(at(1.9), at(3), 10)).toEqual([]);
        expect((await store.read.messages.claimDue(at(4), at(4.5), 10)).map((m) => m.uuid)).toEqual([untouched.uuid]);
        const again = (await store.read.messages.claimDue(at(5), at(6), 10)).find((m) => m.uuid === retried.uuid);
        expect(again).toMatchObject({ uuid: retried.uuid, status: 'pending', attempts: 1, last_error: 'SMTP 451', send_after: at(5), sent_at: null });
        // Sent, canceled and failed: never claimed again.
        expect((await store.read.messages.claimDue(at(100), at(101), 10)).map((m) => m.uuid).sort()).toEqual([untouched.uuid, retried.uuid].sort());
      });
    });

    it('keeps a calendar invitation with its message (read back as it was written)', async () => {
      const calendar = {
        method: 'REQUEST' as const,
        uid: 'u@video-interviewing',
        sequence: 2,
        start: '2026-03-09T09:00:00.000Z',
        end: '2026-03-09T10:00:00.000Z',
        summary: 'Live interview',
        description: 'Join: {{link}}',
        url: '{{link}}',
        organizer: { name: 'Acme', email: 'no-reply@vi.example' },
        attendees: [{ name: 'Sam', email: 'sam@seeker.example' }],
      };
      const [withCalendar, without] = [aNewMessage({ calendar }), aNewMessage()];
      await store.read.messages.insertMany([withCalendar, without]);
      const claimed = await store.read.messages.claimDue(at(1), at(2), 10);
      expect(new Map(claimed.map((m) => [m.uuid, m.calendar]))).toEqual(
        new Map([
          [withCalendar.uuid, calendar],
          [without.uuid, null],
        ]),
      );
    });

    describe('event ledger', () => {
      it('knows an event once per consumer, and keeps the last notification of each type per company', async () => {
        const [event, company] = [randomUUID(), randomUUID()];
        expect(await store.read.ledger.markProcessed('webhooks', event)).toBe(true);
        expect(await store.read.ledger.markProcessed('webhooks', event)).toBe(false);
        expect(await store.read.ledger.markProcessed('messages', event)).toBe(true);

        const last = { company_uuid: company, event_type: 'JobCreated', payload_type: 'Job', resource_uuid: randomUUID(), occurred_at: T0 };
        const [first, second] = [randomUUID(), randomUUID()];
        expect(await store.read.ledger.markProcessedRememberingLast('webhooks', { ...last, event_id: first, body: '{"n":1}' })).toBe(true);
        expect(await store.read.ledger.markProcessedRememberingLast('webhooks', { ...last, event_id: second, body: '{"n":2}' })).toBe(true);
        // A redelivered older event changes nothing: the last one stays the last.
        expect(await store.read.ledger.markProcessedRememberingLast('webhooks', { ...last, event_id: first, body: '{"n":1}' })).toBe(false);
        expect(await store.read.ledger.lastOf(company, 'JobCreated')).toMatchObject({ event_id: second, body: '{"n":2}' });
        expect(await store.read.ledger.lastOf(company, 'JobUpdated')).toBeUndefined();
      });
    });

    describe('interview calendars', () => {
      it('starts at 0, raises the SEQUENCE for every move and the cancellation, and keeps it for a reset', async () => {
        const interviewUuid = randomUUID();
        expect(await store.read.calendars.sequenceOf(interviewUuid)).toBe(0);
        expect(await store.read.calendars.record({ interviewUuid, changedAt: at(0), kind: 'same' })).toBe(0);
        expect(await store.read.calendars.record({ interviewUuid, changedAt: at(1), kind: 'moved' })).toBe(1);
        expect(await store.read.calendars.record({ interviewUuid, changedAt: at(2), kind: 'moved' })).toBe(2);
        expect(await store.read.calendars.record({ interviewUuid, changedAt: at(3), kind: 'same' })).toBe(2);
        expect(await store.read.calendars.sequenceOf(interviewUuid)).toBe(2);
        // One request may move and cancel: both events carry the same updated_at.
        expect(await store.read.calendars.record({ interviewUuid, changedAt: at(3), kind: 'canceled' })).toBe(3);
        expect(await store.read.calendars.sequenceOf(interviewUuid)).toBe(3);
      });

      it('answers null for a change older than the last one recorded, and for anything after the cancellation', async () => {
        const [moved, canceled] = [randomUUID(), randomUUID()];
        expect(await store.read.calendars.record({ interviewUuid: moved, changedAt: at(2), kind: 'moved' })).toBe(1);
        expect(await store.read.calendars.record({ interviewUuid: moved, changedAt: at(1), kind: 'moved' })).toBeNull();
        expect(await store.read.calendars.record({ interviewUuid: moved, changedAt: at(0), kind: 'same' })).toBeNull();
        expect(await store.read.calendars.sequenceOf(moved)).toBe(1);

        expect(await store.read.calendars.record({ interviewUuid: canceled, changedAt: at(1), kind: 'canceled' })).toBe(1);
        expect(await store.read.calendars.record({ interviewUuid: canceled, changedAt: at(2), kind: 'moved' })).toBeNull();
        await store.read.calendars.deleteOfInterviews([canceled, moved]);
        expect(await store.read.calendars.sequenceOf(canceled)).toBe(0);
      });
    });
  },
  { sqlSnapshotsOf: 'SQL (infrastructure/)' },
);
