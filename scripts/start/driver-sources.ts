// Where the Electron build of the database driver comes from, as the tools that fetch it compute
// it, so the probe asks the very addresses they will: better-sqlite3's prebuilt binary for
// Electron (prebuild-install, run by @electron/rebuild: GitHub's release of better-sqlite3, or the
// mirror in npm_config_better_sqlite3_binary_host_mirror) and, to compile it when there is none,
// Electron's headers (node-gyp, run by @electron/rebuild with --dist-url: www.electronjs.org, or
// ELECTRON_REBUILD_DIST_URL, the variable electron-rebuild's own command reads).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { DriverTarget } from './driver-target.ts';

/** @electron/rebuild's default headerURL (RebuildOptions.headerURL). */
export const DEFAULT_HEADERS_URL = 'https://www.electronjs.org/headers';

/** The variable naming a mirror of Electron's headers (electron-rebuild's CLI reads it too). */
export const HEADERS_MIRROR_VARIABLE = 'ELECTRON_REBUILD_DIST_URL';

/** prebuild-install's mirror variable for better-sqlite3's binaries (util.js, getHostMirrorUrl). */
export const PREBUILT_MIRROR_VARIABLE = 'npm_config_better_sqlite3_binary_host_mirror';

/** The part of prebuild-install's util.js used here (it has no type declarations). */
interface PrebuildUtil {
  getDownloadUrl(opts: {
    pkg: Record<string, unknown>;
    runtime: string;
    abi: string;
    platform: string;
    arch: string;
    libc: string;
    'tag-prefix': string;
    download?: string | undefined;
  }): string;
}

export interface DriverSources {
  /** The prebuilt binary prebuild-install would download for this Electron. */
  prebuiltUrl: string;
  /** Where node-gyp gets Electron's headers from (its --dist-url). */
  headersBase: string;
  /** The headers tarball node-gyp downloads first (process-release.js: <dist-url>/v<version>/node-v<version>-headers.tar.gz). */
  headersUrl: string;
  /** npm_config_build_from_source asks for a compile: prebuild-install then downloads nothing. */
  fromSource: boolean;
}

/**
 * The addresses for `target` under `env`. The prebuilt binary's address is computed by
 * prebuild-install's own util.js (the one better-sqlite3 depends on), which reads its mirror
 * variables (npm_config_better_sqlite3_binary_host[_mirror]) from process.env, as it will when it
 * runs: npm start's environment is process.env.
 */
export function driverSources(target: DriverTarget, env: NodeJS.ProcessEnv): DriverSources {
  const requireFromPackage = createRequire(join(target.packageDir, 'package.json'));
  const util = requireFromPackage('prebuild-install/util') as PrebuildUtil;
  const pkg = requireFromPackage('./package.json') as Record<string, unknown>;
  const prebuiltUrl = util.getDownloadUrl({
    pkg,
    runtime: 'electron',
    abi: String(target.electron.abi),
    platform: target.platform,
    arch: target.arch,
    // Electron's Linux builds are glibc ones: prebuild-install's tag is empty for glibc.
    libc: '',
    'tag-prefix': 'v',
    download: env.npm_config_download,
  });
  const headersBase = env[HEADERS_MIRROR_VARIABLE] || DEFAULT_HEADERS_URL;
  const version = target.electron.version;
  const headersUrl = `${headersBase.replace(/\/+$/, '')}/v${version}/node-v${version}-headers.tar.gz`;
  const fromSource = env.npm_config_build_from_source === 'true' || env.npm_config_build_from_source === 'better-sqlite3';
  return { prebuiltUrl, headersBase, headersUrl, fromSource };
}

/**
 * Whether downloads go through a proxy: prebuild-install and node-gyp honour these variables, the
 * probe (Node's fetch) does not, so its "unreachable" would be wrong there and it is skipped.
 */
export function proxyConfigured(env: NodeJS.ProcessEnv): boolean {
  return ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'npm_config_proxy', 'npm_config_https_proxy'].some((name) => Boolean(env[name]));
}

/** The host of a URL, for the messages ("github.com"). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The prebuilt file's name (the asset a user fetches by hand: better-sqlite3-v12.11.1-electron-v150-linux-x64.tar.gz). */
export function prebuiltFileName(sources: DriverSources): string {
  return sources.prebuiltUrl.slice(sources.prebuiltUrl.lastIndexOf('/') + 1);
}
