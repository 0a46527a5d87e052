import { Alert, Autocomplete, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOperations } from '../../api/operations.ts';
import type { OrderRow } from './bulk-run.ts';
import { mappedEvents, statusChoices, statusSyncMap } from './status-choices.ts';

/**
 * The bulk "New status" field: the statuses the single action offers (the events the orders'
 * connectors name in their status settings, or any text), and which connector maps which when
 * the selection spans connectors whose lists differ.
 */
export function BulkStatusField({ companyId, orders, value, onChange }: { companyId: number; orders: readonly OrderRow[]; value: string; onChange: (status: string) => void }) {
  const { t } = useTranslation();
  const ids = [...new Set(orders.map((o) => o.connector_id))].sort((a, b) => a - b);
  const configs = useOperations(
    'connectors.get',
    ids.map((connector_id) => ({ company_id: companyId, connector_id })),
  );
  const connectors = ids.map((id, i) => ({ name: configs[i]?.data?.connector.name ?? `#${id}`, map: statusSyncMap(configs[i]?.data) }));
  const { events, differ } = statusChoices(connectors);
  const lines = connectors[0] ? mappedEvents(connectors[0].map) : [];
  return (
    <>
      <Autocomplete
        label={t('bulk.fields.status')}
        description={t('bulk.fields.statusHint')}
        data={events}
        value={value}
        onChange={onChange}
        maxLength={64}
        required
        data-autofocus
        data-testid="bulk-status"
      />
      {!differ && lines.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="bulk-status-events">
          {connectors.length === 1 ? t('connectorOrders.status.mapped') : t('bulk.fields.statusSame')}: {lines.join(' · ')}
        </Text>
      )}
      {differ && (
        <Alert color="blue" variant="light" title={t('bulk.fields.statusDiffer')} data-testid="bulk-status-differ">
          <List size="sm" spacing={2}>
            {connectors.map((c) => (
              <List.Item key={c.name}>
                {c.name}: {mappedEvents(c.map).join(' · ') || t('bulk.fields.statusNone')}
              </List.Item>
            ))}
          </List>
          <Text size="sm" mt={4}>
            {t('bulk.fields.statusDifferHint')}
          </Text>
        </Alert>
      )}
    </>
  );
}
