/**
 * npm run bench:inbox -- [--posts 1000] [--size-mb 5] [--inboxes 8] [--concurrency 4] [--limit-mb 300]
 *
 * Memory soak of the built-in inbox (issue 26): a real server in its own process (the desktop
 * start without Electron, scripts/start-probe.ts, bundled as build.mjs bundles the main process)
 * on a fresh data folder, then `--posts` posts of `--size-mb` MB to POST /_sandbox/inbox/{name},
 * spread over `--inboxes` names. The server's RSS is read from /proc/<pid>/status (VmRSS every
 * 50 ms, VmHWM at the end); the peak is judged against `--limit-mb`: exit 1 above it. A bench,
 * not a test: it takes a while and needs Linux's /proc. Not run in CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCoreBundle } from './build.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const TOKEN = 'soak-inbox-token';
const MB = 1_000_000;

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    'size-mb': { type: 'string', default: '5' },
    inboxes: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '4' },
    'limit-mb': { type: 'string', default: '300' },
  },
});
const posts = Number(values.posts);
const size = Math.round(Number(values['size-mb']) * MB);
const inboxCount = Number(values.inboxes);
const concurrency = Number(values.concurrency);
const limitMb = Number(values['limit-mb']);

/** VmRSS and VmHWM of a process, in MB (of 10^6 bytes). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: (kb('VmRSS') * 1024) / MB, hwm: (kb('VmHWM') * 1024) / MB };
}

/** Starts the bundled probe; answers its process and URL once it listens. */
function startServer(entry: string, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((done, fail) => {
    // XDG_CONFIG_HOME: nothing of the user's own settings is read.
    const child = spawn(process.execPath, [entry, '--data', dataDir, '--port', '0', '--admin-token', TOKEN], {
      cwd: ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) done({ child, url: (JSON.parse(line) as { url: string }).url });
    });
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before it listened: ${output}`)));
  });
}

/** One post of `body` through node:http; answers the status. */
function post(url: string, body: Buffer): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } });
    req.on('error', fail);
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode!));
    });
    req.end(body);
  });
}

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'erpwb-soak-inbox-'));
  // Under dist/ so the bundle resolves its packages from the checkout's node_modules.
  const bundleDir = join(ROOT, 'dist', `soak-inbox-${process.pid}`);
  let child: ChildProcess | undefined;
  try {
    await buildCoreBundle('start-probe', join(ROOT, 'scripts/start-probe.ts'), bundleDir, `node${process.versions.node.split('.')[0]}`);
    const server = await startServer(join(bundleDir, 'start-probe.js'), join(work, 'data'));
    child = server.child;
    const pid = child.pid!;
    const settings = await fetch(`${server.url}/_sandbox/settings`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const budgetMb = ((await settings.json()) as { data: { inbox_budget_mb: number } }).data.inbox_budget_mb;
    const baseline = memoryOf(pid);
    console.log(`server pid ${pid} at ${server.url}; RSS at start ${baseline.rss.toFixed(0)} MB; inbox_budget_mb ${budgetMb}`);
    console.log(`posting ${posts} x ${(size / MB).toFixed(1)} MB over ${inboxCount} inboxes, ${concurrency} at a time...`);

    let peak = baseline.rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, 50);
    // A JSON body: a parse would be kept if the whole body were.
    const body = Buffer.from(JSON.stringify({ notification_type: 'status', pad: 'x'.repeat(size - 40) }).padEnd(size, ' '));
    const started = performance.now();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < posts) {
          const i = next++;
          const status = await post(`${server.url}/_sandbox/inbox/soak-${i % inboxCount}`, body);
          if (status !== 200) failed++;
          if ((i + 1) % 100 === 0) console.log(`  ${i + 1} posts, RSS ${memoryOf(pid).rss.toFixed(0)} MB`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const end = memoryOf(pid);
    peak = Math.max(peak, end.rss);
    const inboxes = await fetch(`${server.url}/_sandbox/inbox`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const states = ((await inboxes.json()) as { data: { name: string; kept_count: number; kept_bytes: number; received_count: number }[] }).data;
    const soak = states.filter((s) => s.name.startsWith('soak-'));
    const sum = (pick: (s: (typeof states)[number]) => number) => states.reduce((total, s) => total + pick(s), 0);

    console.log(`${posts} posts in ${seconds.toFixed(1)} s (${((posts * size) / MB / seconds).toFixed(0)} MB/s), ${failed} not answered 200`);
    console.log(`inboxes: ${soak.length} soak inboxes, ${sum((s) => s.kept_count)} captures kept, ${(sum((s) => s.kept_bytes) / 2 ** 20).toFixed(1)} MiB counted of ${budgetMb} MiB`);
    console.log(
      `RSS: start ${baseline.rss.toFixed(0)} MB, end ${end.rss.toFixed(0)} MB, peak sampled ${peak.toFixed(0)} MB; VmHWM ${baseline.hwm.toFixed(0)} MB at start, ${end.hwm.toFixed(0)} MB at the end`,
    );
    // VmHWM also catches a peak between two samples, but it includes the start (the demo seed):
    // it counts only when it grew while posting.
    const highest = end.hwm > baseline.hwm ? Math.max(peak, end.hwm) : peak;
    const pass = highest <= limitMb && failed === 0;
    console.log(`${pass ? 'PASS' : 'FAIL'}: peak ${highest.toFixed(0)} MB ${highest <= limitMb ? '<=' : '>'} ${limitMb} MB${failed ? `; ${failed} posts failed` : ''}`);
    return pass ? 0 : 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(bundleDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
