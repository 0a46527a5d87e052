/**
 * Money arithmetic as the ERP does it: amounts in two decimals, half a ban rounded away from
 * zero (60.50 x 19% = 11.495 -> 11.50), with a relative epsilon of a few ulps so binary
 * fractions such as 1.005 round as written, whatever the size of the amount. Every domain and the seed use this one rule: VAT recomputed anywhere
 * agrees to the cent.
 */
export function round2(x: number): number {
  const cents = Math.abs(x) * 100;
  // A few units in the last place of the product: enough to lift 100.49999999999999 (1.005)
  // to the half it was written as, far too little to move a real amount by a cent at any size.
  const r = Math.round(cents + cents * 8 * Number.EPSILON) / 100;
  return x < 0 ? -r : r;
}

/** Line value without VAT, its VAT and the value with VAT, each rounded. */
export function lineAmounts(quantity: number, unitPrice: number, vatRate: number) {
  const withoutVat = round2(quantity * unitPrice);
  const vat = round2((withoutVat * vatRate) / 100);
  return { withoutVat, vat, withVat: round2(withoutVat + vat) };
}
