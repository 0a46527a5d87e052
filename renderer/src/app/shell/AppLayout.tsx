import { useEffect, type MouseEvent } from 'react';
import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccountSwitcher, ColorSchemeToggle, LanguageSwitch, PreferencesMenu, SearchTrigger } from './HeaderControls.tsx';
import { ActivityBar } from './ActivityBar.tsx';
import { AttentionMenu } from './AttentionMenu.tsx';
import { CommandPalette } from './CommandPalette.tsx';
import { Sidebar } from './Sidebar.tsx';
import { ClockBanner } from './ClockBanner.tsx';
import { Toasts } from './Toasts.tsx';
import { ProxiedBadge } from '../../pages/fidelity/ProxiedBadge.tsx';
import { useLiveInvalidation } from '../../api/live.ts';
import classes from './shell.module.css';

/** The window's title says the screen (and so do the history entries and the taskbar). */
function useDocumentTitle(): void {
  const { t } = useTranslation();
  const screen = useMatches({ select: (matches) => matches.map((m) => m.staticData?.screen).filter(Boolean).at(-1) });
  const title = t('app.title');
  useEffect(() => {
    document.title = screen ? `${t(`screens.${screen}.title`)} · ${title}` : title;
  }, [screen, title, t]);
}

/** Moves the focus to the screen itself (a hash link alone would leave it where it was in some browsers, and change the address). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  const main = document.getElementById('main');
  main?.focus({ preventScroll: false });
}

/** Header (account, search, language, theme), sidebar by area, and the screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(close, [pathname, close]);
  useDocumentTitle();
  // One event subscription for the whole window: screens refresh what the core says changed.
  useLiveInvalidation();

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={0}>
      {/* The first Tab stop: past the header and the sidebar to the screen (shown while focused). */}
      <a href="#main" className={classes.skipLink} onClick={skipToMain}>
        {t('shellParts.skipToContent')}
      </a>
      <AppShell.Header>
        <div className={classes.header}>
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />
          <Link to="/" className={classes.brand}>
            <span className={classes.logo} aria-hidden="true">
              EW
            </span>
            {t('app.title')}
          </Link>
          <AccountSwitcher />
          {/* While the account is proxied: its data on every screen is the real service's. */}
          <ProxiedBadge />
          <Box visibleFrom="md">
            <SearchTrigger />
          </Box>
          <Group ml="auto" gap="xs" wrap="nowrap">
            <AttentionMenu />
            <LanguageSwitch />
            <ColorSchemeToggle />
            <PreferencesMenu />
          </Group>
        </div>
        <ActivityBar />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} aria-label={t('nav.main')}>
        <Sidebar />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main} id="main" tabIndex={-1}>
        {/* Only while the service's clock is frozen or moved (clock.update). */}
        <ClockBanner />
        <Box px="xl" py="lg" maw={1600}>
          <Outlet />
        </Box>
      </AppShell.Main>
      <CommandPalette />
      {/* Inside the router: a toast's link to a record is a router link. */}
      <Toasts />
    </AppShell>
  );
}
