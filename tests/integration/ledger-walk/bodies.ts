import type { Prng } from './prng.ts';
import { r2 } from './rules.ts';

// Request bodies of the walk, as partner code writes them: connector orders with their lines,
// line discounts, shipping, cash on delivery and payments, in RON or EUR (spec: "Connector order
// request"; docs/data-model.md "Connector orders").

/** A product a connector's feed offers (GET /connector/{id}/products/). */
export interface FeedProduct {
  product_id: number;
  code: string;
  /** Price with VAT in RON, as the feed shows it. */
  pwv: number;
  vat: number;
}

export interface OrderItemBody {
  type: 'product' | 'discount' | 'service';
  code: string;
  item_name: string;
  item_quantity: number;
  item_price: number;
  item_vat_percent: number;
  item_price_with_vat: number;
  line_value_with_vat: number;
  discounted_price_with_vat?: number;
  line_discount_value_with_vat?: number;
}

export interface OrderPaymentBody {
  payment_method: 'bank_transfer' | 'card' | 'paypal' | 'credit';
  payment_status: 'confirmed' | 'pending' | 'refunded';
  payment_date: string;
  payment_amount: number;
  payment_currency: string;
  payment_reference: string;
}

export interface AddressBody {
  city: string;
  county: string;
  country: string;
  street: string;
  number: string;
  zip: string;
}

export interface OrderBody {
  order_unique_id: string;
  order_reference: string;
  order_date: string;
  order_status: string;
  order_cancelled: 0 | 1;
  order_currency_code: 'RON' | 'EUR';
  shipping_method: 'courier' | 'post' | 'personal_pickup' | 'other';
  cod_amount: number;
  cod_currency: string;
  client: {
    name: string;
    email: string;
    phone: string;
    client_unique_id: number;
    invoice_address: AddressBody;
    delivery_address: AddressBody & { shipping_contact_name: string; shipping_contact_phone: string };
  };
  items: OrderItemBody[];
  payments: OrderPaymentBody[];
  payment_method?: string;
}

const ADDRESSES: AddressBody[] = [
  { city: 'Cluj-Napoca', county: 'Cluj', country: 'Romania', street: 'Strada Memorandumului', number: '28', zip: '' },
  { city: 'Iași', county: 'Iași', country: 'Romania', street: 'Bulevardul Ștefan cel Mare și Sfânt', number: '4', zip: '' },
  { city: 'București Sectorul 3', county: 'București', country: 'Romania', street: 'Calea Călărașilor', number: '120', zip: '' },
];
const NAMES = ['Ion Popescu', 'Ana Mărginean', 'Mihai Țurcanu', 'Elena Ștefănescu', 'SC Exemplu Comerț SRL', 'Radu Șerban'];

/** Roughly RON per EUR, for prices the partner sets in EUR (its own figures: not the ERP's rate). */
const EUR_PRICE_DIVISOR = 5;

/** The price with VAT of a product in the order currency. */
const priceIn = (p: FeedProduct, currency: 'RON' | 'EUR') => (currency === 'RON' ? p.pwv : Math.max(0.5, r2(p.pwv / EUR_PRICE_DIVISOR)));

/** A line whose item_price (without VAT) is the price with VAT taken back, as webshops compute it. */
function line(type: OrderItemBody['type'], code: string, name: string, quantity: number, pwv: number, vat: number): OrderItemBody {
  return {
    type,
    code,
    item_name: name,
    item_quantity: quantity,
    item_price: r2(pwv / (1 + vat / 100)),
    item_vat_percent: vat,
    item_price_with_vat: pwv,
    line_value_with_vat: r2(quantity * pwv),
  };
}

/** 1 to 3 product lines (some with a line discount), maybe a discount line and shipping. */
export function orderItems(rng: Prng, products: readonly FeedProduct[], currency: 'RON' | 'EUR'): OrderItemBody[] {
  const items: OrderItemBody[] = [];
  for (const p of rng.sample(products, rng.int(1, 3))) {
    const quantity = rng.int(1, 3);
    const pwv = priceIn(p, currency);
    const item = line('product', p.code, `Produs ${p.code}`, quantity, pwv, p.vat);
    if (rng.chance(0.3) && pwv >= 2) {
      const discounted = r2(pwv - rng.cents(0.1, Math.max(0.1, pwv * 0.3)));
      item.discounted_price_with_vat = discounted;
      item.line_discount_value_with_vat = r2(quantity * (pwv - discounted));
    }
    items.push(item);
  }
  const subtotal = items.reduce((sum, i) => sum + i.line_value_with_vat - (i.line_discount_value_with_vat ?? 0), 0);
  if (rng.chance(0.12) && subtotal > 20) {
    const vat = items[0]!.item_vat_percent;
    const off = rng.cents(1, subtotal * 0.1);
    items.push(line('discount', 'DISCOUNT', 'Reducere voucher', 1, -off, vat));
  }
  if (rng.chance(0.6)) items.push(line('service', 'SHIPPING', 'Transport curier', 1, currency === 'RON' ? 19.99 : 4.99, 21));
  return items;
}

/** What the customer pays: the lines less the line discounts the discount rule applies. */
export const orderTotal = (items: readonly OrderItemBody[]) =>
  r2(items.reduce((sum, i) => sum + i.line_value_with_vat - (i.line_discount_value_with_vat ?? 0), 0));

/** A payment of the order in its currency (or RON, converted roughly, for an EUR order paid in lei). */
export function orderPayment(
  rng: Prng,
  reference: string,
  method: OrderPaymentBody['payment_method'],
  status: OrderPaymentBody['payment_status'],
  amount: number,
  currency: 'RON' | 'EUR',
  at: string,
): OrderPaymentBody {
  const inLei = currency === 'EUR' && rng.chance(0.2);
  return {
    payment_method: method,
    payment_status: status,
    payment_date: at,
    payment_amount: inLei ? r2(amount * EUR_PRICE_DIVISOR) : amount,
    payment_currency: inLei ? 'RON' : currency,
    payment_reference: reference,
  };
}

/** A new order: client of a small pool (returning clients), lines, shipping, payment method, payments. */
export function newOrder(rng: Prng, uid: string, seed: number, products: readonly FeedProduct[], now: string): OrderBody {
  const currency = rng.chance(0.2) ? 'EUR' : 'RON';
  const items = orderItems(rng, products, currency);
  const total = orderTotal(items);
  const k = rng.int(0, NAMES.length - 1);
  const address = ADDRESSES[k % ADDRESSES.length]!;
  const method = rng.weighted({ none: 25, bank_transfer: 20, card: 25, cod: 15, credit: 5, paypal: 10 });
  const payments: OrderPaymentBody[] = [];
  const pay = (status: OrderPaymentBody['payment_status'], amount: number, m: OrderPaymentBody['payment_method']) =>
    payments.push(orderPayment(rng, `${uid}-p${payments.length + 1}`, m, status, amount, currency, now));
  if (method === 'card' || method === 'paypal') {
    const kind = rng.weighted({ full: 55, partial: 15, pending: 20, split: 10 });
    if (kind === 'full') pay('confirmed', total, method);
    if (kind === 'partial') pay('confirmed', r2(total * rng.int(20, 80) / 100) || 0.01, method);
    if (kind === 'pending') pay('pending', total, method);
    if (kind === 'split') {
      const first = r2(total * rng.int(30, 70) / 100) || 0.01;
      pay('confirmed', first, method);
      pay('confirmed', Math.max(0.01, r2(total - first)), method);
    }
  } else if (method === 'bank_transfer') {
    const kind = rng.weighted({ none: 50, pending: 25, confirmed: 25 });
    if (kind !== 'none') pay(kind, total, 'bank_transfer');
  } else if (method === 'credit') {
    pay('confirmed', total, 'credit');
  }
  const cod = method === 'cod' ? total : 0;
  return {
    order_unique_id: uid,
    order_reference: `#${uid}`,
    order_date: now.slice(0, 10),
    order_status: rng.weighted({ processing: 70, pending: 12, new: 10, 'on-hold': 8 }),
    order_cancelled: 0,
    order_currency_code: currency,
    shipping_method: rng.weighted({ courier: 60, post: 15, personal_pickup: 15, other: 10 }),
    cod_amount: cod,
    cod_currency: cod > 0 ? currency : '',
    client: {
      name: NAMES[k]!,
      email: `client${k}@example.ro`,
      phone: `07220000${String(k).padStart(2, '0')}`,
      client_unique_id: 950_000 + seed * 10 + k,
      invoice_address: address,
      delivery_address: { ...address, shipping_contact_name: NAMES[k]!, shipping_contact_phone: `07220000${String(k).padStart(2, '0')}` },
    },
    items,
    payments,
    ...(method !== 'none' && { payment_method: method }),
  };
}
