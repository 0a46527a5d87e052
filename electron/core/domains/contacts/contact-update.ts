import type { Database } from 'better-sqlite3';
import { badRequest, conflict, notFound } from '../../../../shared/contract/errors.ts';
import { clientCode, type Contact } from '../../../../shared/domain/contacts.ts';
import type { ContactAddressInput, ContactUpdateInput } from '../../../../shared/domain/document-actions.ts';
import { fiscalCodeProblem, normalFiscalCode } from '../../../../shared/domain/fiscal-code.ts';
import type { Clock } from '../../time.ts';
import { formatTimestamp } from '../../time.ts';
import type { Contacts } from './index.ts';

/**
 * Staff edits a contact (contacts.update), in one transaction: the fields sent (the others stay),
 * the addresses sent (by address_id; a new one without), and lastupdated, which /contacts/list/
 * modifiedafter reads. A fiscal code that changes must pass its control digit (shared/domain/
 * fiscal-code.ts; a stored one is not judged again) and belong to no other live contact of the
 * account, with or without RO (409). A client has its client code (CL + id), a contact that is no
 * longer a client none. The spec has no contact notification: nothing is queued.
 */

interface StoredContact {
  id: number;
  name: string;
  is_company: number;
  is_client: number;
  is_supplier: number;
  cui: string;
  reg_com: string;
  vat_payer: number;
  representative: string;
  email: string;
  phone: string;
  deleted: number;
}

const ADDRESS_DEFAULTS = { number: '', building: '', stair: '', floor: '', apartment: '', zip: '', country: 'Romania', kind: 'both' } as const;

export function createContactUpdate(db: Database, clock: Clock, contacts: Contacts) {
  const stored = db.prepare<[number, number], StoredContact>(
    `SELECT id, name, is_company, is_client, is_supplier, cui, reg_com, vat_payer, representative, email, phone, deleted
       FROM contacts WHERE company_id = ? AND id = ?`,
  );
  // contacts_company_cui: the code as stored, with or without RO.
  const holder = db.prepare<[number, string, string, number], { id: number; name: string }>(
    'SELECT id, name FROM contacts WHERE company_id = ? AND cui IN (?, ?) AND id <> ? AND deleted = 0 ORDER BY id LIMIT 1',
  );
  const save = db.prepare(
    `UPDATE contacts SET name = @name, is_company = @is_company, is_client = @is_client, is_supplier = @is_supplier, cui = @cui,
       reg_com = @reg_com, vat_payer = @vat_payer, representative = @representative, email = @email, phone = @phone,
       client_code = @client_code, lastupdated = @now
     WHERE company_id = @company_id AND id = @id`,
  );
  const addressIds = db.prepare<[number, number], number>('SELECT id FROM contact_addresses WHERE company_id = ? AND contact_id = ?').pluck();
  const updateAddress = db.prepare(
    `UPDATE contact_addresses SET kind = coalesce(@kind, kind), street = @street, number = coalesce(@number, number),
       building = coalesce(@building, building), stair = coalesce(@stair, stair), floor = coalesce(@floor, floor),
       apartment = coalesce(@apartment, apartment), city = @city, county = @county, zip = coalesce(@zip, zip),
       country = coalesce(@country, country), is_default = coalesce(@is_main, is_default)
     WHERE company_id = @company_id AND id = @address_id`,
  );
  const insertAddress = db.prepare(
    `INSERT INTO contact_addresses (company_id, contact_id, kind, country, county, city, street, number, building, stair, floor, apartment, zip, is_default)
     VALUES (@company_id, @contact_id, @kind, @country, @county, @city, @street, @number, @building, @stair, @floor, @apartment, @zip, @is_main)`,
  );
  const notMain = db.prepare<[number, number, number]>(
    'UPDATE contact_addresses SET is_default = 0 WHERE company_id = ? AND contact_id = ? AND id <> ?',
  );

  const trimmed = (value: string | undefined): string | undefined => value?.trim();

  function writeAddresses(companyId: number, contactId: number, addresses: readonly ContactAddressInput[]): void {
    const own = new Set(addressIds.all(companyId, contactId));
    addresses.forEach((a, i) => {
      if (a.address_id !== undefined && !own.has(a.address_id)) {
        throw badRequest(`addresses[${i}].address_id: address ${a.address_id} is not an address of contact ${contactId}`);
      }
      for (const field of ['street', 'city', 'county'] as const) {
        if (a[field].trim() === '') throw badRequest(`addresses[${i}].${field}: it may not be blank`);
      }
    });
    for (const a of addresses) {
      const values = {
        company_id: companyId,
        street: a.street.trim(),
        city: a.city.trim(),
        county: a.county.trim(),
        number: trimmed(a.number) ?? null,
        building: trimmed(a.building) ?? null,
        stair: trimmed(a.stair) ?? null,
        floor: trimmed(a.floor) ?? null,
        apartment: trimmed(a.apartment) ?? null,
        zip: trimmed(a.zip) ?? null,
        country: trimmed(a.country) ?? null,
        kind: a.kind ?? null,
        is_main: a.is_main ?? null,
      };
      let id = a.address_id;
      if (id === undefined) {
        const fresh = { ...ADDRESS_DEFAULTS, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) };
        id = Number(insertAddress.run({ ...fresh, contact_id: contactId, is_main: a.is_main ?? 0 }).lastInsertRowid);
      } else {
        updateAddress.run({ ...values, address_id: id });
      }
      if (a.is_main === 1) notMain.run(companyId, contactId, id);
    }
  }

  function update(input: ContactUpdateInput): Contact {
    return db.transaction((): Contact => {
      const { company_id: companyId, contact_id: contactId } = input;
      const before = stored.get(companyId, contactId);
      if (!before || before.deleted === 1) throw notFound(`contact_id: contact ${contactId} does not exist in this account`);
      const name = input.name === undefined ? before.name : input.name.trim();
      if (name === '') throw badRequest('name: it may not be blank');
      const isCompany = input.is_company ?? before.is_company;
      const cui = input.vat_id === undefined ? before.cui : normalFiscalCode(input.vat_id);
      if (cui !== before.cui) {
        const problem = fiscalCodeProblem(cui, isCompany === 1);
        if (problem === 'format') {
          throw badRequest(`vat_id: '${cui}' is not a fiscal code: a CUI of 2 to 10 digits (RO before it for a VAT payer)${isCompany ? '' : ' or a CNP of 13 digits'}`);
        }
        if (problem === 'control') throw badRequest(`vat_id: '${cui}' does not pass its control digit: check the code for a typing error`);
        if (cui !== '') {
          const digits = cui.startsWith('RO') ? cui.slice(2) : cui;
          const other = holder.get(companyId, digits, `RO${digits}`, contactId);
          if (other) throw conflict(`vat_id: fiscal code ${cui} is already the code of contact ${other.id} (${other.name})`);
        }
      }
      const isClient = input.is_client ?? before.is_client;
      save.run({
        company_id: companyId,
        id: contactId,
        name,
        is_company: isCompany,
        is_client: isClient,
        is_supplier: input.is_supplier ?? before.is_supplier,
        cui,
        reg_com: trimmed(input.registration_nr) ?? before.reg_com,
        vat_payer: input.vat_payer ?? before.vat_payer,
        representative: trimmed(input.representative) ?? before.representative,
        email: trimmed(input.email) ?? before.email,
        phone: trimmed(input.phone) ?? before.phone,
        client_code: isClient === 1 ? clientCode(contactId) : '',
        now: formatTimestamp(clock.now()),
      });
      if (input.addresses) writeAddresses(companyId, contactId, input.addresses);
      return contacts.get(companyId, contactId, { pricelist: true, addresses: true, persons: true, banks: true });
    }).immediate();
  }

  return { update };
}
