import Type from 'typebox';
import { op, Empty } from './operation-def.ts';

/** A preference's name: the renderer's store names (`erp-workbench.ui`, `erp-workbench.data-table`). */
const PreferenceKey = Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{0,63}$', description: 'the store name, e.g. erp-workbench.ui' });
/** The store's persisted JSON; a table's column choices for every table stay far below this. */
const PREFERENCE_MAX_CHARS = 64 * 1024;

/**
 * The window's UI preferences (theme, language, columns, density): the desktop window keeps them
 * through the main process in electron-store (the user settings file), since its preload exposes
 * nothing but this map. A browser tab keeps them in localStorage and does not call these.
 */
export const preferenceOperations = {
  'preferences.get': op({
    summary: 'Every saved UI preference of this user (the renderer stores, as JSON text by name)',
    input: Empty,
    output: Type.Record(Type.String(), Type.String()),
    http: { method: 'GET', path: '/preferences' },
  }),
  'preferences.set': op({
    summary: 'Save (or, with value null, forget) one UI preference',
    input: Type.Object(
      { key: PreferenceKey, value: Type.Union([Type.String({ maxLength: PREFERENCE_MAX_CHARS }), Type.Null()]) },
      { additionalProperties: false },
    ),
    output: Type.Object({ key: Type.String() }),
    http: { method: 'PUT', path: '/preferences/:key' },
  }),
} as const;
