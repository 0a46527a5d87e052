import type { Database } from 'better-sqlite3';
import { conflict } from '../../../../shared/contract/errors.ts';
import type { ExchangeRates } from '../exchange-rates/index.ts';
import { VALID_TODAY, type PricelistScope } from './query.ts';

/**
 * Pricelist prices of the product list (spec: pricelist_id filter).
 *
 * - A rule applies when it is valid on the request day (valid_from / valid_to inclusive, null =
 *   open) and targets the product, one of the product's categories (its own or an ancestor), its
 *   manufacturer, or a category and manufacturer together.
 * - The most specific rule wins: product, then category (own before parent; a rule naming the
 *   manufacturer too before one that does not), then manufacturer, then a rule without target.
 *   Ties: the lowest min_quantity, then the oldest rule (lowest id). The answer reports the
 *   winning rule's min_quantity (pricelist_min_quantity): the price holds from that quantity.
 * - fixed_price is a price without VAT in the pricelist currency; discount_percent lowers the
 *   product's retail price (pret_vanzare, selling currency) by that percent.
 * - Every price of a record is in the product's selling currency: a fixed price in another
 *   currency is converted through RON at the BNR rate of the request day (the latest rate on or
 *   before it; before the first stored rate, the first one after: rates.rateOnOrFirstLater),
 *   then rounded to 2 decimals.
 */

export interface PriceRule {
  id: number;
  product_id: number | null;
  category_id: number | null;
  manufacturer_id: number | null;
  kind: 'fixed_price' | 'discount_percent';
  value: number;
  min_quantity: number;
}

export interface PricedProduct {
  product_id: number;
  category_id: number | null;
  manufacturer_id: number | null;
  pret_vanzare: number;
  selling_currency_txt: string;
}

export interface Pricelist {
  id: number;
  currency: string;
}

import { round2 } from '../../money.ts';
export { round2 };

export function createPricing(db: Database, rates: ExchangeRates) {
  const pricelistOf = db.prepare<[number, number], Pricelist>('SELECT id, currency FROM pricelists WHERE company_id = ? AND id = ?');
  const generalRules = db.prepare<[number, number, string, string], PriceRule>(
    `SELECT id, product_id, category_id, manufacturer_id, kind, value, min_quantity FROM pricelist_rules r
      WHERE r.company_id = ? AND r.pricelist_id = ? AND r.product_id IS NULL AND ${VALID_TODAY}`,
  );
  const productRules = db.prepare<[number, number, string, string, string], PriceRule>(
    `SELECT id, product_id, category_id, manufacturer_id, kind, value, min_quantity FROM pricelist_rules r
      WHERE r.company_id = ? AND r.pricelist_id = ? AND r.product_id IN (SELECT value FROM json_each(?)) AND ${VALID_TODAY}`,
  );
  const categories = db.prepare<[number], { id: number; parent_id: number | null }>(
    'SELECT id, parent_id FROM product_categories WHERE company_id = ?',
  );

  return {
    pricelist(companyId: number, pricelistId: number): Pricelist | undefined {
      return pricelistOf.get(companyId, pricelistId);
    },

    /** Resolves the pricelist once per request: its general rules, the category tree, the rates. */
    open(companyId: number, pricelist: Pricelist, today: string) {
      const general = generalRules.all(companyId, pricelist.id, today, today);
      const parentOf = new Map(categories.all(companyId).map((c) => [c.id, c.parent_id]));
      const chains = new Map<number, number[]>();
      /** The category and its ancestors, nearest first (a loop in the tree is cut). */
      const chainOf = (categoryId: number | null): number[] => {
        if (categoryId === null) return [];
        let chain = chains.get(categoryId);
        if (!chain) {
          chain = [];
          for (let c: number | null | undefined = categoryId; c !== null && c !== undefined && !chain.includes(c); c = parentOf.get(c)) {
            chain.push(c);
          }
          chains.set(categoryId, chain);
        }
        return chain;
      };

      const scope: PricelistScope = { pricelistId: pricelist.id, categories: [], manufacturers: [], pairs: [], everything: false };
      const categorySet = new Set<number>();
      const pairSet = new Set<string>();
      for (const rule of general) {
        if (rule.category_id === null && rule.manufacturer_id === null) scope.everything = true;
        else if (rule.category_id === null) scope.manufacturers.push(rule.manufacturer_id!);
        else {
          for (const id of parentOf.keys()) {
            if (!chainOf(id).includes(rule.category_id)) continue;
            if (rule.manufacturer_id === null) categorySet.add(id);
            else pairSet.add(JSON.stringify([id, rule.manufacturer_id]));
          }
        }
      }
      scope.categories = [...categorySet].sort((a, b) => a - b);
      scope.manufacturers = [...new Set(scope.manufacturers)].sort((a, b) => a - b);
      scope.pairs = [...pairSet].map((pair) => JSON.parse(pair) as [number, number]);

      // The request's rates, each read once.
      const rateOfCurrency = new Map<string, number>();
      const rateOf = (currency: string): number => {
        let rate = rateOfCurrency.get(currency);
        if (rate === undefined) {
          rate = rates.rateOnOrFirstLater(currency, today);
          if (rate === undefined) {
            throw conflict(`pricelist_id: no exchange rate of ${currency} is known, so the pricelist prices cannot be converted`);
          }
          rateOfCurrency.set(currency, rate);
        }
        return rate;
      };

      /** Rank of a rule for a product (lower is more specific); undefined when it does not apply. */
      const rankOf = (rule: PriceRule, product: PricedProduct): number | undefined => {
        if (rule.product_id !== null) return rule.product_id === product.product_id ? 0 : undefined;
        if (rule.manufacturer_id !== null && rule.manufacturer_id !== product.manufacturer_id) return undefined;
        if (rule.category_id !== null) {
          const depth = chainOf(product.category_id).indexOf(rule.category_id);
          if (depth < 0) return undefined;
          return 1 + depth * 2 + (rule.manufacturer_id === null ? 1 : 0);
        }
        return rule.manufacturer_id !== null ? 1_000_000 : 2_000_000;
      };

      return {
        scope,
        /** The winning rule's price for each product of a batch (one query for the product rules). */
        prices(products: PricedProduct[]): Map<number, { net: number; minQuantity: number }> {
          const own = productRules.all(companyId, pricelist.id, JSON.stringify(products.map((p) => p.product_id)), today, today);
          const byProduct = new Map<number, PriceRule[]>();
          for (const rule of own) {
            const list = byProduct.get(rule.product_id!);
            if (list) list.push(rule);
            else byProduct.set(rule.product_id!, [rule]);
          }
          const answer = new Map<number, { net: number; minQuantity: number }>();
          for (const product of products) {
            let best: { rule: PriceRule; rank: number } | undefined;
            for (const rule of [...(byProduct.get(product.product_id) ?? []), ...general]) {
              const rank = rankOf(rule, product);
              if (rank === undefined) continue;
              if (
                !best ||
                rank < best.rank ||
                (rank === best.rank && (rule.min_quantity < best.rule.min_quantity || (rule.min_quantity === best.rule.min_quantity && rule.id < best.rule.id)))
              ) {
                best = { rule, rank };
              }
            }
            if (!best) continue;
            const { rule } = best;
            const net =
              rule.kind === 'discount_percent'
                ? round2(product.pret_vanzare * (1 - rule.value / 100))
                : round2((rule.value * rateOf(pricelist.currency)) / rateOf(product.selling_currency_txt));
            answer.set(product.product_id, { net, minQuantity: rule.min_quantity });
          }
          return answer;
        },
      };
    },
  };
}
export type Pricing = ReturnType<typeof createPricing>;
export type OpenPricelist = ReturnType<Pricing['open']>;
