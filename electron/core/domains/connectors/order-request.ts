import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Validator } from 'typebox/compile';
import {
  ConnectorOrderRequest,
  ConnectorOrderUpdate,
  lineTolerance,
  ORDER_PAYMENT_METHODS,
  PRICE_WITH_VAT_TOLERANCE,
  type OrderItem,
  type OrderPayment,
} from '../../../../shared/domain/connector-orders.ts';
import { isCents } from '../../../../shared/domain/payments.ts';
import { round2 } from '../../money.ts';
import { formatTimestamp } from '../../time.ts';
import { normalizeItemAliases } from './aliases.ts';
import { withFields } from '../../with-fields.ts';

/**
 * The connector order request read and checked without the database: JSON shape (the schemas
 * of shared/domain/connector-orders.ts), item field aliases, unknown fields (ignored with a
 * notice), the path segment, the tolerances, the discount rule and the payment references.
 * What the account holds (currencies, products, clients) is checked by orders-import.ts.
 */

export type OrderMethod = 'POST' | 'PUT';

export interface AddressInput {
  city: string;
  county: string;
  country: string;
  street: string;
  zip?: string | undefined;
  number?: string | undefined;
  building?: string | undefined;
  stair?: string | undefined;
  floor?: string | undefined;
  apartment?: string | undefined;
  GLN?: string | undefined;
  shipping_contact_name?: string | undefined;
  shipping_contact_phone?: string | undefined;
}

export interface ClientInput {
  name?: string | undefined;
  representative?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  vat_id?: string | undefined;
  registration_number?: string | undefined;
  client_unique_id?: number | null | undefined;
  invoice_address?: AddressInput | undefined;
  delivery_address?: AddressInput | undefined;
}

/** An item with the discount the rule applies (with VAT, 0 when none). */
export interface ParsedItem extends OrderItem {
  appliedDiscount: number;
}

/** A payment with its date-time as the service writes it. */
export interface ParsedPayment extends OrderPayment {
  /** 'YYYY-MM-DD HH:MM:SS', Europe/Bucharest. */
  ts: string;
  day: string;
}

export interface ParsedOrder {
  orderUniqueId: string;
  order_reference?: string | undefined;
  /** YYYY-MM-DD */
  order_date?: string | undefined;
  /** 'YYYY-MM-DD HH:MM:SS', Europe/Bucharest. */
  order_updated_at?: string | undefined;
  order_status?: string | undefined;
  order_cancelled?: number | undefined;
  order_mentions?: string | undefined;
  order_currency_code?: string | undefined;
  shipping_method?: 'courier' | 'post' | 'personal_pickup' | 'other' | undefined;
  cod_amount?: number | undefined;
  cod_currency?: string | undefined;
  client?: ClientInput | undefined;
  items?: ParsedItem[] | undefined;
  payments?: ParsedPayment[] | undefined;
  /** The order-level payment method (not in the spec's table), trimmed. */
  payment_method?: string | undefined;
}

export type ParseOutcome =
  | { ok: true; order: ParsedOrder; notices: string[]; aliasesUsed: string[]; itemsReceived: number; paymentsReceived: number }
  | { ok: false; errors: string[]; notices: string[] };

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * A copy of `value` without the fields `schema` does not name (each reported as a notice) and
 * without optional fields sent as null (not sent).
 */
function clean(value: unknown, schema: JsonSchema, path: string, notices: string[]): unknown {
  if (schema.type === 'object' && schema.properties && isPlainObject(value)) {
    const required = new Set(schema.required ?? []);
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const childSchema = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
      if (!childSchema) {
        notices.push(`${at(path, key)}: unknown field, ignored`);
        continue;
      }
      if (child === null && !required.has(key)) continue;
      out[key] = clean(child, childSchema, at(path, key), notices);
    }
    return out;
  }
  if (schema.type === 'array' && schema.items && Array.isArray(value)) {
    return value.map((element, index) => clean(element, schema.items!, `${path}[${index}]`, notices));
  }
  return value;
}

const validators = new WeakMap<TSchema, Validator>();
function validatorOf(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema) as unknown as Validator;
    validators.set(schema, validator);
  }
  return validator;
}

/** items[0].code from the JSON pointer /items/0/code */
function fieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/** The schema's complaints, one message per field and rule, naming the field. */
function schemaErrors(schema: TSchema, value: unknown): string[] {
  const validator = validatorOf(schema);
  if (validator.Check(value)) return [];
  const errors = [...validator.Errors(value)];
  const messages: string[] = [];
  const unionTypes = new Map<string, string[]>();
  for (const error of errors) {
    if (error.schemaPath.includes('/anyOf/')) {
      // A union (integer or null ...): reported once, by its anyOf error, with the types it takes.
      const type = (error.params as { type?: string }).type;
      if (type) unionTypes.set(error.instancePath, [...(unionTypes.get(error.instancePath) ?? []), type]);
      continue;
    }
    const path = fieldPath(error.instancePath);
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required' && Array.isArray(params.requiredProperties)) {
      for (const name of params.requiredProperties) messages.push(`${at(path, String(name))}: required field is missing`);
    } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      messages.push(`${path || 'body'}: must be one of ${params.allowedValues.join(', ')}`);
    } else if (error.keyword === 'anyOf') {
      const types = unionTypes.get(error.instancePath) ?? [];
      messages.push(`${path || 'body'}: must be ${types.length ? types.join(' or ') : 'valid'}`);
    } else if (error.keyword === 'pattern' && /_date$|_at$/.test(path)) {
      messages.push(`${path}: must be ${path.endsWith('order_date') ? 'a date YYYY-MM-DD' : "a date-time 'YYYY-MM-DD HH:MM:SS' or ISO 8601"}`);
    } else if (error.keyword === 'pattern' && /currency/.test(path)) {
      messages.push(`${path}: must be an ISO 4217 code in capitals (RON, EUR ...)`);
    } else if (error.keyword !== 'boolean') {
      messages.push(`${path || 'body'}: ${error.message}`);
    }
  }
  return [...new Set(messages)];
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date or date-time as the service writes it ('YYYY-MM-DD HH:MM:SS', Europe/Bucharest): without
 * an offset it is Bucharest time, with one (or Z) it is converted; a bare date is its midnight.
 * Undefined when it is not a real calendar date and time.
 */
export function normalizeTimestamp(raw: string): string | undefined {
  const m = TIMESTAMP.exec(raw);
  if (!m) return undefined;
  const [year, month, day] = [1, 2, 3].map((i) => Number(m[i]));
  const hour = Number(m[4] ?? '0');
  const minute = Number(m[5] ?? '0');
  const second = Number(m[6] ?? '0');
  const probe = new Date(Date.UTC(year!, month! - 1, day!));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month! - 1 || probe.getUTCDate() !== day) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const local = `${m[1]}-${m[2]}-${m[3]} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
  const offset = m[8];
  if (offset === undefined) return local;
  if (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(-2)) > 59) return undefined;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${pad(hour)}:${pad(minute)}:${pad(second)}${offset === 'Z' ? 'Z' : offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset}`;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? undefined : formatTimestamp(instant);
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** The order-level payment methods the settings know: those of payments[], and cod. */
const KNOWN_ORDER_PAYMENT_METHODS: readonly string[] = [...ORDER_PAYMENT_METHODS, 'cod'];
const money = (x: number) => round2(x).toFixed(2);

/** The item rules of the spec that need no database (type and code, signs, tolerances, discounts). */
function checkItem(item: OrderItem, index: number, errors: string[], notices: string[]): ParsedItem {
  const p = `items[${index}]`;
  const code = item.code.trim();
  if (item.type === 'product') {
    if (item.item_price < 0 || item.item_price_with_vat < 0) errors.push(`${p}.item_price: a product line takes no negative price (send a discount line)`);
  } else if (item.type === 'discount') {
    if (code !== 'DISCOUNT') errors.push(`${p}.code: a discount line has the code DISCOUNT, not '${item.code}'`);
    if (!(item.item_price < 0) || !(item.item_price_with_vat < 0)) {
      errors.push(`${p}.item_price: a discount line has a negative price (item_price and item_price_with_vat below 0)`);
    }
  } else {
    if (code !== 'SHIPPING' && code !== 'SERVICE') {
      errors.push(`${p}.code: a service line has the code SHIPPING (shipping) or SERVICE (any other service), not '${item.code}'`);
    }
    if (item.item_price < 0 || item.item_price_with_vat < 0) errors.push(`${p}.item_price: a service line takes no negative price`);
  }
  if (item.item_name.trim() === '') errors.push(`${p}.item_name: must not be blank`);
  if (CONTROL.test(item.code) || code !== item.code || code === '') errors.push(`${p}.code: no blank, leading or trailing spaces or control characters`);

  const expectedGross = item.item_price * (1 + item.item_vat_percent / 100);
  if (Math.abs(item.item_price_with_vat - expectedGross) > PRICE_WITH_VAT_TOLERANCE) {
    errors.push(
      `${p}.item_price_with_vat: ${item.item_price_with_vat} differs from item_price x (1 + item_vat_percent / 100) = ` +
        `${item.item_price} x ${1 + item.item_vat_percent / 100} = ${money(expectedGross)} by more than 0.01`,
    );
  }
  const tolerance = lineTolerance(item.item_quantity);
  const expectedLine = item.item_quantity * item.item_price_with_vat;
  if (Math.abs(item.line_value_with_vat - expectedLine) > tolerance) {
    errors.push(
      `${p}.line_value_with_vat: ${item.line_value_with_vat} differs from item_quantity x item_price_with_vat = ` +
        `${item.item_quantity} x ${item.item_price_with_vat} = ${money(expectedLine)} by more than ${money(tolerance)} ` +
        '(0.01 per unit of quantity, at least 0.01)',
    );
  }

  // The discount rule: applied when the effective unit price is below item_price_with_vat and
  // line_discount_value_with_vat > 0; then the two must agree.
  let appliedDiscount = 0;
  const discounted = item.discounted_price_with_vat;
  const lineDiscount = item.line_discount_value_with_vat;
  const below = discounted !== undefined && discounted < item.item_price_with_vat;
  const positive = lineDiscount !== undefined && lineDiscount > 0;
  if (below && positive) {
    if (item.type === 'discount') {
      errors.push(`${p}.discounted_price_with_vat: a discount line takes no discount of its own`);
    } else {
      const expected = item.item_quantity * (item.item_price_with_vat - discounted);
      if (Math.abs(lineDiscount - expected) > tolerance) {
        errors.push(
          `${p}.line_discount_value_with_vat: ${lineDiscount} differs from item_quantity x (item_price_with_vat - ` +
            `discounted_price_with_vat) = ${item.item_quantity} x (${item.item_price_with_vat} - ${discounted}) = ${money(expected)} ` +
            `by more than ${money(tolerance)}`,
        );
      } else if (lineDiscount > item.line_value_with_vat + tolerance) {
        errors.push(`${p}.line_discount_value_with_vat: ${lineDiscount} is more than the line value ${item.line_value_with_vat}`);
      } else {
        appliedDiscount = round2(lineDiscount);
      }
    }
  } else if (below && !positive) {
    notices.push(`${p}.discounted_price_with_vat: not applied, line_discount_value_with_vat is not greater than 0`);
  } else if (positive && discounted !== undefined) {
    notices.push(`${p}.line_discount_value_with_vat: not applied, discounted_price_with_vat is not below item_price_with_vat`);
  } else if (positive) {
    notices.push(`${p}.line_discount_value_with_vat: not applied without discounted_price_with_vat`);
  } else if (lineDiscount !== undefined && lineDiscount < 0) {
    errors.push(`${p}.line_discount_value_with_vat: must not be negative`);
  }
  return withFields(item, { appliedDiscount });
}

function checkAddress(address: AddressInput | undefined, path: string, errors: string[]): void {
  if (!address) return;
  for (const key of ['city', 'county', 'country', 'street'] as const) {
    if (address[key].trim() === '') errors.push(`${path}.${key}: must not be blank`);
  }
}

/**
 * Reads a POST (the whole order) or PUT (order_unique_id and what changes) body. `pathOrderId`
 * is the {order_id} segment, decoded.
 */
export function parseOrderRequest(method: OrderMethod, pathOrderId: string, body: Record<string, unknown>): ParseOutcome {
  const notices: string[] = [];
  const errors: string[] = [];
  const schema = method === 'POST' ? ConnectorOrderRequest : ConnectorOrderUpdate;

  let raw: Record<string, unknown> = body;
  let aliasesUsed: string[] = [];
  if (Array.isArray(body.items)) {
    const aliased = normalizeItemAliases(body.items);
    raw = { ...body, items: aliased.items };
    aliasesUsed = aliased.used;
    errors.push(...aliased.errors);
  }
  const cleaned = clean(raw, schema as unknown as JsonSchema, '', notices) as Record<string, unknown>;
  errors.push(...schemaErrors(schema, cleaned));
  if (errors.length > 0) return { ok: false, errors: [...new Set(errors)], notices };

  const { order_unique_id: orderUniqueId, items: sentItems, payments: sentPayments, ...fields } = cleaned as unknown as Omit<
    ParsedOrder,
    'orderUniqueId' | 'items' | 'payments'
  > & { order_unique_id: string; items?: OrderItem[]; payments?: OrderPayment[] };
  const order: ParsedOrder = withFields(fields, { orderUniqueId });

  if (order.orderUniqueId !== pathOrderId) {
    errors.push(`order_unique_id: '${order.orderUniqueId}' differs from the {order_id} path segment '${pathOrderId}'`);
  }
  if (CONTROL.test(order.orderUniqueId) || order.orderUniqueId.trim() !== order.orderUniqueId) {
    errors.push('order_unique_id: no leading or trailing spaces or control characters');
  }
  if (order.order_status !== undefined && order.order_status.trim() === '') errors.push('order_status: must not be blank');

  if (order.order_date !== undefined) {
    const ts = normalizeTimestamp(order.order_date);
    if (ts === undefined) errors.push(`order_date: '${order.order_date}' is not a calendar date`);
    else order.order_date = ts.slice(0, 10);
  }
  if (order.order_updated_at !== undefined) {
    const ts = normalizeTimestamp(order.order_updated_at);
    if (ts === undefined) errors.push(`order_updated_at: '${order.order_updated_at}' is not a real date and time`);
    else order.order_updated_at = ts;
  }
  if (order.cod_amount !== undefined && !isCents(order.cod_amount)) errors.push(`cod_amount: must have at most two decimals, got ${order.cod_amount}`);
  if (order.payment_method !== undefined) {
    const method = order.payment_method.trim();
    if (method === '' || CONTROL.test(method)) errors.push('payment_method: must not be blank or hold control characters');
    else if (!KNOWN_ORDER_PAYMENT_METHODS.includes(method)) {
      notices.push(`payment_method: '${method}' is none of ${KNOWN_ORDER_PAYMENT_METHODS.join(', ')}; stored, it matches only the settings that list it`);
    }
    order.payment_method = method;
  }

  if (order.client) {
    if (order.client.name !== undefined && order.client.name.trim() === '') errors.push('client.name: must not be blank');
    checkAddress(order.client.invoice_address, 'client.invoice_address', errors);
    checkAddress(order.client.delivery_address, 'client.delivery_address', errors);
  }

  if (sentItems) order.items = sentItems.map((item, index) => checkItem(item, index, errors, notices));

  if (sentPayments) {
    const references = new Map<string, number>();
    order.payments = sentPayments.map((payment, index) => {
      const p = `payments[${index}]`;
      const ts = normalizeTimestamp(payment.payment_date);
      if (ts === undefined) errors.push(`${p}.payment_date: '${payment.payment_date}' is not a real date and time`);
      if (!isCents(payment.payment_amount)) errors.push(`${p}.payment_amount: must have at most two decimals, got ${payment.payment_amount}`);
      const reference = payment.payment_reference;
      if (reference.trim() === '' || CONTROL.test(reference)) errors.push(`${p}.payment_reference: must not be blank or hold control characters`);
      // References are compared exactly (case-sensitive): spaces around one would make a resend look new.
      else if (reference !== reference.trim()) errors.push(`${p}.payment_reference: must not begin or end with spaces`);
      const earlier = references.get(reference);
      if (earlier !== undefined) {
        errors.push(`${p}.payment_reference: '${reference}' is repeated (payments[${earlier}]): a reference is unique within the order`);
      } else references.set(reference, index);
      return withFields(payment, { ts: ts ?? '', day: (ts ?? '').slice(0, 10) });
    });
  }

  if (errors.length > 0) return { ok: false, errors: [...new Set(errors)], notices };
  return {
    ok: true,
    order,
    notices,
    aliasesUsed,
    itemsReceived: Array.isArray(body.items) ? body.items.length : 0,
    paymentsReceived: Array.isArray(body.payments) ? body.payments.length : 0,
  };
}
