import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { waitFor } from '@vi/platform-testing';

/**
 * How long a heavy spec waits for the others to finish: the three together took about 420 s on a loaded CI machine
 * (candidate-page 265 s, live-call 95 s, start-services 61 s).
 */
const WAIT_MS = 900_000;
const LOCK = join(tmpdir(), `vi-heavy-spec-${createHash('sha256').update(resolve(__dirname, '../..')).digest('hex').slice(0, 12)}`);

/**
 * Call at a spec file's top level: the heaviest specs (the candidate's recorder, a recorded WebRTC call, and
 * start:services' eight processes under a sign-in flood) run one at a time across jest's workers. Two at once on 2
 * cores starved Chromium's renderers in CI (2026-11-28: a click not dispatched for 15 s, tests past 60 s), and the
 * sign-in flood beside a recorded call saw two of the company's calls answered 503 (2026-11-28), while the other
 * worker's specs never did either. The lock is a directory in the OS's temp folder, one per checkout, holding its
 * jest worker's pid; one left by a worker that died is taken over.
 */
export function oneHeavySpecAtATime(): void {
  const pidFile = join(LOCK, 'pid');
  const held = () => {
    try {
      return readFileSync(pidFile, 'utf8') === String(process.pid);
    } catch {
      return false;
    }
  };
  const take = () => {
    try {
      mkdirSync(LOCK);
      writeFileSync(pidFile, String(process.pid));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number;
    try {
      holder = Number(readFileSync(pidFile, 'utf8'));
    } catch {
      return false; // being taken right now: its pid is not written yet
    }
    try {
      process.kill(holder, 0);
      return false;
    } catch {
      rmSync(LOCK, { recursive: true, force: true });
      return false; // free now: taken at the next look
    }
  };
  beforeAll(() => waitFor(take, WAIT_MS, 500), WAIT_MS + 10_000);
  afterAll(() => {
    if (held()) rmSync(LOCK, { recursive: true, force: true });
  });
}
