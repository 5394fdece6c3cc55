import { memoryStore } from '@vi/platform-testing';
import { randomUUID } from 'node:crypto';
import { createLogger } from '@vi/platform-logger';
import { FakeClock } from '@vi/platform-time';
import { aNewDelivery, aWebhookRow, DAY, fakeSealer, HOUR, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { signWebhook } from '../../domain/signature';
import type { WebhookRequest } from '../../domain/webhook';
import type { AttemptResult, EndpointGuards } from '../ports';
import { WebhookDispatcher } from './deliver-webhooks';

const SECOND = 1000;
const SECRET = 'whsec_c2VjcmV0';

describe('WebhookDispatcher', () => {
  const logger = createLogger('deliver-webhooks-spec', 'silent');
  let clock: FakeClock;
  let db: NotificationsRepositoryFakes;
  let sent: WebhookRequest[];
  let answers: AttemptResult[];
  /** What the receiver answers once `answers` is used up. */
  let otherwise: AttemptResult;
  let breakerOpen: boolean;

  const ok: AttemptResult = { ok: true, statusCode: 200, durationMs: 40 };
  const failed = (statusCode: number, retryAfterMs?: number): AttemptResult => ({
    ok: false,
    statusCode,
    error: `HTTP ${statusCode}`,
    durationMs: 40,
    retryAfterMs,
  });
  const guards: EndpointGuards = { run: async (_endpoint, attempt) => (breakerOpen ? 'open' : attempt()), saturated: () => [], openForMs: 30 * SECOND };
  const sut = new WebhookDispatcher({
    get store() {
      return memoryStore({ deliveries: db.deliveries, webhooks: db.webhooks });
    },
    get clock() {
      return clock;
    },
    sender: { send: async (request) => (sent.push(request), answers.shift() ?? otherwise) },
    guards,
    sealer: fakeSealer,
    links: { shareLinkUrls: async (uuids) => new Map(uuids.map((u) => [u, `https://app.example/share/${u}?t=secret`])) },
    settings: {
      retry: { scheduleMs: [5 * SECOND, 5 * 60 * SECOND], retryAfterMaxMs: HOUR },
      health: { failingThreshold: 3, failingWindowMs: 48 * HOUR, disableAfterMs: 72 * HOUR },
      batchSize: 50,
      perWebhook: 5,
      leaseMs: 60 * SECOND,
    },
    logger,
    onProgress: () => undefined,
  });
  const pass = async () => {
    await sut.pass();
    await sut.drain();
  };

  beforeEach(() => {
    clock = new FakeClock(T0);
    db = notificationsFakes();
    [sent, answers, otherwise, breakerOpen] = [[], [], ok, false];
  });

  async function aWebhookWithDelivery(
    webhook = aWebhookRow({ secret_ciphertext: fakeSealer.seal(SECRET) }),
    delivery = aNewDelivery({ webhook_uuid: webhook.uuid }),
  ) {
    db.webhooks.state.push(webhook);
    await db.deliveries.insertMany([delivery]);
    return { webhook, delivery };
  }

  it('posts a due delivery signed the Standard Webhooks way, and logs the attempt', async () => {
    const { webhook, delivery } = await aWebhookWithDelivery(
      aWebhookRow({ secret_ciphertext: fakeSealer.seal(SECRET), http_auth_ciphertext: fakeSealer.seal('bot:pa55') }),
    );

    await pass();

    const timestamp = T0.getTime() / 1000;
    expect(sent).toEqual([
      {
        url: webhook.url,
        body: delivery.body,
        headers: expect.objectContaining({
          'webhook-id': delivery.uuid,
          'webhook-timestamp': String(timestamp),
          'x-service-event': 'JobCreated',
          authorization: `Basic ${Buffer.from('bot:pa55').toString('base64')}`,
        }),
      },
    ]);
    expect(sent[0].headers['webhook-signature']).toBe(signWebhook(SECRET, delivery.uuid, timestamp, delivery.body));
    expect(db.deliveries.state.deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1, finished_at: T0 });
    expect(db.deliveries.state.attempts).toEqual([
      expect.objectContaining({ delivery_uuid: delivery.uuid, attempt: 1, succeeded: true, status_code: 200, attempted_at: T0 }),
    ]);
  });

  it('retries a failed delivery on its schedule with the same webhook-id, then gives up', async () => {
    const { delivery } = await aWebhookWithDelivery();
    answers = [failed(503), failed(503), failed(503)];

    await pass();
    const due = db.deliveries.state.deliveries[0].next_attempt_at.getTime() - T0.getTime();
    expect(due).toBeGreaterThanOrEqual(4 * SECOND);
    expect(due).toBeLessThanOrEqual(6 * SECOND);

    clock.advance(due - 1);
    await pass();
    expect(sent).toHaveLength(1);

    clock.advance(1);
    await pass();
    clock.set(db.deliveries.state.deliveries[0].next_attempt_at);
    await pass();

    expect(sent.map((r) => r.headers['webhook-id'])).toEqual([delivery.uuid, delivery.uuid, delivery.uuid]);
    expect(db.deliveries.state.deliveries[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(db.deliveries.state.attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
  });

  it("waits at least as long as the receiver's Retry-After asks, up to the maximum", async () => {
    await aWebhookWithDelivery();
    answers = [failed(429, 20 * 60 * SECOND)];

    await pass();

    expect(db.deliveries.state.deliveries[0].next_attempt_at).toEqual(new Date(T0.getTime() + 20 * 60 * SECOND));
  });

  it('disables a webhook answering 410 Gone at once, and cancels what it still had to receive', async () => {
    const { webhook } = await aWebhookWithDelivery();
    await db.deliveries.insertMany([aNewDelivery({ webhook_uuid: webhook.uuid, next_attempt_at: new Date(T0.getTime() + HOUR) })]);
    answers = [failed(410)];

    await pass();

    expect(db.webhooks.state[0]).toMatchObject({ status: 'disabled', disabled_at: T0 });
    expect(db.deliveries.state.deliveries.map((d) => d.status)).toEqual(['failed', 'canceled']);
  });

  it('marks a webhook failing after enough failures in the window, and disables it once it has failed for 72 hours', async () => {
    const webhook = aWebhookRow();
    db.webhooks.state.push(webhook);
    const since = clock.advance(60 * SECOND);
    otherwise = failed(500);
    const failNext = async () => {
      await db.deliveries.insertMany([aNewDelivery({ webhook_uuid: webhook.uuid, next_attempt_at: clock.now() })]);
      await pass();
    };

    await failNext();
    await failNext();
    expect(db.webhooks.state[0].status).toBe('active');
    await failNext();
    expect(db.webhooks.state[0]).toMatchObject({ status: 'failing', failing_since: since });

    clock.advance(72 * HOUR - SECOND);
    await failNext();
    expect(db.webhooks.state[0].status).toBe('failing');
    clock.advance(SECOND);
    await failNext();
    expect(db.webhooks.state[0]).toMatchObject({ status: 'disabled', disabled_at: clock.now() });
  });

  it('a success heals a failing webhook, and failures count afresh from it', async () => {
    const webhook = aWebhookRow({ status: 'failing', failing_since: new Date(T0.getTime() - DAY) });
    await aWebhookWithDelivery(webhook);

    await pass();

    expect(db.webhooks.state[0]).toMatchObject({ status: 'active', failing_since: null, failures_counted_from: T0 });
  });

  it("makes no attempt while the endpoint's breaker is open, and tries again when it half-opens", async () => {
    await aWebhookWithDelivery();
    breakerOpen = true;

    await pass();

    expect(sent).toEqual([]);
    expect(db.deliveries.state.attempts).toEqual([]);
    expect(db.deliveries.state.deliveries[0]).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: new Date(T0.getTime() + 30 * SECOND) });

    breakerOpen = false;
    clock.advance(30 * SECOND);
    await pass();
    expect(db.deliveries.state.deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it("fills in an interview's share-link URL only in the request that goes out", async () => {
    const link = randomUUID();
    const body = JSON.stringify({ uuid: 'i1', share_link: { uuid: link, type: 'open' } });
    const webhook = aWebhookRow();
    await aWebhookWithDelivery(webhook, aNewDelivery({ webhook_uuid: webhook.uuid, event_type: 'InterviewCreated', payload_type: 'Interview', body }));

    await pass();

    expect(JSON.parse(sent[0].body).share_link).toEqual({ uuid: link, type: 'open', url: `https://app.example/share/${link}?t=secret` });
    expect(db.deliveries.state.deliveries[0].body).toBe(body);
  });
});
