import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAccounts } from '../../api/queries.ts';
import { useUiStore } from '../stores/ui.ts';
import { HealthLine } from './HealthLine.tsx';
import { ErrorNotice } from '../shell/ErrorNotice.tsx';

/**
 * `/`: goes on to the account opened last (else the first). Until the accounts are read it shows
 * the service's health (which answers without the token) and, when the accounts are refused,
 * why and how to get in.
 */
export function Home() {
  const { t } = useTranslation();
  const accounts = useAccounts();
  const last = useUiStore((state) => state.lastCompanyId);
  if (accounts.isSuccess) {
    const ids = accounts.data.map((a) => a.company_id);
    const target = last && ids.includes(last) ? last : ids[0];
    if (target) return <Navigate to="/c/$companyId" params={{ companyId: target }} replace />;
  }
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('app.title')}</Title>
      <HealthLine />
      {accounts.isPending && (
        <Center mih={80}>
          <Loader size="sm" aria-label={t('overview.loadingAccounts')} />
        </Center>
      )}
      {accounts.isError && <ErrorNotice error={accounts.error} />}
      {accounts.isSuccess && accounts.data.length === 0 && <Text c="dimmed">—</Text>}
    </Stack>
  );
}
