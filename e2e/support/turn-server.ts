import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@vi/platform-testing';

/**
 * coturn (`turnserver`, Debian's `coturn` package) started by a browser spec to relay a live call, with the TURN
 * REST API secret the gateway derives credentials from. Without it, that spec says how to install it and does not
 * run, as the browser specs do without Chromium; in CI (`CI` set) its absence fails the run.
 */
export const TURNSERVER_PATH = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';
export const coturnInstalled = spawnSync(TURNSERVER_PATH, ['--version'], { stdio: 'ignore' }).status === 0;

export function describeWithCoturn(name: string, body: () => void): void {
  if (coturnInstalled) return describe(name, body);
  if (process.env.CI) {
    describe(name, () =>
      it('runs with coturn', () => {
        throw new Error(`CI is set and there is no coturn at ${TURNSERVER_PATH}: install it (apt-get install coturn) or set TURNSERVER_PATH`);
      }),
    );
    return;
  }
  process.stderr.write(`\nThe TURN browser test did not run: no coturn at ${TURNSERVER_PATH}. Install it with \`sudo apt-get install coturn\`.\n`);
  describe(name, () => it.todo('did not run: coturn is not installed (apt-get install coturn)'));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether a STUN Binding Request to the port is answered (the server is up). */
function stunAnswers(port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  const request = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]), randomBytes(12)]);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), 200);
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(answered);
    };
    socket.once('message', () => done(true));
    socket.once('error', () => done(false));
    socket.send(request, port, '127.0.0.1');
  });
}

export interface TurnServer {
  url: string;
  port: number;
  secret: string;
  /** The first port of its relay range (100 ports). */
  minPort: number;
  /** Allocations coturn logged, to show the call really went through it. */
  log: string[];
  /** SIGKILL: gone at once, its allocations with it, as a relay lost to a network change. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `same`: a new coturn where a stopped one was (its port, secret and relay range), without the old one's allocations. */
export async function startCoturn(same?: Pick<TurnServer, 'port' | 'secret' | 'minPort'>): Promise<TurnServer> {
  const port = same?.port ?? (await freePort());
  const secret = same?.secret ?? randomBytes(24).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'vi-coturn-'));
  // A relay range of its own, so parallel runs on one machine do not collide.
  const minPort = same?.minPort ?? 40_000 + Math.floor(Math.random() * 200) * 100;
  const child: ChildProcess = spawn(
    TURNSERVER_PATH,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--relay-ip=127.0.0.1',
      `--min-port=${minPort}`,
      `--max-port=${minPort + 99}`,
      // Both browsers are on this machine: coturn refuses to relay to loopback peers otherwise.
      '--allow-loopback-peers',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=vi.test',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--fingerprint',
      `--userdb=${join(dir, 'turndb')}`,
      `--pidfile=${join(dir, 'turnserver.pid')}`,
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  child.stderr?.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  await waitFor(() => stunAnswers(port), 10_000, 100);
  return {
    url: `turn:127.0.0.1:${port}?transport=udp`,
    port,
    secret,
    minPort,
    log,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null) {
        child.kill(signal);
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
