import type { Database, Statement } from 'better-sqlite3';
import { badRequest } from '../../../../shared/contract/errors.ts';
import {
  PRODUCT_COMBINED_FIELDS,
  PRODUCT_WRITABLE_FIELDS,
  type ProductDeleted,
  type ProductDetail,
  type ProductWritableField,
} from '../../../../shared/domain/products.ts';
import { vatRatesOn } from '../../../../shared/domain/vat.ts';
import type { MediaUrls } from '../../../../shared/domain/images.ts';
import type { DomainDeps } from '../../domain-deps.ts';
import { round2 } from '../../money.ts';
import { formatDate, formatTimestamp } from '../../time.ts';
import type { ProductPushes } from './push.ts';
import { writeBatchOf } from '../../store/write-batch.ts';

/**
 * PATCH, PUT and DELETE /product/{product_id}/. Every write runs in one transaction: the checks,
 * the update, last_changed_ts and the product notifications (push.ts) commit together or not at
 * all. The body was checked against ProductPatch / ProductPut (types, lengths, unknown fields)
 * by the route; the rules below are those a schema cannot say.
 */

/** Column of each writable field (the GET name is the API's, the column the store's). */
const COLUMN: Record<ProductWritableField, string> = {
  cod_produs: 'cod_produs',
  cod_varianta: 'cod_varianta',
  barcode: 'barcode',
  cod_intern: 'cod_intern',
  product_name: 'product_name',
  product_website_title: 'product_website_title',
  product_description: 'product_description',
  unitate_masura: 'unitate_masura',
  pret_vanzare: 'pret_vanzare',
  selling_currency_txt: 'selling_currency',
  cota_tva_vanzare: 'cota_tva_vanzare',
  category_id: 'category_id',
  manufacturer_id: 'manufacturer_id',
  website_published: 'website_published',
  partner_visible: 'partner_visible',
  sellable: 'is_sellable',
  is_archived: 'archived',
  delistat: 'delisted',
  weight: 'weight_kg',
};

const round3 = (n: number): number => Math.round((n + Number.EPSILON) * 1000) / 1000;
const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** JSON with object keys sorted: a record sent back with its keys in another order is the same record. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export type ProductWriteBody = Record<string, unknown>;

export interface ProductWriteContext {
  /** GET /product/{product_id}/ (404 for a product absent or deleted), images with the caller's URLs. */
  detail(companyId: number, productId: number, media?: MediaUrls): ProductDetail;
  /** The stored values of the writable fields alone (404 as detail): what a write of writable fields compares. */
  writableValues(companyId: number, productId: number): Pick<ProductDetail, ProductWritableField>;
  push: ProductPushes;
}

export function createProductWrites(db: Database, deps: DomainDeps, context: ProductWriteContext) {
  const { detail, writableValues, push } = context;
  const writable = new Set<string>(PRODUCT_WRITABLE_FIELDS);
  const currenciesOf = db.prepare<[number], string>('SELECT currency FROM account_currencies WHERE company_id = ? ORDER BY currency').pluck();
  const categoryName = db.prepare<[number, number], string>('SELECT name FROM product_categories WHERE company_id = ? AND id = ?').pluck();
  const manufacturerName = db.prepare<[number, number], string>('SELECT name FROM manufacturers WHERE company_id = ? AND id = ?').pluck();
  const codeOwner = db.prepare<[number, string, number], number>(
    'SELECT id FROM products WHERE company_id = ? AND cod_produs = ? AND id <> ?',
  ).pluck();
  const markDeleted = db.prepare<[string, number, number]>(
    'UPDATE products SET deleted = 1, last_changed_ts = ? WHERE company_id = ? AND id = ? AND deleted = 0',
  );
  const updates = new Map<string, Statement<unknown[]>>();

  /** The rule of a writable field that changes (a value equal to the stored one is always accepted). */
  function check(companyId: number, productId: number, field: ProductWritableField, value: unknown): string | undefined {
    switch (field) {
      case 'cod_produs':
      case 'cod_varianta':
      case 'barcode':
      case 'cod_intern': {
        const text = value as string;
        if (CONTROL.test(text)) return `${field}: must not contain control characters (tab, line break ...)`;
        if (text.trim() !== text) return `${field}: must not begin or end with spaces`;
        if (field === 'cod_produs') {
          const owner = codeOwner.get(companyId, text, productId);
          if (owner !== undefined) return `cod_produs: '${text}' is already the code of product ${owner} (cod_produs is unique in the account)`;
        }
        return undefined;
      }
      case 'product_name':
      case 'unitate_masura':
        return (value as string).trim() === '' ? `${field}: must not be blank` : undefined;
      case 'pret_vanzare':
        return round2(value as number) !== value ? 'pret_vanzare: at most 2 decimals' : undefined;
      case 'weight':
        return round3(value as number) !== value ? 'weight: at most 3 decimals (kg)' : undefined;
      case 'cota_tva_vanzare': {
        // The rates of the law on the ERP's today (the core's clock): a product is sold from now on.
        const today = formatDate(deps.clock.now());
        const rates = vatRatesOn(today);
        return rates.includes(value as number)
          ? undefined
          : `cota_tva_vanzare: must be one of the Romanian VAT rates in force today (${today}): ${rates.join(', ')} (got ${String(value)})`;
      }
      case 'selling_currency_txt': {
        const known = currenciesOf.all(companyId);
        return known.includes(value as string)
          ? undefined
          : `selling_currency_txt: '${String(value)}' is not a currency of this account (${known.join(', ')})`;
      }
      case 'category_id':
        return value !== null && categoryName.get(companyId, value as number) === undefined
          ? `category_id: category ${String(value)} does not exist in this account`
          : undefined;
      case 'manufacturer_id':
        return value !== null && manufacturerName.get(companyId, value as number) === undefined
          ? `manufacturer_id: manufacturer ${String(value)} does not exist in this account`
          : undefined;
      default:
        return undefined;
    }
  }

  /** How a read-only field's stored value is named in a refusal (lists and objects are not spelled out). */
  const shown = (value: unknown): string =>
    value !== null && typeof value === 'object' ? 'its stored value' : `its stored value ${JSON.stringify(value)}`;

  /**
   * `media` gives the stored images the caller's URLs, as GET answers them, so a client's
   * GET-change-PUT compares equal on the read-only fields and the answer is that record.
   */
  function write(companyId: number, productId: number, body: ProductWriteBody, mode: 'patch' | 'put', media?: MediaUrls): ProductDetail {
    return db.transaction(() => {
      // A body of writable fields alone (a price, a name) is checked against those fields: the
      // whole detail (stock, images, properties, links) is read only for a body that sends more.
      const onlyWritable = Object.keys(body).every((key) => writable.has(key));
      const stored: Pick<ProductDetail, ProductWritableField> & Partial<ProductDetail> = onlyWritable
        ? writableValues(companyId, productId)
        : detail(companyId, productId, media);
      const messages: string[] = [];

      if (mode === 'patch') {
        for (const { fields, why } of PRODUCT_COMBINED_FIELDS) {
          const sent = fields.filter((field) => field in body);
          if (sent.length > 0 && sent.length < fields.length) {
            const missing = fields.filter((field) => !(field in body));
            messages.push(`${fields.join(', ')}: must be sent together (${why}); ${missing.join(', ')} is missing`);
          }
        }
      }

      const changes = new Map<ProductWritableField, unknown>();
      for (const field of PRODUCT_WRITABLE_FIELDS) {
        if (!(field in body) || same(body[field], stored[field])) continue;
        const refusal = check(companyId, productId, field, body[field]);
        if (refusal) messages.push(refusal);
        else changes.set(field, body[field]);
      }

      // What the write gives the computed fields: a client may send either value.
      const valueOf = <K extends ProductWritableField>(field: K) => (changes.has(field) ? changes.get(field) : stored[field]) as ProductDetail[K];
      const category = valueOf('category_id');
      const manufacturer = valueOf('manufacturer_id');
      const computed: Partial<Record<string, unknown>> = {
        pret_vanzare_cu_tva: round2(valueOf('pret_vanzare') * (1 + valueOf('cota_tva_vanzare') / 100)),
        category_name: category === null ? '' : (categoryName.get(companyId, category) ?? stored.category_name),
        producator: manufacturer === null ? '' : (manufacturerName.get(companyId, manufacturer) ?? stored.producator),
        custom_barcode: valueOf('barcode'),
      };
      for (const [field, value] of Object.entries(body)) {
        if ((PRODUCT_WRITABLE_FIELDS as string[]).includes(field)) continue;
        const current = stored[field as keyof ProductDetail];
        if (same(value, current) || (field in computed && same(value, computed[field]))) continue;
        const hint = field === 'deleted' ? ' (DELETE /product/{product_id}/ deletes a product)' : '';
        messages.push(`${field}: read-only field; send it with ${shown(current)} or leave it out${hint}`);
      }

      if (messages.length > 0) throw badRequest(messages[0]!, messages);
      if (changes.size === 0) return onlyWritable ? detail(companyId, productId, media) : (stored as ProductDetail);

      const before = push.capture(companyId, [productId]);
      const fields = [...changes.keys()];
      const sql = `UPDATE products SET ${fields.map((f) => `${COLUMN[f]} = ?`).join(', ')}, last_changed_ts = ? WHERE company_id = ? AND id = ?`;
      let update = updates.get(sql);
      if (!update) updates.set(sql, (update = db.prepare<unknown[]>(sql)));
      update.run(...fields.map((f) => changes.get(f)), formatTimestamp(deps.clock.now()), companyId, productId);
      push.enqueueChanges(before);
      return detail(companyId, productId, media);
    })();
  }

  const batch = writeBatchOf(db);

  return {
    /**
     * The rule of one writable field for a value that changes it; productId 0 for a product not
     * made yet (fixtures check a declared product with the rules a PATCH applies).
     */
    fieldProblem: check,

    /** PATCH: only the fields sent change. */
    patch(companyId: number, productId: number, body: ProductWriteBody, media?: MediaUrls): ProductDetail {
      return write(companyId, productId, body, 'patch', media);
    },

    /** PUT: every writable field is given (the route's schema requires them). */
    replace(companyId: number, productId: number, body: ProductWriteBody, media?: MediaUrls): ProductDetail {
      return write(companyId, productId, body, 'put', media);
    },

    /**
     * patch and replace in the connection's write batch (store/write-batch.ts): writes that
     * arrive in the same turn share one commit; each resolves once its own is done. The REST door's.
     */
    patchGrouped(companyId: number, productId: number, body: ProductWriteBody, media?: MediaUrls): Promise<ProductDetail> {
      return batch.run(() => write(companyId, productId, body, 'patch', media));
    },
    replaceGrouped(companyId: number, productId: number, body: ProductWriteBody, media?: MediaUrls): Promise<ProductDetail> {
      return batch.run(() => write(companyId, productId, body, 'put', media));
    },

    /** DELETE: deleted = 1 (the row stays, listed with show_deleted:1); product_unpublished to its connectors. */
    remove(companyId: number, productId: number): ProductDeleted {
      return db.transaction(() => {
        detail(companyId, productId);
        const before = push.capture(companyId, [productId]);
        markDeleted.run(formatTimestamp(deps.clock.now()), companyId, productId);
        push.enqueueChanges(before);
        return { deleted_product_id: productId };
      })();
    },
  };
}
export type ProductWrites = ReturnType<typeof createProductWrites>;
