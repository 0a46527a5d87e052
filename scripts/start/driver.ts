// The database driver for the Electron `npm start` runs: better-sqlite3 12 is built against Node's
// own C++ API, so the build in node_modules (for the Node that ran `npm install`; the CLI, the tests
// and the image load it) cannot load in Electron. The first start builds one for Electron into
// .electron-native/ (driver-target.ts), after a probe of the hosts the build needs and a look for
// the tools a compile needs, so that what cannot be done stops within seconds with one message;
// later starts find it there, check it and pass its path to Electron (ERP_WORKBENCH_SQLITE_BINDING,
// which the core gives better-sqlite3 as its nativeBinding).
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { sep } from 'node:path';
import { checkNativeModule } from '../native-abi.mjs';
import { buildDriver } from './driver-build.ts';
import { buildFailure, interruptedFailure, refusedFailure, toolchainFailure, unknownAbiFailure, unreachableFailure } from './driver-messages.ts';
import { driverSources, hostOf, proxyConfigured, type DriverSources } from './driver-sources.ts';
import { describeTarget, driverTarget, findBinding, shown, UnknownElectronAbi, type DriverTarget } from './driver-target.ts';
import { missingTools, missingToolsInLog } from './driver-toolchain.ts';
import { probeUrl, type ProbeResult } from './probe.ts';
import { formatElapsed } from './progress.ts';

export interface DriverOptions {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  arch: string;
  /** Aborted when the user interrupts (main.ts: SIGINT, SIGTERM); its reason is the signal's name. */
  signal: AbortSignal;
  /** How long each host has to answer the probe. */
  probeTimeoutMs: number;
  /** Where the progress is written (stderr). */
  stream: NodeJS.WriteStream;
  /** The command whose progress this is, at the start of each line (npm start; npm run dist reuses the step). */
  command?: string;
}

/** Resolves with the path of a binding built for the Electron of `root`, building it the first time. Throws a StartFailure when it cannot. */
export async function ensureDriver(root: string, options: DriverOptions): Promise<string> {
  let target: DriverTarget;
  try {
    target = driverTarget(root, options.platform, options.arch, options.env);
  } catch (error) {
    if (error instanceof UnknownElectronAbi) throw unknownAbiFailure(error.cause);
    throw error;
  }
  const found = findBinding(target);
  if (found.kind === 'ready') return target.binding;
  const { stream, signal } = options;
  const command = options.command ?? 'npm start';
  if (found.kind === 'untrusted') {
    // Never passed to Electron, which would refuse it with a stack trace: built again instead.
    stream.write(`${command}: ${found.reason.split(`${root}${sep}`).join('')}: building the database driver for Electron again.\n`);
    rmSync(target.binding, { force: true });
  }

  const sources = driverSources(target, options.env);
  let buildFromSource: boolean;
  try {
    buildFromSource = await plan(target, sources, options);
  } catch (error) {
    if (signal.aborted) throw interruptedFailure(target, signalName(signal));
    throw error;
  }
  stream.write(`${command}: building the database driver for ${describeTarget(target)} into ${shown(target, target.dir)} (once: later starts find it there).\n`);
  const outcome = await buildDriver(target, {
    env: options.env,
    buildFromSource,
    headersBase: sources.headersBase,
    prebuiltUrl: sources.prebuiltUrl,
    signal,
    stream,
  });
  if (!outcome.ok) {
    if (outcome.interrupted) throw interruptedFailure(target, signalName(signal));
    const log = readFileSync(target.log, 'utf8');
    throw buildFailure(target, sources, log, missingToolsInLog(log));
  }
  try {
    // The result is judged as a binding found there is: by the ABI it was built for.
    const check = checkNativeModule(outcome.binding, target.electron);
    if (!check.ok) throw refusedFailure(target, check.reason.split(outcome.binding).join('the file'));
    mkdirSync(target.dir, { recursive: true });
    // Same file system (the scratch folder is under .electron-native/): a rename, so the binding
    // appears whole or not at all.
    renameSync(outcome.binding, target.binding);
  } finally {
    rmSync(outcome.scratch, { recursive: true, force: true });
  }
  rmSync(target.log, { force: true });
  const how = outcome.how === 'compiled' ? 'compiled here' : 'a prebuilt binary';
  stream.write(`${command}: the database driver for Electron ${target.electron.version} is ready (${how}, ${formatElapsed(outcome.ms)}).\n`);
  return target.binding;
}

function signalName(signal: AbortSignal): NodeJS.Signals {
  return typeof signal.reason === 'string' ? (signal.reason as NodeJS.Signals) : 'SIGINT';
}

type Refused = Exclude<ProbeResult, { ok: true }>;

/**
 * Before anything is downloaded: which way the build can go, decided by a probe of the hosts
 * (prebuilt binary, Electron's headers, side by side) and, when it must compile, a look for the
 * tools. Resolves with whether to skip the prebuilt binary; throws a StartFailure when neither way
 * can work. Behind a proxy the probe (Node's fetch, which ignores proxy variables) would be wrong:
 * the tools, which honour them, are left to try.
 */
async function plan(target: DriverTarget, sources: DriverSources, options: DriverOptions): Promise<boolean> {
  const { env, probeTimeoutMs, signal } = options;
  let why = 'npm_config_build_from_source asks for it';
  if (!proxyConfigured(env)) {
    // The headers' probe is dropped as soon as a prebuilt binary is known to be there.
    const headersAbort = new AbortController();
    const headersProbe = probeUrl(sources.headersUrl, probeTimeoutMs, AbortSignal.any([signal, headersAbort.signal]));
    headersProbe.catch(() => undefined);
    const prebuilt = sources.fromSource ? undefined : await probeUrl(sources.prebuiltUrl, probeTimeoutMs, signal);
    if (prebuilt?.ok) {
      headersAbort.abort();
      return false;
    }
    const headers = await headersProbe;
    if (!headers.ok) throw unreachableFailure(target, sources, prebuilt, headers);
    if (prebuilt) why = noPrebuilt(sources, prebuilt);
  } else if (!sources.fromSource) {
    return false;
  }
  const missing = missingTools(target.platform, env);
  if (missing.length > 0) throw toolchainFailure(target, why, missing);
  return true;
}

function noPrebuilt(sources: DriverSources, prebuilt: Refused): string {
  return prebuilt.kind === 'missing'
    ? `there is no prebuilt binary for it: ${sources.prebuiltUrl} answers HTTP ${prebuilt.status}`
    : `its prebuilt binary's host ${hostOf(sources.prebuiltUrl)} cannot be reached: ${prebuilt.reason}`;
}
