import type { Database } from 'better-sqlite3';
import { notFound } from '../../../../shared/contract/errors.ts';
import type { Contact, ContactAddress, ContactBankAccount, ContactPerson } from '../../../../shared/domain/contacts.ts';
import { groupByParent } from '../../store/document-query.ts';
import type { Page, Pager, Window, WindowOptions } from '../../store/paging.ts';
import { Where } from '../../store/where.ts';
import { flag } from '../../store/document-query.ts';
import { foldedStart } from '../../store/text-search.ts';
export { createContactUpdate } from './contact-update.ts';

export interface ContactIncludes {
  pricelist?: boolean;
  addresses?: boolean;
  persons?: boolean;
  banks?: boolean;
}

/** /contacts/list/: live clients of the account; the date bounds act on lastupdated. */
export interface ContactsQuery {
  companyId: number;
  modifiedAfter?: string | undefined;
  modifiedThrough?: string | undefined;
  id?: number | undefined;
  minId?: number | undefined;
  include: ContactIncludes;
  page: number;
  pageSize: number;
}

/**
 * The screen list: clients and suppliers (deleted ones left out, as in /contacts/list/), a role
 * each way or both, and a free text: the start of the name (letters A-Z in any case) or the
 * fiscal code (vat_id) exactly, with or without its RO.
 */
export interface ContactsScreenQuery {
  companyId: number;
  isClient?: boolean | undefined;
  isSupplier?: boolean | undefined;
  q?: string | undefined;
  include: ContactIncludes;
}

type ContactFilters = Omit<ContactsQuery, 'include' | 'page' | 'pageSize'> & Omit<ContactsScreenQuery, 'include'>;

/** The screen sorts and the column each one orders by (an index of migration 015 each). */
const SORTS = { bocp_id: 'c.id', name: 'c.name COLLATE NOCASE' } as const;
export type ContactsSort = keyof typeof SORTS;

/** The fiscal codes `text` may mean: as typed (upper case), and with or without RO. */
function fiscalCodes(text: string): string[] {
  const code = text.toUpperCase().replace(/\s+/g, '');
  const digits = /^RO(\d+)$/.exec(code)?.[1];
  if (digits) return [code, digits];
  return /^\d+$/.test(code) ? [code, `RO${code}`] : [code, code];
}

const FROM = 'contacts c LEFT JOIN contact_groups g ON g.id = c.group_id AND g.company_id = c.company_id';

// The answer's names (shared/domain/contacts.ts): the real service's, then the spec's contact_id;
// the store keeps its own column names (cui, reg_com ...), which the answer no longer repeats.
const COLUMNS = `c.id AS bocp_id, c.id AS contact_id, c.name, c.cui AS vat_id, c.client_code, c.reg_com AS registration_nr,
  c.is_company, c.is_client, c.is_supplier, c.vat_payer,
  c.representative, c.email, c.phone, c.group_id, g.name AS group_name, c.deleted, c.created_ts, c.lastupdated`;

type Child<T> = T & { parent_id: number };

export function createContacts(db: Database, pager: Pager) {
  // Every include is read for a whole page by its ids (json_each), and by account. The unary
  // '+' keeps the planner on the page's ids (rowid lookups) instead of walking a company_id
  // index over every contact of the account.
  const pricelists = db.prepare<[number, string], { contact_id: number; pricelist_id: number | null; pricelist_name: string | null }>(
    `SELECT c.id AS contact_id, p.id AS pricelist_id, p.name AS pricelist_name
       FROM contacts c
       LEFT JOIN contact_groups g ON g.id = c.group_id AND g.company_id = c.company_id
       LEFT JOIN pricelists p ON p.id = coalesce(c.pricelist_id, g.pricelist_id) AND p.company_id = c.company_id
      WHERE +c.company_id = ? AND c.id IN (SELECT value FROM json_each(?))`,
  );
  // address: street and number; address2: the block part (Bl. Sc. Et. Ap.), each '' when empty.
  const addresses = db.prepare<[number, string], Child<ContactAddress>>(
    `SELECT contact_id AS parent_id, id AS address_id, is_default AS is_main,
            trim(street || ' ' || number) AS address,
            trim(replace(replace(replace(trim((CASE WHEN building <> '' THEN 'Bl. ' || building ELSE '' END) || ' ' ||
              (CASE WHEN stair <> '' THEN 'Sc. ' || stair ELSE '' END) || ' ' ||
              (CASE WHEN floor <> '' THEN 'Et. ' || floor ELSE '' END) || ' ' ||
              (CASE WHEN apartment <> '' THEN 'Ap. ' || apartment ELSE '' END)), '   ', ' '), '  ', ' '), '  ', ' ')) AS address2,
            city, county, zip AS postcode, country, kind, street, number, building, stair, floor, apartment, zip, gln,
            shipping_contact_name, shipping_contact_phone
       FROM contact_addresses WHERE company_id = ? AND contact_id IN (SELECT value FROM json_each(?))
      ORDER BY contact_id, is_default DESC, id`,
  );
  const persons = db.prepare<[number, string], Child<ContactPerson>>(
    `SELECT contact_id AS parent_id, id AS person_id, name, role, email, phone
       FROM contact_persons WHERE company_id = ? AND contact_id IN (SELECT value FROM json_each(?))
      ORDER BY contact_id, id`,
  );
  const banks = db.prepare<[number, string], Child<ContactBankAccount>>(
    `SELECT contact_id AS parent_id, id AS bank_account_id, iban, bank_name, currency
       FROM contact_bank_accounts WHERE company_id = ? AND contact_id IN (SELECT value FROM json_each(?))
      ORDER BY contact_id, id`,
  );
  const one = db.prepare<[number, number], Contact>(`SELECT ${COLUMNS} FROM ${FROM} WHERE c.company_id = ? AND c.id = ?`);

  function attachIncludes(companyId: number, rows: Contact[], include: ContactIncludes): void {
    if (rows.length === 0) return;
    const ids = JSON.stringify(rows.map((row) => row.bocp_id));
    if (include.pricelist) {
      const byId = new Map(pricelists.all(companyId, ids).map((p) => [p.contact_id, p]));
      for (const row of rows) {
        const found = byId.get(row.bocp_id);
        row.pricelist_id = found?.pricelist_id ?? null;
        // A string always (clients of the real service read it as one): '' without a pricelist.
        row.pricelist_name = found?.pricelist_name ?? '';
      }
    }
    if (include.addresses) {
      const byId = groupByParent(addresses.all(companyId, ids));
      for (const row of rows) row.addresses = (byId.get(row.bocp_id) ?? []) as ContactAddress[];
    }
    if (include.persons) {
      const byId = groupByParent(persons.all(companyId, ids));
      for (const row of rows) row.contacts = (byId.get(row.bocp_id) ?? []) as ContactPerson[];
    }
    if (include.banks) {
      const byId = groupByParent(banks.all(companyId, ids));
      for (const row of rows) row.bank_accounts = (byId.get(row.bocp_id) ?? []) as ContactBankAccount[];
    }
  }

  /** One WHERE for the REST pages (clients only) and the screen windows (either role). */
  function whereOf(query: ContactFilters): Where {
    const where = new Where()
      .add('c.company_id = ?', query.companyId)
      .add('c.is_client = ?', flag(query.isClient))
      .add('c.is_supplier = ?', flag(query.isSupplier))
      .when(true, 'c.deleted = 0')
      .add('c.lastupdated > ?', query.modifiedAfter)
      .add('c.lastupdated <= ?', query.modifiedThrough)
      .add('c.id = ?', query.id)
      .add('c.id >= ?', query.minId);
    if (query.q !== undefined) {
      // contacts_name_folded for the name's start (diacritics folded), contacts_company_cui for the fiscal code.
      const text = query.q.trim();
      const [code, other] = fiscalCodes(text);
      const name = foldedStart('name', text);
      where.add(
        `c.id IN (SELECT id FROM contacts WHERE company_id = ? AND ${name.sql}
                  UNION ALL SELECT id FROM contacts WHERE company_id = ? AND cui IN (?, ?))`,
        query.companyId, ...name.params, query.companyId, code, other,
      );
    }
    return where;
  }

  const source = { from: FROM, columns: COLUMNS, idColumn: 'c.id', idKey: 'bocp_id' };

  return {
    /** Clients only (is_client = 1), deleted contacts left out, ascending id. */
    list(query: ContactsQuery): Page<Contact> {
      const page = pager.page<Contact>({ ...source, where: whereOf({ ...query, isClient: true }), page: query.page, pageSize: query.pageSize });
      attachIncludes(query.companyId, page.rows, query.include);
      return page;
    },

    /** A window of the screen list: the same WHERE and records as list(), any offset, any sort of SORTS. */
    window(query: ContactsScreenQuery, options: WindowOptions<ContactsSort>): Window<Contact> {
      const window = pager.window<Contact>({
        ...source,
        // The filters read only the contact: the ids and the count come from its indexes alone.
        keysFrom: 'contacts c',
        where: whereOf(query),
        ...options,
        sort: SORTS[options.sort],
      });
      attachIncludes(query.companyId, window.rows, query.include);
      return window;
    },

    /** Any contact of the account (client or supplier, deleted ones flagged); 404 otherwise. */
    get(companyId: number, contactId: number, include: ContactIncludes): Contact {
      const row = one.get(companyId, contactId);
      if (!row) throw notFound(`contact ${contactId} does not exist`);
      attachIncludes(companyId, [row], include);
      return row;
    },
  };
}
export type Contacts = ReturnType<typeof createContacts>;
