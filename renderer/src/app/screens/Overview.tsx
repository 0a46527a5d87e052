import { useDeferredValue, useState } from 'react';
import { Badge, Card, Group, Loader, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/queries.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDate } from '../format.ts';
import { Figures } from '../../pages/overview/Figures.tsx';
import { Charts } from '../../pages/overview/Charts.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ErrorNotice } from '../shell/ErrorNotice.tsx';
import { RouterAnchor } from '../shell/RouterLinks.tsx';
import { HealthLine } from './HealthLine.tsx';

function AccountsTable({ current }: { current: number }) {
  const { t } = useTranslation();
  const accounts = useAccounts();
  if (accounts.isPending) return <Loader size="sm" aria-label={t('overview.loadingAccounts')} />;
  // The health probe answers without the token: a refused token shows here, with how to get in.
  if (accounts.isError) return <ErrorNotice error={accounts.error} />;
  return (
    <Table aria-label={t('overview.accounts')} data-testid="accounts-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={120}>
            {t('overview.companyId')}
          </Table.Th>
          <Table.Th scope="col">{t('overview.name')}</Table.Th>
          <Table.Th scope="col">{t('overview.restApi')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {accounts.data.map((account) => (
          <Table.Tr key={account.company_id}>
            <Table.Td>{account.company_id}</Table.Td>
            <Table.Td>
              <Group gap="xs">
                <RouterAnchor to="/c/$companyId" params={{ companyId: account.company_id }} size="sm">
                  {account.name}
                </RouterAnchor>
                {account.company_id === current && (
                  <Badge size="sm" color="indigo">
                    {t('overview.current')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <Badge size="sm" color={account.rest_enabled ? 'teal' : 'gray'}>
                {account.rest_enabled ? t('overview.enabled') : t('overview.disabled')}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The service's health and the accounts: below the business figures, once (the sidebar has "Connect your code"). */
function ServiceCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('overview.service')}
      </Title>
      <HealthLine />
      <Title order={3} size="h5" mt="md" mb="xs">
        {t('overview.accounts')}
      </Title>
      <AccountsTable current={companyId} />
    </Card>
  );
}

/** The account's home: the business at a glance (figures, charts), then the service and its accounts. */
export function Overview() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: '/c/$companyId/' });
  const [days, setDays] = useState<30 | 90>(30);
  // The other range's figures stay on screen while it loads (no flash of the loader).
  const overview = useOperation('dashboard.overview', { company_id: companyId, days }, { placeholderData: keepPreviousData });
  // The figures first: the four charts (recharts' SVG, the costlier part) are drawn in a
  // render of their own right after, so the cards are on screen without waiting for them.
  const charts = useDeferredValue(overview.data, undefined);
  return (
    <>
      <PageHeader screen="overview" />
      <Stack gap="lg">
        {overview.isPending ? (
          <Group gap="xs" py="xl" justify="center" data-testid="overview-loading">
            <Loader size="sm" aria-label={t('dashboard.loading')} />
            <Text size="sm" c="dimmed">
              {t('dashboard.loading')}
            </Text>
          </Group>
        ) : overview.isError ? (
          <ErrorNotice error={overview.error} />
        ) : (
          <Stack gap="md" data-testid="overview-figures" aria-busy={overview.isPlaceholderData}>
            <Text size="xs" c="dimmed">
              {t('dashboard.ronNote', { today: formatDate(overview.data.today) })}
            </Text>
            <Figures overview={overview.data} companyId={companyId} />
            {charts ? (
              <Charts overview={charts} companyId={companyId} days={days} onDays={setDays} />
            ) : (
              <Skeleton h={560} radius="md" data-testid="overview-charts-loading" />
            )}
          </Stack>
        )}
        <ServiceCard companyId={companyId} />
      </Stack>
    </>
  );
}
