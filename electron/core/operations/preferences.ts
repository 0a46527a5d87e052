import type { preferenceOperations } from '../../../shared/contract/operations-preferences.ts';
import type { PreferenceStore } from '../../../shared/domain/user-settings.ts';
import type { HandlersOf } from '../operation-handlers.ts';

/** The window's UI preferences (shared/contract/operations-preferences.ts), kept where the host says. */
export function createPreferenceHandlers(deps: { preferences: PreferenceStore }): HandlersOf<keyof typeof preferenceOperations> {
  const { preferences } = deps;
  return {
    'preferences.get': () => preferences.all(),
    'preferences.set': ({ key, value }) => {
      preferences.set(key, value);
      return { key };
    },
  };
}
