import { badRequest } from '../../../../shared/contract/errors.ts';
import type { Database } from 'better-sqlite3';
import { countryCode } from '../awb/index.ts';
import { createPostcodeLookup, foldPlaceName } from '../reference/index.ts';
import type { AddressInput, ClientInput } from './order-request.ts';
import { clientCode } from '../../../../shared/domain/contacts.ts';

/**
 * The client of a connector order: recognised by client_unique_id (per connector), then by
 * vat_id (the account's contacts.cui, with or without RO), else created; then updated with what
 * the order carries, and its invoice and delivery addresses found or added. Every method runs
 * inside the import's transaction.
 */

export interface ContactRow {
  id: number;
  name: string;
  is_company: number;
  is_client: number;
  cui: string;
  reg_com: string;
  vat_payer: number;
  representative: string;
  email: string;
  phone: string;
  deleted: number;
}

interface AddressRow {
  id: number;
  kind: 'invoice' | 'delivery' | 'both';
  country: string;
  county: string;
  city: string;
  street: string;
  number: string;
  building: string;
  stair: string;
  floor: string;
  apartment: string;
  zip: string;
  gln: string;
  shipping_contact_name: string;
  shipping_contact_phone: string;
}

export interface ResolvedClient {
  contactId: number;
  created: boolean;
  invoiceAddressId?: number | undefined;
  deliveryAddressId?: number | undefined;
}

/** The fiscal code forms a vat_id may be stored under: digits alone and with RO. */
function cuiForms(vatId: string): [string, string] {
  const compact = vatId.replace(/\s+/g, '').toUpperCase();
  const digits = compact.replace(/^RO/, '');
  return [digits, `RO${digits}`];
}

const fold = (text: string | undefined) => foldPlaceName(text ?? '').toLowerCase();

/** Two addresses are one when every part of the place is the same (case, diacritics and spaces aside). */
const placeKey = (a: Pick<AddressRow, 'country' | 'county' | 'city' | 'street' | 'number' | 'building' | 'stair' | 'floor' | 'apartment'>) =>
  [a.country, a.county, a.city, a.street, a.number, a.building, a.stair, a.floor, a.apartment].map(fold).join('|');

export function createOrderClients(db: Database) {
  const postcode = createPostcodeLookup(db);
  const contact = db.prepare<[number, number], ContactRow>(
    `SELECT id, name, is_company, is_client, cui, reg_com, vat_payer, representative, email, phone, deleted
       FROM contacts WHERE company_id = ? AND id = ?`,
  );
  const mapped = db
    .prepare<[number, number], number>('SELECT contact_id FROM connector_clients WHERE connector_id = ? AND client_unique_id = ?')
    .pluck();
  const byCui = db
    .prepare<[number, string, string], number>(
      `SELECT id FROM contacts WHERE company_id = ? AND cui IN (?, ?) AND deleted = 0 ORDER BY is_client DESC, id LIMIT 1`,
    )
    .pluck();
  const insertContact = db.prepare(
    `INSERT INTO contacts (company_id, name, is_company, is_client, is_supplier, cui, reg_com, vat_payer, representative, email,
       phone, deleted, created_ts, lastupdated)
     VALUES (@company_id, @name, @is_company, 1, 0, @cui, @reg_com, @vat_payer, @representative, @email, @phone, 0, @now, @now)`,
  );
  const updateContact = db.prepare(
    `UPDATE contacts SET name = @name, is_client = 1, cui = @cui, reg_com = @reg_com, vat_payer = @vat_payer,
       representative = @representative, email = @email, phone = @phone, lastupdated = @now
     WHERE company_id = @company_id AND id = @id`,
  );
  const touchContact = db.prepare('UPDATE contacts SET lastupdated = ? WHERE company_id = ? AND id = ?');
  // A contact that becomes a client gets its client code (client_code), unless it has one.
  const giveClientCode = db.prepare<[string, number, number]>(
    "UPDATE contacts SET client_code = ? WHERE company_id = ? AND id = ? AND client_code = ''",
  );
  const map = db.prepare(
    `INSERT INTO connector_clients (connector_id, client_unique_id, contact_id) VALUES (?, ?, ?)
     ON CONFLICT (connector_id, client_unique_id) DO UPDATE SET contact_id = excluded.contact_id`,
  );
  const addressesOf = db.prepare<[number, number], AddressRow>(
    `SELECT id, kind, country, county, city, street, number, building, stair, floor, apartment, zip, gln,
            shipping_contact_name, shipping_contact_phone
       FROM contact_addresses WHERE company_id = ? AND contact_id = ? ORDER BY is_default DESC, id`,
  );
  const insertAddress = db.prepare(
    `INSERT INTO contact_addresses (company_id, contact_id, kind, country, county, city, street, number, building, stair, floor,
       apartment, zip, gln, shipping_contact_name, shipping_contact_phone, is_default)
     VALUES (@company_id, @contact_id, @kind, @country, @county, @city, @street, @number, @building, @stair, @floor,
       @apartment, @zip, @gln, @shipping_contact_name, @shipping_contact_phone, @is_default)`,
  );
  const updateAddress = db.prepare(
    `UPDATE contact_addresses SET kind = @kind, zip = @zip, gln = @gln, shipping_contact_name = @shipping_contact_name,
       shipping_contact_phone = @shipping_contact_phone
     WHERE company_id = @company_id AND id = @id`,
  );

  /** The contact a client block names, if the account knows it (deleted contacts are not recognised). */
  function recognise(companyId: number, connectorId: number, client: ClientInput): ContactRow | undefined {
    if (client.client_unique_id !== undefined && client.client_unique_id !== null) {
      const id = mapped.get(connectorId, client.client_unique_id);
      const found = id === undefined ? undefined : contact.get(companyId, id);
      if (found && found.deleted === 0) return found;
    }
    const vatId = client.vat_id?.trim() ?? '';
    if (vatId !== '') {
      const id = byCui.get(companyId, ...cuiForms(vatId));
      if (id !== undefined) return contact.get(companyId, id);
    }
    return undefined;
  }

  /** The blank zip of an address resolved through the postcode table (a notice when it cannot be). */
  function zipOf(address: AddressInput, path: string, notices: string[]): string {
    const zip = address.zip?.trim() ?? '';
    if (zip !== '') return zip;
    if (countryCode(address.country) !== 'RO') {
      notices.push(`${path}.zip: blank and not resolved (the postcode table covers Romania only); left blank`);
      return '';
    }
    const found = postcode(address.city, address.county, address.street);
    if (found === undefined) {
      notices.push(
        `${path}.zip: blank and not found in the postcode table for city '${address.city}', county '${address.county}'; left blank`,
      );
      return '';
    }
    return found;
  }

  /** Finds the address among the contact's (same place) or adds it; answers its id and whether a row changed. */
  function upsertAddress(
    companyId: number,
    contactId: number,
    address: AddressInput,
    role: 'invoice' | 'delivery',
    path: string,
    notices: string[],
  ): { id: number; changed: boolean } {
    const zip = zipOf(address, path, notices);
    const wanted = {
      country: address.country.trim(),
      county: address.county.trim(),
      city: address.city.trim(),
      street: address.street.trim(),
      number: address.number?.trim() ?? '',
      building: address.building?.trim() ?? '',
      stair: address.stair?.trim() ?? '',
      floor: address.floor?.trim() ?? '',
      apartment: address.apartment?.trim() ?? '',
    };
    const existing = addressesOf.all(companyId, contactId);
    const key = placeKey(wanted);
    const same = existing.find((row) => placeKey(row) === key);
    const gln = address.GLN?.trim() ?? '';
    const shippingName = address.shipping_contact_name?.trim() ?? '';
    const shippingPhone = address.shipping_contact_phone?.trim() ?? '';
    if (same) {
      const next = {
        kind: same.kind === role || same.kind === 'both' ? same.kind : 'both',
        zip: zip !== '' ? zip : same.zip,
        gln: gln !== '' ? gln : same.gln,
        shipping_contact_name: shippingName !== '' ? shippingName : same.shipping_contact_name,
        shipping_contact_phone: shippingPhone !== '' ? shippingPhone : same.shipping_contact_phone,
      };
      const changed = (Object.keys(next) as Array<keyof typeof next>).some((k) => next[k] !== same[k]);
      if (changed) updateAddress.run({ company_id: companyId, id: same.id, ...next });
      return { id: same.id, changed };
    }
    const id = Number(
      insertAddress.run({
        company_id: companyId,
        contact_id: contactId,
        kind: role,
        ...wanted,
        zip,
        gln,
        shipping_contact_name: shippingName,
        shipping_contact_phone: shippingPhone,
        is_default: existing.length === 0 ? 1 : 0,
      }).lastInsertRowid,
    );
    return { id, changed: true };
  }

  return {
    contact: (companyId: number, contactId: number): ContactRow | undefined => contact.get(companyId, contactId),

    /**
     * The order's client: recognised (client_unique_id, then vat_id), else `current` (the
     * order's client, on an update), else a new contact (is_client 1). The fields the block
     * carries that are not blank replace the contact's; client_unique_id is mapped to it; the
     * addresses sent are found or added.
     */
    apply(
      args: { companyId: number; connectorId: number; client: ClientInput; current: number | null; now: string },
      notices: string[],
    ): ResolvedClient {
      const { companyId, connectorId, client, now } = args;
      let row = recognise(companyId, connectorId, client);
      if (!row && args.current !== null) {
        const current = contact.get(companyId, args.current);
        if (current && current.deleted === 0) row = current;
      }
      const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
      const cui = given(client.vat_id)?.replace(/\s+/g, '').toUpperCase();
      let contactId: number;
      let created = false;
      if (!row) {
        // A new contact needs its name (a PUT may send only part of the client block).
        if (given(client.name) === undefined) {
          throw badRequest('client.name: required to create the client (the order\'s contact does not exist any more)');
        }
        const regCom = given(client.registration_number) ?? '';
        contactId = Number(
          insertContact.run({
            company_id: companyId,
            name: client.name!.trim(),
            is_company: regCom !== '' || (cui !== undefined && !/^\d{13}$/.test(cui)) ? 1 : 0,
            cui: cui ?? '',
            reg_com: regCom,
            vat_payer: cui?.startsWith('RO') ? 1 : 0,
            representative: given(client.representative) ?? '',
            email: given(client.email) ?? '',
            phone: given(client.phone) ?? '',
            now,
          }).lastInsertRowid,
        );
        created = true;
      } else {
        contactId = row.id;
        // The same fiscal code with or without RO does not rewrite the stored one.
        const newCode = cui !== undefined && cuiForms(cui)[0] !== cuiForms(row.cui)[0];
        const next = {
          name: given(client.name) ?? row.name,
          cui: newCode ? cui! : row.cui,
          reg_com: given(client.registration_number) ?? row.reg_com,
          vat_payer: newCode ? (cui!.startsWith('RO') ? 1 : 0) : row.vat_payer,
          representative: given(client.representative) ?? row.representative,
          email: given(client.email) ?? row.email,
          phone: given(client.phone) ?? row.phone,
        };
        const changed = row.is_client !== 1 || (Object.keys(next) as Array<keyof typeof next>).some((k) => next[k] !== row![k]);
        if (changed) updateContact.run({ company_id: companyId, id: row.id, ...next, now });
      }
      if (created || row!.is_client !== 1) giveClientCode.run(clientCode(contactId), companyId, contactId);
      if (client.client_unique_id !== undefined && client.client_unique_id !== null) {
        const before = mapped.get(connectorId, client.client_unique_id);
        if (before !== contactId) map.run(connectorId, client.client_unique_id, contactId);
      }
      let addressChanged = false;
      let invoiceAddressId: number | undefined;
      let deliveryAddressId: number | undefined;
      if (client.invoice_address) {
        const a = upsertAddress(companyId, contactId, client.invoice_address, 'invoice', 'client.invoice_address', notices);
        invoiceAddressId = a.id;
        addressChanged ||= a.changed;
      }
      if (client.delivery_address) {
        const a = upsertAddress(companyId, contactId, client.delivery_address, 'delivery', 'client.delivery_address', notices);
        deliveryAddressId = a.id;
        addressChanged ||= a.changed;
      }
      if (addressChanged && !created) touchContact.run(now, companyId, contactId);
      return { contactId, created, invoiceAddressId, deliveryAddressId };
    },
  };
}
export type OrderClients = ReturnType<typeof createOrderClients>;
