/**
 * Per-user preferences (never business data): the listener, the window, recent data folders.
 * One interface; electron-store backs it in the desktop app, conf under plain Node.
 */
export interface UserSettingsValues {
  listenHost: string;
  listenPort: number;
  recentDataDirs: string[];
  window: { width: number; height: number; x?: number; y?: number; maximized: boolean };
}

export interface UserSettings {
  get<K extends keyof UserSettingsValues>(key: K): UserSettingsValues[K];
  set<K extends keyof UserSettingsValues>(key: K, value: UserSettingsValues[K]): void;
  all(): UserSettingsValues;
}

export const DEFAULT_USER_SETTINGS: UserSettingsValues = {
  listenHost: '127.0.0.1',
  listenPort: 8080,
  recentDataDirs: [],
  window: { width: 1280, height: 800, maximized: false },
};
