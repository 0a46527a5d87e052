import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConfUserSettings } from '../../electron/cli/user-settings.ts';
import Conf from 'conf';
import { openUserSettings, settingsProblem } from '../../electron/core/user-settings-file.ts';
import { DEFAULT_USER_SETTINGS, type UserSettingsValues } from '../../shared/domain/user-settings.ts';

/*
 * config.json read through conf (what electron-store wraps): a file that is not settings is moved
 * aside whole, and the settings start from the defaults.
 */

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function userDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-settings-'));
  dirs.push(dir);
  return dir;
}

describe('settingsProblem', () => {
  it.each([
    ['', 'the file is empty'],
    ['{"listenPort": 80', /^not valid JSON: /],
    ['\uFEFF{}', /^not valid JSON: /],
    ['"text"', 'not a JSON object'],
    ['[1, 2]', 'not a JSON object'],
    ['null', 'not a JSON object'],
    ['{"listenPort": "eighty"}', '"listenPort" is not a port number (0-65535)'],
    ['{"listenPort": 70000}', '"listenPort" is not a port number (0-65535)'],
    ['{"listenHttps": "yes"}', '"listenHttps" is not true or false'],
    ['{"window": {"width": 800}}', '"window" is not a window size and position'],
    ['{"uiPreferences": {"theme": 1}}', '"uiPreferences" is not a set of preferences'],
  ])('%j: %s', (text, problem) => {
    if (typeof problem === 'string') expect(settingsProblem(text)).toBe(problem);
    else expect(settingsProblem(text)).toMatch(problem);
  });

  it('accepts a partial file, and keys it does not know (a newer version, conf\'s own)', () => {
    expect(settingsProblem('{}')).toBeUndefined();
    expect(settingsProblem('{"listenPort": 9090, "window": {"width": 800, "height": 600, "x": 10, "y": 20, "maximized": true}, "futureSetting": [1], "__internal__": {}}')).toBeUndefined();
  });
});

describe('openUserSettings through conf', () => {
  it('moves an unreadable file aside with its bytes and mode, and starts from the defaults', () => {
    const dir = userDataDir();
    const file = join(dir, 'config.json');
    const corrupt = '{"listenPort": 9090, "window": {"wid';
    writeFileSync(file, corrupt, { mode: 0o600 });
    const opened = openConfUserSettings(dir);
    expect(opened.setAside?.problem).toMatch(/^not valid JSON: /);
    expect(opened.setAside?.file).toMatch(/[\\/]config\.corrupt-\d{8}-\d{6}\.json$/);
    expect(readFileSync(opened.setAside!.file, 'utf8')).toBe(corrupt);
    expect(opened.settings.all()).toEqual(DEFAULT_USER_SETTINGS);
    // conf wrote the defaults: the next start finds a good file and moves nothing.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(DEFAULT_USER_SETTINGS);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(openConfUserSettings(dir).setAside).toBeUndefined();
  });

  it('a second corrupt file in the same second gets a name of its own: neither is lost', () => {
    const dir = userDataDir();
    const now = new Date('2026-11-27T10:00:00Z');
    // As openConfUserSettings, with the clock that names the file given.
    const open = () => openUserSettings(dir, (options) => new Conf<UserSettingsValues>({ ...options, configName: 'config', projectName: 'erp-workbench' }), now);
    writeFileSync(join(dir, 'config.json'), 'first');
    open();
    writeFileSync(join(dir, 'config.json'), '"second"');
    open();
    expect(readdirSync(dir).sort()).toEqual(['config.corrupt-20261127-100000-2.json', 'config.corrupt-20261127-100000.json', 'config.json']);
    expect(readFileSync(join(dir, 'config.corrupt-20261127-100000.json'), 'utf8')).toBe('first');
    expect(readFileSync(join(dir, 'config.corrupt-20261127-100000-2.json'), 'utf8')).toBe('"second"');
  });

  it('leaves a good file as it is, the keys it does not know included', () => {
    const dir = userDataDir();
    const file = join(dir, 'config.json');
    const text = `${JSON.stringify({ ...DEFAULT_USER_SETTINGS, listenPort: 9090, futureSetting: 'kept' }, null, '\t')}`;
    writeFileSync(file, text, { mode: 0o600 });
    const opened = openConfUserSettings(dir);
    expect(opened.setAside).toBeUndefined();
    expect(opened.settings.get('listenPort')).toBe(9090);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(existsSync(join(dir, 'config.json'))).toBe(true);
  });
});
