import type { Database } from 'better-sqlite3';

/** A contact_addresses row as the invoice list reads it. */
export interface ClientAddress {
  id: number;
  contact_id: number;
  kind: 'invoice' | 'delivery' | 'both';
  is_default: number;
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
  shipping_contact_phone: string;
}

export { streetLine } from '../../../../shared/domain/addresses.ts';

export interface ClientParty {
  email: string;
  phone: string;
  invoice: ClientAddress | undefined;
  delivery: ClientAddress | undefined;
}

const COLUMNS = `id, contact_id, kind, is_default, country, county, city, street, number, building, stair, floor, apartment, zip,
  shipping_contact_phone`;

/**
 * The client parts of a page of documents, read in three queries for the whole page: the
 * contact's e-mail and phone, and the billing and delivery addresses, which are the connector
 * order's own when the document came from one, else the contact's address of that use ('both'
 * serves either; its default one first), as the document pages print them (parties.ts).
 */
export function clientAddressReader(db: Database) {
  const contacts = db.prepare<[number, string], { id: number; email: string; phone: string }>(
    'SELECT id, email, phone FROM contacts WHERE company_id = ? AND id IN (SELECT value FROM json_each(?))',
  );
  const byId = db.prepare<[number, string], ClientAddress>(
    `SELECT ${COLUMNS} FROM contact_addresses WHERE company_id = ? AND id IN (SELECT value FROM json_each(?))`,
  );
  const byContact = db.prepare<[number, string], ClientAddress>(
    `SELECT ${COLUMNS} FROM contact_addresses WHERE company_id = ? AND contact_id IN (SELECT value FROM json_each(?))`,
  );
  const ids = (values: Array<number | null>) => JSON.stringify([...new Set(values.filter((v): v is number => v !== null))]);

  return {
    read(
      companyId: number,
      docs: ReadonlyArray<{ contactId: number | null; invoiceAddressId: number | null; deliveryAddressId: number | null }>,
    ): ClientParty[] {
      const contact = new Map(contacts.all(companyId, ids(docs.map((d) => d.contactId))).map((c) => [c.id, c]));
      const address = new Map(
        byId.all(companyId, ids(docs.flatMap((d) => [d.invoiceAddressId, d.deliveryAddressId]))).map((a) => [a.id, a]),
      );
      const ofContact = new Map<number, ClientAddress[]>();
      for (const a of byContact.all(companyId, ids(docs.map((d) => d.contactId)))) {
        const list = ofContact.get(a.contact_id);
        if (list) list.push(a);
        else ofContact.set(a.contact_id, [a]);
      }
      const pick = (contactId: number | null, use: 'invoice' | 'delivery') =>
        (contactId === null ? [] : (ofContact.get(contactId) ?? []))
          .filter((a) => a.kind === use || a.kind === 'both')
          .sort((x, y) => y.is_default - x.is_default || Number(x.kind === 'both') - Number(y.kind === 'both') || x.id - y.id)[0];
      return docs.map((d) => ({
        email: (d.contactId === null ? undefined : contact.get(d.contactId)?.email) ?? '',
        phone: (d.contactId === null ? undefined : contact.get(d.contactId)?.phone) ?? '',
        invoice: (d.invoiceAddressId === null ? undefined : address.get(d.invoiceAddressId)) ?? pick(d.contactId, 'invoice'),
        delivery: (d.deliveryAddressId === null ? undefined : address.get(d.deliveryAddressId)) ?? pick(d.contactId, 'delivery'),
      }));
    },
  };
}
