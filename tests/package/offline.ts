import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Runs a build so that nothing it does can reach past loopback, and shows that it did not try:
 * - in a network namespace of its own (`unshare --net --map-root-user`: no interface but a
 *   loopback that is down, so no address at all is reachable) where the kernel allows one;
 * - with loopback-guard.mjs preloaded into its Node processes, which records and refuses every
 *   connection outside loopback (the only proof where no namespace can be made);
 * - with the download mirrors electron-builder and @electron/get read pointed at a closed
 *   loopback port, and no proxy, so an accidental download fails at once instead of going out.
 */

const GUARD = join(import.meta.dirname, 'loopback-guard.mjs');
const CLOSED_PORT = 'http://127.0.0.1:9/';
const PROXY_VARIABLES = /^(https?_proxy|all_proxy|no_proxy|npm_config_(https?_)?proxy|global_agent_.*|electron_get_use_proxy)$/i;

/** Whether this machine lets an unprivileged process make a network namespace. */
export function networkNamespaceAvailable(): boolean {
  return process.platform === 'linux' && spawnSync('unshare', ['--net', '--map-root-user', 'true'], { stdio: 'ignore' }).status === 0;
}

export interface OfflineRun {
  code: number | null;
  output: string;
  /** Ran in a network namespace of its own. */
  namespace: boolean;
  /** The connections outside loopback the guard refused ("pid host:port"). */
  outbound: string[];
  /** The Node processes the guard was loaded into ("pid script"). */
  guarded: string[];
}

/** The environment of an offline run: no proxy, mirrors on a closed loopback port, the guard preloaded. */
export function offlineEnv(outboundLog: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!PROXY_VARIABLES.test(key)) env[key] = value;
  return {
    ...env,
    ELECTRON_MIRROR: CLOSED_PORT,
    ELECTRON_BUILDER_BINARIES_MIRROR: CLOSED_PORT,
    npm_config_electron_mirror: CLOSED_PORT,
    npm_config_electron_builder_binaries_mirror: CLOSED_PORT,
    NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import=${GUARD}`.trim(),
    ERPWB_OUTBOUND_LOG: outboundLog,
  };
}

/** Runs `command` offline (see above) in `cwd`; resolves when it exits, whatever its status. */
export function runOffline(command: string, args: string[], options: { cwd: string; outboundLog: string; timeoutMs: number; env?: NodeJS.ProcessEnv }): Promise<OfflineRun> {
  const namespace = networkNamespaceAvailable();
  const [file, argv] = namespace ? ['unshare', ['--net', '--map-root-user', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { cwd: options.cwd, env: { ...offlineEnv(options.outboundLog), ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
      resolve({ code, output, namespace, outbound: lines(options.outboundLog), guarded: lines(`${options.outboundLog}.guarded`) });
    });
  });
}
