import { Stack, Text } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { AddFaultForm } from './AddFaultForm.tsx';
import { FaultsTable } from './FaultsTable.tsx';

/** Settings › Fault switches: what the account's REST calls suffer on purpose, added and removed here. */
export function FaultsScreen() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: '/c/$companyId/settings/faults' });
  return (
    <div data-testid="screen-faults">
      <PageHeader screen="faults" />
      <Stack gap="lg" maw={1100}>
        <Text size="sm" c="dimmed">{t('faults.intro')}</Text>
        <FaultsTable companyId={companyId} />
        <AddFaultForm companyId={companyId} />
      </Stack>
    </div>
  );
}
