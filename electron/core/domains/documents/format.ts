import { round2 } from '../../money.ts';

/**
 * How a Romanian document writes numbers, dates and addresses, shared by the HTML pages and the
 * PDFs so both print the same text: comma decimals and dot thousands (1.234,56), dates as
 * DD.MM.YYYY.
 */

const money2 = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
// A unit price may carry more than cents (a price list in four decimals); print what is stored.
const price4 = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: 'always' });
const quantity3 = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 0, maximumFractionDigits: 3, useGrouping: 'always' });
const rate4 = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false });

/** An amount in two decimals (rounded as the ERP rounds, half a ban away from zero). */
export const fmtMoney = (x: number): string => money2.format(round2(x));
export const fmtPrice = (x: number): string => price4.format(x);
export const fmtQuantity = (x: number): string => quantity3.format(x);
export const fmtRate = (x: number): string => rate4.format(x);
export const fmtVat = (rate: number): string => `${quantity3.format(rate)}%`;
export const fmtWeight = (kg: number): string => `${quantity3.format(kg)} kg`;

/** 'YYYY-MM-DD' (the store's form) as 'DD.MM.YYYY'; anything else is printed as stored. */
export function fmtDate(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : ymd;
}

/** The `SERIES-NR` form clients show (real-service.md: "shown as SERIES-NR"). */
export const docNumber = (series: string, number: number): string => `${series}-${number}`;

export { fmtAddress, type AddressParts } from '../../../../shared/domain/addresses.ts';

/** Text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A file name for Content-Disposition: letters, digits, dot, dash and underscore only. */
export const safeFileName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
