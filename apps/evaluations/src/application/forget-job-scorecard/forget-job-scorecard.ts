import type { JobEventPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { EvaluationsStore } from '../store';

/** A deleted job's scorecard goes with it (JobDeleted); idempotent on the event id. */
export async function forgetJobScorecard(deps: { store: StoreOf<EvaluationsStore, 'scorecards' | 'processedEvents'> }, message: BusMessage): Promise<void> {
  const job = message.payload as JobEventPayload;
  if (!job?.uuid) return;
  await deps.store.transaction(async (tx) => {
    if (!(await tx.processedEvents.markProcessed(message.id))) return;
    await tx.scorecards.deleteOfJob(job.uuid);
  });
}
