/**
 * Money arithmetic as the ERP does it: amounts in two decimals, half a ban rounded away from
 * zero (60.50 x 19% = 11.495 -> 11.50), with a relative epsilon so binary fractions such as
 * 1.005 round as written. Every domain and the seed use this one rule: VAT recomputed anywhere
 * agrees to the cent.
 */
export function round2(x: number): number {
  const a = Math.abs(x);
  const r = Math.round(a * 100 + 1e-7 * Math.max(1, a)) / 100;
  return x < 0 ? -r : r;
}

/** Line value without VAT, its VAT and the value with VAT, each rounded. */
export function lineAmounts(quantity: number, unitPrice: number, vatRate: number) {
  const withoutVat = round2(quantity * unitPrice);
  const vat = round2((withoutVat * vatRate) / 100);
  return { withoutVat, vat, withVat: round2(withoutVat + vat) };
}
