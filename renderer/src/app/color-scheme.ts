import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { useUiStore } from './stores/ui.ts';

/**
 * Mantine's color scheme kept in the UI store (one place for every preference), so the header
 * toggle, the preferences menu and a second tab (the store's storage event) agree.
 */
export function uiStoreColorSchemeManager(): MantineColorSchemeManager {
  let unsubscribe: (() => void) | undefined;
  return {
    get: (defaultValue) => useUiStore.getState().colorScheme ?? defaultValue,
    set: (value: MantineColorScheme) => {
      if (useUiStore.getState().colorScheme !== value) useUiStore.getState().setColorScheme(value);
    },
    subscribe: (onUpdate) => {
      unsubscribe?.();
      unsubscribe = useUiStore.subscribe((state, previous) => {
        if (state.colorScheme !== previous.colorScheme) onUpdate(state.colorScheme);
      });
    },
    unsubscribe: () => {
      unsubscribe?.();
      unsubscribe = undefined;
    },
    clear: () => useUiStore.getState().setColorScheme('auto'),
  };
}
