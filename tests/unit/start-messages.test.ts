import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronAbi, localSqliteBinding } from '../../scripts/native-abi.mjs';
import { checkDriver } from '../../scripts/start/driver.ts';
import { StartFailure, unexpectedFailure } from '../../scripts/start/failure.ts';
import { dependenciesProblem, formatFailure, nodeVersionProblem } from '../../scripts/start/preflight.mjs';

// What npm start says when it stops: the form every message has, the Node version (engines), the
// dependencies, and the database driver's cases, each with the fix for that case.

const ROOT = join(import.meta.dirname, '../..');
const ENGINES = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const ELECTRON_VERSION = (JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'erpwb-start-messages-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Three lines, never a stack trace: what, how to fix it, and the browser meanwhile. */
function expectPlain(message: string): void {
  expect(message.startsWith('npm start: ')).toBe(true);
  expect(message.trimEnd().split('\n')).toHaveLength(3);
  expect(message).not.toMatch(/^\s+at /m);
  expect(message).toMatch(/`npm run serve`.* gives the same screens in a browser|`npm run serve`, which gives the same screens in a browser/);
}

describe('the form of a message', () => {
  it('says what, how to fix it, and whether npm run serve works meanwhile', () => {
    expect(formatFailure({ what: 'the thing is missing.', fix: 'Get it.', serve: 'works' })).toBe(
      'npm start: the thing is missing.\nGet it.\n`npm run serve` gives the same screens in a browser, without Electron.\n',
    );
    expect(formatFailure({ what: 'no compiler', fix: 'Install one.', serve: 'same-fix' })).toBe(
      'npm start: no compiler.\nInstall one.\n`npm run serve`, which gives the same screens in a browser, needs the same fix.\n',
    );
  });

  it('an unexpected error is a sentence too, without its stack', () => {
    const failure = unexpectedFailure('building', new Error('ENOSPC: no space left on device, write'));
    expect(failure).toBeInstanceOf(StartFailure);
    expect(failure.exitCode).toBe(1);
    expectPlain(failure.format());
    expect(failure.format()).toContain('npm start: building failed: ENOSPC: no space left on device, write.');
  });
});

describe('the Node version (package.json engines)', () => {
  it('passes the versions the range allows', () => {
    expect(ENGINES).toBe('^22.14 || >=24');
    for (const version of ['v22.14.0', 'v22.23.5', 'v24.0.0', 'v25.2.1', process.version]) expect(nodeVersionProblem(version, ENGINES)).toBeUndefined();
  });

  it('names the running version, the range, and how to get one in it', () => {
    for (const version of ['v20.19.0', 'v22.13.1', 'v23.11.0', 'v18.20.4']) {
      const message = nodeVersionProblem(version, ENGINES)!;
      expectPlain(message);
      expect(message).toBe(
        `npm start: this is Node.js ${version}; ERP Workbench needs Node.js ^22.14 || >=24 (package.json, engines).\n` +
          'Install a Node.js in that range (with nvm: `nvm install 22` or `nvm install 24`), then run `npm start` again with it.\n' +
          '`npm run serve`, which gives the same screens in a browser, needs the same fix.\n',
      );
    }
  });
});

describe('the dependencies', () => {
  it('installed in the clone: nothing to say', () => {
    expect(dependenciesProblem(ROOT)).toBeUndefined();
  });

  it('not installed: run npm install', () => {
    const message = dependenciesProblem(dir)!;
    expectPlain(message);
    expect(message).toContain('the dependencies are not installed (node_modules has no tsx, semver, electron, better-sqlite3, node-abi, cli-progress).');
    expect(message).toContain('Run `npm install`');
  });
});

describe('the database driver in Electron', () => {
  /** A clone's layout in `dir`: package.json asking for better-sqlite3, node_modules with `version` of it and the clone's electron. */
  function layout(version: string): string {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: { 'better-sqlite3': '^13.2.0' } }));
    mkdirSync(join(dir, 'node_modules/better-sqlite3'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/better-sqlite3/package.json'), JSON.stringify({ version }));
    cpSync(join(ROOT, 'node_modules/electron/package.json'), join(dir, 'node_modules/electron/package.json'));
    return join(dir, 'node_modules/better-sqlite3');
  }
  /** A `.node` built against Node's C++ API for `abi` (its registration symbol among other bytes). */
  function abiBinary(path: string, abi: number): void {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.from(`\0node_register_module_v${abi}\0`), Buffer.alloc(32)]));
  }
  const prebuilt = `prebuilds/${process.platform}-${process.arch}.node`;
  const failureOf = (root: string): StartFailure => {
    try {
      checkDriver(root);
    } catch (error) {
      if (error instanceof StartFailure) return error;
      throw error;
    }
    throw new Error('checkDriver passed');
  };

  it("the clone's own: better-sqlite3's N-API binary, which Electron loads", () => {
    expect(() => checkDriver(ROOT)).not.toThrow();
  });

  it('an N-API binary in a clone laid out by hand passes too', () => {
    const pkg = layout('13.2.0');
    cpSync(localSqliteBinding(ROOT), join(pkg, prebuilt));
    expect(() => checkDriver(dir)).not.toThrow();
  });

  it('a copy compiled for Node: delete the build folder', () => {
    const pkg = layout('13.2.0');
    cpSync(localSqliteBinding(ROOT), join(pkg, prebuilt));
    abiBinary(join(pkg, 'build/Release/better_sqlite3.node'), 127);
    const failure = failureOf(dir);
    expectPlain(failure.format());
    expect(failure.text.what).toBe(
      `the database driver would not load in Electron ${ELECTRON_VERSION}: node_modules/better-sqlite3/build/Release/better_sqlite3.node was built for module ABI 127 (Node 22); Electron ${ELECTRON_VERSION} loads ABI ${electronAbi(ELECTRON_VERSION)} only.`,
    );
    expect(failure.text.fix).toContain('delete node_modules/better-sqlite3/build (or run `npm ci`)');
    expect(failure.text.serve).toBe('works');
  });

  it('an older better-sqlite3 than package.json asks for: npm install', () => {
    const pkg = layout('12.4.1');
    abiBinary(join(pkg, prebuilt), 127);
    const failure = failureOf(dir);
    expectPlain(failure.format());
    expect(failure.text.fix).toBe('node_modules has better-sqlite3 12.4.1, package.json asks for ^13.2.0: run `npm install`, then `npm start` again.');
  });

  it('no binary for this platform: npm rebuild compiles one, and npm run serve needs it as well', () => {
    layout('13.2.0');
    const failure = failureOf(dir);
    expect(failure.text.what).toContain(`node_modules/better-sqlite3/${prebuilt} does not exist`);
    expect(failure.text.fix).toContain('`npm rebuild better-sqlite3` compiles one');
    expect(failure.text.serve).toBe('same-fix');
  });

  it('a file that is no native module: npm ci', () => {
    const pkg = layout('13.2.0');
    mkdirSync(join(pkg, 'prebuilds'), { recursive: true });
    writeFileSync(join(pkg, prebuilt), 'half a download');
    expect(failureOf(dir).text.fix).toBe('Run `npm ci` to reinstall the dependencies, then `npm start` again.');
  });
});
