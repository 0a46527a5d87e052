import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProxySettings } from '../../../../shared/domain/fidelity.ts';
import { IconCompare, IconInfo } from '../../app/shell/icons.tsx';

/** What answers the account's calls now (the saved settings, not the form's draft). */
export function ProxyBanner({ settings }: { settings: ProxySettings }) {
  const { t } = useTranslation();
  if (settings.upstream_url === null) {
    return (
      <Alert variant="light" color="gray" icon={<IconInfo />} data-testid="proxy-banner" data-proxied="false">
        <Text size="sm">{t('fidelity.banner.local', { id: settings.company_id })}</Text>
      </Alert>
    );
  }
  return (
    <Alert
      variant="light"
      color={settings.read_only ? 'orange' : 'red'}
      icon={<IconCompare />}
      role="status"
      title={<span style={{ overflowWrap: 'anywhere' }}>{t('fidelity.banner.proxied', { id: settings.company_id, url: settings.upstream_url })}</span>}
      data-testid="proxy-banner"
      data-proxied="true"
    >
      <Text size="sm">{settings.read_only ? t('fidelity.banner.readOnly') : t('fidelity.banner.writes')}</Text>
    </Alert>
  );
}
