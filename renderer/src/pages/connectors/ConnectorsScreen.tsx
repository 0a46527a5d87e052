import { Alert, Badge, Box, Flex, Group, NavLink, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import { useOperation } from '../../api/operations.ts';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { ErrorNotice } from '../../app/shell/ErrorNotice.tsx';
import { ApiUsers } from './ApiUsers.tsx';
import { ConfigGroups } from './ConfigGroups.tsx';
import { ConnectorSettingsForm } from './ConnectorSettingsForm.tsx';
import type { ConnectorsTab } from './search.ts';

const ROUTE = '/c/$companyId/connectors/settings';

/** Connectors › Connectors & API users: the account's connectors (settings and configuration) and its API users. */
export function ConnectorsScreen() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: ROUTE });
  const connectors = useOperation('connectors.list', { company_id: companyId });
  const tab: ConnectorsTab = search.tab ?? 'connectors';
  const list = connectors.data ?? [];
  // The connector in the address, else the first that is not deleted.
  const selected = list.find((c) => c.id === search.connector_id) ?? list.find((c) => !c.deleted) ?? list[0];

  return (
    <div data-testid="screen-connectors">
      <PageHeader screen="connectors" />
      <Tabs value={tab} onChange={(value) => void navigate({ search: (prev) => ({ ...prev, tab: (value as ConnectorsTab) ?? undefined }) })} keepMounted={false}>
        <Tabs.List aria-label={t('connectorsScreen.tabs.label')} mb="md">
          <Tabs.Tab value="connectors">{t('connectorsScreen.tabs.connectors')}</Tabs.Tab>
          <Tabs.Tab value="apiUsers" data-testid="tab-api-users">
            {t('connectorsScreen.tabs.apiUsers')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="connectors">
          {connectors.error && <ErrorNotice error={connectors.error} />}
          <Flex gap="md" align="flex-start" direction={{ base: 'column', md: 'row' }}>
            <Box w={{ base: '100%', md: 300 }} style={{ flexShrink: 0 }}>
              <Paper withBorder radius="md" p={4} component="nav" aria-label={t('connectorsScreen.list')} data-testid="connector-list">
                {connectors.isPending && <Skeleton height={160} />}
                {connectors.data && list.length === 0 && (
                  <Text size="sm" c="dimmed" p="sm">
                    {t('connectorsScreen.listEmpty')}
                  </Text>
                )}
                {list.map((c) => (
                  <ConnectorLink key={c.id} connector={c} active={c.id === selected?.id} onSelect={() => void navigate({ search: (prev) => ({ ...prev, connector_id: c.id }) })} />
                ))}
              </Paper>
            </Box>
            <Box style={{ flex: 1, minWidth: 0 }} w="100%">
              {selected && <ConnectorPane key={selected.id} companyId={companyId} connector={selected} />}
            </Box>
          </Flex>
        </Tabs.Panel>
        <Tabs.Panel value="apiUsers">
          <ApiUsers companyId={companyId} connectors={list} />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}

function ConnectorLink({ connector: c, active, onSelect }: { connector: MarketplaceConnector; active: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <NavLink
      active={active}
      onClick={onSelect}
      aria-current={active ? 'true' : undefined}
      label={`${c.id} · ${c.name}`}
      description={`${c.type} · ${c.site_domain}`}
      rightSection={
        c.deleted ? (
          <Badge size="xs" color="red" variant="light">
            {t('connectorsScreen.deleted')}
          </Badge>
        ) : !c.active ? (
          <Badge size="xs" color="gray" variant="light">
            {t('connectorsScreen.inactive')}
          </Badge>
        ) : null
      }
      data-testid={`connector-${c.id}`}
    />
  );
}

/** The selected connector: its settings (editable) and its configuration (readable). */
function ConnectorPane({ companyId, connector }: { companyId: number; connector: MarketplaceConnector }) {
  const { t } = useTranslation();
  const config = useOperation('connectors.get', { company_id: companyId, connector_id: connector.id }, { enabled: connector.deleted === 0 });
  if (connector.deleted) {
    return (
      <Alert color="gray" variant="light" title={`${connector.id} · ${connector.name}`}>
        {t('connectorsScreen.deletedText')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {connector.name}
          </Title>
          <Text size="sm" c="dimmed">
            {connector.site_domain}
          </Text>
        </Group>
        {config.isPending && <Skeleton height={360} />}
        {config.error && <ErrorNotice error={config.error} />}
        {config.data && <ConnectorSettingsForm companyId={companyId} config={config.data} />}
      </Paper>
      <div>
        <Title order={2} size="h4">
          {t('connectorsScreen.config')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('connectorsScreen.configHint')}
        </Text>
        {config.isPending && <Skeleton height={400} />}
        {config.data && <ConfigGroups config={config.data} />}
      </div>
    </Stack>
  );
}
