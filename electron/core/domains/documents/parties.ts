import type { Database } from 'better-sqlite3';
import { fmtAddress, type AddressParts } from './format.ts';

/** A party printed on a document: the supplier (the account) or the client. */
export interface Party {
  name: string;
  cui: string;
  regCom: string;
  /** One line; '' when none is known. */
  address: string;
  /** The account's bank accounts (supplier only); the one in the document's currency first. */
  banks: Array<{ iban: string; bank: string; currency: string }>;
  /** Who receives a parcel at the address, and a phone (AWB labels); '' when none. */
  contactName: string;
  phone: string;
}

interface AddressRow extends AddressParts {
  shipping_contact_name: string;
  shipping_contact_phone: string;
}

const ADDRESS_COLUMNS = `country, county, city, street, number, building, stair, floor, apartment, zip,
  shipping_contact_name, shipping_contact_phone`;

/**
 * The blocks around a document, read when it is shown: the supplier is the account (name, CUI,
 * trade register number, bank accounts) with the address of the workpoint that issued the
 * document (the store keeps no registered-office address; the first workpoint that has one
 * stands in). The client keeps the name, CUI and register number copied at issue time; its
 * address is the order's own when the document came from a connector order, else the contact's.
 */
export function createParties(db: Database) {
  const account = db.prepare<[number], { name: string; cui: string; reg_com: string }>(
    'SELECT name, cui, reg_com FROM accounts WHERE company_id = ?',
  );
  const workpointAddress = db
    .prepare<[number, number], string>(`SELECT address FROM workpoints WHERE company_id = ? AND id = ? AND address <> ''`)
    .pluck();
  const anyWorkpointAddress = db
    .prepare<[number], string>(`SELECT address FROM workpoints WHERE company_id = ? AND address <> '' ORDER BY deleted, id LIMIT 1`)
    .pluck();
  const banks = db.prepare<[number, string], { iban: string; bank_name: string; currency: string }>(
    `SELECT iban, bank_name, currency FROM account_bank_accounts WHERE company_id = ?
      ORDER BY currency = ? DESC, currency = 'RON' DESC, id`,
  );
  const addressById = db.prepare<[number, number], AddressRow>(
    `SELECT ${ADDRESS_COLUMNS} FROM contact_addresses WHERE company_id = ? AND id = ?`,
  );
  // A contact's address of the wanted use ('both' serves either), its default one first.
  const contactAddress = db.prepare<[number, number, string], AddressRow>(
    `SELECT ${ADDRESS_COLUMNS} FROM contact_addresses WHERE company_id = ? AND contact_id = ? AND kind IN (?, 'both')
      ORDER BY is_default DESC, kind = 'both', id LIMIT 1`,
  );
  const contactPhone = db.prepare<[number, number], string>('SELECT phone FROM contacts WHERE company_id = ? AND id = ?').pluck();

  function address(companyId: number, addressId: number | null, contactId: number | null, use: 'invoice' | 'delivery') {
    const row =
      (addressId === null ? undefined : addressById.get(companyId, addressId)) ??
      (contactId === null ? undefined : contactAddress.get(companyId, contactId, use));
    return row;
  }

  return {
    /** The account as supplier (or sender); undefined when the account does not exist. */
    supplier(companyId: number, workpointId: number | null, currency: string): Party | undefined {
      const a = account.get(companyId);
      if (!a) return undefined;
      return {
        name: a.name,
        cui: a.cui,
        regCom: a.reg_com,
        address: (workpointId === null ? undefined : workpointAddress.get(companyId, workpointId)) ?? anyWorkpointAddress.get(companyId) ?? '',
        banks: banks.all(companyId, currency).map((b) => ({ iban: b.iban, bank: b.bank_name, currency: b.currency })),
        contactName: '',
        phone: '',
      };
    },

    /**
     * A client block with its address: `addressId` (the order's invoice or delivery address)
     * when given and present, else the contact's address for that use.
     */
    client(
      companyId: number,
      block: { client_id: number | null; client_name: string; client_cui: string; client_reg_com: string },
      addressId: number | null,
      use: 'invoice' | 'delivery',
    ): Party {
      const row = address(companyId, addressId, block.client_id, use);
      return {
        name: block.client_name,
        cui: block.client_cui,
        regCom: block.client_reg_com,
        address: row ? fmtAddress(row) : '',
        banks: [],
        contactName: row?.shipping_contact_name ?? '',
        phone: row?.shipping_contact_phone || (block.client_id === null ? '' : (contactPhone.get(companyId, block.client_id) ?? '')),
      };
    },
  };
}
export type Parties = ReturnType<typeof createParties>;
