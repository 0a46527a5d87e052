// electron-builder's afterPack hook: flips the Electron fuses of the packaged binary and checks
// them, and what they depend on, before electron-builder signs it. Loaded through
// scripts/electron-fuses.mjs (electron-builder imports hooks as JavaScript); TypeScript here so
// `npm run typecheck` covers it.
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { checkPackagedNatives } from './package-natives.ts';
import { flipFuses, FuseState, FuseV1Options, FuseVersion, getCurrentFuseWire, type FuseV1Config } from '@electron/fuses';
import type { AfterPackContext as BuilderAfterPackContext } from 'electron-builder';

/**
 * The part of electron-builder's AfterPackContext the hook reads. electron-builder's own type
 * carries its whole PlatformPackager, which the unit tests cannot build; the `satisfies` at the
 * end of this file checks that electron-builder's context is one of these.
 */
export interface AfterPackContext {
  /** The unpacked app folder (linux-unpacked, win-unpacked, mac, mac-universal-arm64-temp...). */
  appOutDir: string;
  electronPlatformName: string;
  /** electron-builder's Arch: ia32 0, x64 1, armv7l 2, arm64 3, universal 4. */
  arch: number;
  packager: {
    appInfo: { productFilename: string };
    /** LinuxPackager only: the executable's name (linux.executableName, else the lowercased package name). */
    executableName?: string;
    /** The Electron being packaged (its version: electronVersion of the config, else the installed one's). */
    info: { framework: { version: string } };
  };
}

const ARCH_ARM64 = 3;
const ARCH_UNIVERSAL = 4;

/**
 * The fuses, every one stated: strictlyRequireAllFuses makes flipFuses fail on a binary with
 * a fuse this list (and @electron/fuses) does not know, instead of leaving a new one at its
 * default. That stops packaging after an Electron upgrade until the new fuse is decided here.
 */
export const FUSES = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  // ELECTRON_RUN_AS_NODE would turn the signed app into a plain Node.js for anyone.
  [FuseV1Options.RunAsNode]: false,
  // Chromium's cookie store encrypted with the OS key store (the app keeps no cookies; free).
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS (--require, --import) and --inspect would run other code in the main process.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // app.asar checked against the hash electron-builder records (macOS: Info.plist, Windows: an
  // executable resource; Linux: no effect), and the app loaded from app.asar only, so a
  // resources/app folder beside it cannot replace the checked archive.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // Electron's defaults, stated: the V8 snapshot is the shared one.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // Kept on (Electron's default): the window loads dist/renderer/index.html from a file: URL
  // (window.ts loadFile) with module scripts, which need the file: protocol's extra privileges.
  // Serving the page from a custom protocol would let this go off.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true,
  [FuseV1Options.WasmTrapHandlers]: true,
} as const satisfies FuseV1Config;

/** The file flipFuses is given: the .app bundle (it finds the framework inside), the .exe, the Linux executable. */
export function electronBinaryPath(context: AfterPackContext): string {
  const { appOutDir, electronPlatformName, packager } = context;
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${packager.appInfo.productFilename}.app`);
    case 'win32':
      return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
    case 'linux':
      if (!packager.executableName) throw new Error('electron-fuses: the Linux packager names no executableName');
      return join(appOutDir, packager.executableName);
    default:
      throw new Error(`electron-fuses: unknown platform '${electronPlatformName}'`);
  }
}

/** The resources folder of the unpacked app (app.asar, app.asar.unpacked, sqlite/). */
export function resourcesPath(context: AfterPackContext): string {
  const macOs = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  return macOs
    ? join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`, 'Contents', 'Resources')
    : join(context.appOutDir, 'resources');
}

/** Where app.asar is in the unpacked app. */
function asarPath(context: AfterPackContext): string {
  return join(resourcesPath(context), 'app.asar');
}

/** True when `needle` occurs in the file, read in chunks (an .exe is over 150 MB). */
async function fileContains(path: string, needle: Buffer): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const chunk = 4 * 1024 * 1024;
    const buffer = Buffer.alloc(chunk + needle.length - 1);
    for (let start = 0; start < size; start += chunk) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
      if (buffer.subarray(0, bytesRead).includes(needle)) return true;
    }
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * What the fuses need of the package, checked before flipping: with OnlyLoadAppFromAsar and no
 * app.asar the app finds no code, and with the integrity fuse and no recorded hash Electron
 * terminates at start. electron-builder writes the hash before afterPack (macOS: the
 * ElectronAsarIntegrity key of Info.plist; Windows: an INTEGRITY/ELECTRONASAR resource whose
 * JSON names resources\\app.asar; a Windows build made elsewhere with the path written with '/'
 * is refused here, since Electron looks it up with '\\' and exits).
 */
export async function checkPackage(context: AfterPackContext): Promise<void> {
  const asar = asarPath(context);
  const asarStat = await stat(asar).catch(() => undefined);
  if (!asarStat?.isFile()) throw new Error(`electron-fuses: ${asar} is missing: the app must be packed into app.asar (asar: true) for OnlyLoadAppFromAsar`);
  const platform = context.electronPlatformName;
  if (platform === 'darwin' || platform === 'mas') {
    const plist = join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`, 'Contents', 'Info.plist');
    const text = await readFile(plist, 'utf8').catch(() => '');
    if (!text.includes('ElectronAsarIntegrity')) {
      throw new Error(`electron-fuses: ${plist} has no ElectronAsarIntegrity: with the asar integrity fuse on, the app would exit at start`);
    }
  } else if (platform === 'win32') {
    const exe = electronBinaryPath(context);
    if (!(await fileContains(exe, Buffer.from('"file":"resources\\\\app.asar"')))) {
      throw new Error(`electron-fuses: ${exe} has no asar integrity resource for resources\\app.asar: with the asar integrity fuse on, the app would exit at start`);
    }
  }
}

/** The fuses read back from the binary that differ from FUSES: [name, expected, found]. */
export async function fuseMismatches(binary: string): Promise<Array<[string, boolean, string]>> {
  const wire = await getCurrentFuseWire(binary);
  const mismatches: Array<[string, boolean, string]> = [];
  for (const [key, expected] of Object.entries(FUSES)) {
    const index = Number(key);
    // version (a string) and strictlyRequireAllFuses are not fuses.
    if (!Number.isInteger(index) || typeof expected !== 'boolean') continue;
    const found = (wire as Record<number, FuseState | undefined>)[index];
    const wanted = expected ? FuseState.ENABLE : FuseState.DISABLE;
    // A fuse Electron removed is a no-op whatever it says (flipFuses warns about it).
    if (found === wanted || found === FuseState.REMOVED) continue;
    mismatches.push([FuseV1Options[index] ?? `fuse ${index}`, expected, found === undefined ? 'absent' : FuseState[found] ?? String(found)]);
  }
  return mismatches;
}

/**
 * The hook. A universal macOS build packs each architecture into a "-temp" folder first and
 * calls afterPack for each; the fuses go on the merged app (afterPack is called for it too;
 * flipFuses finds both slices there), so the slices merge unchanged.
 */
export async function afterPack(context: AfterPackContext): Promise<void> {
  if (context.appOutDir.endsWith('-temp')) return;
  await checkPackage(context);
  const natives = checkPackagedNatives(resourcesPath(context), context.packager.info.framework.version);
  console.log(`  • native modules checked for Electron ${context.packager.info.framework.version}: ${natives.length}`);
  const binary = electronBinaryPath(context);
  const macOs = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  // Apple silicon runs nothing unsigned: flipping the fuses breaks Electron's ad-hoc signature,
  // so it is made again (codesign, on the macOS build machine); a real identity signs after this.
  const resetAdHocDarwinSignature = macOs && (context.arch === ARCH_ARM64 || context.arch === ARCH_UNIVERSAL);
  await flipFuses(binary, { ...FUSES, resetAdHocDarwinSignature });
  const mismatches = await fuseMismatches(binary);
  if (mismatches.length > 0) {
    throw new Error(`electron-fuses: ${binary} still has ${mismatches.map(([name, expected, found]) => `${name}=${found} (wanted ${expected ? 'on' : 'off'})`).join(', ')}`);
  }
  console.log(`  • electron fuses set and checked: ${binary}`);
}

export default afterPack satisfies (context: BuilderAfterPackContext) => Promise<void>;
