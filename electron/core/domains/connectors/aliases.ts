import { ITEM_FIELD_ALIASES } from '../../../../shared/domain/connector-orders.ts';

export interface AliasOutcome {
  /** The items with every alias renamed to its canonical field (other values untouched). */
  items: unknown[];
  /** 'alias -> canonical', in order of first use. */
  used: string[];
  /** An alias next to its canonical name, or two aliases of one field, in one item. */
  errors: string[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads the items of an order under the spec's field names: a field of ITEM_FIELD_ALIASES
 * (shared/domain/connector-orders.ts) is renamed to its canonical name. Elements that are not
 * objects are left for the schema check to refuse.
 */
export function normalizeItemAliases(items: unknown[]): AliasOutcome {
  const used: string[] = [];
  const errors: string[] = [];
  const out = items.map((item, index) => {
    if (!isPlainObject(item)) return item;
    const renamed: Record<string, unknown> = {};
    /** canonical field -> the name it came under. */
    const origin = new Map<string, string>();
    for (const [key, value] of Object.entries(item)) {
      const canonical = Object.hasOwn(ITEM_FIELD_ALIASES, key) ? ITEM_FIELD_ALIASES[key]! : key;
      const earlier = origin.get(canonical);
      if (earlier !== undefined) {
        const [first, second] = earlier === canonical ? [key, canonical] : key === canonical ? [earlier, canonical] : [key, earlier];
        errors.push(
          second === canonical
            ? `items[${index}].${first}: alias of ${canonical}, which the item also carries (send one of them)`
            : `items[${index}].${first}: alias of ${canonical}, like ${second} in the same item (send one of them)`,
        );
        continue;
      }
      origin.set(canonical, key);
      renamed[canonical] = value;
      if (canonical !== key) {
        const entry = `${key} -> ${canonical}`;
        if (!used.includes(entry)) used.push(entry);
      }
    }
    return renamed;
  });
  return { items: out, used, errors };
}
