import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { preferenceStorage } from './preference-storage.ts';

/*
 * UI preferences only (never server data: that lives in TanStack Query). Persisted through
 * electron-store in the desktop window and localStorage in a browser tab (preference-storage.ts).
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
  /** The sidebar's "Connect your code" card: null until chosen (then open on a tall window only). */
  listenerOpen: boolean | null;
  setColorScheme(value: ColorSchemePreference): void;
  setLanguage(value: Language | null): void;
  setLastCompanyId(companyId: number): void;
  setListenerOpen(open: boolean): void;
}

export const UI_STORAGE_KEY = 'erp-workbench.ui';

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      colorScheme: 'auto',
      language: null,
      lastCompanyId: null,
      listenerOpen: null,
      setColorScheme: (colorScheme) => set({ colorScheme }),
      setLanguage: (language) => set({ language }),
      setLastCompanyId: (lastCompanyId) => set({ lastCompanyId }),
      setListenerOpen: (listenerOpen) => set({ listenerOpen }),
    }),
    {
      name: UI_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(preferenceStorage),
      partialize: ({ colorScheme, language, lastCompanyId, listenerOpen }) => ({ colorScheme, language, lastCompanyId, listenerOpen }),
    },
  ),
);
