import { Group, Loader, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useClientInfo } from '../../api/context.tsx';
import { useHealth } from '../../api/queries.ts';
import { ErrorNotice } from '../shell/ErrorNotice.tsx';

/** The service's answer to service.health, or why it did not answer (with how to get in on a 401). */
export function HealthLine() {
  const { t } = useTranslation();
  const health = useHealth();
  const { transport } = useClientInfo();
  if (health.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('overview.checking')}
        </Text>
      </Group>
    );
  }
  if (health.isError) return <ErrorNotice error={health.error} />;
  return (
    <Text size="sm" data-testid="health">
      <Trans
        i18nKey="overview.health"
        values={{ status: health.data.status, version: health.data.version, apiVersion: health.data.api_version, transport: transport === 'ipc' ? 'IPC' : 'HTTP' }}
        components={{ strong: <strong /> }}
      />
    </Text>
  );
}
