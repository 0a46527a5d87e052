import type { ConnectorOrderAnswer, ConnectorOrderRefusal } from '../../../../shared/domain/connector-orders.ts';
import type { ProductPushes } from '../products/index.ts';
import type { ConnectorRow, createSettingsReader } from './config.ts';
import type { LiveSale } from './order-documents.ts';
import type { OrderMethod } from './order-request.ts';

/**
 * The shapes the order import passes between its steps: the request and its outcome, the stored
 * order, item and payment rows, the refusal raised inside the transaction, and the small
 * comparisons (same items, same text) the steps share. No database here.
 */

export interface OrderImportInput {
  companyId: number;
  connectorId: number;
  /** The {order_id} path segment, decoded. */
  pathOrderId: string;
  method: OrderMethod;
  body: unknown;
  /** Scheme and host the caller used: the invoice notification's document URLs start with it. */
  baseUrl: string;
}

export type OrderImportOutcome =
  | { status: 200; data: ConnectorOrderAnswer }
  | { status: 400; data: ConnectorOrderRefusal; messages: string[] };

export interface StoredOrder {
  id: number;
  connector_id: number;
  order_unique_id: string;
  order_reference: string;
  order_date: string;
  order_updated_at: string | null;
  order_status: string;
  cancelled: number;
  order_mentions: string;
  currency: string;
  shipping_method: 'courier' | 'post' | 'personal_pickup' | 'other';
  cod_amount: number;
  cod_currency: string;
  client_id: number | null;
  client_unique_id: number | null;
  invoice_address_id: number | null;
  delivery_address_id: number | null;
  total_with_vat: number;
  paid_amount: number;
  proforma_id: number | null;
  reserved_workpoint_id: number | null;
  /** The order-level payment_method of the requests (not in the spec's table); null when never sent. */
  payment_method: string | null;
}

/** An order line as stored (connector_order_items) with its product's unit. */
export interface ItemRow {
  type: 'product' | 'discount' | 'service';
  code: string;
  ean: string;
  item_name: string;
  item_comments: string;
  item_requires_customization: number;
  item_quantity: number;
  item_price: number;
  item_vat_percent: number;
  item_price_with_vat: number;
  line_value_with_vat: number;
  discounted_price_with_vat: number | null;
  line_discount_value_with_vat: number | null;
  product_id: number | null;
  unit: string;
}

export interface PaymentRow {
  id: number;
  payment_method: string;
  payment_status: 'confirmed' | 'pending' | 'refunded';
  payment_date: string;
  payment_amount: number;
  payment_currency: string;
  payment_reference: string;
  payment_comments: string;
  payment_id: number | null;
}

/** A refusal found while the transaction runs: everything it wrote is rolled back. */
export class Refused extends Error {
  constructor(
    readonly errors: string[],
    readonly notices: string[],
  ) {
    super(errors[0]);
  }
}

const ITEM_FIELDS = [
  'type', 'code', 'ean', 'item_name', 'item_comments', 'item_requires_customization', 'item_quantity', 'item_price',
  'item_vat_percent', 'item_price_with_vat', 'line_value_with_vat', 'discounted_price_with_vat', 'line_discount_value_with_vat',
] as const;

export const sameItems = (a: readonly ItemRow[], b: readonly ItemRow[]) =>
  a.length === b.length && a.every((item, i) => ITEM_FIELDS.every((field) => item[field] === b[i]![field]));

export const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The mentions of an order's documents: `Comanda magazin online|dropshipping <order_unique_id>[ - <order_mentions>]`. */
export function orderMentions(connectorType: 'ecommerce' | 'dropship', orderUniqueId: string, mentions: string): string {
  const kind = connectorType === 'dropship' ? 'dropshipping' : 'magazin online';
  return `Comanda ${kind} ${orderUniqueId}${mentions ? ` - ${mentions}` : ''}`.slice(0, 2000);
}

export interface OrderImportDeps {
  connector(companyId: number, connectorId: number): ConnectorRow;
  settings: ReturnType<typeof createSettingsReader>;
  push: ProductPushes;
}

/** The order's documents as the import's steps leave them: its live sale, where its stock is reserved, its proforma. */
export interface OrderDocState {
  sale: LiveSale | undefined;
  reservedAt: number | null;
  proformaId: number | null;
}
