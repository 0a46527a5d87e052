import { ActionIcon, Group, Kbd, Menu, SegmentedControl, Select, Text, Tooltip, UnstyledButton, useComputedColorScheme, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { useMatches, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/queries.ts';
import { useUiStore, type Language } from '../stores/ui.ts';
import { IconAdjustments, IconBuilding, IconCheck, IconMoon, IconSearch, IconSun } from './icons.tsx';
import { palette } from './palette-store.ts';
import { useShellCompanyId } from './use-company.ts';
import classes from './shell.module.css';

/** The account whose records every screen shows; switching keeps the screen, drops its filters. */
export function AccountSwitcher() {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const companyId = useShellCompanyId();
  const navigate = useNavigate();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const data = (accounts.data ?? []).map((a) => ({ value: String(a.company_id), label: `${a.company_id} · ${a.name}` }));

  const change = (value: string | null) => {
    if (!value) return;
    const next = Number(value);
    const inAccount = leaf?.fullPath.startsWith('/c/$companyId');
    void navigate({
      to: inAccount ? leaf!.fullPath : '/c/$companyId',
      params: { companyId: next },
      search: {},
    } as never);
  };

  return (
    <Select
      aria-label={t('shell.account')}
      placeholder={t('shell.accountPlaceholder')}
      data={data}
      value={companyId ? String(companyId) : null}
      onChange={change}
      allowDeselect={false}
      disabled={!accounts.isSuccess}
      leftSection={<IconBuilding size={16} />}
      w={240}
      size="sm"
      comboboxProps={{ withinPortal: true }}
      data-testid="account-switcher"
    />
  );
}

/** Looks like a search field; opens the command palette (also Ctrl+K / ⌘K). */
export function SearchTrigger() {
  const { t } = useTranslation();
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <UnstyledButton className={classes.searchTrigger} onClick={() => palette.open()} aria-label={t('shell.searchLabel')} data-testid="search-trigger">
      <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
        <Group gap={8} wrap="nowrap">
          <IconSearch size={16} />
          <Text size="sm" c="dimmed" component="span">
            {t('shell.search')}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" aria-hidden>
          <Kbd size="xs">{mac ? '⌘' : 'Ctrl'}</Kbd>
          <Kbd size="xs">K</Kbd>
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/** One click from light to dark and back (the preferences menu also offers "follow the system"). */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const label = computed === 'dark' ? t('shell.colorScheme.toLight') : t('shell.colorScheme.toDark');
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')} data-testid="color-scheme-toggle">
        {computed === 'dark' ? <IconSun /> : <IconMoon />}
      </ActionIcon>
    </Tooltip>
  );
}

/** RO | EN; the choice is kept (the UI store), "follow the system" is in the preferences menu. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const setLanguage = useUiStore((state) => state.setLanguage);
  const current = (i18n.resolvedLanguage ?? i18n.language) === 'ro' ? 'ro' : 'en';
  return (
    <>
      <VisuallyHidden id="language-switch-label">{t('shell.language')}</VisuallyHidden>
      <SegmentedControl
        size="xs"
        value={current}
        onChange={(value) => setLanguage(value as Language)}
        aria-labelledby="language-switch-label"
        data={[
          { value: 'ro', label: <span lang="ro" title="Română">RO</span> },
          { value: 'en', label: <span lang="en" title="English">EN</span> },
        ]}
        data-testid="language-switch"
      />
    </>
  );
}

/** Theme (light, dark, the system's) and language from the system. Table density is in each table's own menu. */
export function PreferencesMenu() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const language = useUiStore((state) => state.language);
  const setLanguage = useUiStore((state) => state.setLanguage);
  const mark = (on: boolean) => (on ? <IconCheck size={16} /> : <span style={{ width: 16, display: 'inline-block' }} />);
  return (
    <Menu position="bottom-end" width={230} withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('shell.preferences')} title={t('shell.preferences')} data-testid="preferences-menu">
          <IconAdjustments />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.appearance')}</Menu.Label>
        <Menu.Item leftSection={mark(colorScheme === 'light')} onClick={() => setColorScheme('light')}>
          {t('shell.light')}
        </Menu.Item>
        <Menu.Item leftSection={mark(colorScheme === 'dark')} onClick={() => setColorScheme('dark')}>
          {t('shell.dark')}
        </Menu.Item>
        <Menu.Item leftSection={mark(colorScheme === 'auto')} onClick={() => setColorScheme('auto')}>
          {t('shell.auto')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('shell.language')}</Menu.Label>
        <Menu.Item leftSection={mark(language === null)} onClick={() => setLanguage(null)}>
          {t('shell.languageSystem')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
