import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FUSES, fuseMismatches } from '../../scripts/electron-fuses.ts';
import { driverTarget } from '../../scripts/start/driver-target.ts';
import { checkNativeModule, electronRuntime } from '../../scripts/native-abi.mjs';
import { fakeElectron, STOCK_WIRE } from '../support/fake-electron.ts';
import { abiBinary } from '../support/native-binaries.ts';
import { ROOT } from './build.ts';
import { networkNamespaceAvailable, offlineEnv, runOffline, type OfflineRun } from './offline.ts';

/*
 * The desktop package as `npm run dist` makes it, short of the installers: `npm run dist -- --linux
 * dir` (its driver folder a temporary one: ERP_WORKBENCH_ELECTRON_NATIVE_DIR), where electron-builder
 * (the project's own, its electron-builder.yml, the afterPack hook) packs dist/ and the
 * production node_modules into linux-unpacked/ around a stand-in Electron distribution, since
 * the real one cannot be downloaded here: a folder laid out like Electron's Linux zip whose
 * `electron` carries the fuse wire of an unflipped Electron (all electron-builder needs of the
 * distribution, found by trying: the executable; LICENSE is moved beside it as Electron's zips
 * have it), with a stand-in for the better-sqlite3 binary built for Electron where npm start and
 * npm run dist keep it (it needs Electron's headers, which cannot be downloaded here either): a
 * file carrying Electron's module ABI symbol, which the driver step finds and takes as it is. What is
 * checked is what the installers wrap: the files, the native modules against the Electron of
 * package.json, the fuses. Offline (offline.ts). About 20-30 s.
 */

const work = mkdtempSync(join(tmpdir(), 'erpwb-desktop-package-'));
const electronDist = join(work, 'electron-dist');
const output = join(work, 'out');
const app = join(output, 'linux-unpacked');
const resources = join(app, 'resources');
const asar = join(resources, 'app.asar');
const unpacked = join(resources, 'app.asar.unpacked');
const runtime = electronRuntime(ROOT);
/** Where npm run dist looks for the driver built for Electron in this test (not the checkout's own). */
const nativeDir = join(work, 'electron-native');
/** The stand-in for better-sqlite3 built for Electron, where the driver step looks for it. */
let electronSqlite: string;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; dev?: boolean }> };
let build: OfflineRun;
/** Every path in app.asar, without its leading '/'. */
let entries: string[];

afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeAll(async () => {
  mkdirSync(electronDist);
  writeFileSync(join(electronDist, 'electron'), fakeElectron());
  chmodSync(join(electronDist, 'electron'), 0o755);
  writeFileSync(join(electronDist, 'LICENSE'), 'stand-in for Electron\'s LICENSE\n');
  const env = { ERP_WORKBENCH_ELECTRON_NATIVE_DIR: nativeDir };
  electronSqlite = abiBinary(driverTarget(ROOT, process.platform, process.arch, env).binding, runtime.abi);
  build = await runOffline(
    process.execPath,
    [
      join(ROOT, 'scripts/dist.mjs'),
      '--linux',
      'dir',
      `-c.electronDist=${electronDist}`,
      `-c.electronVersion=${runtime.version}`,
      `-c.directories.output=${output}`,
    ],
    { cwd: ROOT, outboundLog: join(work, 'outbound.log'), timeoutMs: 240_000, env },
  );
  if (build.code !== 0) throw new Error(`electron-builder exited ${build.code}:\n${build.output}`);
  entries = listPackage(asar, { isPack: false }).map((entry) => entry.replace(/\\/g, '/').replace(/^\//, ''));
}, 300_000);

/** The files under `dir`, recursively. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** The node_modules packages (names) a list of paths holds. */
function packages(paths: string[]): Set<string> {
  const names = new Set<string>();
  for (const path of paths) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    if (match) names.add(match[1]!);
  }
  return names;
}

describe('electron-builder --linux dir with a stand-in Electron', () => {
  it('packs offline: nothing went outside loopback', () => {
    expect(build.outbound, 'connections outside loopback the guard refused').toEqual([]);
    // npm run dist's driver step found the build for Electron where it was told to look.
    expect(build.output).not.toMatch(/building the database driver/);
    // The guard was in electron-builder's own process (NODE_OPTIONS reached it).
    expect(build.guarded.some((line) => line.endsWith('electron-builder/cli.js')), build.guarded.join('\n')).toBe(true);
    // Where the kernel allows it the build had no network at all; the guard is the proof otherwise.
    expect(build.namespace).toBe(networkNamespaceAvailable());
  });

  it('the guard and the namespace of that proof do refuse a connection out', () => {
    const log = join(work, 'control.log');
    const attempt = `require('node:net').connect(9, '192.0.2.1').on('error', (e) => { console.log(e.message); process.exit(0); });`;
    const guarded = spawnSync(process.execPath, ['-e', attempt], { env: offlineEnv(log), encoding: 'utf8', timeout: 15_000 });
    expect(guarded.stdout).toMatch(/loopback-guard: refused a connection to 192\.0\.2\.1:9/);
    expect(readFileSync(log, 'utf8')).toMatch(/ 192\.0\.2\.1:9\n$/);
    if (build.namespace) {
      const contained = spawnSync('unshare', ['--net', '--map-root-user', process.execPath, '-e', attempt], { encoding: 'utf8', timeout: 15_000 });
      expect(contained.stdout).toMatch(/ENETUNREACH/);
    }
  });

  it('the executable is the distribution\'s, renamed after the package, with Electron\'s LICENSE beside it', () => {
    const executable = join(app, pkg.name);
    expect(statSync(executable).mode & 0o111).not.toBe(0);
    expect(readFileSync(executable).length).toBe(fakeElectron().length);
    expect(readFileSync(join(app, 'LICENSE.electron.txt'), 'utf8')).toMatch(/stand-in/);
  });

  it("app.asar: package.json naming the Electron main, the main bundle, its workers and migrations, the preload, the renderer", () => {
    const packed = JSON.parse(extractFile(asar, 'package.json').toString('utf8')) as { main: string; desktopName: string };
    expect(packed.main).toBe('dist/electron/main/main.js');
    expect(packed.desktopName).toBe('erp-workbench.desktop');
    for (const file of [
      'dist/electron/main/main.js',
      'dist/electron/main/seed-worker.js',
      'dist/electron/main/checkpoint-worker.js',
      'dist/electron/preload/preload.cjs',
      'dist/renderer/index.html',
    ]) {
      expect(extractFile(asar, file).equals(readFileSync(join(ROOT, file))), file).toBe(true);
    }
    const migrations = readdirSync(join(ROOT, 'electron/core/store/migrations')).filter((name) => name.endsWith('.sql'));
    expect(migrations.length).toBeGreaterThan(0);
    for (const name of migrations) expect(entries, name).toContain(`dist/electron/main/migrations/${name}`);
    // Every chunk the main bundle was split into came along.
    for (const name of readdirSync(join(ROOT, 'dist/electron/main')).filter((file) => file.endsWith('.js'))) {
      expect(entries, name).toContain(`dist/electron/main/${name}`);
    }
  });

  it('app.asar: nothing but the desktop build and the production dependencies', () => {
    const topLevel = new Set(entries.map((entry) => entry.split('/')[0]));
    expect([...topLevel].sort()).toEqual(['dist', 'node_modules', 'package.json']);
    expect(new Set(entries.filter((entry) => entry.startsWith('dist/')).map((entry) => entry.split('/')[1]))).toEqual(new Set(['electron', 'renderer']));
    // No source maps, the build's or the dependencies'.
    expect(entries.filter((entry) => entry.endsWith('.map'))).toEqual([]);
    const packed = packages([...entries, ...walk(unpacked).map((file) => relative(resources, file))]);
    for (const name of ['react', 'react-dom', 'vitest', 'electron', 'electron-builder', 'typescript', 'vite', 'esbuild', 'tsx', '@mantine/core', '@electron/fuses']) {
      expect(packed.has(name), name).toBe(false);
    }
    // Every packed package is a production one of the lock: its name and version at a place the
    // lock does not mark as needed by development only. (electron-builder hoists: a production
    // copy nested under another package can land where the lock has a dev-only one.)
    const production = new Set(
      Object.entries(lock.packages)
        .filter(([path, entry]) => path.includes('node_modules/') && entry.dev !== true)
        .map(([path, entry]) => `${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`),
    );
    const manifests = entries.filter((entry) => /^node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(entry));
    expect(manifests.length).toBeGreaterThan(50);
    for (const manifest of manifests) {
      const file = statFile(asar, manifest);
      const text = 'unpacked' in file && file.unpacked ? readFileSync(join(unpacked, manifest), 'utf8') : extractFile(asar, manifest).toString('utf8');
      const { name, version } = JSON.parse(text) as { name: string; version: string };
      expect(production.has(`${name}@${version}`), `${manifest}: ${name}@${version}`).toBe(true);
    }
    expect(packed.has('better-sqlite3') && packed.has('sharp') && packed.has('fastify')).toBe(true);
  });

  it("the SQLite driver built for Electron in resources/sqlite/; better-sqlite3's JavaScript in app.asar without its Node build or sources; sharp unpacked", () => {
    expect(readFileSync(join(resources, 'sqlite/better_sqlite3.node')).equals(readFileSync(electronSqlite))).toBe(true);
    const sqliteFiles = entries.filter((entry) => entry.startsWith('node_modules/better-sqlite3/'));
    expect(sqliteFiles).toContain('node_modules/better-sqlite3/lib/database.js');
    expect(sqliteFiles.filter((entry) => /\/(build|deps|src)(\/|$)|binding\.gyp$/.test(entry))).toEqual([]);
    // Electron's require goes to the unpacked copy of a native module: app.asar marks it so.
    const natives = walk(unpacked)
      .filter((file) => file.endsWith('.node'))
      .map((file) => relative(unpacked, file))
      .sort();
    expect(natives).toHaveLength(1);
    expect(natives[0]).toMatch(new RegExp(`^node_modules/@img/sharp-linux-${process.arch}/lib/sharp-linux-${process.arch}-[\\d.]+\\.node$`));
    expect(statFile(asar, natives[0]!)).toMatchObject({ unpacked: true });
  });

  it(`every native module of the package loads in the Electron of package.json (${runtime.version}, ABI ${runtime.abi}), as the afterPack hook checked`, () => {
    const natives = [join(resources, 'sqlite/better_sqlite3.node'), ...walk(unpacked).filter((file) => file.endsWith('.node'))];
    for (const file of natives) expect(checkNativeModule(file, runtime), file).toMatchObject({ ok: true });
    expect(build.output).toContain(`native modules checked for Electron ${runtime.version}: 2`);
  });

  it("the release workflow's native-module check passes on this package (and fails without the driver's binding)", () => {
    const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as { jobs: { installers: { steps: Array<{ run?: string }> } } };
    const script = workflow.jobs.installers.steps.find((step) => step.run?.includes('scripts/native-abi.mjs'))!.run!;
    // The step's working folder: a checkout with this build as out/. native-abi.mjs is a copy: it
    // runs its CLI only when started by its own path, and a symlink's is another.
    const checkout = join(work, 'checkout');
    mkdirSync(join(checkout, 'scripts'), { recursive: true });
    copyFileSync(join(ROOT, 'scripts/native-abi.mjs'), join(checkout, 'scripts/native-abi.mjs'));
    symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
    symlinkSync(output, join(checkout, 'out'));
    // As GitHub runs a `shell: bash` step.
    const run = () => spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd: checkout, encoding: 'utf8', timeout: 30_000 });
    const passed = run();
    expect(passed.status, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout).toMatch(new RegExp(`ok .*resources/sqlite/better_sqlite3\\.node \\(ABI ${runtime.abi}\\) loads in Electron ${runtime.version.replace(/\./g, '\\.')}`));
    const binding = join(resources, 'sqlite/better_sqlite3.node');
    const moved = `${binding}.away`;
    try {
      spawnSync('mv', [binding, moved]);
      const failed = run();
      expect(failed.status).toBe(1);
      expect(failed.stdout).toMatch(/REFUSED .*sqlite\/better_sqlite3\.node does not exist/);
    } finally {
      spawnSync('mv', [moved, binding]);
    }
  });

  it('the fuses read back from the packaged executable are FUSES of scripts/electron-fuses.ts', async () => {
    const executable = join(app, pkg.name);
    expect(build.output).toContain(`electron fuses set and checked: ${executable}`);
    expect(await fuseMismatches(executable)).toEqual([]);
    const wire = (await getCurrentFuseWire(executable)) as Record<number, FuseState | undefined>;
    for (const [key, wanted] of Object.entries(FUSES)) {
      if (typeof wanted !== 'boolean' || !Number.isInteger(Number(key))) continue;
      expect(wire[Number(key)], FuseV1Options[Number(key)]).toBe(wanted ? FuseState.ENABLE : FuseState.DISABLE);
    }
    // Flipped from the stand-in's stock wire, not left as it was.
    expect(STOCK_WIRE[FuseV1Options.RunAsNode]).toBe('1');
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
  });
});
