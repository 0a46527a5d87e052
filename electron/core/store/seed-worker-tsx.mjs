// The seed worker's entry when the core runs from TypeScript (tsx, vitest): Node 20's worker
// threads do not take the loader of `--import tsx`, so this loads the TypeScript entry through
// tsx's API. The build runs the compiled seed-worker.js directly and does not need it.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
