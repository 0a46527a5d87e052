import Store from 'electron-store';
import type { UserSettingsValues } from '../../shared/domain/user-settings.ts';
import type { OpenSettingsStore } from '../core/user-settings-file.ts';

/**
 * electron-store for the settings file userData/config.json, the same file the headless CLI reads
 * and writes through conf (electron/cli/user-settings.ts); startup.ts opens it (moving an
 * unreadable one aside first) once the userData path is final.
 */
export const openElectronSettingsStore: OpenSettingsStore = (options) => new Store<UserSettingsValues>({ ...options, name: 'config' });
