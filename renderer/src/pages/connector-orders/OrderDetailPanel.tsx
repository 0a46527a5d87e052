import { NotificationTypeValue } from '../../components/api-value/ApiValue.tsx';
import { useState } from 'react';
import { Alert, Anchor, Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { OrderAddress, OrderDetail } from '../../../../shared/domain/order-detail.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../app/format.ts';
import { DetailPanel, DetailSection, JsonView, KeyValue, queryState } from '../../components/detail/index.ts';
import { OrderActions, type ActionOutcome } from './OrderActions.tsx';
import { DeliveryBadge, OrderNotifications } from './OrderNotifications.tsx';
import { OrderStatusPill } from './order-status.tsx';
import { InvoiceOutcomeList } from './InvoiceFollowUps.tsx';

const address = (a: OrderAddress | null) =>
  a ? [a.street, a.number && `nr. ${a.number}`, a.building && `bl. ${a.building}`, a.stair && `sc. ${a.stair}`, a.floor && `et. ${a.floor}`, a.apartment && `ap. ${a.apartment}`, a.zip, a.city, a.county, a.country].filter(Boolean).join(', ') : '';

/** The open order beside the list: its fields, lines, client, payload, import answer, documents and notifications. */
export function OrderDetailPanel({ companyId, orderId, onClose }: { companyId: number; orderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useOperation('orders.get', { company_id: companyId, SERVICE_order_id: orderId });
  const [last, setLast] = useState<ActionOutcome | null>(null);
  const order = query.data;
  const uid = order?.order_unique_id ?? String(orderId);
  return (
    <DetailPanel
      label={t('connectorOrders.detail.label', { uid })}
      testId="order-detail"
      title={t('connectorOrders.detail.title', { uid })}
      subtitle={order && t('connectorOrders.detail.subtitle', { connector: order.connector_name, id: order.SERVICE_order_id })}
      actions={order && <OrderActions companyId={companyId} order={order} onDone={setLast} />}
      onClose={onClose}
      {...queryState(query)}
    >
      {order && (
        <>
          {last && <LastAction outcome={last} order={order} />}
          <OrderFields order={order} />
          <Lines order={order} />
          <Client order={order} />
          <Documents companyId={companyId} order={order} />
          <DetailSection title={t('connectorOrders.detail.notifications')} count={order.notifications.length} testId="section-notifications">
            <OrderNotifications companyId={companyId} orderUniqueId={order.order_unique_id} deliveries={order.notifications} />
          </DetailSection>
          <ImportAnswer order={order} />
          <DetailSection title={t('connectorOrders.detail.payload')} testId="section-payload">
            {order.received_payload === null ? (
              <Text size="sm" c="dimmed">
                {t('connectorOrders.detail.noPayload')}
              </Text>
            ) : (
              <JsonView value={order.received_payload} label={t('connectorOrders.detail.payloadLabel')} maxHeight={360} />
            )}
          </DetailSection>
        </>
      )}
    </DetailPanel>
  );
}

/** What the last action of this panel queued, each delivery's state following the live order read. */
function LastAction({ outcome, order }: { outcome: ActionOutcome; order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="blue" title={`${t('connectorOrders.actions.last')}: ${outcome.label}`} data-testid="last-action">
      {outcome.invoice && <InvoiceOutcomeList outcome={outcome.invoice} done testId="invoice-done" />}
      {outcome.notifications.length === 0 ? (
        <Text size="sm">{t('connectorOrders.delivery.noReceiver')}</Text>
      ) : (
        <Stack gap={4}>
          {outcome.notifications.map((n) => {
            const delivery = order.notifications.find((d) => d.id === n.delivery_id);
            return (
              <Group key={n.delivery_id} gap="xs">
                <NotificationTypeValue type={n.notification_type} />
                <Text size="sm">#{n.delivery_id}</Text>
                <Text size="sm" c="dimmed" aria-hidden>
                  →
                </Text>
                {delivery ? <DeliveryBadge delivery={delivery} /> : <Badge variant="light" color="yellow" tt="none">{t('connectorOrders.delivery.queued')}</Badge>}
              </Group>
            );
          })}
        </Stack>
      )}
    </Alert>
  );
}

function OrderFields({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`connectorOrders.detail.fields.${key}` as 'connectorOrders.detail.fields.date');
  return (
    <DetailSection title={t('connectorOrders.detail.order')} testId="section-order">
      <KeyValue
        items={[
          { label: f('status'), value: order.order_cancelled ? <Badge color="red" variant="light">{t('connectorOrders.cancelledPill')}</Badge> : <span data-testid="order-status"><OrderStatusPill status={order.order_status} /></span> },
          { label: f('date'), value: formatDate(order.order_date) },
          { label: f('reference'), value: order.order_reference },
          { label: f('total'), value: formatMoney(order.document_value_with_vat, order.order_currency_code), numeric: true },
          { label: f('paid'), value: formatMoney(order.paid_amount, order.order_currency_code), numeric: true },
          { label: f('paymentMethod'), value: order.payment_method ?? '' },
          { label: f('shipping'), value: order.shipping_method },
          { label: f('cod'), value: order.cod_amount > 0 ? formatMoney(order.cod_amount, order.cod_currency || order.order_currency_code) : '', numeric: true },
          { label: f('updatedAt'), value: order.order_updated_at ? formatDateTime(order.order_updated_at) : '' },
          { label: f('changed'), value: formatDateTime(order.last_changed_ts) },
          { label: f('mentions'), value: order.order_mentions },
        ]}
      />
    </DetailSection>
  );
}

function Lines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`connectorOrders.detail.lineColumns.${key}` as 'connectorOrders.detail.lineColumns.no');
  const num = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } as const;
  return (
    <DetailSection title={t('connectorOrders.detail.lines')} count={order.lines.length} testId="section-lines">
      <Table fz="sm" verticalSpacing={4} aria-label={t('connectorOrders.detail.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{c('name')}</Table.Th>
              <Table.Th scope="col" ta="right">{c('qty')}</Table.Th>
              <Table.Th scope="col" ta="right">{c('price')}</Table.Th>
              <Table.Th scope="col" ta="right">{c('value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.line_no}>
                <Table.Td>
                  {line.item_name}
                  <Text size="xs" c="dimmed" ff="monospace">
                    {line.code}
                    {line.ean && ` · ${line.ean}`}
                  </Text>
                </Table.Td>
                <Table.Td {...num}>{formatNumber(line.item_quantity)}</Table.Td>
                <Table.Td {...num}>{formatMoney(line.item_price_with_vat, order.order_currency_code)}</Table.Td>
                <Table.Td {...num}>{formatMoney(line.line_value_with_vat, order.order_currency_code)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
    </DetailSection>
  );
}

function Client({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const c = order.client;
  const f = (key: string) => t(`connectorOrders.detail.clientFields.${key}` as 'connectorOrders.detail.clientFields.name');
  return (
    <DetailSection title={t('connectorOrders.detail.client')} testId="section-client">
      {c ? (
        <KeyValue
          items={[
            { label: f('name'), value: c.name },
            { label: f('cui'), value: c.cui },
            { label: f('regCom'), value: c.reg_com },
            { label: f('email'), value: c.email },
            { label: f('phone'), value: c.phone },
            { label: f('invoiceAddress'), value: address(c.invoice_address) },
            { label: f('deliveryAddress'), value: address(c.delivery_address) },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('connectorOrders.detail.noClient')}
        </Text>
      )}
    </DetailSection>
  );
}

function Documents({ companyId, order }: { companyId: number; order: OrderDetail }) {
  const { t } = useTranslation();
  const params = { companyId };
  const cancelled = (flag: number) =>
    flag === 1 ? (
      <Badge size="xs" color="red" variant="light" ml={6}>
        {t('connectorOrders.detail.cancelledDoc')}
      </Badge>
    ) : null;
  const { proforma } = order;
  const count = order.sales_receipts.length + order.invoices.length + order.awbs.length + (order.proforma ? 1 : 0);
  return (
    <DetailSection title={t('connectorOrders.detail.documents')} count={count} testId="section-documents">
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {t('connectorOrders.detail.noDocuments')}
        </Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none">
          {order.sales_receipts.map((s) => (
            <List.Item key={`s${s.bv_id}`}>
              <Anchor renderRoot={(props) => <Link {...props} to="/c/$companyId/documents/sales" params={params} search={{ open: s.bv_id }} />}>
                {t('connectorOrders.detail.sale', { number: `${s.doc_series} ${s.doc_nr}` })}
              </Anchor>{' '}
              · {formatMoney(s.document_value_with_vat, s.currency)}
              {cancelled(s.document_cancelled)}
            </List.Item>
          ))}
          {order.invoices.map((i) => (
            <List.Item key={`i${i.bocp_id}`}>
              <Anchor renderRoot={(props) => <Link {...props} to="/c/$companyId/documents/invoices" params={params} search={{ open: i.bocp_id }} />}>
                {t('connectorOrders.detail.invoice', { number: `${i.seria} ${i.nr}` })}
              </Anchor>{' '}
              · {formatMoney(i.document_value_with_vat, i.currency)}
              {cancelled(i.document_cancelled)}
            </List.Item>
          ))}
          {proforma && (
            <List.Item>
              <Anchor renderRoot={(props) => <Link {...props} to="/c/$companyId/documents/proformas" params={params} search={{ open: proforma.proforma_id }} />}>
                {t('connectorOrders.detail.proforma', { number: `${proforma.doc_series} ${proforma.doc_nr}` })}
              </Anchor>{' '}
              · {formatMoney(proforma.document_value_with_vat, proforma.currency)}
              {cancelled(proforma.document_cancelled)}
            </List.Item>
          )}
          {order.awbs.map((a) => (
            <List.Item key={`a${a.awb_id}`}>
              <Anchor renderRoot={(props) => <Link {...props} to="/c/$companyId/documents/awbs" params={params} search={{ open: a.awb_id }} />}>
                {t('connectorOrders.detail.awb', { number: a.awb_nr, courier: a.awb_subtype ? `${a.awb_type} / ${a.awb_subtype}` : a.awb_type })}
              </Anchor>
              {cancelled(a.document_cancelled)}
            </List.Item>
          ))}
        </List>
      )}
    </DetailSection>
  );
}

function ImportAnswer({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const s = order.import_summary;
  const f = (key: string) => t(`connectorOrders.detail.summaryFields.${key}` as 'connectorOrders.detail.summaryFields.mode');
  return (
    <>
      <DetailSection title={t('connectorOrders.detail.summary')} testId="section-summary">
        {s ? (
          <KeyValue
            items={[
              { label: f('mode'), value: s.mode },
              { label: f('itemsReceived'), value: s.items_received, numeric: true },
              { label: f('itemsImported'), value: s.items_imported, numeric: true },
              { label: f('paymentsReceived'), value: s.payments_received, numeric: true },
              { label: f('paymentsRegistered'), value: s.payments_registered, numeric: true },
              { label: f('paymentsPending'), value: s.payments_skipped_pending, numeric: true },
              { label: f('paidRegistered'), value: formatMoney(s.paid_amount_registered, order.order_currency_code), numeric: true },
              { label: f('paymentMethod'), value: s.payment_method_applied ?? '' },
              { label: f('aliases'), value: s.item_field_aliases_used.join(', ') },
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('connectorOrders.detail.noSummary')}
          </Text>
        )}
        {order.imports.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('connectorOrders.detail.imports')}:{' '}
            {order.imports.map((i) => t('connectorOrders.detail.importEntry', { method: i.method, mode: i.mode, ts: formatDateTime(i.ts) })).join(' · ')}
          </Text>
        )}
      </DetailSection>
      <DetailSection title={t('connectorOrders.detail.notices')} count={order.notices?.length ?? 0} testId="section-notices">
        {order.notices && order.notices.length > 0 ? (
          <List size="sm" spacing={4}>
            {order.notices.map((notice, i) => (
              <List.Item key={i}>{notice}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {s ? t('connectorOrders.detail.noNotices') : t('connectorOrders.detail.noSummary')}
          </Text>
        )}
      </DetailSection>
    </>
  );
}
