import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** What is replayed for a repeated request: the first one's status, the headers that describe its body, and the body. */
export interface StoredOutcome {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A `StoredOutcome` sealed by the gateway (`SecretBox`): bodies can hold secrets shown once (a new API key, a
 * webhook signing secret, a share link's url), so the store only ever holds ciphertext (decision 020).
 */
export type SealedOutcome = string;

interface RunningRecord {
  state: 'running';
  fingerprint: string;
  /** Whose run this is: only its owner may settle it (a late gateway cannot overwrite a newer run). */
  owner: string;
}

interface DoneRecord {
  state: 'done';
  fingerprint: string;
  outcome: SealedOutcome;
}

type IdempotencyRecord = RunningRecord | DoneRecord;

/** What `begin` found: the key was free (this request runs it), or an earlier request holds it. */
export type Begin =
  { kind: 'started'; owner: string } | { kind: 'running'; fingerprint: string } | { kind: 'done'; fingerprint: string; outcome: SealedOutcome };

/**
 * Idempotency records by key (decision 020): `begin` claims a key atomically (one claimant wins, on every replica),
 * `complete` keeps the outcome for the retention time, `release` frees the key for a retry (5xx, or no answer).
 */
export interface IdempotencyStore {
  begin(key: string, fingerprint: string, lockMs: number): Promise<Begin>;
  complete(key: string, owner: string, outcome: SealedOutcome): Promise<void>;
  release(key: string, owner: string): Promise<void>;
}

export const RETENTION_MS = 24 * 60 * 60 * 1000;

function found(record: IdempotencyRecord): Begin {
  return record.state === 'running'
    ? { kind: 'running', fingerprint: record.fingerprint }
    : { kind: 'done', fingerprint: record.fingerprint, outcome: record.outcome };
}

/** One replica's records (the embedded shape); expired ones are swept every minute. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly records = new Map<string, { record: IdempotencyRecord; expiresAt: number }>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async begin(key: string, fingerprint: string, lockMs: number): Promise<Begin> {
    const existing = this.live(key);
    if (existing) return found(existing);
    const owner = randomUUID();
    this.records.set(key, { record: { state: 'running', fingerprint, owner }, expiresAt: Date.now() + lockMs });
    return { kind: 'started', owner };
  }

  async complete(key: string, owner: string, outcome: SealedOutcome): Promise<void> {
    const existing = this.live(key);
    if (existing?.state !== 'running' || existing.owner !== owner) return;
    this.records.set(key, { record: { state: 'done', fingerprint: existing.fingerprint, outcome }, expiresAt: Date.now() + RETENTION_MS });
  }

  async release(key: string, owner: string): Promise<void> {
    const existing = this.live(key);
    if (existing?.state === 'running' && existing.owner === owner) this.records.delete(key);
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private live(key: string): IdempotencyRecord | undefined {
    const entry = this.records.get(key);
    if (entry && entry.expiresAt <= Date.now()) this.records.delete(key);
    return entry && entry.expiresAt > Date.now() ? entry.record : undefined;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.records) if (entry.expiresAt <= now) this.records.delete(key);
  }
}

// Replaces (or deletes) a running record only while it still belongs to its owner.
const SETTLE_IF_OWNER = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
if cjson.decode(current).owner ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;

/** Records shared by every gateway replica: `SET NX` claims a key atomically, a Lua script settles it. */
export class RedisIdempotencyStore implements IdempotencyStore {
  constructor(private readonly redis: Redis) {}

  async begin(key: string, fingerprint: string, lockMs: number): Promise<Begin> {
    const owner = randomUUID();
    const running: RunningRecord = { state: 'running', fingerprint, owner };
    // Two tries: the record found by a failed SET NX may expire before it is read.
    for (let attempt = 0; attempt < 2; attempt++) {
      if ((await this.redis.set(key, JSON.stringify(running), 'PX', lockMs, 'NX')) === 'OK') return { kind: 'started', owner };
      const current = await this.redis.get(key);
      if (current !== null) return found(JSON.parse(current) as IdempotencyRecord);
    }
    throw new Error('idempotency record changed twice while it was being claimed');
  }

  async complete(key: string, owner: string, outcome: SealedOutcome): Promise<void> {
    const current = await this.redis.get(key);
    if (current === null) return;
    const record = JSON.parse(current) as IdempotencyRecord;
    const done: DoneRecord = { state: 'done', fingerprint: record.fingerprint, outcome };
    await this.redis.eval(SETTLE_IF_OWNER, 1, key, owner, JSON.stringify(done), String(RETENTION_MS));
  }

  async release(key: string, owner: string): Promise<void> {
    await this.redis.eval(SETTLE_IF_OWNER, 1, key, owner, '', '0');
  }
}
