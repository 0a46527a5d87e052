import type { Database } from 'better-sqlite3';
import { badRequest, notFound } from '../../../../shared/contract/errors.ts';
import type { Pricelist, WebCategory, Workpoint } from '../../../../shared/domain/reference.ts';
import type { Page, Pager } from '../../store/paging.ts';
import { Where } from '../../store/where.ts';

export interface ReferenceListQuery {
  companyId: number;
  page: number;
  pageSize: number;
}

export interface PostcodeQuery {
  city?: string | undefined;
  county?: string | undefined;
  street?: string | undefined;
}

/**
 * Folds a place name the way the postcode table is written: no diacritics (ă â î ș ş ț ţ and
 * any other combining mark), single spaces, trimmed. Case is left to COLLATE NOCASE.
 */
export function foldPlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const BUCHAREST = /^(?:municipiul )?(?:bucuresti|bucharest)$/i;
// 'Bucuresti Sector 3', 'Bucuresti, Sectorul 3', 'Bucuresti-Sector 3', 'Sector 3', 'S3' ...
const BUCHAREST_SECTOR = /^(?:(?:municipiul )?(?:bucuresti|bucharest)\s*[,-]?\s*)?(?:sector(?:ul)?|s)\s*([1-6])$/i;

/** The city and county as the table names them: a Bucharest sector is 'Bucuresti Sector N'. */
function placeOf(cityRaw: string, countyRaw: string): { city: string; county: string } {
  const city = foldPlaceName(cityRaw);
  let county = foldPlaceName(countyRaw);
  if (BUCHAREST.test(county)) county = 'Bucuresti';
  const sector = BUCHAREST_SECTOR.exec(city);
  if (sector && county === 'Bucuresti') return { city: `Bucuresti Sector ${sector[1]}`, county };
  return { city, county };
}

// A street given with or without its kind: 'Strada Buzesti', 'Str. Buzesti', 'Buzesti'.
const STREET_KIND =
  /^(?:strada|str\.?|bulevardul|bulevard|bd\.?|bdul\.?|b-dul\.?|calea|soseaua|sos\.?|splaiul|spl\.?|aleea|al\.?|piata|pta\.?|intrarea|intr\.?)\s+/i;
const streetKey = (street: string): string => foldPlaceName(street).toLowerCase();
const streetName = (street: string): string => streetKey(street).replace(STREET_KIND, '');

/**
 * The postcode of a place (case, diacritics and the spellings of a Bucharest sector do not
 * matter): with a street, the street's own postcode when the table has one, else the city's;
 * undefined when nothing matches. Used by /postcodes/lookup/ and by connector orders (a blank zip
 * of an order address is resolved through it).
 */
export function createPostcodeLookup(db: Database): (city: string, county: string, street?: string) => string | undefined {
  const postcodesOfCity = db.prepare<[string, string], { street: string; postcode: string }>(
    `SELECT street, postcode FROM postcodes
      WHERE county = ? COLLATE NOCASE AND city = ? COLLATE NOCASE
      ORDER BY street = '' DESC, id`,
  );
  return (cityRaw, countyRaw, street) => {
    const { city, county } = placeOf(cityRaw, countyRaw);
    const rows = postcodesOfCity.all(county, city);
    let found: { postcode: string } | undefined;
    if (street !== undefined) {
      const key = streetKey(street);
      const name = streetName(street);
      const streets = rows.filter((row) => row.street !== '');
      found =
        streets.find((row) => streetKey(row.street) === key) ??
        (name === '' ? undefined : streets.find((row) => streetName(row.street) === name));
    }
    found ??= rows.find((row) => row.street === '');
    return found?.postcode;
  };
}

export function createReference(db: Database, pager: Pager) {
  const lookup = createPostcodeLookup(db);
  // What a product may name (category_id, manufacturer_id, selling_currency_txt): the screens' pickers.
  const categoriesOf = db.prepare<[number], { id: number; name: string; parent_id: number | null }>(
    'SELECT id, name, parent_id FROM product_categories WHERE company_id = ? ORDER BY name COLLATE NOCASE, id',
  );
  const manufacturersOf = db.prepare<[number], { id: number; name: string }>(
    'SELECT id, name FROM manufacturers WHERE company_id = ? ORDER BY name COLLATE NOCASE, id',
  );
  const currenciesOf = db.prepare<[number], string>('SELECT currency FROM account_currencies WHERE company_id = ? ORDER BY currency').pluck();

  function list<T extends Record<string, unknown>>(table: string, columns: string, query: ReferenceListQuery): Page<T> {
    return pager.page<T>({
      from: table,
      columns,
      where: new Where().add('company_id = ?', query.companyId),
      idColumn: 'id',
      idKey: 'id',
      page: query.page,
      pageSize: query.pageSize,
    });
  }

  return {
    /** Every pricelist of the account, inactive ones flagged by active = 0. */
    pricelists: (query: ReferenceListQuery): Page<Pricelist> =>
      list<Pricelist>('pricelists', 'id, name, currency, active, last_changed_ts', query),

    /** Every web category, deleted ones flagged. */
    webCategories: (query: ReferenceListQuery): Page<WebCategory> =>
      list<WebCategory>('web_categories', 'id, name, parent_id, image_url, deleted, last_changed_ts', query),

    /** The product categories of the account (category_id of a product), by name. */
    productCategories: (companyId: number) => categoriesOf.all(companyId),

    /** The manufacturers of the account (manufacturer_id of a product), by name. */
    manufacturers: (companyId: number) => manufacturersOf.all(companyId),

    /** The currencies of the account: what a product's selling_currency_txt may be. */
    currencies: (companyId: number): string[] => currenciesOf.all(companyId),

    /** Every workpoint (magazia_id / pl_id), deleted ones flagged. */
    workpoints: (query: ReferenceListQuery): Page<Workpoint> =>
      list<Workpoint>('workpoints', 'id, name, kind, deleted', query),

    /**
     * The postcode of a city of a county (case and diacritics do not matter): with a street, the
     * street's own postcode when the table has one, else the city's; 404 when nothing matches.
     */
    postcode(query: PostcodeQuery): { postcode: string } {
      const missing = (['city', 'county'] as const).filter((key) => query[key] === undefined);
      if (missing.length > 0) {
        throw badRequest(`postcode lookup needs ${missing.join(' and ')}: /postcodes/lookup/city:<city>/county:<county>/`);
      }
      const found = lookup(query.city!, query.county!, query.street);
      if (!found) {
        const where = query.street === undefined ? '' : `, street '${query.street}'`;
        throw notFound(`no postcode for city '${query.city}', county '${query.county}'${where}`);
      }
      return { postcode: found };
    },
  };
}
export type Reference = ReturnType<typeof createReference>;
