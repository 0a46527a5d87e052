import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createExchangeRates } from '../../electron/core/domains/exchange-rates/index.ts';

/*
 * The two rules of the one exchange-rate module (electron/core/domains/exchange-rates/): a
 * document's or a payment's rate is never one published after its date; a pricelist price falls
 * forward to the first stored rate when its day is before every one.
 */

const db = new BetterSqlite3(':memory:');
db.exec(`
  CREATE TABLE exchange_rates (currency TEXT NOT NULL, date TEXT NOT NULL, rate REAL NOT NULL, PRIMARY KEY (currency, date));
  INSERT INTO exchange_rates (currency, date, rate) VALUES
    ('EUR', '2024-03-04', 4.97), ('EUR', '2024-03-06', 4.98), ('USD', '2024-03-05', 4.55);
`);
const rates = createExchangeRates(db);
afterAll(() => db.close());

describe('exchange rates', () => {
  it('rateOn: the rate of the day or the latest before it, never a later one', () => {
    expect(rates.rateOn('EUR', '2024-03-04')).toBe(4.97);
    expect(rates.rateOn('EUR', '2024-03-05')).toBe(4.97);
    expect(rates.rateOn('EUR', '2024-03-09')).toBe(4.98);
    expect(rates.rateOn('EUR', '2024-03-03')).toBeUndefined();
    expect(rates.rateOn('GBP', '2024-03-09')).toBeUndefined();
    expect(rates.storedRateOn('EUR', '2024-03-05')).toEqual({ rate: 4.97, date: '2024-03-04' });
  });

  it('rateOnOrFirstLater: the same, and before every stored rate the first one after', () => {
    expect(rates.rateOnOrFirstLater('EUR', '2024-03-05')).toBe(4.97);
    expect(rates.rateOnOrFirstLater('EUR', '2024-03-01')).toBe(4.97);
    expect(rates.rateOnOrFirstLater('USD', '2024-03-04')).toBe(4.55);
    expect(rates.rateOnOrFirstLater('GBP', '2024-03-04')).toBeUndefined();
  });

  it('RON is 1 on any day, and the known currencies are RON and those with rates', () => {
    expect(rates.storedRateOn('RON', '2000-01-01')).toEqual({ rate: 1, date: '2000-01-01' });
    expect(rates.rateOnOrFirstLater('RON', '2000-01-01')).toBe(1);
    expect(rates.known()).toEqual(['RON', 'EUR', 'USD']);
    expect(rates.isKnown('USD')).toBe(true);
    expect(rates.isKnown('GBP')).toBe(false);
  });
});
