/**
 * Per-user preferences (never business data): the listener, the window, recent data folders.
 * One interface; electron-store backs it in the desktop app, conf under plain Node.
 */
export interface UserSettingsValues {
  listenHost: string;
  listenPort: number;
  /** Serve the listener over TLS with the certificate kept in the data folder (npm run serve -- --https). */
  listenHttps: boolean;
  recentDataDirs: string[];
  window: { width: number; height: number; x?: number; y?: number; maximized: boolean };
  /** The window's UI preferences (theme, language, table columns), JSON text by store name. */
  uiPreferences: Record<string, string>;
}

export interface UserSettings {
  get<K extends keyof UserSettingsValues>(key: K): UserSettingsValues[K];
  set<K extends keyof UserSettingsValues>(key: K, value: UserSettingsValues[K]): void;
  all(): UserSettingsValues;
}

export const DEFAULT_USER_SETTINGS: UserSettingsValues = {
  listenHost: '127.0.0.1',
  listenPort: 8080,
  listenHttps: false,
  recentDataDirs: [],
  window: { width: 1280, height: 800, maximized: false },
  uiPreferences: {},
};

/** Where the core keeps the window's UI preferences: the user settings file, or memory. */
export interface PreferenceStore {
  all(): Record<string, string>;
  set(key: string, value: string | null): void;
}

/** The UI preferences kept in the user settings (electron-store in the app, conf under Node). */
export function preferencesIn(settings: UserSettings): PreferenceStore {
  return {
    all: () => ({ ...settings.get('uiPreferences') }),
    set: (key, value) => {
      const next = { ...settings.get('uiPreferences') };
      if (value === null) delete next[key];
      else next[key] = value;
      settings.set('uiPreferences', next);
    },
  };
}

/** Preferences for this process only (tests, a server started without a settings file). */
export function memoryPreferences(): PreferenceStore {
  const values = new Map<string, string>();
  return {
    all: () => Object.fromEntries(values),
    set: (key, value) => void (value === null ? values.delete(key) : values.set(key, value)),
  };
}
