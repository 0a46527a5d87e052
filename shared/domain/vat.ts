/**
 * Romanian VAT rates by the date of the operation (Codul fiscal, art. 291): the one place that
 * knows them. The seed, product writes and the schema descriptions all ask here, so the next
 * change of the law is one new period below.
 *
 * Law 141/2025 changed them from 2025-08-01: standard 19 -> 21, reduced 9 -> 11, and the 5%
 * rate (books, some food, hotels ...) was merged into 11%. Not modelled: the transitional 5% for
 * housing sold under contracts signed before that day (until 2026-07-31), a real-estate case the
 * ERP's retail documents never carry; and rates before 2017 (20% in 2016), older than any
 * document the service makes (the demo reaches two years back).
 */

/** Which rate the goods take: `reduced_low` was the 5% group (books, ...), 11% like `reduced` since 2025-08-01. */
export type VatKind = 'standard' | 'reduced' | 'reduced_low';

export const VAT_KINDS: readonly VatKind[] = ['standard', 'reduced', 'reduced_low'];

/** The rate exempt operations carry: in force on every date, beside the rates of the period. */
export const VAT_EXEMPT = 0;

export interface VatPeriod {
  /** First day of the period, 'YYYY-MM-DD' (the ERP's dates: Europe/Bucharest). */
  from: string;
  rates: Readonly<Record<VatKind, number>>;
}

/** The periods, oldest first; each lasts until the next one's `from`. */
export const VAT_PERIODS: readonly VatPeriod[] = [
  { from: '2017-01-01', rates: { standard: 19, reduced: 9, reduced_low: 5 } },
  { from: '2025-08-01', rates: { standard: 21, reduced: 11, reduced_low: 11 } },
];

/** The period in force on `date` ('YYYY-MM-DD', or a 'YYYY-MM-DD HH:MM:SS' timestamp: its day counts). */
function periodOn(date: string): VatPeriod {
  const day = date.slice(0, 10);
  let found = VAT_PERIODS[0]!;
  for (const period of VAT_PERIODS) if (period.from <= day) found = period;
  return found;
}

/** The rate (percent) of goods of `kind` on `date`. */
export function vatRateOn(date: string, kind: VatKind): number {
  return periodOn(date).rates[kind];
}

/** Every rate in force on `date`, ascending, 0 (exempt) included: 0, 11, 21 since 2025-08-01. */
export function vatRatesOn(date: string): number[] {
  const rates = new Set([VAT_EXEMPT, ...VAT_KINDS.map((kind) => periodOn(date).rates[kind])]);
  return [...rates].sort((a, b) => a - b);
}

/**
 * The kind a rate in force on `date` stands for (the first kind when two share it, as 11 since
 * 2025-08-01: `reduced`); undefined for 0 and for a rate not in force on that date. Used to carry
 * a line over to another date and to pick a fiscal printer's VAT group.
 */
export function vatKindOf(rate: number, date: string): VatKind | undefined {
  const { rates } = periodOn(date);
  return VAT_KINDS.find((kind) => rates[kind] === rate);
}

/** The rule in words, for schema descriptions: "0, 11, 21 from 2025-08-01 (0, 5, 9, 19 before)". */
export function vatRatesText(): string {
  const parts = VAT_PERIODS.map((period) => ({ from: period.from, rates: vatRatesOn(period.from).join(', ') }));
  const latest = parts[parts.length - 1]!;
  const earlier = parts.slice(0, -1).reverse().map((p) => p.rates);
  return `${latest.rates} from ${latest.from}${earlier.length > 0 ? ` (${earlier.join('; ')} before)` : ''}`;
}
