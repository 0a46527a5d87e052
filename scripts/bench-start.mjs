/**
 * npm run bench:start -- --data DIR [--runs 5] [--json] [--entry dist/server/serve.js | --npm | --main]
 *
 * Cold start of the headless server on an existing data folder: spawns it `--runs` times and
 * reports, from the spawn, the first answer of the listener (GET /_sandbox/health 200) and the
 * first REST list page (GET /app/rest/v1/1/sales/list/ 200, by an API user this script creates
 * once in a setup run that is not timed). Median and max over the runs; `--json` prints one JSON
 * line instead of the table (npm run bench reads it). The server opens the folder for writing (its
 * WAL, the API log): point it at a copy, never at data you keep.
 *
 * --entry runs another entry point (a .ts file runs through tsx: the start before compiled
 * bundles); --npm spawns `npm run serve --` instead (npm's own start included); --main bundles
 * scripts/start-probe.ts, the desktop main process's start (createCore + startServer) without
 * Electron, and also reports its steps (imports done, core created, listening).
 * Plain JavaScript on purpose: it runs before, and without, any build of the TypeScript.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const TOKEN = 'bench-start-token';
const USER = 'bench-start';
const PASSWORD = 'bench-start-password-0123456789';
const LIST = '/app/rest/v1/1/sales/list/';
const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
const PROBE_DIR = join(ROOT, 'dist/start-probe');

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    runs: { type: 'string', default: '5' },
    json: { type: 'boolean', default: false },
    entry: { type: 'string', default: 'dist/server/serve.js' },
    npm: { type: 'boolean', default: false },
    main: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || !values.data) {
  console.error('Usage: npm run bench:start -- --data DIR [--runs 5] [--json] [--entry dist/server/serve.js | --npm | --main]');
  process.exit(values.help ? 0 : 2);
}
const dataDir = resolve(values.data);
const runs = Number(values.runs);
if (!existsSync(join(dataDir, 'erp-workbench.sqlite'))) {
  console.error(`error: no database in ${dataDir} (seed one first: npm run serve -- --data DIR --scale 1000)`);
  process.exit(2);
}
/**
 * The desktop start's stand-in, bundled like the main process (build.mjs). Under dist/ (removed
 * at the end): the bundle's dependencies are resolved from the checkout's node_modules.
 */
async function buildProbe() {
  const { buildCoreBundle } = await import('./build.mjs');
  const outdir = PROBE_DIR;
  await buildCoreBundle('start-probe', join(ROOT, 'scripts/start-probe.ts'), outdir, 'node22');
  return join(outdir, 'start-probe.js');
}

/** A free loopback port: the script must know it before the server prints anything. */
function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

function start(entry, port, home) {
  const args = values.main
    ? ['--data', dataDir, '--port', String(port), '--admin-token', TOKEN, '--renderer', join(ROOT, 'dist/renderer')]
    : ['--data', dataDir, '--host', '127.0.0.1', '--port', String(port), '--admin-token', TOKEN];
  // XDG_CONFIG_HOME: the server's settings file is read, never the user's real one.
  const env = { ...process.env, XDG_CONFIG_HOME: home };
  const [command, argv] = values.npm
    ? ['npm', ['run', '--silent', 'serve', '--', ...args]]
    : entry.endsWith('.ts')
      ? [process.execPath, ['--import', 'tsx', entry, ...args]]
      : [process.execPath, [entry, ...args]];
  // Its own process group: npm does not always pass a signal on, so the whole group is stopped.
  const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.on('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

/** Asks until the answer is 200; connection refused (not listening yet) is asked again at once. */
async function until200(url, headers, server) {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.output()}`);
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status === 200) return;
      throw new Error(`${url}: ${response.status}`);
    } catch (error) {
      if (error.cause?.code !== 'ECONNREFUSED') throw error;
      await new Promise((done) => setTimeout(done, 2));
    }
  }
}

async function stop(server) {
  if (server.child.exitCode !== null) return; // it stopped by itself: the error says why
  process.kill(-server.child.pid, 'SIGTERM');
  const code = await server.exited;
  // npm answers a signal by dying of it (no exit code); the server itself must exit 0.
  if (code !== 0 && !(values.npm && code === null)) throw new Error(`the server stopped with ${code}:\n${server.output()}`);
  // The next start must not meet this one still closing the database.
  while (alive(-server.child.pid)) await new Promise((done) => setTimeout(done, 10));
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One start: ms from the spawn to the listener's first 200 and to the first REST list page. */
async function once(entry, home, setup) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const server = start(entry, port, home);
  try {
    await until200(`${base}/_sandbox/health`, { authorization: `Bearer ${TOKEN}` }, server);
    const health = performance.now() - spawned;
    if (setup) await ensureUser(base);
    await until200(`${base}${LIST}`, { authorization: BASIC }, server);
    const list = performance.now() - spawned;
    // The probe's own account of its steps (ms since its process started).
    const steps = values.main ? JSON.parse(/^\{.*\}$/m.exec(server.output())?.[0] ?? '{}') : {};
    return { health, list, steps };
  } finally {
    await stop(server);
  }
}

/** The API user the timed runs list with: made again, so its password is the one known here. */
async function ensureUser(base) {
  const control = { authorization: `Bearer ${TOKEN}` };
  const users = await (await fetch(`${base}/_sandbox/accounts/1/api-users`, { headers: control })).json();
  for (const user of users.data.filter((u) => u.username === USER)) {
    const deleted = await fetch(`${base}/_sandbox/accounts/1/api-users/${user.id}`, { method: 'DELETE', headers: control });
    if (deleted.status !== 200) throw new Error(`cannot remove the old API user: ${deleted.status} ${await deleted.text()}`);
  }
  const created = await fetch(`${base}/_sandbox/accounts/1/api-users`, {
    method: 'POST',
    headers: { ...control, 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  if (created.status !== 201) throw new Error(`cannot create the API user: ${created.status} ${await created.text()}`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (ms) => Math.round(ms);

const entry = values.main ? await buildProbe() : resolve(ROOT, values.entry);
if (!values.npm && !existsSync(entry)) {
  console.error(`error: ${entry} does not exist (npm run build)`);
  process.exit(2);
}
const home = mkdtempSync(join(tmpdir(), 'erpwb-bench-start-'));
try {
  await once(entry, home, true); // setup: the API user, and the file's pages in the OS cache like any later start
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await once(entry, home, false));
  const health = samples.map((s) => s.health);
  const list = samples.map((s) => s.list);
  const result = {
    runs,
    entry: values.npm ? 'npm run serve' : values.main ? 'desktop start (scripts/start-probe.ts)' : values.entry,
    health_median_ms: round(median(health)),
    health_max_ms: round(Math.max(...health)),
    list_median_ms: round(median(list)),
    list_max_ms: round(Math.max(...list)),
  };
  if (values.main) {
    for (const step of ['imported', 'core', 'listening', 'imported_cpu', 'core_cpu', 'cpu']) result[`${step}_median_ms`] = round(median(samples.map((s) => s.steps[`${step}_ms`])));
  }
  if (values.json) console.log(JSON.stringify(result));
  else {
    console.log(`cold start of ${result.entry} on ${dataDir}, ${runs} runs (ms from spawn)`);
    console.log(`  first answer (GET /_sandbox/health 200): median ${result.health_median_ms}, max ${result.health_max_ms}`);
    console.log(`  first REST list page (GET ${LIST} 200): median ${result.list_median_ms}, max ${result.list_max_ms}`);
    if (values.main) {
      console.log(`  steps (median ms since the process started): imports ${result.imported_median_ms}, core ${result.core_median_ms}, listening ${result.listening_median_ms}`);
      console.log(
        `  CPU time (median ms): imports ${result.imported_cpu_median_ms}, core ${result.core_cpu_median_ms}, listening ${result.cpu_median_ms}`,
      );
    }
  }
} finally {
  rmSync(home, { recursive: true, force: true });
  if (values.main) rmSync(PROBE_DIR, { recursive: true, force: true });
}
