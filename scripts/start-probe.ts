/**
 * The desktop main process's start without Electron (npm run bench:start -- --main bundles and
 * runs this): the same imports, createCore and startServer as electron/main/main.ts, then a JSON
 * line with the milliseconds since the process started at each step. Not part of the product.
 *
 *   node start-probe.js --data DIR --port N --admin-token TOKEN [--renderer DIR]
 */
import { parseArgs } from 'node:util';
import { createCore } from '../electron/core/create-core.ts';
import { startServer } from '../electron/server/create-server.ts';
import { memoryPreferences } from '../shared/domain/user-settings.ts';

// performance.now() counts from the process's start: the static imports above are evaluated.
// CPU time too (user + system, ms): on a busy machine it says more than the wall clock.
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const imported = performance.now();
const importedCpu = cpu();
const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    port: { type: 'string', default: '0' },
    'admin-token': { type: 'string', default: 'start-probe' },
    renderer: { type: 'string' },
  },
});
if (!values.data) throw new Error('--data DIR is required');
const core = createCore({ dataDir: values.data, preferences: memoryPreferences() });
const created = performance.now();
const createdCpu = cpu();
const server = await startServer({
  core,
  adminToken: values['admin-token'],
  host: '127.0.0.1',
  port: Number(values.port),
  ...(values.renderer && { rendererDir: values.renderer }),
});
const listening = performance.now();
console.log(
  JSON.stringify({
    url: server.url,
    imported_ms: imported,
    core_ms: created,
    listening_ms: listening,
    imported_cpu_ms: importedCpu,
    core_cpu_ms: createdCpu,
    cpu_ms: cpu(),
  }),
);

const stop = () =>
  void server
    .close()
    .finally(() => core.close())
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
