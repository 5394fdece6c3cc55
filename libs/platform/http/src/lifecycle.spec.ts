import { createServer, type AddressInfo } from 'node:net';
import pino from 'pino';
import { Lifecycle, startProcess } from './lifecycle';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

async function readiness(port: number): Promise<number | 'refused'> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
  } catch {
    return 'refused';
  }
}

describe('Lifecycle', () => {
  it('stops what started in reverse order, readiness off before the first stop', async () => {
    const sut = new Lifecycle(capturingLogger().logger);
    const stopped: string[] = [];
    const database = { close: () => stopped.push('database') };
    const consumers = { close: async () => void stopped.push('consumers') };

    expect(sut.add('database', database, (d) => d.close())).toBe(database);
    sut.add('consumers', consumers, (c) => c.close());
    sut.add('server', null, () => stopped.push(`server (ready: ${sut.isReady()})`));
    sut.markReady();
    expect(sut.isReady()).toBe(true);
    await sut.stop();

    expect(stopped).toEqual(['server (ready: false)', 'consumers', 'database']);
  });

  it('stops the others when one stop fails, logs the failure with its cause and then fails naming it', async () => {
    const { logger, lines } = capturingLogger();
    const sut = new Lifecycle(logger);
    const stopped: string[] = [];
    sut.add('database', null, () => stopped.push('database'));
    sut.add('event bus', null, () => Promise.reject(new Error('connection reset')));
    sut.add('server', null, () => stopped.push('server'));

    const stopping = sut.stop();

    await expect(stopping).rejects.toThrow('stopping failed: event bus: connection reset');
    await expect(stopping).rejects.toBeInstanceOf(AggregateError);
    expect(stopped).toEqual(['server', 'database']);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        resource: 'event bus',
        msg: 'stopping event bus failed',
        err: expect.objectContaining({ message: 'connection reset' }),
      }),
    ]);
  });

  it('stops each resource once however often stop is called, the second call waiting for the first', async () => {
    const sut = new Lifecycle(capturingLogger().logger);
    let stops = 0;
    let release!: () => void;
    sut.add('server', null, () => {
      stops++;
      return new Promise<void>((resolve) => (release = resolve));
    });

    const first = sut.stop();
    let secondDone = false;
    const second = sut.stop().then(() => (secondDone = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);
    await sut.stop();

    expect(stops).toBe(1);
    expect(secondDone).toBe(true);
  });

  it('stays not ready when marked ready after stopping began', async () => {
    const sut = new Lifecycle(capturingLogger().logger);
    await sut.stop();
    sut.markReady();
    expect(sut.isReady()).toBe(false);
  });
});

/** A port nothing listens on now (the OS's choice), so a spec knows the health port before the start returns. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('startProcess', () => {
  it('answers not ready while starting, ready once started, not ready while stopping, and closes its health server last', async () => {
    const { logger, lines } = capturingLogger();
    const healthPort = await freePort();
    const seen: Record<string, number | 'refused'> = {};

    const sut = await startProcess('jobs service', { healthPort, logger }, async (lifecycle) => {
      seen.starting = await readiness(healthPort);
      lifecycle.add('server', null, async () => (seen.stopping = await readiness(healthPort)));
      return { grpcPort: 50052, name: 'not a port' };
    });
    seen.started = await readiness(healthPort);
    await sut.stop();
    seen.stopped = await readiness(healthPort);

    expect(seen).toEqual({ starting: 503, started: 200, stopping: 503, stopped: 'refused' });
    expect(sut).toMatchObject({ grpcPort: 50052, healthPort });
    const ready = lines.find((line) => line.msg === 'jobs service ready');
    expect(ready).toMatchObject({ grpcPort: 50052, healthPort });
    expect(ready).not.toHaveProperty('name');
  });

  it('stops what had started when the start fails, health server included, and fails with the start error', async () => {
    const { logger } = capturingLogger();
    const healthPort = await freePort();
    const stopped: string[] = [];

    const starting = startProcess('identity service', { healthPort, logger }, async (lifecycle) => {
      lifecycle.add('database', null, () => stopped.push('database'));
      lifecycle.add('event bus', null, () => {
        stopped.push('event bus');
        throw new Error('already closed');
      });
      throw new Error('migration 0004 failed');
    });

    await expect(starting).rejects.toThrow('migration 0004 failed');
    expect(stopped).toEqual(['event bus', 'database']);
    expect(await readiness(healthPort)).toBe('refused');
  });
});
