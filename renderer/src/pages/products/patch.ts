import { PRODUCT_COMBINED_FIELDS, PRODUCT_WRITABLE_FIELDS, type ProductDetail, type ProductWritableField } from '../../../../shared/domain/products.ts';

/** The form's values: the writable fields of the product, as the inputs hold them. */
export type ProductFormValues = { [K in ProductWritableField]: ProductDetail[K] | string };

export const WRITABLE_FIELDS = PRODUCT_WRITABLE_FIELDS;

export function formValuesOf(product: ProductDetail): ProductFormValues {
  return Object.fromEntries(WRITABLE_FIELDS.map((field) => [field, product[field]])) as ProductFormValues;
}

/** An input's value as the API wants it: a NumberInput left empty is '' (sent as null: the core names the field). */
function apiValue(field: ProductWritableField, value: unknown): unknown {
  if ((field === 'pret_vanzare' || field === 'weight') && typeof value === 'string') return value.trim() === '' ? null : Number(value);
  return value;
}

/**
 * PATCH semantics: only the fields whose value differs from the product's are sent, and a field
 * of a combined pair (price and currency) brings its partner along, as the core requires.
 */
export function changedFields(product: ProductDetail, values: ProductFormValues): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of WRITABLE_FIELDS) {
    const value = apiValue(field, values[field]);
    if (value !== product[field]) patch[field] = value;
  }
  for (const { fields } of PRODUCT_COMBINED_FIELDS) {
    if (fields.some((field) => field in patch)) for (const field of fields) patch[field] = apiValue(field, values[field]);
  }
  return patch;
}
