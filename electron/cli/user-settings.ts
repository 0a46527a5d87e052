import Conf from 'conf';
import type { UserSettings, UserSettingsValues } from '../../shared/domain/user-settings.ts';
import { openUserSettings, type OpenedUserSettings } from '../core/user-settings-file.ts';

/**
 * User settings under plain Node, through conf: the same config.json in the same folder that
 * electron-store (conf's Electron wrapper) writes for the desktop app. A file that cannot be read
 * as settings is moved aside first (user-settings-file.ts): `setAside` says where.
 */
export function openConfUserSettings(userDataDir: string): OpenedUserSettings {
  return openUserSettings(userDataDir, (options) => new Conf<UserSettingsValues>({ ...options, configName: 'config', projectName: 'erp-workbench' }));
}

/** The settings alone (a caller that has nobody to tell about a file moved aside). */
export function createConfUserSettings(userDataDir: string): UserSettings {
  return openConfUserSettings(userDataDir).settings;
}
