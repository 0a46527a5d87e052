import { Option, type Command } from 'commander';
import { invoke, UsageError, type Connection } from './client.ts';
import { contextOf, wholeNumber } from './context.ts';

/** What `trigger` can make happen: the staff actions that send a notification (shared/contract/operations-staff.ts). */
export const TRIGGER_EVENTS = ['order.status', 'order.invoice', 'order.awb', 'product.publish', 'product.unpublish'] as const;
type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

interface TriggerOptions {
  company: number;
  connector: number;
  order?: string;
  status: string;
  date?: string;
  series?: string;
  courier?: string;
  subtype?: string;
  parcels?: number;
  weight?: number;
  cod?: number;
  product?: number;
}

interface OrderRow {
  order_unique_id: string;
  order_status: string;
  invoices: unknown[];
  awbs: unknown[];
}

/**
 * The order an action applies to: the one named, else the connector's latest that the action
 * suits (no invoice yet for an invoice, no AWB yet for an AWB), else its latest.
 */
async function pickOrder(conn: Connection, options: TriggerOptions, suits: (order: OrderRow) => boolean): Promise<string> {
  if (options.order) return options.order;
  const { rows } = await invoke(conn, 'lists.connectorOrders', {
    company_id: options.company,
    connector_id: options.connector,
    cancelled: false,
    sort: 'SERVICE_order_id',
    direction: 'desc',
    limit: 50,
  });
  const order = rows.find(suits) ?? rows[0];
  if (!order) throw new UsageError(`connector ${options.connector} of account ${options.company} has no order: send one, or name it with --order`);
  return order.order_unique_id;
}

/** The product for a publish (the latest product of the account) or an unpublish (the latest published on the connector). */
async function pickProduct(conn: Connection, options: TriggerOptions, publishedOnly: boolean): Promise<number> {
  if (options.product) return options.product;
  const { rows } = await invoke(conn, 'lists.products', {
    company_id: options.company,
    ...(publishedOnly && { connector_id: options.connector }),
    sort: 'product_id',
    direction: 'desc',
    limit: 1,
  });
  const product = rows[0];
  if (!product) throw new UsageError(`no product${publishedOnly ? ` published on connector ${options.connector}` : ''}: name one with --product`);
  return product.product_id;
}

async function run(conn: Connection, event: TriggerEvent, options: TriggerOptions): Promise<{ summary: string; data: unknown }> {
  const ref = { company_id: options.company, connector_id: options.connector };
  switch (event) {
    case 'order.status': {
      const order_unique_id = await pickOrder(conn, options, (order) => order.order_status !== options.status && order.order_status !== 'completed');
      const data = await invoke(conn, 'orders.setStatus', { ...ref, order_unique_id, status_text: options.status });
      return { data, summary: `order ${order_unique_id}: status ${data.order_status}${data.changed ? '' : ' (unchanged: nothing sent)'}` };
    }
    case 'order.invoice': {
      const order_unique_id = await pickOrder(conn, options, (order) => order.invoices.length === 0);
      const data = await invoke(conn, 'orders.issueInvoice', {
        ...ref,
        order_unique_id,
        ...(options.date && { date: options.date }),
        ...(options.series && { series: options.series }),
      });
      return { data, summary: `order ${order_unique_id}: invoice ${data.doc_series} ${data.doc_nr} issued (bocp_id ${data.bocp_id}) ${data.invoice_url_pdf}` };
    }
    case 'order.awb': {
      const order_unique_id = await pickOrder(conn, options, (order) => order.awbs.length === 0);
      const courier = options.courier ?? (await defaultCourier(conn, options));
      const data = await invoke(conn, 'orders.generateAwb', {
        ...ref,
        order_unique_id,
        awb_type: courier,
        ...(options.subtype !== undefined && { awb_subtype: options.subtype }),
        ...(options.parcels !== undefined && { awb_packet_count: options.parcels }),
        ...(options.weight !== undefined && { weight: options.weight }),
        ...(options.cod !== undefined && { cash_on_delivery: options.cod }),
      });
      return { data, summary: `order ${order_unique_id}: AWB ${data.awb_nr} (${data.awb_type}) generated` };
    }
    case 'product.publish': {
      const product_id = await pickProduct(conn, options, false);
      const data = await invoke(conn, 'products.publish', { ...ref, product_id });
      return { data, summary: `product ${product_id} (${data.cod_produs}) ${data.republished ? 'republished' : 'published'} on connector ${options.connector}` };
    }
    case 'product.unpublish': {
      const product_id = await pickProduct(conn, options, true);
      const data = await invoke(conn, 'products.unpublish', { ...ref, product_id });
      return { data, summary: `product ${product_id} (${data.cod_produs}) unpublished from connector ${options.connector}` };
    }
  }
}

/** The connector's awb.default_courier setting (the demo: fan). */
async function defaultCourier(conn: Connection, options: TriggerOptions): Promise<string> {
  const config = await invoke(conn, 'connectors.get', { company_id: options.company, connector_id: options.connector });
  const value = config.awb['default_courier']?.value;
  return typeof value === 'string' && value ? value : 'fan';
}

const number = (value: string): number => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || value.trim() === '') throw new UsageError(`'${value}' is not a number`);
  return parsed;
};

export function registerTrigger(program: Command): void {
  program
    .command('trigger')
    .description('Make the ERP side do what sends a notification, like `stripe trigger`: an order status, an invoice, an AWB, a product (un)publish')
    .addArgument(program.createArgument('<event>', 'what happens').choices(TRIGGER_EVENTS))
    .option('--company <id>', 'account', wholeNumber, 1)
    .option('--connector <id>', 'connector', wholeNumber, 1)
    .option('--order <order_unique_id>', "the order (default: the connector's latest order that suits: not completed, without an invoice, without an AWB)")
    .option('--status <text>', 'order.status: the new status (an event of the status_sync map is sent as its external status)', 'delivered')
    .option('--date <YYYY-MM-DD>', 'order.invoice: invoice date (default today)')
    .option('--series <series>', "order.invoice: series (default the connector's)")
    .option('--courier <code>', "order.awb: courier code (default the connector's awb default_courier)")
    .option('--subtype <code>', 'order.awb: sub-courier of a broker')
    .option('--parcels <n>', 'order.awb: parcel count', wholeNumber)
    .addOption(new Option('--weight <kg>', 'order.awb: weight').argParser(number))
    .addOption(new Option('--cod <amount>', 'order.awb: cash on delivery').argParser(number))
    .option('--product <id>', 'product.*: the variant (default: the latest product; for unpublish the latest published on the connector)', wholeNumber)
    .addHelpText(
      'after',
      `
Examples:
  npx erp-workbench trigger order.status --status shipped
  npx erp-workbench trigger order.invoice --order WEB-1001
  npx erp-workbench trigger order.awb --courier cargus
  npx erp-workbench trigger product.publish --connector 2 --product 17`,
    )
    .action(async (event: TriggerEvent, options: TriggerOptions, command: Command) => {
      const ctx = contextOf(command);
      const { data, summary } = await run(ctx.connection(), event, options);
      ctx.print({ event, ...(data as object) }, () => summary);
    });
}
