import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitStaging, isInstalled, locateElectron, platformPath, stagingFolder } from '../../scripts/start/electron-dist.ts';

// Where npm start looks for the Electron runtime, when it trusts what it finds, and how a
// downloaded one is put in place: never a state the next start would take for an installed one.

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'erpwb-electron-dist-'));
  mkdirSync(join(root, 'node_modules/electron'), { recursive: true });
  writeFileSync(join(root, 'node_modules/electron/package.json'), JSON.stringify({ version: '45.4.1' }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** An extracted Electron zip in `staging`, as for Linux. */
function extracted(staging: string, withExecutable = true): void {
  writeFileSync(join(staging, 'version'), '45.4.1');
  mkdirSync(join(staging, 'resources'));
  writeFileSync(join(staging, 'resources/default_app.asar'), 'asar');
  if (withExecutable) writeFileSync(join(staging, 'electron'), '#!/bin/sh\n');
}

describe('locateElectron', () => {
  it("is node_modules/electron/dist, with install.js's executable for each platform", () => {
    const dist = locateElectron(root, {}, 'linux');
    expect(dist).toEqual({
      version: '45.4.1',
      dir: join(root, 'node_modules/electron/dist'),
      executable: join(root, 'node_modules/electron/dist/electron'),
      relative: 'electron',
      overridden: false,
      packageDir: join(root, 'node_modules/electron'),
    });
    expect(platformPath('darwin')).toBe('Electron.app/Contents/MacOS/Electron');
    expect(platformPath('win32')).toBe('electron.exe');
    expect(() => platformPath('aix')).toThrow('Electron is not built for aix');
  });

  it('is the folder ELECTRON_OVERRIDE_DIST_PATH names, as for Electron itself', () => {
    const dist = locateElectron(root, { ELECTRON_OVERRIDE_DIST_PATH: join(root, 'custom') }, 'linux');
    expect(dist).toMatchObject({ dir: join(root, 'custom'), executable: join(root, 'custom/electron'), overridden: true });
  });
});

describe('isInstalled', () => {
  it('node_modules/electron/dist: the executable, its version and path.txt, as install.js checks', () => {
    const dist = locateElectron(root, {}, 'linux');
    mkdirSync(dist.dir);
    writeFileSync(dist.executable, '');
    expect(isInstalled(dist)).toBe(false);
    writeFileSync(join(dist.dir, 'version'), 'v45.4.1');
    writeFileSync(join(dist.packageDir, 'path.txt'), 'electron');
    expect(isInstalled(dist)).toBe(true);
    // An electron package upgraded over an old runtime: not trusted.
    writeFileSync(join(dist.dir, 'version'), '44.0.0');
    expect(isInstalled(dist)).toBe(false);
  });

  it('an override folder: its executable is enough', () => {
    const dist = locateElectron(root, { ELECTRON_OVERRIDE_DIST_PATH: join(root, 'custom') }, 'linux');
    expect(isInstalled(dist)).toBe(false);
    mkdirSync(dist.dir);
    writeFileSync(dist.executable, '');
    expect(isInstalled(dist)).toBe(true);
  });
});

describe('stagingFolder and commitStaging', () => {
  it('moves everything in, records path.txt, and leaves no staging folder', () => {
    const dist = locateElectron(root, {}, 'linux');
    const staging = stagingFolder(dist);
    expect(staging.startsWith(dist.dir)).toBe(true);
    extracted(staging);
    commitStaging(staging, dist);
    expect(readdirSync(dist.dir).sort()).toEqual(['electron', 'resources', 'version']);
    expect(readFileSync(join(dist.packageDir, 'path.txt'), 'utf8')).toBe('electron');
    expect(isInstalled(dist)).toBe(true);
  });

  it('into an override folder: node_modules/electron is left alone', () => {
    const dist = locateElectron(root, { ELECTRON_OVERRIDE_DIST_PATH: join(root, 'custom') }, 'linux');
    const staging = stagingFolder(dist);
    extracted(staging);
    commitStaging(staging, dist);
    expect(isInstalled(dist)).toBe(true);
    expect(existsSync(join(dist.packageDir, 'path.txt'))).toBe(false);
  });

  it('an archive without the executable is refused before anything is moved', () => {
    const dist = locateElectron(root, {}, 'linux');
    const staging = stagingFolder(dist);
    extracted(staging, false);
    expect(() => commitStaging(staging, dist)).toThrow('the downloaded archive holds no electron');
    expect(existsSync(join(dist.dir, 'version'))).toBe(false);
    expect(isInstalled(dist)).toBe(false);
  });

  it('what a killed start left is never trusted, and the next start clears it', () => {
    const dist = locateElectron(root, {}, 'linux');
    // Killed after the extraction and some of the moves: no executable, so not installed.
    const killed = join(dist.dir, '.partial-99999');
    mkdirSync(killed, { recursive: true });
    extracted(killed);
    writeFileSync(join(dist.dir, 'version'), '45.4.1');
    expect(isInstalled(dist)).toBe(false);

    const staging = stagingFolder(dist);
    expect(existsSync(killed)).toBe(false);
    extracted(staging);
    commitStaging(staging, dist);
    expect(readdirSync(dist.dir).sort()).toEqual(['electron', 'resources', 'version']);
    expect(isInstalled(dist)).toBe(true);
  });
});
