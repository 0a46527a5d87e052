import { describe, expect, it } from 'vitest';
import { fiscalCodeProblem, normalFiscalCode, validCnp, validCui } from '../../shared/domain/fiscal-code.ts';
import { cuiWithControl } from '../../electron/core/store/seed/util.ts';

// The Romanian fiscal code rule of the contact form and contacts.update (shared/domain/fiscal-code.ts).

describe('fiscal codes', () => {
  it('accepts a CUI whose last digit is the control digit of the rest (the demo makes them by the same rule)', () => {
    for (const base of ['1', '12', '1854729', '49999999', '100000']) expect(validCui(cuiWithControl(base))).toBe(true);
    expect(validCui('18547290')).toBe(true);
    expect(validCui('18547291')).toBe(false);
    expect(validCui('1')).toBe(false);
    expect(validCui('12345678901')).toBe(false);
  });

  it('accepts a CNP with its control digit (key 279146358279)', () => {
    expect(validCnp('1800101221144')).toBe(true);
    expect(validCnp('1800101221145')).toBe(false);
    expect(validCnp('0800101221144')).toBe(false);
  });

  it('says what is wrong: the format or the control digit; empty is allowed; RO and spaces are read', () => {
    expect(fiscalCodeProblem('', true)).toBeUndefined();
    expect(fiscalCodeProblem('ro 18547290', true)).toBeUndefined();
    expect(normalFiscalCode('ro 1854 7290')).toBe('RO18547290');
    expect(fiscalCodeProblem('RO18547291', true)).toBe('control');
    expect(fiscalCodeProblem('ABC', true)).toBe('format');
    expect(fiscalCodeProblem('12345678901', true)).toBe('format');
    // A person: a CNP, or a CUI (a sole trader); a company's 13 digits are no CUI.
    expect(fiscalCodeProblem('1800101221144', false)).toBeUndefined();
    expect(fiscalCodeProblem('1800101221145', false)).toBe('control');
    expect(fiscalCodeProblem('18547290', false)).toBeUndefined();
    expect(fiscalCodeProblem('1800101221144', true)).toBe('format');
  });
});
