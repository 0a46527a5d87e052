/**
 * The worker thread of a reset: seeds a new store file while the service keeps answering from
 * the live one (seed-job.ts starts it and says what to seed; the core swaps the file in after).
 * The build emits it as seed-worker.js next to each bundle.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SeedJob, SeedMessage } from './seed-job.ts';
import { seedNewFile } from './seed-store.ts';

const port = parentPort;
if (port) {
  const { job } = workerData as { job: SeedJob };
  const post = (message: SeedMessage) => port.postMessage(message);
  try {
    seedNewFile(job, (done, total, phase) => post({ type: 'progress', done, total, phase }));
    post({ type: 'done' });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
