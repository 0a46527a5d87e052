import { Badge, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/queries.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ErrorNotice } from '../shell/ErrorNotice.tsx';
import { RouterAnchor } from '../shell/RouterLinks.tsx';
import { ListenerCard } from '../shell/Sidebar.tsx';
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

/** The account's home: the service's health, the accounts, and where partner code connects. */
export function Overview() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: '/c/$companyId/' });
  return (
    <>
      <PageHeader screen="overview" />
      <Stack gap="lg">
        <Card padding="lg">
          <Title order={2} mb="xs">
            {t('overview.service')}
          </Title>
          <HealthLine />
        </Card>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Card padding="lg">
            <Title order={2} mb="sm">
              {t('overview.accounts')}
            </Title>
            <AccountsTable current={companyId} />
          </Card>
          <Card padding={0}>
            <Stack gap={0}>
              <Text size="sm" c="dimmed" p="lg" pb="xs">
                {t('overview.listenerHint')}
              </Text>
              <ListenerCard companyId={companyId} testIdPrefix="overview-listener" landmark={false} />
            </Stack>
          </Card>
        </SimpleGrid>
      </Stack>
    </>
  );
}
