import type { StateStorage } from 'zustand/middleware';

/*
 * Where the UI stores (theme, language, table columns) persist: in the desktop window, the
 * user settings file through the main process (electron-store, over the one invoke channel);
 * in a browser tab, localStorage. The desktop preferences are read once before the first render
 * (loadDesktopPreferences), so the window opens in the chosen theme without a flash.
 */

let desktop: Record<string, string> | null = null;

/** Reads the desktop window's saved preferences; nothing to do in a browser tab. */
export async function loadDesktopPreferences(): Promise<void> {
  if (!window.erp) return;
  const answer = await window.erp.invoke('preferences.get', {});
  desktop = answer.ok ? answer.data : {};
}

function save(key: string, value: string | null): void {
  // A failed save keeps the choice for this session; the next change tries again.
  void window.erp?.invoke('preferences.set', { key, value }).catch(() => undefined);
}

/** The storage a persisted zustand store uses (see the module comment). */
export function preferenceStorage(): StateStorage {
  if (!window.erp) return localStorage;
  return {
    getItem: (name) => desktop?.[name] ?? null,
    setItem: (name, value) => {
      desktop = { ...desktop, [name]: value };
      save(name, value);
    },
    removeItem: (name) => {
      if (desktop) delete desktop[name];
      save(name, null);
    },
  };
}
