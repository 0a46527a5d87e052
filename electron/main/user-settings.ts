import Store from 'electron-store';
import type { UserSettings, UserSettingsValues } from '../../shared/domain/user-settings.ts';
import { DEFAULT_USER_SETTINGS } from '../../shared/domain/user-settings.ts';
import { makePrivate } from '../core/store/private-files.ts';

/**
 * User settings in the desktop app, through electron-store: userData/config.json, the same file
 * the headless CLI reads and writes through conf (electron/cli/user-settings.ts). Create it
 * only after the userData path is final (electron-store reads it in its constructor).
 */
export function createElectronUserSettings(): UserSettings {
  // Owner only, like the data folder beside it (conf's default is 0666 less the umask).
  const store = new Store<UserSettingsValues>({ name: 'config', defaults: DEFAULT_USER_SETTINGS, configFileMode: 0o600 });
  // The mode applies when the store writes; a file an older version left 0644 is tightened here.
  makePrivate(store.path);
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    all: () => store.store,
  };
}
