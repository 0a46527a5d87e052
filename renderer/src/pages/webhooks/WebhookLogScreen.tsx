import { SegmentedControl } from '@mantine/core';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DELIVERY_STATUSES } from '../../../../shared/domain/webhooks.ts';
import { inputOf } from '../../app/search.ts';
import { PageHeader } from '../../app/shell/PageHeader.tsx';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';

/** Logs › Webhook log: the deliveries of the account; the status filter is in the address. */
export function WebhookLogScreen() {
  const { t } = useTranslation();
  const { companyId } = useParams({ from: '/c/$companyId/logs/webhooks' });
  const search = useSearch({ from: '/c/$companyId/logs/webhooks' });
  const navigate = useNavigate({ from: '/c/$companyId/logs/webhooks' });
  const { company_id: _company, ...filter } = inputOf<'webhooks.list'>(companyId, search);
  return (
    <>
      <PageHeader screen="webhookLog">
        <SegmentedControl
          size="xs"
          aria-label={t('webhooks.filterStatus')}
          value={search.status ?? 'all'}
          onChange={(value) => void navigate({ search: (prev) => ({ ...prev, status: value === 'all' ? undefined : (value as (typeof DELIVERY_STATUSES)[number]) }) })}
          data={[{ value: 'all', label: t('webhooks.filterAll') }, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhooks.status.${s}`) }))]}
          data-testid="webhook-status-filter"
        />
      </PageHeader>
      <WebhookDeliveries companyId={companyId} filter={filter} />
    </>
  );
}
