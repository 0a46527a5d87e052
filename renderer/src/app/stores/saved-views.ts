import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { preferenceStorage } from './preference-storage.ts';

/** A list screen's address values a view keeps: its filters, sort and direction (never the window or the open record). */
export type ViewSearch = Record<string, unknown>;

/** A named view of one list: the screen's filters and sort (its address) and the columns shown. */
export interface SavedView {
  name: string;
  search: ViewSearch;
  /** Column id -> shown (the table's column choice when saved); absent: the columns are left as they are. */
  columns?: Record<string, boolean>;
}

/** The most views one list keeps, and the longest name: a menu, not a database. */
export const MAX_VIEWS_PER_LIST = 30;
export const MAX_VIEW_NAME = 60;

interface SavedViewsState {
  /** By list (the table's id: `documents-invoices`, `connector-orders` …), in the order saved. */
  lists: Record<string, SavedView[]>;
  /** Saves a view under its name (replacing one of that name). */
  save: (listId: string, view: SavedView) => void;
  rename: (listId: string, from: string, to: string) => void;
  remove: (listId: string, name: string) => void;
}

export const SAVED_VIEWS_STORAGE_KEY = 'erp-workbench.saved-views';

const withList = (state: SavedViewsState, listId: string, views: SavedView[]): Pick<SavedViewsState, 'lists'> => ({ lists: { ...state.lists, [listId]: views } });

/**
 * The named views of every list screen, a UI preference like the column choice: kept in the
 * desktop window's settings file (preferences.set) or a browser tab's localStorage, so they
 * survive a restart. Applying one is a navigation: the address is the screen's state.
 */
export const useSavedViews = create<SavedViewsState>()(
  persist(
    (set) => ({
      lists: {},
      save: (listId, view) =>
        set((state) => {
          const views = state.lists[listId] ?? [];
          const at = views.findIndex((v) => v.name === view.name);
          const next = at >= 0 ? views.map((v, i) => (i === at ? view : v)) : [...views, view].slice(-MAX_VIEWS_PER_LIST);
          return withList(state, listId, next);
        }),
      rename: (listId, from, to) =>
        set((state) => {
          const views = (state.lists[listId] ?? []).filter((v) => v.name !== to || to === from);
          return withList(state, listId, views.map((v) => (v.name === from ? { ...v, name: to } : v)));
        }),
      remove: (listId, name) => set((state) => withList(state, listId, (state.lists[listId] ?? []).filter((v) => v.name !== name))),
    }),
    {
      name: SAVED_VIEWS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(preferenceStorage),
      partialize: (state) => ({ lists: state.lists }),
    },
  ),
);

const NONE: SavedView[] = [];

/** The views of one list (a stable empty array when it has none). */
export function useSavedViewsOf(listId: string): SavedView[] {
  return useSavedViews((state) => state.lists[listId] ?? NONE);
}
