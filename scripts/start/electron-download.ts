// The first start's download of the Electron runtime: through @electron/get and the zip extractor
// Electron's own install.js uses (resolved from node_modules/electron, so their versions are the
// ones it was released with), with its cache, mirror and checksum settings, and three additions:
// a probe of the host before anything is fetched, a visible progress, and an install that is
// all or nothing (extracted aside, moved in with the executable last: electron-dist.ts).
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as ElectronGet from '@electron/get';
import type * as ExtractZip from '@electron-internal/extract-zip';
import { commitStaging, stagingFolder, type ElectronDist } from './electron-dist.ts';
import { signalExitCode, StartFailure } from './failure.ts';
import { describeNetworkError, probeUrl, type ProbeResult } from './probe.ts';
import { downloadProgress } from './progress.ts';

export interface InstallOptions {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  arch: string;
  /** Aborted when the user interrupts (main.ts: SIGINT, SIGTERM); its reason is the signal's name. */
  signal: AbortSignal;
  /** How long the host has to answer the probe. */
  probeTimeoutMs: number;
  /** How long the download may go without a byte before it is given up. */
  stallTimeoutMs: number;
  /** Where the progress and the steps are written (stderr). */
  stream: NodeJS.WriteStream;
}

/** A module among Electron's own dependencies, as node_modules/electron/install.js would load it. */
async function fromElectron<T>(dist: ElectronDist, specifier: string): Promise<T> {
  const require = createRequire(join(dist.packageDir, 'package.json'));
  return (await import(pathToFileURL(require.resolve(specifier)).href)) as T;
}

/** The probe said no: thrown from inside @electron/get's download, turned into a message below. */
class ProbeRefused extends Error {
  constructor(
    readonly url: string,
    readonly result: Exclude<ProbeResult, { ok: true }>,
  ) {
    super(`probe of ${url} refused`);
  }
}

class Stalled extends Error {}

/**
 * @electron/get's downloader (FetchDownloader), preceded by the probe, with a progress of our own
 * (its own bar appears only after 30 s), the user's interruption and a stall timeout.
 */
class ProbingDownloader implements ElectronGet.Downloader<ElectronGet.FetchDownloaderOptions> {
  /** The last URL asked for, for the messages. */
  url: string | undefined;

  constructor(
    private readonly get: typeof ElectronGet,
    private readonly options: InstallOptions,
    private readonly label: string,
  ) {}

  async download(url: string, targetFilePath: string, downloaderOptions?: ElectronGet.FetchDownloaderOptions): Promise<void> {
    const { signal, probeTimeoutMs, stallTimeoutMs, stream } = this.options;
    this.url = url;
    const probe = await probeUrl(url, probeTimeoutMs, signal);
    if (!probe.ok) throw new ProbeRefused(url, probe);
    // SHASUMS256.txt (electron_use_remote_checksums) is a few kB: no lines, no progress for it.
    const isZip = url.endsWith('.zip');
    if (isZip) stream.write(`${this.label} from ${url}\n`);
    const stall = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const armStall = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stall.abort(new Stalled()), stallTimeoutMs);
    };
    const progress = isZip ? downloadProgress(this.label, stream) : undefined;
    armStall();
    try {
      await new this.get.FetchDownloader().download(url, targetFilePath, {
        ...downloaderOptions,
        quiet: true,
        signal: AbortSignal.any([signal, stall.signal]),
        getProgressCallback: async ({ transferred, total }) => {
          armStall();
          progress?.update(transferred, total);
        },
      });
    } catch (error) {
      if (stall.signal.aborted && !signal.aborted) throw new Stalled();
      throw error;
    } finally {
      clearTimeout(timer);
      progress?.stop();
    }
  }
}

/**
 * Downloads (or takes from Electron's download cache) the runtime of `dist.version` for this
 * platform and installs it into `dist.dir`. Throws a StartFailure saying what went wrong.
 */
export async function installElectron(dist: ElectronDist, options: InstallOptions): Promise<void> {
  const { env, platform, arch, signal, stream } = options;
  const target = `Electron ${dist.version} (${platform}-${arch})`;
  let get: typeof ElectronGet;
  let extract: typeof ExtractZip.extract;
  try {
    get = await fromElectron<typeof ElectronGet>(dist, '@electron/get');
    ({ extract } = await fromElectron<typeof ExtractZip>(dist, '@electron-internal/extract-zip'));
  } catch (error) {
    throw new StartFailure({
      what: `Electron's downloader cannot be loaded from ${dist.packageDir} (${error instanceof Error ? error.message : String(error)})`,
      fix: 'Run `npm ci` to reinstall the dependencies, then `npm start` again.',
      serve: 'works',
    });
  }
  const downloader = new ProbingDownloader(get, options, `Downloading ${target}`);
  const remoteChecksums = Boolean(env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums);
  let zip: string;
  try {
    // The same request as node_modules/electron/install.js: its cache (electron_config_cache),
    // its checksums (the package's checksums.json, unless remote ones are asked for), and the
    // mirror settings @electron/get reads itself (ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, .npmrc).
    zip = await get.downloadArtifact({
      version: dist.version,
      artifactName: 'electron',
      platform,
      arch,
      cacheRoot: env.electron_config_cache,
      cacheMode: env.force_no_cache === 'true' ? get.ElectronDownloadCacheMode.WriteOnly : get.ElectronDownloadCacheMode.ReadWrite,
      ...(!remoteChecksums && { checksums: createRequire(join(dist.packageDir, 'package.json'))('./checksums.json') as Record<string, string> }),
      downloader,
    });
  } catch (error) {
    throw downloadFailure(error, { target, dist, signal, url: downloader.url, stallTimeoutMs: options.stallTimeoutMs });
  }

  const staging = stagingFolder(dist);
  try {
    stream.write(`Unpacking ${target} into ${dist.dir}\n`);
    await extract(zip, { dir: staging });
    if (signal.aborted) throw signal.reason;
    commitStaging(staging, dist);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (signal.aborted) throw interrupted(signal, target);
    throw new StartFailure({
      what: `unpacking ${target} into ${dist.dir} failed: ${error instanceof Error ? error.message : String(error)}`,
      fix: 'Check that the folder is writable and the disk has room (about 300 MB), then run `npm start` again.',
      serve: 'works',
    });
  }
}

function interrupted(signal: AbortSignal, target: string): StartFailure {
  const name = typeof signal.reason === 'string' ? (signal.reason as NodeJS.Signals) : 'SIGINT';
  return new StartFailure(
    { what: `interrupted while getting ${target}; nothing was installed.`, fix: 'Run `npm start` again to get it.', serve: 'works' },
    signalExitCode(name),
  );
}

/** What went wrong in @electron/get's download, as a message. */
export function downloadFailure(
  error: unknown,
  context: { target: string; dist: ElectronDist; signal: AbortSignal; url: string | undefined; stallTimeoutMs: number },
): StartFailure {
  const { target, dist, signal, url, stallTimeoutMs } = context;
  if (signal.aborted) return interrupted(signal, target);
  const host = url ? new URL(url).host : 'its download host';
  const mirrorFix =
    'It is downloaded once, at the first start (over 100 MB). Connect to the internet, or set ELECTRON_MIRROR to a mirror this machine can reach (docs/desktop.md, "Run from a clone"), then run `npm start` again.';
  if (error instanceof ProbeRefused) {
    if (error.result.kind === 'missing') {
      return new StartFailure({
        what: `the download host has no ${target}: ${error.url} answers HTTP ${error.result.status}.`,
        fix: 'Check ELECTRON_MIRROR (the address of the folder holding the v<version> folders, ending with a slash) and ELECTRON_CUSTOM_DIR, then run `npm start` again.',
        serve: 'works',
      });
    }
    return new StartFailure({
      what: `the desktop runtime, ${target}, is not ${dist.overridden ? `in ${dist.dir} (ELECTRON_OVERRIDE_DIST_PATH)` : 'on this machine'} yet, and its download host ${host} cannot be reached: ${error.result.reason}.`,
      fix: mirrorFix,
      serve: 'works',
    });
  }
  if (error instanceof Stalled) {
    return new StartFailure({
      what: `the download of ${target} from ${host} stopped: no data for ${Math.round(stallTimeoutMs / 1000)} s; nothing was installed.`,
      fix: 'Run `npm start` again; if it keeps stopping, set ELECTRON_MIRROR to a closer mirror (docs/desktop.md).',
      serve: 'works',
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/checksum/i.test(message)) {
    return new StartFailure({
      what: `the downloaded ${target} does not match the checksum Electron published (${message}); nothing was installed.`,
      fix: 'Run `npm start` again; with ELECTRON_MIRROR set, check that the mirror serves Electron\'s own files.',
      serve: 'works',
    });
  }
  const reason = error instanceof Error && error.name === 'HTTPError' ? message : describeNetworkError(error);
  return new StartFailure({ what: `the download of ${target} from ${host} failed: ${reason}; nothing was installed.`, fix: mirrorFix, serve: 'works' });
}
