import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartFailure, unexpectedFailure } from '../../scripts/start/failure.ts';
import { dependenciesProblem, formatFailure, nodeVersionProblem } from '../../scripts/start/preflight.mjs';

// What npm start says when it stops: the form every message has, the Node version (engines) and
// the dependencies (the database driver's messages: start-driver.test.ts).

const ROOT = join(import.meta.dirname, '../..');
const ENGINES = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

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
    expect(ENGINES).toBe('^20.19 || ^22.13 || >=24 <24.19');
    for (const version of ['v20.19.0', 'v22.13.0', 'v22.23.5', 'v24.0.0', 'v24.18.1', process.version]) expect(nodeVersionProblem(version, ENGINES)).toBeUndefined();
  });

  it('names the running version, the range, and how to get one in it', () => {
    for (const version of ['v20.18.0', 'v22.12.0', 'v23.11.0', 'v24.19.0', 'v18.20.4']) {
      const message = nodeVersionProblem(version, ENGINES)!;
      expectPlain(message);
      // Not `nvm install 24`: the newest 24 is past the range's 24.18.
      expect(message).toBe(
        `npm start: this is Node.js ${version}; ERP Workbench needs Node.js ^20.19 || ^22.13 || >=24 <24.19 (package.json, engines).\n` +
          'Install a Node.js in that range (with nvm: `nvm install 20` or `nvm install 22`), then run `npm start` again with it.\n' +
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
    expect(message).toContain('the dependencies are not installed (node_modules has no tsx, semver, electron, better-sqlite3, node-abi, cli-progress, @electron/rebuild).');
    expect(message).toContain('Run `npm install`');
  });
});
