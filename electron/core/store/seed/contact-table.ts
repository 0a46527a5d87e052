// What the documents of the demo need to know of its contacts, in columns (columns.ts): contact
// i has id i + 1 and one address (kind 'both') or two with consecutive ids (invoice, delivery);
// addresses are numbered from 1 across all contacts. The client block goes on every document,
// the rest (e-mail, phone, address lines) in the payloads of connector orders.
import type { ClientBlock } from './docwriter.ts';
import type { PayloadAddress } from './order-payload.ts';
import { CITIES, spelledPlace } from './reference.ts';
import { int32Column, TextColumn, uint8Column } from './columns.ts';
import type { NumberColumn } from './columns.ts';

export interface NewAddress {
  /** Index into CITIES. */
  city: number;
  street: string;
  number: string;
  building: string;
  stair: string;
  floor: string;
  apartment: string;
  zip: string;
}

export interface NewContact {
  name: string;
  isCompany: boolean;
  cui: string;
  regCom: string;
  representative: string;
  email: string;
  phone: string;
  /** Id of its first address; a second one, if any, has the next id. */
  firstAddressId: number;
  addresses: readonly [NewAddress] | readonly [NewAddress, NewAddress];
}

/** Separates the fields of a record kept as one string (no generated text contains it). */
const SEP = '\u0001';

export interface ContactDetails {
  name: string;
  representative: string;
  email: string;
  phone: string;
  cui: string;
  regCom: string;
}

export class ContactTable {
  private readonly names: TextColumn;
  private readonly cuis: TextColumn;
  private readonly regComs: TextColumn;
  private readonly companies: NumberColumn<Uint8Array<ArrayBuffer>>;
  private readonly firstAddress: NumberColumn<Int32Array<ArrayBuffer>>;
  private readonly addressCounts: NumberColumn<Uint8Array<ArrayBuffer>>;
  /** Per contact: representative, e-mail, phone. */
  private readonly details: TextColumn;
  /** Per address (id - 1): its city, and street, number, building, stair, floor, apartment, zip. */
  private readonly addressCities: NumberColumn<Uint8Array<ArrayBuffer>>;
  private readonly addressLines: TextColumn;

  /** `capacity`: the number of contacts to come. */
  constructor(capacity: number) {
    this.details = new TextColumn(capacity, 48);
    this.addressCities = uint8Column(2 * capacity);
    this.addressLines = new TextColumn(2 * capacity, 24);
    this.names = new TextColumn(capacity, 24);
    this.cuis = new TextColumn(capacity, 6);
    this.regComs = new TextColumn(capacity, 8);
    this.companies = uint8Column(capacity);
    this.firstAddress = int32Column(capacity);
    this.addressCounts = uint8Column(capacity);
  }

  get length(): number {
    return this.companies.length;
  }

  /** Appends the next contact (its id is the new length). */
  push(c: NewContact): void {
    this.names.push(c.name);
    this.cuis.push(c.cui);
    this.regComs.push(c.regCom);
    this.companies.push(c.isCompany ? 1 : 0);
    this.firstAddress.push(c.firstAddressId);
    this.addressCounts.push(c.addresses.length);
    this.details.push(`${c.representative}${SEP}${c.email}${SEP}${c.phone}`);
    for (const a of c.addresses) {
      this.addressCities.push(a.city);
      this.addressLines.push(`${a.street}${SEP}${a.number}${SEP}${a.building}${SEP}${a.stair}${SEP}${a.floor}${SEP}${a.apartment}${SEP}${a.zip}`);
    }
  }

  id(i: number): number {
    return i + 1;
  }

  isCompany(i: number): boolean {
    return this.companies.get(i) === 1;
  }

  /** The client block documents copy (a new object: documents keep it). */
  client(i: number): ClientBlock {
    return { id: i + 1, name: this.names.get(i), cui: this.cuis.get(i), regCom: this.regComs.get(i) };
  }

  /** What a connector order's payload tells of its client. */
  contactDetails(i: number): ContactDetails {
    const [representative = '', email = '', phone = ''] = this.details.get(i).split(SEP);
    return { name: this.names.get(i), representative, email, phone, cui: this.cuis.get(i), regCom: this.regComs.get(i) };
  }

  /**
   * An address of contact i as a payload carries it: the invoice address without a contact for
   * the shipping (its row has none), the delivery one with it.
   */
  payloadAddress(i: number, delivery: boolean): PayloadAddress {
    const index = (delivery ? this.deliveryAddressId(i) : this.invoiceAddressId(i)) - 1;
    const city = CITIES[this.addressCities.get(index)];
    const [street = '', number = '', building = '', stair = '', floor = '', apartment = '', zip = ''] = this.addressLines
      .get(index)
      .split(SEP);
    let shippingName = '';
    let shippingPhone = '';
    if (delivery) {
      // as contacts.ts wrote them: the contact's name on its only address, the representative of
      // a company (or the person's name) on a separate delivery address, the contact's phone
      const { representative, phone } = this.contactDetails(i);
      shippingName = this.hasInvoiceAddress(i) && this.isCompany(i) ? representative : this.names.get(i);
      shippingPhone = phone;
    }
    return {
      city: spelledPlace(city?.city ?? ''), county: spelledPlace(city?.county ?? ''), street, zip, number, building, stair, floor, apartment,
      shipping_contact_name: shippingName, shipping_contact_phone: shippingPhone,
    };
  }

  /** The address invoices go to: the first ('invoice', or the only one, 'both'). */
  invoiceAddressId(i: number): number {
    return this.firstAddress.get(i);
  }

  /** The address goods go to: the last ('delivery', or the only one, 'both'). */
  deliveryAddressId(i: number): number {
    return this.firstAddress.get(i) + this.addressCounts.get(i) - 1;
  }

  /** Whether the contact has an address of kind 'invoice' (two addresses). */
  hasInvoiceAddress(i: number): boolean {
    return this.addressCounts.get(i) === 2;
  }
}
