// Bundles the Electron main process and the preload into dist/electron/ (see package.json
// "main"); the same as `node scripts/build.mjs electron`, kept for the callers of this file.
import { buildParts } from './build.mjs';

await buildParts(['electron']);
