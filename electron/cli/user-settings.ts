import Conf from 'conf';
import { makePrivate } from '../core/store/private-files.ts';
import type { UserSettings, UserSettingsValues } from '../../shared/domain/user-settings.ts';
import { DEFAULT_USER_SETTINGS } from '../../shared/domain/user-settings.ts';

/**
 * User settings under plain Node, through conf: the same config.json in the same folder that
 * electron-store (conf's Electron wrapper) writes for the desktop app.
 */
export function createConfUserSettings(userDataDir: string): UserSettings {
  const store = new Conf<UserSettingsValues>({
    cwd: userDataDir,
    configName: 'config',
    projectName: 'erp-workbench',
    defaults: DEFAULT_USER_SETTINGS,
    // Owner only, like the data folder beside it (conf's default is 0666 less the umask).
    configFileMode: 0o600,
  });
  // configFileMode applies only when conf writes, and it does not write a file that already holds
  // every setting: one an older version left readable to others is tightened here, at start.
  makePrivate(store.path);
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    all: () => store.store,
  };
}
