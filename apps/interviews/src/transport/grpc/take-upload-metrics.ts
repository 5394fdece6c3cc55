import type { interviews } from '@vi/contracts';
import { Counter, Histogram } from 'prom-client';

const stored = new Counter({ name: 'take_upload_bytes_total', help: 'Bytes of take videos stored' });
const durations = new Histogram({
  name: 'take_upload_duration_seconds',
  help: 'Take uploads from their first chunk to the answer, by outcome (stored, refused)',
  labelNames: ['outcome'] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
});

/** Runs one take upload, counting its bytes and timing it. */
export async function measureTakeUpload(upload: () => Promise<interviews.Take>): Promise<interviews.Take> {
  const timer = durations.startTimer();
  try {
    const take = await upload();
    stored.inc(take.size);
    timer({ outcome: 'stored' });
    return take;
  } catch (error) {
    timer({ outcome: 'refused' });
    throw error;
  }
}
