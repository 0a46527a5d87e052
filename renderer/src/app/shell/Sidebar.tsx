import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ActionIcon, AppShell, Box, CopyButton, Group, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { controlToken } from '../../api/client.ts';
import { useClientInfo } from '../../api/context.tsx';
import { useServiceInfo } from '../../api/queries.ts';
import { AREAS, SCREENS, type ScreenId } from '../nav.ts';
import { useUiStore } from '../stores/ui.ts';
import { IconCheck, IconChevronUp, IconCopy } from './icons.tsx';
import { RouterNavLink } from './RouterLinks.tsx';
import { useShellCompanyId } from './use-company.ts';
import classes from './shell.module.css';

function NavItem({ screen, companyId }: { screen: ScreenId; companyId: number | undefined }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (location) => location.pathname.replace(/\/+$/, '') });
  const def = SCREENS[screen];
  const Icon = def.icon;
  const label = t(`screens.${screen}.title`);
  if (companyId === undefined) {
    return <NavLink label={label} leftSection={<Icon />} disabled className={classes.navLink} />;
  }
  // The overview is the account's index: active only there; a screen also while a record is open in it.
  const href = def.path.replace('$companyId', String(companyId));
  const active = screen === 'overview' ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  return <ScreenLink screen={screen} companyId={companyId} label={label} icon={<Icon />} active={active} />;
}

/**
 * A screen's entry. The active one is scrolled into the sidebar's view: on a short window the
 * list scrolls under the listener card, and a screen opened from a link, the command palette
 * or the address would otherwise be marked where nobody sees it.
 */
function ScreenLink({ screen, companyId, label, icon, active }: { screen: ScreenId; companyId: number; label: string; icon: ReactNode; active: boolean }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <RouterNavLink
      ref={ref}
      to={SCREENS[screen].path}
      params={{ companyId } as never}
      label={label}
      leftSection={icon}
      active={active}
      activeOptions={{ exact: screen === 'overview', includeSearch: false }}
      className={classes.navLink}
      data-testid={`nav-${screen}`}
    />
  );
}

/** Below this window height the card starts folded until someone opens it (1280x720 keeps Logs and Settings in view). */
const TALL_WINDOW = 800;

/** The card's open state: the remembered choice, else open on a tall window only. */
function useListenerOpen(): [boolean, (open: boolean) => void] {
  const chosen = useUiStore((state) => state.listenerOpen);
  const setOpen = useUiStore((state) => state.setListenerOpen);
  // Follows the window while nobody chose: a window made shorter folds the card.
  const tall = useMediaQuery(`(min-height: ${TALL_WINDOW}px)`, window.innerHeight >= TALL_WINDOW, { getInitialValueInEffect: false });
  return [chosen ?? tall, setOpen];
}

function CopyRow({ label, display, value, testId }: { label: string; display: string; value: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text className={classes.listenerValue} title={value ? display : undefined} data-testid={testId}>
          {display}
        </Text>
        {value && (
          <CopyButton value={value} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('shell.copied') : t('shell.copy', { what: label })} position="right">
                <ActionIcon size="sm" variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={t('shell.copy', { what: label })}>
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Where a partner's code connects: the REST base URL of the account, the control API and, in a
 * browser tab, its admin token (masked; the copy button copies it whole).
 */
export function ListenerCard({
  companyId,
  testIdPrefix = 'listener',
  landmark = true,
  collapsible = false,
}: {
  companyId: number | undefined;
  testIdPrefix?: string;
  landmark?: boolean;
  /** The sidebar's: folds to its heading (remembered), so a short window keeps every screen entry in view. */
  collapsible?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const bodyId = useId();
  const [open, setOpen] = useListenerOpen();
  const shown = !collapsible || open;
  const { transport } = useClientInfo();
  const info = useServiceInfo(transport === 'ipc');
  const origin = window.location.origin;
  const restBase = transport === 'http' ? `${origin}/app/rest/v1/` : info.data?.rest_base_url;
  const controlBase = transport === 'http' ? `${origin}/_sandbox/` : info.data?.control_base_url;
  const rest = restBase ? `${restBase}${companyId ?? '{company_id}'}/` : null;
  const token = transport === 'http' ? controlToken() : null;
  const masked = token ? `${'•'.repeat(8)}${token.slice(-4)}` : transport === 'http' ? t('shell.tokenMissing') : t('shell.tokenDesktop');
  return (
    <Box component={landmark ? 'section' : 'div'} className={classes.listener} aria-labelledby={landmark ? headingId : undefined} data-testid={testIdPrefix}>
      {collapsible ? (
        <button
          type="button"
          id={headingId}
          className={classes.listenerToggle}
          aria-expanded={open}
          aria-controls={bodyId}
          title={open ? t('shellParts.listenerHide') : t('shellParts.listenerShow')}
          onClick={() => setOpen(!open)}
          data-testid={`${testIdPrefix}-toggle`}
        >
          {t('shell.listener')}
          <IconChevronUp size={14} className={classes.listenerChevron} />
        </button>
      ) : (
        <Text id={headingId} component="div" size="xs" fw={700} tt="uppercase" c="dimmed" mb={6} style={{ letterSpacing: '0.06em' }}>
          {t('shell.listener')}
        </Text>
      )}
      {/* style, not the hidden attribute: Stack's display: flex would override it. */}
      <Stack gap={6} id={bodyId} mt={collapsible ? 6 : 0} style={shown ? undefined : { display: 'none' }}>
        <CopyRow label={t('shell.restBaseUrl')} display={rest ?? '…'} value={rest} testId={`${testIdPrefix}-rest`} />
        <CopyRow label={t('shell.controlApi')} display={controlBase ?? '…'} value={controlBase ?? null} testId={`${testIdPrefix}-control`} />
        <CopyRow label={t('shell.controlToken')} display={masked} value={token} testId={`${testIdPrefix}-token`} />
      </Stack>
    </Box>
  );
}

/** The areas and their screens, then the listener's address. */
export function Sidebar() {
  const { t } = useTranslation();
  const companyId = useShellCompanyId();
  return (
    <>
      <AppShell.Section grow component={ScrollArea} px="sm" pt="sm" pb="md">
        <NavItem screen="overview" companyId={companyId} />
        {AREAS.map((area) => (
          <div key={area.id} role="group" aria-labelledby={`nav-area-${area.id}`}>
            <div id={`nav-area-${area.id}`} className={classes.areaLabel}>
              {t(`nav.areas.${area.id}`)}
            </div>
            {area.screens.map((screen) => (
              <NavItem key={screen} screen={screen} companyId={companyId} />
            ))}
          </div>
        ))}
      </AppShell.Section>
      <AppShell.Section>
        <ListenerCard companyId={companyId} collapsible />
      </AppShell.Section>
    </>
  );
}
