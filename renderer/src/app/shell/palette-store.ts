import { createSpotlight, type SpotlightStore } from '@mantine/spotlight';

/** The command palette's own store: the header's search field and the shortcut open it. */
export const [paletteStore, palette] = createSpotlight();

/**
 * Marks the list's first action as the selected one (what Enter triggers), as the Spotlight's
 * arrow keys do: its own selection only moves on a typed query, before records arrive.
 */
export function selectFirstAction(store: SpotlightStore): void {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: 0 }));
}
