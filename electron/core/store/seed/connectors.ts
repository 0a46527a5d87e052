// Connectors of the demo account (1 eCommerce active, 2 dropship active, 3 eCommerce inactive,
// 4 deleted), their settings over the account defaults, and the products each one publishes.
import type { ConnectorPlatform } from '../../../../shared/domain/connectors.ts';
import type { Ctx } from './context.ts';
import { COMPANY_ID } from './context.ts';
import { GLOBAL_CONNECTOR_SETTINGS, insertConnectorSettings } from './account.ts';
import type { Json } from './account.ts';
import type { Catalogue } from './catalogue.ts';
import type { Contacts } from './contacts.ts';
import { DAY, inserter } from './util.ts';

/** The built-in inbox connector 1 of the demo notifies. */
export const DEMO_INBOX_PATH = '/_sandbox/inbox/demo-shop';

export interface ConnectorFeeds {
  /** Product indices published to connector 1 and connector 2. */
  conn1: number[];
  conn2: number[];
}

// Connector 1 is set up as a typical webshop connector: an order reserves its stock at import
// (the sales receipt comes with the invoice staff issues), and a bank_transfer order gets its
// proforma at once, whatever its status. The seed's historical orders were made with their sales
// receipts before; only orders from now on follow these settings.
const CONNECTOR_1_OVERRIDES: readonly (readonly [string, string, Json])[] = [
  ['products', 'autoimport_into_erp', true],
  ['order_processing', 'action_on_import', 'reserve_stock'],
  ['order_processing', 'next_day_hour', 14],
  ['proforma', 'trigger_payment_methods', ['bank_transfer']],
  ['proforma', 'trigger_status', ''],
  ['order_processing', 'ignored_statuses', ['pending', 'on-hold', 'failed']],
  ['invoicing', 'email_auto_send', true],
  ['awb', 'auto_issue', 'on_invoice'],
  ['awb', 'default_courier', 'sameday'],
  [
    'status_sync',
    'map',
    {
      order_imported: 'processing',
      invoice_issued: 'processing',
      awb_issued: 'completed',
      delivered: 'completed',
      order_cancelled: 'cancelled',
    },
  ],
];

const CONNECTOR_2_OVERRIDES: readonly (readonly [string, string, Json])[] = [
  ['products', 'import_mode', 'ordered_only'],
  ['invoicing', 'only_if_paid', false],
  ['invoicing', 'auto_issue', 'on_awb'],
];

export function seedConnectors(ctx: Ctx, catalogue: Catalogue, contacts: Contacts): ConnectorFeeds {
  const { db, rng } = ctx;
  const cid = COMPANY_ID;
  const ins = inserter(db, 'connectors', [
    'id', 'company_id', 'type', 'platform', 'name', 'site_domain', 'active', 'deleted', 'order_event_notification_url', 'webhook_secret',
    'tracked_fields', 'dropshipper_contact_id', 'workpoint_id', 'platform_credentials', 'created_ts', 'last_changed_ts',
  ]);
  const tracked = JSON.stringify(['stoc_global', 'pret_vanzare', 'pret_vanzare_cu_tva']);
  const created = ctx.startSec - 30 * DAY;
  type Row = readonly [number, 'ecommerce' | 'dropship', ConnectorPlatform, string, string, number, number, number | null, number];
  const rows: readonly Row[] = [
    [1, 'ecommerce', 'ShopifyV2', 'Magazin online Demo Retail', 'shop.demo-retail.ro', 1, 0, null, 1],
    [2, 'dropship', 'WooCommerce', 'Dropshipping eShop Partener', 'eshop-partener.ro', 1, 0, contacts.table.id(contacts.dropshipper), 1],
    [3, 'ecommerce', 'PrestaShop', 'Outlet Demo Retail (oprit)', 'outlet.demo-retail.ro', 0, 0, null, 2],
    [4, 'ecommerce', 'Custom', 'Magazin test (sters)', 'test.demo-retail.ro', 0, 1, null, 1],
  ];
  for (const [id, type, platform, name, domain, active, deleted, dropshipper, workpoint] of rows) {
    ins.run(
      id, cid, type, platform, name, domain, active, deleted,
      // Connector 1 notifies this service's own inbox out of the box (a path: resolved against
      // the listener's address); the others have no receiver until one is set.
      id === 1 ? DEMO_INBOX_PATH : '',
      null, tracked, dropshipper, workpoint, null, ctx.ts(created + id * 7 * DAY), ctx.ts(created + id * 9 * DAY),
    );
  }

  insertConnectorSettings(db, cid, 0, GLOBAL_CONNECTOR_SETTINGS);
  insertConnectorSettings(db, cid, 1, CONNECTOR_1_OVERRIDES);
  insertConnectorSettings(db, cid, 2, CONNECTOR_2_OVERRIDES);

  const insCp = inserter(db, 'connector_products', ['connector_id', 'product_id', 'published_ts']);
  const conn1: number[] = [];
  const conn2: number[] = [];
  const products = catalogue.products;
  for (let i = 0; i < products.length; i++) {
    if (products.deleted(i)) continue;
    const id = products.id(i);
    const published = products.published(i);
    const from = Math.max(products.createdSec(i), created + 7 * DAY);
    if (published) {
      conn1.push(i);
      insCp.run(1, id, ctx.ts(ctx.secBetween(from, ctx.nowSec)));
    }
    if ((published && rng.chance(0.25)) || (products.partnerVisible(i) && !products.archived(i) && rng.chance(0.15))) {
      conn2.push(i);
      insCp.run(2, id, ctx.ts(ctx.secBetween(from, ctx.nowSec)));
    }
    if (published && rng.chance(0.05)) {
      insCp.run(3, id, ctx.ts(ctx.secBetween(from, ctx.nowSec)));
    }
  }
  return { conn1, conn2 };
}
