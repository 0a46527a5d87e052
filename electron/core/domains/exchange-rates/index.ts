import type { Database } from 'better-sqlite3';

/**
 * The BNR exchange rates the service stores (exchange_rates: RON per unit of a currency, one row
 * per currency and day). Built once (assemble/storage.ts, beside the pager) and handed to the
 * domains in DomainDeps: every rate the service takes is read here.
 *
 * Two rules, for two different needs, each kept as it always answered:
 *
 * - rateOn / storedRateOn: the rate of the day or the latest before it, never a later one. A
 *   document or a payment is converted at the BNR rate in force on its date; a rate published
 *   after it does not apply, so none stored by then means no rate (the caller refuses, or keeps
 *   the document's own rate).
 * - rateOnOrFirstLater: the same, and when the day is before every stored rate, the first one
 *   after it. Pricelist prices (products/pricing.ts) are only shown, never booked: a list asked
 *   for a day before the first stored rate (a test clock set back, a young database) still gets
 *   prices in the selling currency instead of a refusal.
 *
 * RON is 1 on any day in both.
 */
export function createExchangeRates(db: Database) {
  const onOrBefore = db.prepare<[string, string], { rate: number; date: string }>(
    'SELECT rate, date FROM exchange_rates WHERE currency = ? AND date <= ? ORDER BY date DESC LIMIT 1',
  );
  const firstAfter = db
    .prepare<[string, string], number>('SELECT rate FROM exchange_rates WHERE currency = ? AND date > ? ORDER BY date LIMIT 1')
    .pluck();
  const hasRates = db.prepare<[string], number>('SELECT 1 FROM exchange_rates WHERE currency = ? LIMIT 1').pluck();
  const currencies = db.prepare<[], string>('SELECT DISTINCT currency FROM exchange_rates ORDER BY currency').pluck();

  /**
   * The stored BNR rate of `currency` on `date`: that day's or the latest before it, with the
   * day it is of (RON: 1 on the day itself). The rate the screens show beside the payment form.
   */
  function storedRateOn(currency: string, date: string): { rate: number; date: string } | undefined {
    return currency === 'RON' ? { rate: 1, date } : onOrBefore.get(currency, date);
  }

  /** RON per unit of `currency` on `date`: the stored BNR rate of that day or the latest before it. */
  function rateOn(currency: string, date: string): number | undefined {
    return storedRateOn(currency, date)?.rate;
  }

  /** rateOn, else (no rate stored on or before `date`) the first rate stored after it. */
  function rateOnOrFirstLater(currency: string, date: string): number | undefined {
    return rateOn(currency, date) ?? firstAfter.get(currency, date);
  }

  return {
    storedRateOn,
    rateOn,
    rateOnOrFirstLater,

    /** RON, or a currency the exchange-rate table holds rates of. */
    isKnown(currency: string): boolean {
      return currency === 'RON' || hasRates.get(currency) !== undefined;
    },

    /** RON first, then every currency with stored rates. */
    known(): string[] {
      return ['RON', ...currencies.all().filter((c) => c !== 'RON')];
    },
  };
}
export type ExchangeRates = ReturnType<typeof createExchangeRates>;
