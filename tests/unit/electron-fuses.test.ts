import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterPack, electronBinaryPath, FUSES, type AfterPackContext } from '../../scripts/electron-fuses.ts';
import { fakeElectron, STOCK_WIRE } from '../support/fake-electron.ts';
import { abiBinary, ELECTRON } from '../support/native-binaries.ts';

/*
 * The afterPack hook against fake Electron binaries (tests/support/fake-electron.ts: the fuse
 * wire of an unflipped Electron between filler), in the folder layout electron-builder leaves.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PRODUCT = 'ERP Workbench';
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const WIN_INTEGRITY = Buffer.from(JSON.stringify([{ file: 'resources\\app.asar', alg: 'SHA256', value: 'ab'.repeat(32) }]));
const PLIST = '<?xml version="1.0"?><plist><dict><key>ElectronAsarIntegrity</key><dict><key>Resources/app.asar</key><dict><key>algorithm</key><string>SHA256</string></dict></dict></dict></plist>';

interface Layout {
  platform: 'linux' | 'win32' | 'darwin';
  arch?: number;
  wire?: string;
  /** Windows: the integrity resource's JSON in the executable; macOS: Info.plist. */
  integrity?: boolean | Buffer;
  asar?: boolean;
  suffix?: string;
  /** The module ABI of the SQLite driver in resources/sqlite/ (default: the Electron's); false: none. */
  driverAbi?: number | false;
}

/** An unpacked app as electron-builder leaves it before afterPack; answers the context and the file with the fuse wire. */
function unpacked(layout: Layout): { context: AfterPackContext; fuseFile: string } {
  const base = mkdtempSync(join(tmpdir(), 'erpwb-fuses-'));
  dirs.push(base);
  const appOutDir = join(base, `${layout.platform}-unpacked${layout.suffix ?? ''}`);
  const context: AfterPackContext = {
    appOutDir,
    electronPlatformName: layout.platform,
    arch: layout.arch ?? 1,
    packager: {
      appInfo: { productFilename: PRODUCT },
      ...(layout.platform === 'linux' && { executableName: 'erp-workbench' }),
      info: { framework: { version: ELECTRON.version } },
    },
  };
  const integrity = layout.integrity ?? true;
  let fuseFile: string;
  let resources: string;
  if (layout.platform === 'darwin') {
    const contents = join(appOutDir, `${PRODUCT}.app`, 'Contents');
    fuseFile = join(contents, 'Frameworks', 'Electron Framework.framework', 'Electron Framework');
    resources = join(contents, 'Resources');
    mkdirSync(join(contents, 'MacOS'), { recursive: true });
    writeFileSync(join(contents, 'MacOS', PRODUCT), 'launcher');
    writeFileSync(join(contents, 'Info.plist'), integrity ? PLIST : '<plist><dict></dict></plist>');
  } else {
    fuseFile = electronBinaryPath(context);
    resources = join(appOutDir, 'resources');
  }
  mkdirSync(dirname(fuseFile), { recursive: true });
  mkdirSync(resources, { recursive: true });
  const windowsResource: Uint8Array = layout.platform === 'win32' && integrity ? (Buffer.isBuffer(integrity) ? integrity : WIN_INTEGRITY) : new Uint8Array(0);
  writeFileSync(fuseFile, fakeElectron(layout.wire, windowsResource));
  if (layout.asar ?? true) writeFileSync(join(resources, 'app.asar'), 'asar');
  const driverAbi = layout.driverAbi ?? ELECTRON.abi;
  if (driverAbi !== false) abiBinary(join(resources, 'sqlite', 'better_sqlite3.node'), driverAbi);
  return { context, fuseFile };
}

/** The wire as '0'/'1' characters, read back the way Electron reads it. */
async function wireOf(file: string): Promise<string> {
  const wire = (await getCurrentFuseWire(file)) as Record<number, FuseState | undefined>;
  let text = '';
  for (let i = 0, state = wire[0]; state !== undefined; state = wire[++i]) text += String.fromCharCode(state);
  return text;
}

// RunAsNode off, cookie encryption on, NODE_OPTIONS off, --inspect off, asar integrity on,
// only app.asar on, V8 snapshot off, file: privileges on, Wasm trap handlers on.
const HARDENED_WIRE = '010011011';

describe('the electron-builder afterPack hook flips and checks the fuses', () => {
  it('states every fuse @electron/fuses knows, and the ones the brief names as asked', () => {
    const known = Object.values(FuseV1Options).filter((value) => typeof value === 'number');
    for (const index of known) expect(FUSES[index as FuseV1Options], FuseV1Options[index as FuseV1Options]).toBeTypeOf('boolean');
    expect(FUSES).toMatchObject({
      strictlyRequireAllFuses: true,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
    });
  });

  it('Linux: the executable named by the packager; nothing else in the file changes', async () => {
    const { context, fuseFile } = unpacked({ platform: 'linux' });
    expect(fuseFile).toBe(join(context.appOutDir, 'erp-workbench'));
    await afterPack(context);
    expect(await wireOf(fuseFile)).toBe(HARDENED_WIRE);
    const after = readFileSync(fuseFile);
    expect(after).toEqual(fakeElectron(HARDENED_WIRE));
    const wire = await getCurrentFuseWire(fuseFile);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
  });

  it('Windows: the .exe, once electron-builder recorded the app.asar hash in it', async () => {
    const { context, fuseFile } = unpacked({ platform: 'win32' });
    expect(fuseFile).toBe(join(context.appOutDir, `${PRODUCT}.exe`));
    await afterPack(context);
    expect(await wireOf(fuseFile)).toBe(HARDENED_WIRE);
  });

  it('macOS: the framework inside the .app, once Info.plist records the app.asar hash', async () => {
    const { context, fuseFile } = unpacked({ platform: 'darwin' });
    expect(electronBinaryPath(context)).toBe(join(context.appOutDir, `${PRODUCT}.app`));
    await afterPack(context);
    expect(await wireOf(fuseFile)).toBe(HARDENED_WIRE);
  });

  it('refuses a package the fuses would stop from starting, before touching the binary', async () => {
    const cases: Array<[Layout, RegExp]> = [
      [{ platform: 'linux', asar: false }, /app\.asar is missing/],
      [{ platform: 'win32', asar: false }, /app\.asar is missing/],
      [{ platform: 'win32', integrity: false }, /no asar integrity resource/],
      // The hash recorded under 'resources/app.asar': Electron looks it up with a backslash and exits.
      [{ platform: 'win32', integrity: Buffer.from(JSON.stringify([{ file: 'resources/app.asar', alg: 'SHA256', value: 'ab' }])) }, /no asar integrity resource/],
      [{ platform: 'darwin', integrity: false }, /has no ElectronAsarIntegrity/],
      // The SQLite driver: absent (electron-builder run without npm run dist), or built for Node.
      [{ platform: 'linux', driverAbi: false }, /the SQLite driver built for Electron is missing \(sqlite\/better_sqlite3\.node\): package with `npm run dist`/],
      [{ platform: 'win32', driverAbi: 127 }, new RegExp(`better_sqlite3\\.node was built for module ABI 127 \\(Node 22\\); Electron ${ELECTRON.version.replace(/\./g, '\\.')} loads ABI ${ELECTRON.abi} only`)],
      [{ platform: 'darwin', driverAbi: 115 }, /built for module ABI 115 \(Node 20\)/],
    ];
    for (const [layout, message] of cases) {
      const { context, fuseFile } = unpacked(layout);
      await expect(afterPack(context), JSON.stringify(layout)).rejects.toThrow(message);
      expect(await wireOf(fuseFile)).toBe(STOCK_WIRE);
    }
  });

  it('stops on a binary with a fuse it does not know (a newer Electron) and leaves it unflipped', async () => {
    const { context, fuseFile } = unpacked({ platform: 'linux', wire: `${STOCK_WIRE}1` });
    await expect(afterPack(context)).rejects.toThrow(/strictlyRequireAllFuses/);
    expect(await wireOf(fuseFile)).toBe(`${STOCK_WIRE}1`);
  });

  it('leaves the per-architecture "-temp" folders of a universal macOS build alone', async () => {
    const { context, fuseFile } = unpacked({ platform: 'darwin', suffix: '-x64-temp' });
    await afterPack(context);
    expect(await wireOf(fuseFile)).toBe(STOCK_WIRE);
  });

  it('is wired in electron-builder.yml and loads as electron-builder loads it (import of the .mjs)', async () => {
    expect(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')).toMatch(/^afterPack: \.\/scripts\/electron-fuses\.mjs$/m);
    const { context, fuseFile } = unpacked({ platform: 'linux' });
    // A plain Node process, outside vitest: what electron-builder does with a hook path.
    const script = `
      const hook = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'scripts/electron-fuses.mjs')).href)});
      if (hook.default !== hook.afterPack) throw new Error('default and afterPack differ');
      await hook.afterPack(JSON.parse(process.argv[1]));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(context)], { cwd: ROOT, encoding: 'utf8' });
    expect(output).toContain(`electron fuses set and checked: ${fuseFile}`);
    expect(await wireOf(fuseFile)).toBe(HARDENED_WIRE);
  });
});
