import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/*
 * UI preferences only (never server data: that lives in TanStack Query). Persisted to
 * localStorage, in a browser tab and in the desktop window alike: the preload exposes nothing
 * but the operations map, which holds no per-user settings, so electron-store is not reachable
 * from here yet. The desktop window's localStorage lives in its userData folder and survives
 * restarts; moving these to electron-store needs a user-settings path over IPC first.
 */

export type ColorSchemePreference = 'light' | 'dark' | 'auto';
export type Language = 'ro' | 'en';

/**
 * The window's preferences. A table's own (column choice, widths, density) are kept per table by
 * the DataTable's store (components/data-table/prefs-store.ts), in the same localStorage.
 */
export interface UiState {
  colorScheme: ColorSchemePreference;
  /** null: follow the system (navigator.language). */
  language: Language | null;
  /** The account last opened, so `/` goes back to it. */
  lastCompanyId: number | null;
  setColorScheme(value: ColorSchemePreference): void;
  setLanguage(value: Language | null): void;
  setLastCompanyId(companyId: number): void;
}

export const UI_STORAGE_KEY = 'erp-workbench.ui';

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      colorScheme: 'auto',
      language: null,
      lastCompanyId: null,
      setColorScheme: (colorScheme) => set({ colorScheme }),
      setLanguage: (language) => set({ language }),
      setLastCompanyId: (lastCompanyId) => set({ lastCompanyId }),
    }),
    {
      name: UI_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ colorScheme, language, lastCompanyId }) => ({ colorScheme, language, lastCompanyId }),
    },
  ),
);
