import type { Logger } from '@vi/platform-logger';
import { FollowUps } from './follow-ups';

describe('FollowUps', () => {
  const logger = () => {
    const warnings: string[] = [];
    return { warnings, logger: { warn: (_fields: unknown, message: string) => void warnings.push(message) } as unknown as Logger };
  };

  it('drains what is under way, including work a task started after the drain began', async () => {
    const { logger: log } = logger();
    const sut = new FollowUps(log);
    const done: string[] = [];
    let release!: () => void;
    sut.run('first', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      sut.run('second', async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        done.push('second');
      });
      done.push('first');
    });
    const drained = sut.drain().then(() => done.push('drained'));
    release();
    await drained;
    expect(done).toEqual(['first', 'second', 'drained']);
  });

  it("logs a task's failure as its end, and keeps running others", async () => {
    const { logger: log, warnings } = logger();
    const sut = new FollowUps(log);
    let ran = false;
    sut.run('open interview application: interview', async () => {
      throw new Error('refused');
    });
    sut.run('other', async () => void (ran = true));
    await sut.drain();
    expect(warnings).toEqual(['open interview application: interview failed']);
    expect(ran).toBe(true);
  });
});
