import { Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/operations.ts';
import { ErrorNotice } from '../../app/shell/ErrorNotice.tsx';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { ServiceSettingsForm } from './ServiceSettingsForm.tsx';
import { SnapshotsPanel } from './SnapshotsPanel.tsx';

/** Settings › Service settings: webhook delivery, the built-in inbox, login lockout and the API log size, for the whole service. */
export function ServiceSettingsScreen() {
  const { t } = useTranslation();
  const settings = useOperation('settings.get', {});
  return (
    <div data-testid="screen-serviceSettings">
      <PageHeader screen="serviceSettings" />
      {settings.isError ? (
        <ErrorNotice error={settings.error} />
      ) : settings.data ? (
        <ServiceSettingsForm settings={settings.data} />
      ) : (
        // The form's shape while it loads: nothing moves when it arrives.
        <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
          {[190, 110, 130].map((height, i) => (
            <Paper key={i} withBorder radius="md" p="md">
              <Skeleton height={height - 32} radius="sm" />
            </Paper>
          ))}
        </Stack>
      )}
      <SnapshotsPanel />
    </div>
  );
}
