// What npm start says when the database driver for Electron cannot be made: one message in the
// form of failure.ts for each case, with the fix for that case. `npm run serve` works meanwhile in
// every case: it loads node_modules' own build of better-sqlite3, for Node.
import { StartFailure, signalExitCode } from './failure.ts';
import type { ProbeResult } from './probe.ts';
import { HEADERS_MIRROR_VARIABLE, hostOf, PREBUILT_MIRROR_VARIABLE, prebuiltFileName, type DriverSources } from './driver-sources.ts';
import { BINDING_FILE, describeTarget, shown, type DriverTarget } from './driver-target.ts';
import { toolchainFix } from './driver-toolchain.ts';

type Refused = Exclude<ProbeResult, { ok: true }>;

const MIRRORS = `set ${PREBUILT_MIRROR_VARIABLE} (better-sqlite3's releases) or ${HEADERS_MIRROR_VARIABLE} (Electron's headers) to a mirror this machine can reach (docs/desktop.md, "Run from a clone")`;

/** The exact commands that put a prebuilt binary fetched elsewhere where npm start looks for it. */
export function byHandCommand(target: DriverTarget, sources: DriverSources): string {
  const dir = shown(target, target.dir);
  const mkdir = target.platform === 'win32' ? `mkdir ${dir}` : `mkdir -p ${dir}`;
  return `${mkdir} && tar -xzf ${prebuiltFileName(sources)} -C ${dir} --strip-components=2 build/Release/${BINDING_FILE}`;
}

function byHand(target: DriverTarget, sources: DriverSources): string {
  return `fetch ${sources.prebuiltUrl} on another machine and unpack it here: \`${byHandCommand(target, sources)}\``;
}

/** "github.com (its prebuilt binary): connection refused", "<url> answers HTTP 404". */
function probeText(url: string, result: Refused, role?: string): string {
  return result.kind === 'missing' ? `${url} answers HTTP ${result.status}` : `${hostOf(url)}${role ? ` (${role})` : ''}: ${result.reason}`;
}

/**
 * The hosts the build needs did not answer as needed (driver.ts probes them first): `prebuilt` is
 * undefined when npm_config_build_from_source skips it; `headers` is never ok here.
 */
export function unreachableFailure(target: DriverTarget, sources: DriverSources, prebuilt: Refused | undefined, headers: Refused): StartFailure {
  const what = `the database driver for ${describeTarget(target)} is not built yet`;
  if (headers.kind === 'missing') {
    return new StartFailure({
      what: `${what}, and Electron's headers, needed to compile it, are not there: ${probeText(sources.headersUrl, headers)}.`,
      fix: `Check ${HEADERS_MIRROR_VARIABLE} (the address of the folder holding the v<version>/ folders of Electron's headers), then run \`npm start\` again.`,
      serve: 'works',
    });
  }
  if (prebuilt?.kind === 'unreachable') {
    return new StartFailure({
      what: `${what}, and neither host it comes from can be reached: ${probeText(sources.prebuiltUrl, prebuilt, 'its prebuilt binary')}; ${probeText(sources.headersUrl, headers, "Electron's headers, to compile it")}.`,
      fix: `It is made once, at the first start (a download of a few MB, or a compile). Connect to the internet, or ${MIRRORS}, or ${byHand(target, sources)}; then run \`npm start\` again.`,
      serve: 'works',
    });
  }
  const noPrebuilt = prebuilt ? `there is no prebuilt binary for it (${probeText(sources.prebuiltUrl, prebuilt)})` : 'npm_config_build_from_source asks for a compile';
  return new StartFailure({
    what: `${what}: ${noPrebuilt}, and Electron's headers, needed to compile it, cannot be fetched from ${probeText(sources.headersUrl, headers)}.`,
    fix: `Connect to the internet, or set ${HEADERS_MIRROR_VARIABLE} to a mirror of Electron's headers this machine can reach (docs/desktop.md, "Run from a clone"), then run \`npm start\` again.`,
    serve: 'works',
  });
}

/** A compile is needed (no prebuilt binary can be had: `why`) and `missing` tools are not installed. */
export function toolchainFailure(target: DriverTarget, why: string, missing: string[]): StartFailure {
  return new StartFailure({
    what: `the database driver for ${describeTarget(target)} must be compiled (${why}), and this machine lacks ${missing.join(', ')}.`,
    fix: toolchainFix(target.platform),
    serve: 'works',
  });
}

/** @electron/rebuild failed; `log` is its output (kept in target.log). */
export function buildFailure(target: DriverTarget, sources: DriverSources, log: string, missing: string[]): StartFailure {
  const logFile = shown(target, target.log);
  if (missing.length > 0) return toolchainFailure(target, 'no prebuilt binary could be fetched', missing);
  if (/response downloading .*headers|status code downloading checksum|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|fetch failed|network connectivity/i.test(log)) {
    return new StartFailure({
      what: `getting the database driver for ${describeTarget(target)} failed: no prebuilt binary could be fetched, and Electron's headers could not be downloaded from ${hostOf(sources.headersUrl)} (the details: ${logFile}); nothing was installed.`,
      fix: `Run \`npm start\` again; if it fails the same way, connect to the internet or ${MIRRORS}.`,
      serve: 'works',
    });
  }
  return new StartFailure({
    what: `compiling the database driver for ${describeTarget(target)} failed (node-gyp's output: ${logFile}); nothing was installed.`,
    fix: `The errors are at the end of that file. The compile needs Python 3 and a C++ toolchain (docs/desktop.md, "Run from a clone"); or ${byHand(target, sources)}; then run \`npm start\` again.`,
    serve: 'works',
  });
}

/** The build ended, and what it made would not load in Electron (scripts/native-abi.mjs said why). */
export function refusedFailure(target: DriverTarget, reason: string): StartFailure {
  return new StartFailure({
    what: `the database driver built for ${describeTarget(target)} would not load in it: ${reason}; nothing was installed.`,
    fix: `Check ${PREBUILT_MIRROR_VARIABLE} and ${HEADERS_MIRROR_VARIABLE}: they must serve better-sqlite3's builds for Electron and Electron's own headers. Then run \`npm start\` again (the build's output: ${shown(target, target.log)}).`,
    serve: 'works',
  });
}

/** The user interrupted the build (Ctrl+C, SIGTERM). */
export function interruptedFailure(target: DriverTarget, signal: NodeJS.Signals): StartFailure {
  return new StartFailure(
    { what: `interrupted while building the database driver for ${describeTarget(target)}; nothing was installed.`, fix: 'Run `npm start` again to build it.', serve: 'works' },
    signalExitCode(signal),
  );
}

/** node-abi knows no ABI for this Electron: nothing can be built or checked for it. */
export function unknownAbiFailure(error: unknown): StartFailure {
  return new StartFailure({
    what: `which module ABI Electron loads is unknown here (${error instanceof Error ? error.message : String(error)}).`,
    fix: 'Run `npm install` (node-abi, which knows the ABI of each Electron release, may be older than electron), then `npm start` again.',
    serve: 'works',
  });
}
