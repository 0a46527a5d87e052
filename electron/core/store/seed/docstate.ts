// State shared by the document generators (sales, invoices, orders, workmanager links).
import type { Catalogue, ProductInfo } from './catalogue.ts';
import type { ConnectorFeeds } from './connectors.ts';
import type { ContactInfo, Contacts } from './contacts.ts';
import type { Ctx } from './context.ts';
import { DocWriter } from './docwriter.ts';
import type { ClientBlock } from './docwriter.ts';
import { at, round2 } from './random.ts';

/** Compact index of the sales written, used to link service files to documents. */
export interface SaleIndex {
  saleId: number[];
  contactIndex: number[]; // -1 when the sale has no client
  invoiceId: number[]; // 0 when not invoiced
  paymentId: number[]; // first payment allocated to it, 0 when none
  day: number[];
}

export interface DocCounters {
  paidWholesale: number;
  posReceiptId: number;
  conn1Seq: number;
  conn2Seq: number;
  clientUniqueSeq: number;
}

export class DocState {
  readonly w: DocWriter;
  readonly index: SaleIndex = { saleId: [], contactIndex: [], invoiceId: [], paymentId: [], day: [] };
  readonly counters: DocCounters = { paidWholesale: 0, posReceiptId: 880000, conn1Seq: 100000, conn2Seq: 0, clientUniqueSeq: 0 };
  /** Station state for Z reports: [day, z number, receipt number in the day]. */
  readonly stations = new Map<number, [number, number, number]>();

  constructor(
    readonly ctx: Ctx,
    readonly cat: Catalogue,
    readonly contacts: Contacts,
    readonly feeds: ConnectorFeeds,
  ) {
    this.w = new DocWriter(ctx);
  }

  contact(index: number): ContactInfo {
    return at(this.contacts.all, index);
  }

  product(index: number): ProductInfo {
    return at(this.cat.products, index);
  }

  randomCompany(): number {
    return this.ctx.rng.pick(this.contacts.clientCompanies);
  }

  randomPerson(): number {
    return this.ctx.rng.pick(this.contacts.clientPersons);
  }

  recordSale(saleId: number, contactIndex: number, invoiceId: number | null, paymentId: number | null, day: number): void {
    this.index.saleId.push(saleId);
    this.index.contactIndex.push(contactIndex);
    this.index.invoiceId.push(invoiceId ?? 0);
    this.index.paymentId.push(paymentId ?? 0);
    this.index.day.push(day);
  }
}

export function clientBlock(c: ContactInfo): ClientBlock {
  return { id: c.id, name: c.name, cui: c.cui, regCom: c.regCom };
}

/** Net unit price of a product in a document currency, given RON per unit of `currency`. */
export function priceIn(p: ProductInfo, currency: string, rate: number, eurRate: number): number {
  if (p.currency === currency) return p.price;
  const ron = p.currency === 'EUR' ? p.price * eurRate : p.price;
  return round2(currency === 'RON' ? ron : ron / rate);
}
