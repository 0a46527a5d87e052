import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Box, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AttentionItem } from '../../../../shared/contract/operations-attention.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDateTime } from '../format.ts';
import { IconBell } from './icons.tsx';
import { useShellCompanyId } from './use-company.ts';
import classes from './shell.module.css';

/** A paused receiver resumes by itself (no event says so): read again this often while one is listed. */
const PAUSED_REFRESH_MS = 15_000;

/** One entry: what is wrong in plain words and a link to the screen where it is fixed. */
function Entry({ item, companyId, onGo }: { item: AttentionItem; companyId: number; onGo: () => void }) {
  const { t } = useTranslation();
  const params = { companyId } as never;
  switch (item.kind) {
    case 'failed_deliveries':
      return (
        <>
          <Text size="sm">{t('shellParts.attention.failedDeliveries', { count: item.count })}</Text>
          <Anchor component={Link} size="sm" to="/c/$companyId/logs/webhooks" params={params} search={{ status: 'failed' } as never} onClick={onGo}>
            {t('shellParts.attention.failedDeliveriesAction')}
          </Anchor>
        </>
      );
    case 'paused_receiver':
      return (
        <>
          <Text size="sm">{t('shellParts.attention.pausedReceiver', { connector: item.connector_name, url: item.url })}</Text>
          <Anchor component={Link} size="sm" to="/c/$companyId/connectors/settings" params={params} search={{ connector_id: item.connector_id } as never} onClick={onGo}>
            {t('shellParts.attention.pausedReceiverAction')}
          </Anchor>
        </>
      );
    case 'storage_unreachable':
      return (
        <>
          <Text size="sm">{t('shellParts.attention.storageUnreachable', { message: item.message })}</Text>
          <Text size="xs" c="dimmed">
            {t('shellParts.attention.since', { time: formatDateTime(item.since) })}
          </Text>
          <Anchor component={Link} size="sm" to="/c/$companyId/settings/storage" params={params} search={{} as never} onClick={onGo}>
            {t('shellParts.attention.storageUnreachableAction')}
          </Anchor>
        </>
      );
  }
}

/**
 * The header's "needs attention" badge (attention.list): failed webhook notifications, paused
 * receivers, an unreachable storage, each with a link to where it is fixed. Refreshed by the
 * core's events (its reads name the tables); nothing is shown while all is well.
 */
export function AttentionMenu() {
  const { t } = useTranslation();
  const companyId = useShellCompanyId();
  const [opened, setOpened] = useState(false);
  const query = useOperation(
    'attention.list',
    { company_id: companyId ?? 0 },
    {
      enabled: companyId !== undefined,
      refetchInterval: (q) => (q.state.data?.items.some((item) => item.kind === 'paused_receiver') ? PAUSED_REFRESH_MS : false),
    },
  );
  const list = query.data;
  if (companyId === undefined || !list || list.count === 0) return null;
  const label = t('shellParts.attention.badge', { count: list.count });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={380} shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={label} disabled={opened}>
          <ActionIcon variant="light" color="orange" size="lg" aria-label={label} aria-expanded={opened} aria-haspopup="dialog" onClick={() => setOpened((o) => !o)} className={classes.attentionButton} data-testid="attention-badge">
            <IconBell />
            <Badge size="xs" circle color="orange" variant="filled" className={classes.attentionCount} aria-hidden>
              {list.count}
            </Badge>
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('shellParts.attention.title')} data-testid="attention-list">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="xs" style={{ letterSpacing: '0.06em' }} component="h2">
          {t('shellParts.attention.title')}
        </Text>
        <Box component="ul" className={classes.attentionEntries}>
          {list.items.map((item) => (
            <li key={item.kind === 'paused_receiver' ? `${item.kind}-${item.connector_id}` : item.kind}>
              <Stack gap={2}>
                <Entry item={item} companyId={companyId} onGo={() => setOpened(false)} />
              </Stack>
            </li>
          ))}
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
