import { operations, type OperationInput } from '../../../../shared/contract/operations.ts';

/*
 * The Register payment form is read off the input schema of `sales.registerPayment` (the
 * TypeBox schema POST /sales/{bv_id}/payment/ validates with): its fields, which are required,
 * their bounds and lengths. A field the contract gains appears in the form; the texts are the
 * interface's (sales.payment.fields.<name>).
 */

interface PropertySchema {
  type?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export type PaymentRequest = Omit<OperationInput<'sales.registerPayment'>, 'company_id' | 'bv_id'>;
export type PaymentFieldName = keyof PaymentRequest & string;

export type FieldKind =
  /** One of a list the form answer gives (payment types, currencies, bank accounts). */
  | 'choice'
  | 'date'
  | 'number'
  | 'text'
  | 'longText';

export interface PaymentField {
  name: PaymentFieldName;
  kind: FieldKind;
  required: boolean;
  /** Integer fields are sent as numbers; choices of an integer field too. */
  integer: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
}

const schema = operations['sales.registerPayment'].input as unknown as { properties: Record<string, PropertySchema>; required?: string[] };

/** Fields answered by a list of the payment form (`sales.paymentForm`). */
export const CHOICE_FIELDS = ['payment_type', 'currency', 'bank_account_id'] as const satisfies readonly PaymentFieldName[];

function kindOf(name: string, p: PropertySchema): FieldKind {
  if ((CHOICE_FIELDS as readonly string[]).includes(name)) return 'choice';
  if (p.format === 'date') return 'date';
  if (p.type === 'number' || p.type === 'integer') return 'number';
  return (p.maxLength ?? 0) > 255 ? 'longText' : 'text';
}

/** Every field of the request, in the schema's order, without the path's ids. */
export const PAYMENT_FIELDS: readonly PaymentField[] = Object.entries(schema.properties)
  .filter(([name]) => name !== 'company_id' && name !== 'bv_id')
  .map(([name, p]) => ({
    name: name as PaymentFieldName,
    kind: kindOf(name, p),
    required: schema.required?.includes(name) ?? false,
    integer: p.type === 'integer',
    ...((p.minimum ?? p.exclusiveMinimum) !== undefined && { min: p.minimum ?? p.exclusiveMinimum }),
    ...(p.maximum !== undefined && { max: p.maximum }),
    ...(p.maxLength !== undefined && { maxLength: p.maxLength }),
  }));

export const PAYMENT_FIELD_NAMES: readonly string[] = PAYMENT_FIELDS.map((f) => f.name);

/** The form's values: what the inputs hold (text for numbers being typed, null for nothing chosen). */
export type PaymentValues = Partial<Record<PaymentFieldName, string | number | null>>;

/**
 * The request the form's values make: empty fields are left out (the core then takes its
 * defaults: today, the sale's currency, the BNR rate), numbers typed as text become numbers.
 */
export function requestOf(values: PaymentValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of PAYMENT_FIELDS) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    if (field.kind === 'number' || field.integer) {
      const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
      // Not a number: sent as typed, so the core names the field and says what is wrong.
      out[field.name] = Number.isFinite(n) ? n : value;
    } else out[field.name] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}
