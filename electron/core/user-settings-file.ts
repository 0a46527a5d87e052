import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivate } from './store/private-files.ts';
import { DEFAULT_USER_SETTINGS, type UserSettings, type UserSettingsValues } from '../../shared/domain/user-settings.ts';

/*
 * The user settings file (userData/config.json), shared by the desktop app (electron-store) and
 * the headless CLI (conf, which electron-store wraps). conf throws at construction on a file
 * that is not JSON, and turns JSON that is not an object into one (`"x"` becomes {"0":"x"})
 * before writing it back: a truncated write or a hand edit gone wrong would stop the app, or be
 * overwritten. Here such a file is moved aside, whole, under a name that says so, and the
 * settings start from the defaults: nothing is lost, and the person is told where it went.
 */

export const SETTINGS_FILE = 'config.json';

/** What conf and electron-store both are, as far as the settings go. */
export interface SettingsStore {
  get<K extends keyof UserSettingsValues>(key: K): UserSettingsValues[K];
  set<K extends keyof UserSettingsValues>(key: K, value: UserSettingsValues[K]): void;
  readonly store: UserSettingsValues;
  readonly path: string;
}

/** The options both stores take for config.json in `cwd`, owner-only. */
export interface SettingsStoreOptions {
  cwd: string;
  defaults: UserSettingsValues;
  configFileMode: number;
}

/** electron-store in the app, conf under Node. */
export type OpenSettingsStore = (options: SettingsStoreOptions) => SettingsStore;

export interface OpenedUserSettings {
  settings: UserSettings;
  /** The settings file in use. */
  file: string;
  /** A file that could not be read as settings, and where it now is. */
  setAside?: { file: string; problem: string };
}

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A check per known key: an unknown key is kept (a newer version's), a known one must fit. */
const CHECKS: { [K in keyof UserSettingsValues]: [Check, string] } = {
  listenHost: [(v) => isString(v) && (v as string).length > 0, 'not a host name or address'],
  listenPort: [(v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 65535, 'not a port number (0-65535)'],
  listenHttps: [(v) => typeof v === 'boolean', 'not true or false'],
  recentDataDirs: [(v) => Array.isArray(v) && v.every(isString), 'not a list of folders'],
  window: [
    (v) =>
      isRecord(v) &&
      isNumber(v.width) &&
      isNumber(v.height) &&
      typeof v.maximized === 'boolean' &&
      (v.x === undefined || isNumber(v.x)) &&
      (v.y === undefined || isNumber(v.y)),
    'not a window size and position',
  ],
  uiPreferences: [(v) => isRecord(v) && Object.values(v).every(isString), 'not a set of preferences'],
};

/** Why `text` is not a settings file this version can use, or undefined when it is. */
export function settingsProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return text.trim() === '' ? 'the file is empty' : `not valid JSON: ${(error as Error).message}`;
  }
  if (!isRecord(value)) return 'not a JSON object';
  for (const [key, [fits, what]] of Object.entries(CHECKS)) {
    if (Object.hasOwn(value, key) && !fits(value[key])) return `"${key}" is ${what}`;
  }
  return undefined;
}

/** config.corrupt-20261127-100000.json beside it (-2, -3 ... when that exists already). */
function asideName(file: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const base = file.replace(/\.json$/, '');
  for (let n = 1; ; n += 1) {
    const candidate = `${base}.corrupt-${stamp}${n === 1 ? '' : `-${n}`}.json`;
    if (!existsSync(candidate)) return candidate;
  }
}

/**
 * Opens the settings of `userDataDir`, moving an unreadable config.json aside first (renamed:
 * its bytes stay as they were). Errors reading or writing the folder (permissions, a full disk)
 * are thrown as they came.
 */
export function openUserSettings(userDataDir: string, open: OpenSettingsStore, now = new Date()): OpenedUserSettings {
  const file = join(userDataDir, SETTINGS_FILE);
  let setAside: OpenedUserSettings['setAside'];
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const problem = text === undefined ? undefined : settingsProblem(text);
  if (problem) {
    const aside = asideName(file, now);
    renameSync(file, aside);
    setAside = { file: aside, problem };
  }
  // Owner only, like the data folder beside it (conf's default is 0666 less the umask).
  const store = open({ cwd: userDataDir, defaults: DEFAULT_USER_SETTINGS, configFileMode: 0o600 });
  // The mode applies when the store writes, and it does not write a file that already holds
  // every setting: one an older version left readable to others is tightened here, at start.
  makePrivate(store.path);
  return {
    settings: { get: (key) => store.get(key), set: (key, value) => store.set(key, value), all: () => store.store },
    file: store.path,
    ...(setAside && { setAside }),
  };
}
