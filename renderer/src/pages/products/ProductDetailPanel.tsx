import { useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CatalogueOptions, ProductScreenDetail } from '../../../../shared/contract/operations-products.ts';
import type { MarketplaceConnector } from '../../../../shared/domain/connectors.ts';
import type { QueuedNotification } from '../../../../shared/domain/staff-actions.ts';
import { useOperation } from '../../api/operations.ts';
import { formatDateTime, formatMoney, formatNumber } from '../../app/format.ts';
import { DetailPanel, DetailSection, KeyValue, queryState } from '../../components/detail';
import { ProductEditModal } from './ProductEditModal.tsx';
import { ProductImages } from './ProductImages.tsx';
import { ProductPublishing } from './ProductPublishing.tsx';
import { QueuedNotifications } from './QueuedNotifications.tsx';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

function Flags({ product }: { product: ProductScreenDetail }) {
  const { t } = useTranslation();
  const flags: Array<[boolean, string, string]> = [
    [product.website_published === 1, t('products.badges.web'), 'teal'],
    [product.partner_visible === 1, t('products.badges.partner'), 'blue'],
    [product.sellable === 0, t('products.badges.notSellable'), 'gray'],
    [product.is_archived === 1, t('products.badges.archived'), 'yellow'],
    [product.delistat === 1, t('products.badges.delisted'), 'orange'],
  ];
  const shown = flags.filter(([on]) => on);
  if (shown.length === 0) return <>—</>;
  return (
    <Group gap={4}>
      {shown.map(([, label, color]) => (
        <Badge key={label} size="sm" variant="light" color={color}>
          {label}
        </Badge>
      ))}
    </Group>
  );
}

function StockTable({ product }: { product: ProductScreenDetail }) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('products.detail.stock')} testId="product-stock">
      <Table aria-label={t('products.detail.stock')} verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('products.detail.workpoint')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('products.detail.onHand')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('products.detail.reserved')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('products.detail.available')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {product.workpoints.map((w) => (
            <Table.Tr key={w.magazia_id}>
              <Table.Td>
                {w.workpoint_name}{' '}
                <Text span size="xs" c="dimmed">
                  {t(`products.detail.kinds.${w.workpoint_kind}`)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={num}>{formatNumber(w.stoc)}</Table.Td>
              <Table.Td ta="right" style={num}>{formatNumber(w.stock_reserved)}</Table.Td>
              <Table.Td ta="right" style={num}>{formatNumber(w.stock_available)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('products.detail.total')}</Table.Th>
            <Table.Td ta="right" fw={600} style={num}>{formatNumber(product.stoc_global)} {product.unitate_masura}</Table.Td>
            <Table.Td ta="right" style={num}>{formatNumber(product.stock_reserved)}</Table.Td>
            <Table.Td ta="right" style={num}>{formatNumber(product.stock_available)}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </DetailSection>
  );
}

function PricelistTable({ product }: { product: ProductScreenDetail }) {
  const { t } = useTranslation();
  const currency = product.selling_currency_txt;
  return (
    <DetailSection title={t('products.detail.prices')} count={product.pricelist_prices.length} testId="product-prices">
      {product.pricelist_prices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('products.detail.noPricelists')}
        </Text>
      ) : (
        <Table aria-label={t('products.detail.prices')} verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('products.detail.pricelist')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('products.detail.pricelistPrice')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('products.detail.pricelistPriceVat')}</Table.Th>
              <Table.Th scope="col" ta="right">{t('products.detail.fromQuantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {product.pricelist_prices.map((p) => (
              <Table.Tr key={p.pricelist_id}>
                <Table.Td>
                  {p.name}{' '}
                  {p.active === 0 && (
                    <Text span size="xs" c="dimmed">
                      ({t('products.detail.inactive')})
                    </Text>
                  )}
                </Table.Td>
                {p.price === null ? (
                  <Table.Td colSpan={3} ta="right">
                    <Text size="xs" c="dimmed">
                      {p.problem ?? t('products.detail.noRule')}
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td ta="right" style={num}>{formatMoney(p.price, currency)}</Table.Td>
                    <Table.Td ta="right" style={num}>{formatMoney(p.price_with_vat, currency)}</Table.Td>
                    <Table.Td ta="right" style={num}>{formatNumber(p.min_quantity)}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DetailSection>
  );
}

interface Props {
  companyId: number;
  productId: number;
  options: CatalogueOptions | undefined;
  connectors: readonly MarketplaceConnector[] | undefined;
  onClose: () => void;
}

/**
 * The open product: its fields, stock per workpoint, prices per pricelist, images, connectors,
 * and the notifications the writes made here queued (with their delivery state, live). The
 * screen keys it by product, so what was queued belongs to this product only.
 */
export function ProductDetailPanel({ companyId, productId, options, connectors, onClose }: Props) {
  const { t } = useTranslation();
  const product = useOperation('products.get', { company_id: companyId, product_id: productId });
  const [editing, setEditing] = useState(false);
  const [batches, setBatches] = useState<(readonly QueuedNotification[])[]>([]);
  const onQueued = (queued: readonly QueuedNotification[]) => setBatches((all) => [queued, ...all]);
  const p = product.data;

  return (
    <DetailPanel
      label={t('products.detail.label', { code: p?.cod_produs ?? productId })}
      title={p ? p.product_name : '…'}
      subtitle={p ? `${p.cod_produs}${p.barcode ? ` · EAN ${p.barcode}` : ''}` : undefined}
      {...queryState(product)}
      onClose={onClose}
      testId="product-detail"
      actions={
        p && (
          <Button size="xs" onClick={() => setEditing(true)} data-testid="product-edit-open">
            {t('products.detail.edit')}
          </Button>
        )
      }
    >
      {p && (
        <>
          <QueuedNotifications companyId={companyId} batches={batches} connectors={connectors} />
          <DetailSection title={t('products.detail.fields')} testId="product-fields">
            <KeyValue
              items={[
                { label: t('products.detail.code'), value: p.cod_produs },
                { label: t('products.detail.ean'), value: p.barcode },
                { label: t('products.detail.price'), value: formatMoney(p.pret_vanzare, p.selling_currency_txt), numeric: true },
                { label: t('products.detail.priceWithVat'), value: formatMoney(p.pret_vanzare_cu_tva, p.selling_currency_txt), numeric: true },
                { label: t('products.detail.vat'), value: `${p.cota_tva_vanzare}%`, numeric: true },
                { label: t('products.detail.unit'), value: p.unitate_masura },
                { label: t('products.detail.category'), value: p.category_name },
                { label: t('products.detail.manufacturer'), value: p.producator },
                { label: t('products.detail.variant'), value: p.cod_varianta },
                { label: t('products.detail.internal'), value: p.cod_intern },
                { label: t('products.detail.family'), value: p.family_name },
                { label: t('products.detail.weight'), value: formatNumber(p.weight), numeric: true },
                { label: t('products.detail.flags'), value: <Flags product={p} /> },
                { label: t('products.detail.changed'), value: formatDateTime(p.last_changed_ts) },
              ]}
            />
          </DetailSection>
          <StockTable product={p} />
          <PricelistTable product={p} />
          <ProductPublishing companyId={companyId} product={p} connectors={connectors} onQueued={onQueued} />
          <ProductImages companyId={companyId} productId={p.product_id} code={p.cod_produs} images={p.images} onQueued={onQueued} />
          {editing && (
            <ProductEditModal
              companyId={companyId}
              product={p}
              options={options}
              opened={editing}
              onClose={() => setEditing(false)}
              onSaved={onQueued}
            />
          )}
        </>
      )}
    </DetailPanel>
  );
}
