// What the tests of the database driver's step of `npm start` put where the internet would be:
// bindings that say which ABI they were built for (scripts/native-abi.mjs reads the
// `node_register_module_v<ABI>` symbol; nothing loads them), better-sqlite3's prebuilt tarball as
// its GitHub release holds it, and a file server on 127.0.0.1 standing in for the release host and
// the headers host, recording what it was asked.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { driverTarget, type DriverTarget } from '../../scripts/start/driver-target.ts';
import { listenOnLoopback } from './loopback-listen.ts';
import { abiBinaryBytes } from './native-binaries.ts';

/** The bytes of a `.node` file built against Node's C++ API for `abi` (native-binaries.ts). */
export const abiBinary = abiBinaryBytes;

/** The target npm start builds in `root` on this machine. */
export function targetOf(root: string): DriverTarget {
  return driverTarget(root, process.platform, process.arch);
}

/** Puts a binding built for `abi` where npm start looks for the Electron build in `root`; returns its path. */
export function seedBinding(root: string, abi: number): string {
  const { binding } = targetOf(root);
  mkdirSync(dirname(binding), { recursive: true });
  writeFileSync(binding, abiBinary(abi));
  return binding;
}

/** better-sqlite3's prebuilt tarball for Electron as prebuild-install unpacks it: build/Release/better_sqlite3.node, here built for `abi`. */
export function prebuiltTarball(abi: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-prebuilt-'));
  try {
    mkdirSync(join(dir, 'build/Release'), { recursive: true });
    writeFileSync(join(dir, 'build/Release/better_sqlite3.node'), abiBinary(abi));
    const tar = spawnSync('tar', ['-czf', 'prebuilt.tar.gz', 'build'], { cwd: dir });
    if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr.toString()}`);
    return readFileSync(join(dir, 'prebuilt.tar.gz'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The paths on a mirror (npm_config_better_sqlite3_binary_host_mirror, ELECTRON_REBUILD_DIST_URL) of
 * what `root`'s build asks for: prebuild-install's and node-gyp's layouts, written out here so the
 * tests state them rather than take them from the code under test.
 */
export function mirrorPaths(root: string): { prebuilt: string; headers: string; shasums: string } {
  const { version, electron, platform, arch } = targetOf(root);
  return {
    prebuilt: `/v${version}/better-sqlite3-v${version}-electron-v${electron.abi}-${platform}-${arch}.tar.gz`,
    headers: `/v${electron.version}/node-v${electron.version}-headers.tar.gz`,
    shasums: `/v${electron.version}/SHASUMS256.txt`,
  };
}

export interface FileServer {
  /** http://127.0.0.1:<port> (no trailing slash: prebuild-install appends /v<version>/...). */
  url: string;
  /** Each request as "METHOD /path". */
  requests: string[];
  /** Path -> body; a GET of a path in `stall` gets half of it and then nothing. */
  files: Map<string, Buffer>;
  stall: Set<string>;
  /** Called when a stalled GET has sent its half. */
  onStalled?: () => void;
  close(): Promise<void>;
}

/** A file server on 127.0.0.1 for `files`; 404 for anything else. */
export async function startFileServer(files: Record<string, Buffer> = {}): Promise<FileServer> {
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '';
    served.requests.push(`${request.method} ${path}`);
    const body = served.files.get(path);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    if (request.method === 'HEAD') response.end();
    else if (served.stall.has(path)) response.write(body.subarray(0, body.length >> 1), () => served.onStalled?.());
    else response.end(body);
  });
  const { port, close } = await listenOnLoopback(server);
  const served: FileServer = {
    url: `http://127.0.0.1:${port}`,
    requests: [],
    files: new Map(Object.entries(files)),
    stall: new Set(),
    close,
  };
  return served;
}
