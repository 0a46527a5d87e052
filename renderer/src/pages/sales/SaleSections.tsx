import { Anchor, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Sale } from '../../../../shared/domain/sales.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDate, formatMoney, formatNumber } from '../../app/format.ts';
import { RouterAnchor } from '../../app/shell/RouterLinks.tsx';
import { DetailSection } from '../../components/detail/index.ts';
import { Pill } from '../../components/data-table/index.ts';

/*
 * The parts of a sale's detail below its summary: lines, payments, fiscal receipts, invoice and
 * AWBs. Each reads what it shows through the screen lists (bv_id / sale_id filters) or the sale
 * itself, so a change anywhere refreshes it through the live invalidation.
 */

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Muted({ children, testId }: { children: string; testId?: string }) {
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {children}
    </Text>
  );
}

export function SaleLines({ companyId, sale }: { companyId: number; sale: Sale }) {
  const { t } = useTranslation();
  const lines = sale.items ?? [];
  return (
    <DetailSection title={t('sales.detail.lines')} count={lines.length} testId="sale-lines">
      {lines.length === 0 ? (
        <Muted>{t('sales.detail.noLines')}</Muted>
      ) : (
        <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} aria-label={t('sales.detail.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('sales.detail.line.item')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('sales.detail.line.qty')}</Table.Th>
              <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>{t('sales.detail.line.price')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('sales.detail.line.vat')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('sales.detail.line.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.line_no}>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {line.product_variant_id > 0 ? (
                      <RouterAnchor to="/c/$companyId/catalogue/products" params={{ companyId }} search={{ open: line.product_variant_id }} size="sm" c="inherit">
                        {line.item_name_plain || line.item_name}
                      </RouterAnchor>
                    ) : (
                      line.item_name_plain || line.item_name
                    )}
                  </Text>
                  {line.item_code && (
                    <Text size="xs" c="dimmed">
                      {line.item_code}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatNumber(line.qty_mu1)} {line.unit}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatNumber(line.unit_price, 2)}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatNumber(line.vat_rate)}%
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatMoney(line.value_with_vat, sale.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DetailSection>
  );
}

export function SalePayments({ companyId, sale }: { companyId: number; sale: Sale }) {
  const { t } = useTranslation();
  const types = useOperation('payments.types', { company_id: companyId });
  const nameOf = (code: string) => types.data?.find((pt) => pt.code === code)?.name ?? code;
  const payments = sale.transactions ?? [];
  return (
    <DetailSection title={t('sales.detail.payments')} count={payments.length} testId="sale-payments">
      {payments.length === 0 ? (
        <Muted testId="sale-payments-empty">{t('sales.detail.noPayments')}</Muted>
      ) : (
        <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} aria-label={t('sales.detail.payments')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">#</Table.Th>
              <Table.Th scope="col">{t('sales.detail.payment.date')}</Table.Th>
              <Table.Th scope="col">{t('sales.detail.payment.type')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('sales.detail.payment.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((p) => (
              <Table.Tr key={p.incasare_id} data-testid="sale-payment">
                <Table.Td>
                  <RouterAnchor
                    size="sm"
                    to="/c/$companyId/documents/payments"
                    params={{ companyId }}
                    search={{ open: p.incasare_id }}
                    aria-label={t('sales.detail.payment.open', { id: p.incasare_id })}
                  >
                    {p.incasare_id}
                  </RouterAnchor>
                </Table.Td>
                <Table.Td style={num}>{formatDate(p.doc_date)}</Table.Td>
                <Table.Td>
                  {nameOf(p.payment_type)}
                  {p.mentions && (
                    <Text size="xs" c="dimmed" lineClamp={1} title={p.mentions}>
                      {p.mentions}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatMoney(p.amount, p.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DetailSection>
  );
}

export function SaleFiscalReceipts({ companyId, bvId }: { companyId: number; bvId: number }) {
  const { t } = useTranslation();
  const receipts = useOperation('lists.fiscalReceipts', { company_id: companyId, bv_id: bvId, limit: 50 });
  const rows = receipts.data?.rows ?? [];
  return (
    <DetailSection title={t('sales.detail.fiscalReceipts')} {...(receipts.data && { count: receipts.data.total })} testId="sale-fiscal-receipts">
      {receipts.isPending ? (
        <Skeleton height={24} />
      ) : receipts.isError ? (
        <Muted>{t('sales.detail.cannotRead', { message: receipts.error.message })}</Muted>
      ) : rows.length === 0 ? (
        <Muted>{t('sales.detail.noReceipts')}</Muted>
      ) : (
        <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} aria-label={t('sales.detail.fiscalReceipts')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('sales.detail.receipt.nr')}</Table.Th>
              <Table.Th scope="col">{t('sales.detail.receipt.date')}</Table.Th>
              <Table.Th scope="col">{t('sales.detail.receipt.status')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('sales.detail.receipt.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.fiscal_receipt_id}>
                <Table.Td style={num}>{r.bon_nr ?? '—'}{r.z_nr !== null && <Text span size="xs" c="dimmed"> · Z {r.z_nr}</Text>}</Table.Td>
                <Table.Td style={num}>{formatDate(r.doc_date)}</Table.Td>
                <Table.Td>
                  <Pill color={r.status_id === 3 ? 'teal' : r.status_id === 0 ? 'red' : 'yellow'}>
                    {t(`sales.detail.receiptStatus.${r.status_id}` as 'sales.detail.receiptStatus.3')}
                  </Pill>
                </Table.Td>
                <Table.Td ta="right" style={num}>
                  {formatMoney(r.document_value_with_vat, r.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DetailSection>
  );
}

export function SaleInvoice({ companyId, sale }: { companyId: number; sale: Sale }) {
  const { t } = useTranslation();
  const invoice = sale.invoiced;
  const number = invoice ? `${invoice.doc_series} ${invoice.doc_nr}` : '';
  return (
    <DetailSection title={t('sales.detail.invoice')} testId="sale-invoice">
      {!invoice ? (
        <Muted>{t('sales.detail.noInvoice')}</Muted>
      ) : (
        <Text size="sm">
          <RouterAnchor to="/c/$companyId/documents/invoices" params={{ companyId }} search={{ open: invoice.bocp_id }} aria-label={t('sales.detail.openInvoice', { number })}>
            {number}
          </RouterAnchor>
          {' · '}
          {formatDate(invoice.doc_date)} · <span style={num}>{formatMoney(invoice.document_value_with_vat, invoice.currency)}</span>
          {invoice.document_cancelled ? (
            <>
              {' '}
              <Pill color="red">{t('sales.detail.invoiceCancelled')}</Pill>
            </>
          ) : null}
        </Text>
      )}
    </DetailSection>
  );
}

export function SaleAwbs({ companyId, bvId }: { companyId: number; bvId: number }) {
  const { t } = useTranslation();
  const awbs = useOperation('lists.awbs', { company_id: companyId, sale_id: bvId, limit: 50 });
  const rows = awbs.data?.rows ?? [];
  return (
    <DetailSection title={t('sales.detail.awbs')} {...(awbs.data && { count: awbs.data.total })} testId="sale-awbs">
      {awbs.isPending ? (
        <Skeleton height={24} />
      ) : awbs.isError ? (
        <Muted>{t('sales.detail.cannotRead', { message: awbs.error.message })}</Muted>
      ) : rows.length === 0 ? (
        <Muted>{t('sales.detail.noAwbs')}</Muted>
      ) : (
        <Table fz="sm" verticalSpacing={4} horizontalSpacing={6} aria-label={t('sales.detail.awbs')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('sales.detail.awb.nr')}</Table.Th>
              <Table.Th scope="col">{t('sales.detail.awb.courier')}</Table.Th>
              <Table.Th scope="col">{t('sales.detail.awb.date')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.awb_id}>
                <Table.Td style={num}>
                  <RouterAnchor to="/c/$companyId/documents/awbs" params={{ companyId }} search={{ open: a.awb_id }} aria-label={t('sales.detail.awb.open', { nr: a.awb_nr })}>
                    {a.awb_nr}
                  </RouterAnchor>
                  {a.awb_url && (
                    <>
                      {' '}
                      <Anchor href={a.awb_url} target="_blank" rel="noreferrer" size="xs" aria-label={t('sales.detail.awb.tracking', { nr: a.awb_nr })}>
                        ↗
                      </Anchor>
                    </>
                  )}
                  {a.document_cancelled ? (
                    <>
                      {' '}
                      <Pill color="red">{t('sales.pill.cancelled')}</Pill>
                    </>
                  ) : null}
                </Table.Td>
                <Table.Td>{a.awb_subtype ? `${a.awb_type} / ${a.awb_subtype}` : a.awb_type}</Table.Td>
                <Table.Td style={num}>{formatDate(a.doc_date)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DetailSection>
  );
}
