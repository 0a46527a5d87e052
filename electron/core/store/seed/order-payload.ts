// The payload a demo connector order was received with (connector_orders.received_payload),
// written straight as JSON text: the very text JSON.stringify gives for the payload object (keys
// in this order, no spaces), without building that object first (80 000 orders at scale 1000).

/** JSON text of one value, exactly as JSON.stringify writes it inside the object. */
const json = (value: string | number | null): string => JSON.stringify(value);

export interface PayloadAddress {
  city: string;
  county: string;
  street: string;
  zip: string;
  number: string;
  building: string;
  stair: string;
  floor: string;
  apartment: string;
  shipping_contact_name: string;
  shipping_contact_phone: string;
}

export interface PayloadClient {
  name: string;
  representative: string;
  email: string;
  phone: string;
  cui: string;
  reg_com: string;
  clientUniqueId: number | null;
  invoiceAddress: PayloadAddress;
  deliveryAddress: PayloadAddress;
}

export interface PayloadItem {
  type: string;
  code: string;
  ean: string;
  name: string;
  comments: string;
  customization: boolean;
  qty: number;
  net: number;
  vat: number;
  gross: number;
  lineValue: number;
}

export interface PayloadPayment {
  method: string;
  status: string;
  /** payment_date as sent: 'YYYY-MM-DD HH:MM:SS'. */
  date: string;
  amount: number;
  reference: string;
}

export interface OrderPayload {
  uniqueId: string;
  reference: string;
  date: string;
  updatedAt: string;
  status: string;
  cancelled: boolean;
  mentions: string;
  currency: string;
  shipping: string;
  cod: number;
  codCurrency: string;
  client: PayloadClient;
  items: readonly PayloadItem[];
  payments: readonly PayloadPayment[];
}

function address(a: PayloadAddress, delivery: boolean): string {
  const shipping = delivery
    ? `,"shipping_contact_name":${json(a.shipping_contact_name)},"shipping_contact_phone":${json(a.shipping_contact_phone)}`
    : '';
  return (
    `{"city":${json(a.city)},"county":${json(a.county)},"country":"Romania","street":${json(a.street)},"zip":${json(a.zip)},` +
    `"number":${json(a.number)},"building":${json(a.building)},"stair":${json(a.stair)},"floor":${json(a.floor)},` +
    `"apartment":${json(a.apartment)},"GLN":""${shipping}}`
  );
}

function item(it: PayloadItem): string {
  return (
    `{"type":${json(it.type)},"code":${json(it.code)},"ean":${json(it.ean)},"item_name":${json(it.name)},` +
    `"item_comments":${json(it.comments)},"item_requires_customization":${it.customization ? 1 : 0},` +
    `"item_quantity":${json(it.qty)},"item_price":${json(it.net)},"item_vat_percent":${json(it.vat)},` +
    `"item_price_with_vat":${json(it.gross)},"line_value_with_vat":${json(it.lineValue)}}`
  );
}

function payment(p: PayloadPayment, currency: string): string {
  return (
    `{"payment_method":${json(p.method)},"payment_status":${json(p.status)},"payment_date":${json(p.date)},` +
    `"payment_amount":${json(p.amount)},"payment_currency":${json(currency)},"payment_reference":${json(p.reference)}}`
  );
}

export function orderPayloadJson(o: OrderPayload): string {
  const c = o.client;
  return (
    `{"order_unique_id":${json(o.uniqueId)},"order_reference":${json(o.reference)},"order_date":${json(o.date)},` +
    `"order_updated_at":${json(o.updatedAt)},"order_status":${json(o.status)},"order_cancelled":${o.cancelled ? 1 : 0},` +
    `"order_mentions":${json(o.mentions)},"order_currency_code":${json(o.currency)},"shipping_method":${json(o.shipping)},` +
    `"cod_amount":${json(o.cod)},"cod_currency":${json(o.codCurrency)},` +
    `"client":{"name":${json(c.name)},"representative":${json(c.representative)},"email":${json(c.email)},` +
    `"phone":${json(c.phone)},"vat_id":${json(c.cui)},"registration_number":${json(c.reg_com)},` +
    `"client_unique_id":${json(c.clientUniqueId)},"invoice_address":${address(c.invoiceAddress, false)},` +
    `"delivery_address":${address(c.deliveryAddress, true)}},` +
    `"items":[${o.items.map(item).join(',')}],"payments":[${o.payments.map((p) => payment(p, o.currency)).join(',')}]}`
  );
}
