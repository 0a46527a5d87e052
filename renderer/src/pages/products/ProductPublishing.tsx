import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductScreenDetail } from '../../../../shared/contract/operations-products.ts';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import type { QueuedNotification } from '../../../../shared/domain/staff-actions.ts';
import { useAction } from '../../api/operations.ts';
import { formatDateTime } from '../../app/format.ts';
import { DetailSection } from '../../components/detail';
import { confirmAction, notifyFailed } from '../../components/feedback';
import { notifyWrite } from './QueuedNotifications.tsx';

interface Props {
  companyId: number;
  product: ProductScreenDetail;
  connectors: readonly MarketplaceConnector[] | undefined;
  onQueued: (notifications: readonly QueuedNotification[]) => void;
}

/**
 * The connectors the product is published to, each with Unpublish (asked first), and Publish to a
 * chosen connector (products.publish / unpublish: product_published / product_unpublished).
 */
export function ProductPublishing({ companyId, product, connectors, onQueued }: Props) {
  const { t } = useTranslation();
  const publish = useAction('products.publish');
  const unpublish = useAction('products.unpublish');
  const [chosen, setChosen] = useState<string | null>(null);
  const code = product.cod_produs;
  const live = (connectors ?? []).filter((c) => c.deleted === 0);
  const nameOf = (id: number) => live.find((c) => c.id === id)?.name ?? `#${id}`;
  const publishedIds = new Set(product.connectors.map((c) => c.connector_id));

  const doPublish = () => {
    if (!chosen) return;
    const connectorId = Number(chosen);
    publish.mutate(
      { company_id: companyId, connector_id: connectorId, product_id: product.product_id },
      {
        onSuccess: (answer) => {
          const queued = answer.notification ? [{ ...answer.notification, notification_type: 'product_published' as const }] : [];
          onQueued(queued);
          notifyWrite(t, companyId, t('products.publishing.published', { code, name: nameOf(connectorId) }), queued, connectorId);
          setChosen(null);
        },
        onError: (error) => notifyFailed(t('products.publishing.failedPublish'), error),
      },
    );
  };

  const doUnpublish = async (connectorId: number) => {
    const name = nameOf(connectorId);
    const ok = await confirmAction({
      title: t('products.publishing.confirmTitle', { code, name }),
      body: t('products.publishing.confirmBody'),
      confirmLabel: t('products.publishing.unpublish'),
      cancelLabel: t('common.cancel'),
      danger: true,
    });
    if (!ok) return;
    unpublish.mutate(
      { company_id: companyId, connector_id: connectorId, product_id: product.product_id },
      {
        onSuccess: (answer) => {
          const queued = answer.notification ? [{ ...answer.notification, notification_type: 'product_unpublished' as const }] : [];
          onQueued(queued);
          notifyWrite(t, companyId, t('products.publishing.unpublished', { code, name }), queued, connectorId);
        },
        onError: (error) => notifyFailed(t('products.publishing.failedUnpublish'), error),
      },
    );
  };

  return (
    <DetailSection title={t('products.publishing.title')} count={product.connectors.length} testId="product-publishing">
      {product.connectors.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.publishing.none')}
        </Text>
      ) : (
        <Table aria-label={t('products.publishing.title')} withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {product.connectors.map((c) => (
              <Table.Tr key={c.connector_id} data-testid="published-connector" data-connector-id={c.connector_id}>
                <Table.Td>
                  <Stack gap={0}>
                    <Group gap={6}>
                      <Text size="sm" fw={500}>
                        {c.name}
                      </Text>
                      <Badge size="xs" variant="light" color="gray">
                        {c.type}
                      </Badge>
                      {c.active === 0 && (
                        <Badge size="xs" variant="light" color="yellow">
                          {t('products.publishing.inactive')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t('products.publishing.since', { when: formatDateTime(c.published_ts) })}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-xs"
                    variant="default"
                    color="red"
                    aria-label={t('products.publishing.unpublishFrom', { name: c.name })}
                    loading={unpublish.isPending && unpublish.variables?.connector_id === c.connector_id}
                    onClick={() => void doUnpublish(c.connector_id)}
                    data-testid="unpublish"
                  >
                    {t('products.publishing.unpublish')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          size="xs"
          style={{ flex: 1 }}
          aria-label={t('products.publishing.connector')}
          placeholder={t('products.publishing.choose')}
          data={live.map((c) => ({
            value: String(c.id),
            label: `${c.name}${c.active === 0 ? ` (${t('products.publishing.inactive')})` : ''}${publishedIds.has(c.id) ? ' ✓' : ''}`,
          }))}
          value={chosen}
          onChange={setChosen}
          data-testid="publish-connector"
        />
        <Button size="xs" disabled={!chosen} loading={publish.isPending} onClick={doPublish} data-testid="publish">
          {chosen && publishedIds.has(Number(chosen)) ? t('products.publishing.republish') : t('products.publishing.publish')}
        </Button>
      </Group>
    </DetailSection>
  );
}
