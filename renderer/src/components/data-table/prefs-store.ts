import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { preferenceStorage } from '../../app/stores/preference-storage.ts';

/** Row height steps; the row height in pixels of each is in `ROW_HEIGHT`. */
export type Density = 'compact' | 'normal' | 'comfortable';
export const DENSITIES: readonly Density[] = ['compact', 'normal', 'comfortable'];
export const ROW_HEIGHT: Record<Density, number> = { compact: 28, normal: 34, comfortable: 42 };

/** What a user chose for one table (by the table's `id`): hidden columns, widths, density. */
export interface TablePrefs {
  /** Column id -> false when hidden (TanStack Table's ColumnVisibilityState); absent = the column's default. */
  visibility?: Record<string, boolean>;
  /** Column id -> width in px, after a resize. */
  sizing?: Record<string, number>;
  density?: Density;
}

interface PrefsState {
  tables: Record<string, TablePrefs>;
  setVisibility: (tableId: string, visibility: Record<string, boolean>) => void;
  setSizing: (tableId: string, sizing: Record<string, number>) => void;
  setDensity: (tableId: string, density: Density) => void;
  reset: (tableId: string) => void;
}

/** The store's name: its localStorage key in a browser tab, its preference key in the desktop window's settings. */
export const PREFS_STORAGE_KEY = 'erp-workbench.data-table';

const patch = (state: PrefsState, tableId: string, change: TablePrefs): Pick<PrefsState, 'tables'> => ({
  tables: { ...state.tables, [tableId]: { ...state.tables[tableId], ...change } },
});

/**
 * UI preferences of every DataTable, persisted in localStorage (electron-store in the desktop window). Server data never lives here
 * (that is TanStack Query's); only what the user chose about how tables look.
 */
export const useTablePrefs = create<PrefsState>()(
  persist(
    (set) => ({
      tables: {},
      setVisibility: (tableId, visibility) => set((state) => patch(state, tableId, { visibility })),
      setSizing: (tableId, sizing) => set((state) => patch(state, tableId, { sizing })),
      setDensity: (tableId, density) => set((state) => patch(state, tableId, { density })),
      reset: (tableId) =>
        set((state) => {
          const tables = { ...state.tables };
          delete tables[tableId];
          return { tables };
        }),
    }),
    {
      name: PREFS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(preferenceStorage),
      partialize: (state) => ({ tables: state.tables }),
    },
  ),
);

const NO_PREFS: TablePrefs = {};

/** The preferences of one table (a stable empty object when it has none). */
export function useTablePrefsOf(tableId: string): TablePrefs {
  return useTablePrefs((state) => state.tables[tableId] ?? NO_PREFS);
}
