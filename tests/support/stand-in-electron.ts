// What the tests of `npm start` put where Electron would be: a stand-in Electron (a shell script
// that records how it was started and exits with a chosen code), the zip a mirror would serve it
// in, a mirror on 127.0.0.1 serving that zip, and an environment in which npm start can reach
// nothing but these. No Electron binary can be downloaded on CI machines, and none is needed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { dirname, join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { platformPath } from '../../scripts/start/electron-dist.ts';
import { listenOnLoopback } from './loopback-listen.ts';

/** The executable's path inside an Electron folder on this platform (install.js's path.txt). */
export const EXECUTABLE = platformPath(process.platform);

/**
 * A POSIX shell script standing in for Electron: writes its working folder and its arguments, one
 * a line, to `record`, its environment to `record`.env, and exits with `exitCode`. With
 * `waitForTerm`, it first waits (up to 60 s) for a SIGTERM, writes TERM to the record and exits
 * with `exitCode` then.
 */
export function standInScript(record: string, exitCode: number, options: { waitForTerm?: boolean } = {}): string {
  const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
  const quoted = quote(record);
  const lines = ['#!/bin/sh', `{ pwd; for arg in "$@"; do printf '%s\\n' "$arg"; done; } > ${quoted}`, `env > ${quote(`${record}.env`)}`];
  if (options.waitForTerm) {
    // The sleep is killed too: it would hold the test's pipes open for its 60 s.
    lines.push('sleep 60 & sleeper=$!', `trap 'kill $sleeper; echo TERM >> ${quoted}; exit ${exitCode}' TERM`, `echo started >> ${quoted}`, 'wait $sleeper', 'exit 99');
  } else {
    lines.push(`exit ${exitCode}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the stand-in as the executable of an Electron folder `dir`; returns the executable's path. */
export function writeStandIn(dir: string, record: string, exitCode: number, options: { waitForTerm?: boolean } = {}): string {
  const executable = join(dir, EXECUTABLE);
  mkdirSync(dirname(executable), { recursive: true });
  writeFileSync(executable, standInScript(record, exitCode, options));
  chmodSync(executable, 0o755);
  return executable;
}

/** How the stand-in was started: its working folder, its arguments and its environment (one-line values). */
export function readRecord(record: string): { cwd: string; args: string[]; lines: string[]; env: Record<string, string> } {
  const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
  const env: Record<string, string> = {};
  if (existsSync(`${record}.env`)) {
    for (const line of readFileSync(`${record}.env`, 'utf8').split('\n')) {
      const equals = line.indexOf('=');
      if (equals > 0) env[line.slice(0, equals)] = line.slice(equals + 1);
    }
  }
  return { cwd: lines[0] ?? '', args: lines.slice(1), lines, env };
}

/** An Electron release zip as a mirror serves it, with the stand-in as its executable (mode 755). */
export function standInZip(version: string, record: string, exitCode: number): Buffer {
  const unixFile = (mode: number) => ({ os: 3, attrs: ((0o100000 | mode) << 16) >>> 0 });
  return Buffer.from(
    zipSync({
      [EXECUTABLE]: [strToU8(standInScript(record, exitCode)), unixFile(0o755)],
      version: [strToU8(version), unixFile(0o644)],
      'resources/default_app.asar': [strToU8('stand-in'), unixFile(0o644)],
    }),
  );
}

/** The file name @electron/get asks a mirror for. */
export function zipName(version: string): string {
  return `electron-v${version}-${process.platform}-${process.arch}.zip`;
}

/**
 * How the mirror answers the zip: in full; with the promised length but half the bytes, then a
 * closed connection; or with half the bytes and then nothing (a stalled download).
 */
export type MirrorMode = 'serve' | 'truncate' | 'stall';

export interface Mirror {
  /** For ELECTRON_MIRROR: http://127.0.0.1:<port>/ */
  url: string;
  /** Each request as "METHOD /path". */
  requests: string[];
  mode: MirrorMode;
  /** Called when a GET of the zip has sent its first half. */
  onHalfSent?: () => void;
  close(): Promise<void>;
}

/** A mirror on 127.0.0.1 holding `zip` as Electron `version` for this platform, and its SHASUMS256.txt. */
export async function startMirror(version: string, zip: Buffer): Promise<Mirror> {
  const folder = `/v${version}/`;
  const shasums = `${createHash('sha256').update(zip).digest('hex')} *${zipName(version)}\n`;
  const server: Server = createServer((request, response) => {
    mirror.requests.push(`${request.method} ${request.url}`);
    if (request.url === `${folder}SHASUMS256.txt`) {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(shasums) });
      response.end(shasums);
      return;
    }
    if (request.url !== `${folder}${zipName(version)}`) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/zip', 'content-length': zip.length });
    if (request.method === 'HEAD' || mirror.mode === 'serve') {
      response.end(request.method === 'HEAD' ? undefined : zip);
      return;
    }
    response.write(zip.subarray(0, zip.length >> 1), () => {
      mirror.onHalfSent?.();
      if (mirror.mode === 'truncate') setTimeout(() => request.socket.destroy(), 50);
    });
  });
  const { port, close } = await listenOnLoopback(server);
  const mirror: Mirror = {
    url: `http://127.0.0.1:${port}/`,
    requests: [],
    mode: 'serve',
    close,
  };
  return mirror;
}

/** A port on 127.0.0.1 nothing listens on (bound, read, closed again). */
export async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Where the database driver's hosts point unless a test says otherwise: a port nothing serves (discard). */
const NOWHERE = 'http://127.0.0.1:9';

/**
 * This environment without anything that could send npm start elsewhere than `settings` say:
 * Electron's and @electron/get's variables (ELECTRON_*, electron_*, force_no_cache, their npm
 * config forms), electron-rebuild's and prebuild-install's for the database driver
 * (ELECTRON_REBUILD_DIST_URL, npm_config_better_sqlite3_*, npm_config_download,
 * npm_config_build_from_source: both driver hosts on a loopback port nothing serves unless
 * `settings` name others), proxies, the driver's path, and the npm config files of this machine (a
 * user's .npmrc may name an electron_mirror, which npm would pass on as npm_config_electron_mirror,
 * ahead of ELECTRON_MIRROR): empty ones in `configDir` instead.
 */
export function hermeticEnv(settings: Record<string, string>, configDir: string): NodeJS.ProcessEnv {
  // Two files: npm refuses one file loaded as both the user's and the global config.
  const [userconfig, globalconfig] = ['user-npmrc', 'global-npmrc'].map((name) => join(configDir, name));
  for (const file of [userconfig!, globalconfig!]) if (!existsSync(file)) writeFileSync(file, '');
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_config_|npm_package_config_)?electron|^force_no_cache$|^(https?|no|all)_proxy$|^NODE_USE_ENV_PROXY$/i.test(key)) continue;
    if (/^npm_config_(better_sqlite3_|download$|build_from_source$|proxy$|https_proxy$)|^ERP_WORKBENCH_SQLITE_BINDING$|^ERP_WORKBENCH_ELECTRON_NATIVE_DIR$/i.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    npm_config_userconfig: userconfig,
    npm_config_globalconfig: globalconfig,
    npm_config_better_sqlite3_binary_host_mirror: NOWHERE,
    ELECTRON_REBUILD_DIST_URL: NOWHERE,
    ...settings,
  };
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs `command` to its end, or kills it after `timeoutMs`. `onSpawn` gets the child (to signal it).
 */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number; onSpawn?: (child: import('node:child_process').ChildProcess) => void },
): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
    options.onSpawn?.(child);
  });
}
