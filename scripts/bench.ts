/**
 * npm run bench -- [--scale 1000] [--duration 10] [--connections 10] [--data DIR]
 *
 * Seeds (or reuses) a demo database at --scale, starts the headless service and, in the same
 * run, a bare node:http server answering a pre-serialized page of the same size (the ceiling
 * of this machine). Measures each with autocannon and prints requests/s, p50 and p99 and the
 * ratio to the ceiling; writes the same as JSON under bench-results/ (git-ignored).
 * Then webhook deliveries per second against a bare node:http client (scripts/bench-webhooks.ts).
 * Only ratios within one run are meaningful: timings vary between machines and runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchWebhooks } from './bench-webhooks.ts';

const ROOT = resolve(import.meta.dirname, '..');
const TOKEN = 'bench-admin-token';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    data: { type: 'string' },
  },
});
const scale = Number(values.scale);
const duration = Number(values.duration);
const connections = Number(values.connections);
if (![scale, duration, connections].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--scale, --duration and --connections take positive whole numbers');
  process.exit(2);
}
// A database per scale is kept between runs: seeding scale 1000 takes a minute or two.
const dataDir = values.data ?? join(ROOT, 'bench-results', `data-scale-${scale}`);

function start(command: string, args: string[], ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) resolvePromise({ child, match });
    });
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`)));
  });
}

interface Measure {
  name: string;
  url: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  non2xx: number;
  errors: number;
  ratio_to_ceiling?: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measure> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    name,
    url,
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  console.log(`service: scale ${scale}, data in ${dataDir} (seeded on first use)`);
  const service = await start(
    join(ROOT, 'node_modules/.bin/tsx'),
    ['electron/cli/serve.ts', '--data', dataDir, '--port', '0', '--scale', String(scale), '--admin-token', TOKEN],
    /Control API: (http:\/\/[^/]+)\/_sandbox\//,
  );
  const base = service.match[1]!;
  const children: ChildProcess[] = [service.child];
  try {
    const created = await fetch(`${base}/_sandbox/accounts/1/api-users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench-${Date.now()}` }),
    });
    const user = ((await created.json()) as { data: { username: string; password: string } }).data;
    const auth = { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` };
    const rest = `${base}/app/rest/v1/1`;

    // The ceiling answers the bytes of a real first page.
    const page1 = Buffer.from(await (await fetch(`${rest}/sales/list/`, { headers: auth })).arrayBuffer());
    const payloadFile = join(ROOT, 'bench-results', 'ceiling-payload.json');
    writeFileSync(payloadFile, page1);
    const ceiling = await start(process.execPath, [join(ROOT, 'scripts/bench-ceiling.mjs'), payloadFile], /listening (\d+)/);
    children.push(ceiling.child);

    // A deep page: the middle of the list, walked once so its start is known, as a client walking would.
    const deepPage = Math.max(2, Math.floor((300 * scale) / 100 / 2));
    const recent = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const targets: Array<[string, string]> = [
      ['sales page 1', `${rest}/sales/list/`],
      [`sales page ${deepPage}`, `${rest}/sales/list/page:${deepPage}/`],
      ['sales filtered (modifiedafter + skipcancelled)', `${rest}/sales/list/modifiedafter:${recent}%2000:00:00/skipcancelled:1/`],
      ['products json page 1', `${rest}/product/list/`],
      ['products csv page 1', `${rest}/product/list/format:csv/page:1/`],
    ];
    const row = (r: Measure) =>
      console.log(
        `${r.name.padEnd(50)} ${String(r.requests_per_s).padStart(8)} ${String(r.p50_ms).padStart(7)} ${String(r.p99_ms).padStart(7)} ${String(r.ratio_to_ceiling ?? 1).padStart(6)}` +
          (r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''),
      );
    console.log(`\n${'target'.padEnd(50)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(6)}`);
    const results: Measure[] = [];
    const ceilingResult = await measure('ceiling (node:http, same bytes)', `http://127.0.0.1:${ceiling.match[1]}/`);
    results.push(ceilingResult);
    row(ceilingResult);
    for (const [name, url] of targets) {
      const warm = await fetch(url, { headers: auth });
      if (warm.status !== 200) throw new Error(`${name}: ${url} answered ${warm.status}: ${(await warm.text()).slice(0, 300)}`);
      await warm.arrayBuffer();
      const result = await measure(name, url, auth);
      result.ratio_to_ceiling = Math.round((result.requests_per_s / ceilingResult.requests_per_s) * 100) / 100;
      results.push(result);
      row(result);
    }
    // Webhook delivery against a bare node:http client, in the same run (scripts/bench-webhooks.ts).
    const webhooks = await benchWebhooks(10_000);
    const file = join(ROOT, 'bench-results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify({ scale, duration_s: duration, connections, results, webhooks }, null, 2));
    console.log(`\nwritten to ${file}`);
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      ),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
