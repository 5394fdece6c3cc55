import type { Logger } from '@vi/platform-logger';
import type { AfterAnswer } from '../application/ports';

/**
 * Work run once the caller has been answered (`AfterAnswer`): each task's failure is logged as its end, and stopping
 * waits for what is under way, so the service does not close its clients under a creation it started.
 */
export class FollowUps implements AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Logger) {}

  run(name: string, task: () => Promise<void>): void {
    const done: Promise<void> = task()
      .catch((error: unknown) => this.logger.warn({ err: error }, `${name} failed`))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
