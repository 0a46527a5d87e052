/**
 * A seed worker for tests (CoreOptions.seedWorker): it says on the GATE channel that it waits,
 * with a progress report out, and then does what the test answers: `seed` runs the real seed of
 * the reset (electron/core/store/seed-store.ts), `fail` reports a failed seed after it wrote part
 * of its file, `crash` throws out of the thread with its file open. So a test holds the reset in
 * its seeding state as long as it needs, with no timing involved.
 */
import { BroadcastChannel, parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../electron/core/store/database.ts';
import type { SeedJob, SeedMessage } from '../../electron/core/store/seed-job.ts';
import { seedNewFile } from '../../electron/core/store/seed-store.ts';

export const GATE = 'erpwb-test-seed-gate';
export type GateCommand = { type: 'seed' | 'fail' | 'crash' };
export interface GateWaiting {
  type: 'waiting';
  file: string;
}

const port = parentPort;
const job = (workerData as { job?: SeedJob } | null)?.job;
if (port && job) {
  const post = (message: SeedMessage) => port.postMessage(message);
  const channel = new BroadcastChannel(GATE);
  channel.onmessage = (event) => {
    channel.close();
    const command = (event as { data: GateCommand }).data;
    if (command.type === 'seed') {
      seedNewFile(job, (done, total, phase) => post({ type: 'progress', done, total, phase }));
      post({ type: 'done' });
      return;
    }
    // Part of a seed: the file exists, with rows in it.
    const db = openDatabase(job.file);
    db.prepare("INSERT INTO store_meta (key, value) VALUES ('partial', '1')").run();
    post({ type: 'progress', done: 2, total: 4, phase: 'contacts' });
    if (command.type === 'crash') throw new Error('simulated crash of the seed worker');
    db.close();
    post({ type: 'failed', message: 'simulated seed failure' });
  };
  post({ type: 'progress', done: 1, total: 4, phase: 'waiting for the test' });
  channel.postMessage({ type: 'waiting', file: job.file } satisfies GateWaiting);
}

/** The test's side of the gate. */
export interface Gate {
  /** Resolves when the worker waits for the test (its new file's path). */
  waiting: Promise<string>;
  send(type: GateCommand['type']): void;
  close(): void;
}

export function openGate(): Gate {
  const channel = new BroadcastChannel(GATE);
  let resolve!: (file: string) => void;
  const waiting = new Promise<string>((r) => (resolve = r));
  channel.onmessage = (event) => {
    const message = (event as { data: GateWaiting }).data;
    if (message.type === 'waiting') resolve(message.file);
  };
  return { waiting, send: (type) => channel.postMessage({ type } satisfies GateCommand), close: () => channel.close() };
}
