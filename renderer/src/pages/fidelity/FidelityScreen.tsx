import { Divider, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../app/shell/ErrorNotice.tsx';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { DriftPanel } from './DriftPanel.tsx';
import { ProxyBanner } from './ProxyBanner.tsx';
import { ProxyForm } from './ProxyForm.tsx';
import { RecordingsTable } from './RecordingsTable.tsx';
import { useOperation } from '../../api/operations.ts';

/** Settings › Fidelity: the account's proxy mode, the drift report (live or from a HAR file) and its recordings. */
export function FidelityScreen() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: '/c/$companyId/settings/fidelity' });
  const proxy = useOperation('proxy.get', { company_id: companyId });
  return (
    <div data-testid="screen-fidelity">
      <PageHeader screen="fidelity" />
      <Stack gap="lg" maw={1200}>
        <Text size="sm" c="dimmed">{t('fidelity.intro')}</Text>
        {proxy.error ? (
          <ErrorNotice error={proxy.error} />
        ) : proxy.data ? (
          <>
            <ProxyBanner settings={proxy.data} />
            {/* Keyed by the saved settings' account: another account starts from its own values. */}
            <ProxyForm key={companyId} settings={proxy.data} />
          </>
        ) : (
          <Paper withBorder radius="md" p="md" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={300} radius="sm" />
          </Paper>
        )}
        <Divider />
        <DriftPanel companyId={companyId} />
        <Divider />
        <RecordingsTable companyId={companyId} />
      </Stack>
    </div>
  );
}
