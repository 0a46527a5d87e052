import { useLayoutEffect, useState } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts, useGlobalSearch } from '../../api/queries.ts';
import { ErpError } from '../../api/errors.ts';
import { SCREEN_IDS, SCREENS, screenOfKind, type RecordKind, type ScreenId } from '../nav.ts';
import { formatDate, formatMoney } from '../format.ts';
import { palette, paletteStore, selectFirstAction } from './palette-store.ts';
import paletteClasses from './palette.module.css';
import { IconAlert, IconSearch } from './icons.tsx';
import { useShellCompanyId } from './use-company.ts';

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Passed through to the list's ScrollArea (its props are not in Spotlight.ActionsList's type). */
const LIST_VIEWPORT = { viewportProps: { tabIndex: 0 } } as object;

/** Case- and accent-insensitive: "incasari" finds "Încasări". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Where Ctrl+K must not open the palette: a control it would act on instead of the palette (a
 * radio, a checkbox or a switch, a segmented control, a select, a slider; a menu's checkable
 * item). Text fields do open it: Ctrl+K (⌘K) edits nothing there, and a filter box is where one
 * most often thinks of searching.
 */
function isToggleControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement && ['radio', 'checkbox', 'range'].includes(target.type)) return true;
  if (target instanceof HTMLSelectElement) return true;
  const role = target.getAttribute('role');
  return role !== null && ['radio', 'checkbox', 'switch', 'slider', 'menuitemradio', 'menuitemcheckbox', 'option', 'tab'].includes(role);
}

/** The palette's shortcut (the Spotlight's own would also stay quiet in text fields). */
function usePaletteShortcut(): void {
  useHotkeys(
    [['mod+K', (event) => (isToggleControl(event.target) ? undefined : palette.open()), { preventDefault: false }]],
    // Nothing ignored by tag: the target is checked above (text inputs included on purpose).
    [],
    true,
  );
}

/**
 * Ctrl+K (⌘K): jump to a screen, or find a record of the account by document number, product
 * code or EAN, order id or client name (search.global) and open it in its screen.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 200);
  const companyId = useShellCompanyId();
  const accounts = useAccounts();
  const navigate = useNavigate();
  const results = useGlobalSearch(companyId, debounced);
  const accountName = accounts.data?.find((a) => a.company_id === companyId)?.name ?? '';
  const { opened } = useSpotlight(paletteStore);
  usePaletteShortcut();

  const needle = fold(query.trim());
  const screens = SCREEN_IDS.filter((id) => {
    if (!needle) return true;
    const area = SCREENS[id].area;
    return fold(`${t(`screens.${id}.title`)} ${area ? t(`nav.areas.${area}`) : ''}`).includes(needle);
  });

  /** Kind · date · what identifies it · amount, the date and amount written as the screens write them. */
  const describe = (record: NonNullable<typeof results.data>[number]) =>
    [
      t(`palette.kinds.${record.kind as RecordKind}`),
      record.date ? formatDate(record.date) : '',
      record.subtitle,
      record.amount !== undefined ? formatMoney(record.amount, record.currency) : '',
    ]
      .filter(Boolean)
      .join(' · ');

  const goTo = (screen: ScreenId, open?: number) => {
    if (companyId === undefined) return;
    void navigate({ to: SCREENS[screen].path, params: { companyId }, search: open !== undefined ? { open } : {} } as never);
  };

  const searching = debounced.length > 0 && companyId !== undefined;
  // The first entry is the active one whenever the list changes (opened, typed, records arrived):
  // Enter opens it without an arrow key first.
  const listKey = `${opened}|${query}|${(results.data ?? []).map((hit) => `${hit.kind}${hit.id}`).join(',')}|${screens.join(',')}`;
  // A layout effect: marked before the list is painted, so an Enter right after it lands on it.
  useLayoutEffect(() => {
    if (opened) selectFirstAction(paletteStore);
  }, [opened, listKey]);
  const unavailable = results.isError;
  const message = results.error instanceof ErpError ? `${results.error.status}: ${results.error.message}` : results.error?.message;

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      // Our own shortcut (usePaletteShortcut): it opens from text fields, not from toggles.
      shortcut={null}
      scrollable
      maxHeight={460}
      // The dialog's name (for assistive technology); the header that carries it is visually hidden.
      title={t('shell.searchLabel')}
      styles={{ header: VISUALLY_HIDDEN }}
      classNames={{ action: paletteClasses.action, actionDescription: paletteClasses.description }}
    >
      <Spotlight.Search placeholder={t('palette.placeholder')} leftSection={<IconSearch />} aria-label={t('palette.placeholder')} />
      {/* Focusable, so the list scrolls from the keyboard too (the actions themselves are reached with the arrows). */}
      <Spotlight.ActionsList {...LIST_VIEWPORT}>
        {searching && (
          <Spotlight.ActionsGroup label={t('palette.records')}>
            {(results.isPending || (results.isFetching && !results.data)) && !unavailable && (
              <Group gap="xs" px="md" py="sm">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {t('palette.searching')}
                </Text>
              </Group>
            )}
            {unavailable && (
              <Group gap="xs" px="md" py="sm" wrap="nowrap" align="flex-start" data-testid="palette-unavailable">
                <IconAlert size={16} style={{ marginTop: 2, flex: 'none' }} />
                <div>
                  <Text size="sm" fw={600}>
                    {t('palette.unavailable')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('palette.unavailableHint', { message })}
                  </Text>
                </div>
              </Group>
            )}
            {results.data?.map((record) => (
              <Spotlight.Action
                key={`${record.kind}-${record.id}`}
                label={record.title}
                description={describe(record)}
                onClick={() => goTo(screenOfKind(record.kind as RecordKind), record.id)}
              />
            ))}
            {results.isSuccess && results.data.length === 0 && (
              <Text size="sm" c="dimmed" px="md" py="sm">
                {t('palette.nothingFound')}
              </Text>
            )}
          </Spotlight.ActionsGroup>
        )}
        {!searching && companyId !== undefined && (
          <Text size="xs" c="dimmed" px="md" pt="sm">
            {t('palette.typeToSearch', { account: accountName || companyId })}
          </Text>
        )}
        {screens.length > 0 && (
          <Spotlight.ActionsGroup label={t('palette.screens')}>
            {screens.map((id) => {
              const Icon = SCREENS[id].icon;
              const area = SCREENS[id].area;
              return (
                <Spotlight.Action
                  key={id}
                  label={t(`screens.${id}.title`)}
                  description={area ? t(`nav.areas.${area}`) : undefined}
                  leftSection={<Icon size={18} />}
                  onClick={() => goTo(id)}
                  data-testid={`palette-screen-${id}`}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        )}
        {screens.length === 0 && !searching && <Spotlight.Empty>{t('palette.nothingFound')}</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
