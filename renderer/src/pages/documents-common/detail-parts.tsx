import type { ReactNode } from 'react';
import { Badge, Button, Progress, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DocumentLine } from '../../../../shared/domain/documents.ts';
import { DetailSection, type KeyValueItem } from '../../components/detail/index.ts';
import { formatMoney, formatNumber } from '../../app/format.ts';
import { SCREENS, type ScreenId } from '../../app/nav.ts';
import { RouterAnchor } from '../../app/shell/RouterLinks.tsx';
import { IconLink } from '../../app/shell/icons.tsx';

/**
 * A document page (invoice HTML / PDF, AWB label): a plain link opening a new window, which the
 * desktop shell hands to the system browser (the pages need no credentials).
 */
export function DocumentButton({ href, children, testId }: { href: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      size="xs"
      variant="light"
      leftSection={<IconLink size={14} />}
      title={t('documents.common.detail.opensInBrowser')}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** A link to a record of another screen (`?open=id`) or to a filtered list (`search`). */
export function RecordLink({ screen, companyId, search, children, testId }: { screen: ScreenId; companyId: number; search: Record<string, string | number | boolean>; children: ReactNode; testId?: string }) {
  return (
    // The router cannot type a link to any screen at once; each screen's validateSearch checks it on arrival.
    <RouterAnchor to={SCREENS[screen].path as '/c/$companyId'} params={{ companyId }} search={search as never} size="sm" data-testid={testId}>
      {children}
    </RouterAnchor>
  );
}

/** Linked records, one per line; says so when there is none. */
export function LinksSection({ children }: { children: ReactNode[] }) {
  const { t } = useTranslation();
  const present = children.filter(Boolean);
  return (
    <DetailSection title={t('documents.common.detail.links')} testId="detail-links">
      {present.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.common.detail.noLinks')}
        </Text>
      ) : (
        <Stack gap={4}>{present}</Stack>
      )}
    </DetailSection>
  );
}

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The lines of a document: what was sold, how many at what price, VAT, value. Five columns that
 * fit the side panel without a horizontal scroll (quantity and unit price share one cell).
 */
export function LinesTable({ lines, currency, label }: { lines: readonly DocumentLine[]; currency: string; label: string }) {
  const { t } = useTranslation();
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('documents.common.detail.noLines')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" striped aria-label={t('documents.common.detail.linesTable', { what: label })} data-testid="detail-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" ta="right">{t('documents.common.lineColumns.nr')}</Table.Th>
          <Table.Th scope="col">{t('documents.common.lineColumns.item')}</Table.Th>
          <Table.Th scope="col" ta="right">{t('documents.common.lineColumns.qtyPrice')}</Table.Th>
          <Table.Th scope="col" ta="right">{t('documents.common.lineColumns.vat')}</Table.Th>
          <Table.Th scope="col" ta="right">{t('documents.common.lineColumns.value')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.line_no}>
            <Table.Td ta="right" style={num}>{line.line_no}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm" lineClamp={2}>{line.item_name_plain || line.item_name}</Text>
              {line.item_code && <Text size="xs" c="dimmed">{line.item_code}</Text>}
            </Table.Td>
            <Table.Td ta="right" style={num}>
              {formatNumber(line.qty_mu1)} {line.unit}
              <Text size="xs" c="dimmed" style={num}>
                × {formatMoney(line.unit_price, currency)}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={num}>{formatNumber(line.vat_rate)}%</Table.Td>
            <Table.Td ta="right" style={num}>{formatMoney(line.value_with_vat, currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A document's lines under their heading, with their count. */
export function LinesSection({ lines, currency, label }: { lines: readonly DocumentLine[]; currency: string; label: string }) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('documents.common.detail.lines')} count={lines.length}>
      <LinesTable lines={lines} currency={currency} label={label} />
    </DetailSection>
  );
}

/** The link to the document's client in Contacts (for LinksSection). */
export function ContactLink({ companyId, contactId, name }: { companyId: number; contactId: number; name: string }) {
  const { t } = useTranslation();
  return (
    <RecordLink screen="contacts" companyId={companyId} search={{ open: contactId }} testId="link-contact">
      {t('documents.common.links.contact', { name })}
    </RecordLink>
  );
}

/** The amounts of a document in its Document section: without VAT, VAT and, in a foreign currency, the rate and the RON total. */
export function amountItems(t: TFunction, d: { total_without_vat: number; total_vat: number; currency: string; exchange_rate: number; total_ron: number }): KeyValueItem[] {
  return [
    { label: t('documents.common.money.totalWithoutVat'), value: formatMoney(d.total_without_vat, d.currency), numeric: true },
    { label: t('documents.common.money.vat'), value: formatMoney(d.total_vat, d.currency), numeric: true },
    ...(d.currency !== 'RON'
      ? [
          { label: t('documents.common.money.exchangeRate'), value: formatNumber(d.exchange_rate, 4), numeric: true },
          { label: t('documents.common.money.totalRon'), value: formatMoney(d.total_ron, 'RON'), numeric: true },
        ]
      : []),
  ];
}

/** A 0/1 flag of the API in words. */
export function useYesNo(): (flag: number) => string {
  const { t } = useTranslation();
  return (flag) => (flag ? t('documents.common.yes') : t('documents.common.no'));
}

/** How much of a document is paid: a bar, the amounts, and what is left. */
export function PaymentBar({ total, paid, currency }: { total: number; paid: number; currency: string }) {
  const { t } = useTranslation();
  const share = total > 0 ? Math.min(100, Math.max(0, (paid / total) * 100)) : 0;
  const label = t('documents.common.money.paidOf', { paid: formatMoney(paid, currency), total: formatMoney(total, currency) });
  return (
    <Stack gap={4}>
      <Progress value={share} color={share >= 100 ? 'teal' : 'yellow'} size="sm" aria-label={label} />
      <Text size="xs" c="dimmed" style={num}>
        {label}
      </Text>
    </Stack>
  );
}

export type DocumentState = 'cancelled' | 'paid' | 'unpaid' | 'partlyPaid' | 'overdue' | 'invoiced' | 'open';

/** The same colours in the table's pills and the detail's badge: cancelled is grey (void), overdue red. */
export const STATE_COLORS = {
  cancelled: 'gray',
  paid: 'teal',
  unpaid: 'yellow',
  partlyPaid: 'yellow',
  overdue: 'red',
  invoiced: 'teal',
  open: 'blue',
} as const satisfies Record<DocumentState, 'gray' | 'red' | 'teal' | 'blue' | 'yellow' | 'violet'>;

/** A state as a badge in a detail heading. */
export function StateBadge({ state }: { state: DocumentState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light" data-testid="detail-state">
      {t(`documents.common.status.${state}`)}
    </Badge>
  );
}

/** Today as the API writes days (local calendar day). */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The payment state of an invoice-like document: cancelled, paid, overdue, partly paid or unpaid. */
export function paymentState(doc: { document_cancelled: number; rest: number; paid_amount: number; doc_due_date: string }): DocumentState {
  if (doc.document_cancelled) return 'cancelled';
  if (doc.rest <= 0) return 'paid';
  if (doc.doc_due_date && doc.doc_due_date < today()) return 'overdue';
  return doc.paid_amount > 0 ? 'partlyPaid' : 'unpaid';
}

/** An address on one line from its parts, the empty ones left out. */
export function addressLine(...parts: readonly (string | null | undefined)[]): string {
  return parts.filter((part) => part && part.trim() !== '').join(', ');
}
