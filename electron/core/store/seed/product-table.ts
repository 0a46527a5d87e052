// What the documents, connectors and inventories of the demo need to know of its products, in
// columns (columns.ts): product i has id i + 1, and its code and barcode follow from the id.
import { VAT_KINDS, type VatKind } from '../../../../shared/domain/vat.ts';
import { float64Column, TextColumn, uint8Column } from './columns.ts';
import type { NumberColumn } from './columns.ts';
import { pad } from './random.ts';
import { ean13 } from './util.ts';

export type Unit = 'buc' | 'kg' | 'set';
const UNITS: readonly Unit[] = ['buc', 'kg', 'set'];
const CURRENCIES = ['RON', 'EUR'] as const;

const SELLABLE = 1;
const DELETED = 2;
const ARCHIVED = 4;
const PUBLISHED = 8;
const PARTNER_VISIBLE = 16;

export interface NewProduct {
  name: string;
  unit: Unit;
  /** Retail price without VAT, in `currency`. */
  price: number;
  currency: 'RON' | 'EUR';
  /** Which rate the goods take: the catalogue carries the one in force today, documents the one of their date. */
  vatKind: VatKind;
  costRon: number;
  weight: number;
  createdSec: number;
  sellable: boolean;
  deleted: boolean;
  archived: boolean;
  published: boolean;
  partnerVisible: boolean;
}

/** cod_produs of the product with this id. */
export function productCode(id: number): string {
  return `P${pad(id, 6)}`;
}

/** EAN-13 barcode of the product with this id. */
export function productBarcode(id: number): string {
  return ean13(`594123${pad(id, 6)}`);
}

export class ProductTable {
  private readonly names: TextColumn;
  private readonly units: NumberColumn<Uint8Array<ArrayBuffer>>;
  private readonly prices: NumberColumn<Float64Array<ArrayBuffer>>;
  private readonly currencies: NumberColumn<Uint8Array<ArrayBuffer>>;
  private readonly vatKinds: NumberColumn<Uint8Array<ArrayBuffer>>;
  private readonly costs: NumberColumn<Float64Array<ArrayBuffer>>;
  private readonly weights: NumberColumn<Float64Array<ArrayBuffer>>;
  private readonly created: NumberColumn<Float64Array<ArrayBuffer>>;
  private readonly flags: NumberColumn<Uint8Array<ArrayBuffer>>;

  /** `capacity`: the number of products to come. */
  constructor(capacity: number) {
    this.names = new TextColumn(capacity, 40);
    this.units = uint8Column(capacity);
    this.prices = float64Column(capacity);
    this.currencies = uint8Column(capacity);
    this.vatKinds = uint8Column(capacity);
    this.costs = float64Column(capacity);
    this.weights = float64Column(capacity);
    this.created = float64Column(capacity);
    this.flags = uint8Column(capacity);
  }

  get length(): number {
    return this.flags.length;
  }

  /** Appends the next product (its id is the new length). */
  push(p: NewProduct): void {
    this.names.push(p.name);
    this.units.push(UNITS.indexOf(p.unit));
    this.prices.push(p.price);
    this.currencies.push(p.currency === 'EUR' ? 1 : 0);
    this.vatKinds.push(VAT_KINDS.indexOf(p.vatKind));
    this.costs.push(p.costRon);
    this.weights.push(p.weight);
    this.created.push(p.createdSec);
    this.flags.push(
      (p.sellable ? SELLABLE : 0) | (p.deleted ? DELETED : 0) | (p.archived ? ARCHIVED : 0) | (p.published ? PUBLISHED : 0) |
        (p.partnerVisible ? PARTNER_VISIBLE : 0),
    );
  }

  id(i: number): number {
    return i + 1;
  }

  code(i: number): string {
    return productCode(i + 1);
  }

  barcode(i: number): string {
    return productBarcode(i + 1);
  }

  name(i: number): string {
    return this.names.get(i);
  }

  unit(i: number): Unit {
    return UNITS[this.units.get(i)] ?? 'buc';
  }

  price(i: number): number {
    return this.prices.get(i);
  }

  currency(i: number): 'RON' | 'EUR' {
    return CURRENCIES[this.currencies.get(i)] ?? 'RON';
  }

  vatKind(i: number): VatKind {
    return VAT_KINDS[this.vatKinds.get(i)] ?? 'standard';
  }

  costRon(i: number): number {
    return this.costs.get(i);
  }

  weight(i: number): number {
    return this.weights.get(i);
  }

  createdSec(i: number): number {
    return this.created.get(i);
  }

  sellable(i: number): boolean {
    return (this.flags.get(i) & SELLABLE) !== 0;
  }

  deleted(i: number): boolean {
    return (this.flags.get(i) & DELETED) !== 0;
  }

  archived(i: number): boolean {
    return (this.flags.get(i) & ARCHIVED) !== 0;
  }

  published(i: number): boolean {
    return (this.flags.get(i) & PUBLISHED) !== 0;
  }

  partnerVisible(i: number): boolean {
    return (this.flags.get(i) & PARTNER_VISIBLE) !== 0;
  }
}
