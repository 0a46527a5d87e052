/**
 * The Romanian fiscal codes a contact may carry, with their control digits: a company's CUI/CIF
 * (2 to 10 digits, the last the control digit of the key 753217532; an RO prefix for a VAT payer)
 * and a person's CNP (13 digits, control key 279146358279). One rule for the contact form's field
 * and the contacts.update operation (the demo's codes are made by the same rule: seed/util.ts).
 */

const CUI_KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2];
const CNP_KEY = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9];

/** The code as stored: upper case, without spaces. */
export const normalFiscalCode = (code: string): string => code.toUpperCase().replace(/\s+/g, '');

/** True when `digits` (2 to 10 digits) ends in the CUI control digit of the rest. */
export function validCui(digits: string): boolean {
  if (!/^\d{2,10}$/.test(digits)) return false;
  const base = digits.slice(0, -1).padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(base.charAt(i)) * CUI_KEY[i]!;
  const control = ((sum * 10) % 11) % 10;
  return control === Number(digits.charAt(digits.length - 1));
}

/** True when `digits` is a CNP whose 13th digit is the control digit of the first 12. */
export function validCnp(digits: string): boolean {
  if (!/^[1-9]\d{12}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits.charAt(i)) * CNP_KEY[i]!;
  const rest = sum % 11;
  return (rest === 10 ? 1 : rest) === Number(digits.charAt(12));
}

export type FiscalCodeProblem = 'format' | 'control';

/**
 * What is wrong with a fiscal code (undefined: nothing; an empty code is allowed): a company's
 * must be a CUI (RO allowed), a person's a CNP or a CUI (a sole trader). 'format': not digits of
 * such a length; 'control': the control digit does not match.
 */
export function fiscalCodeProblem(code: string, isCompany: boolean): FiscalCodeProblem | undefined {
  const normal = normalFiscalCode(code);
  if (normal === '') return undefined;
  const digits = normal.startsWith('RO') ? normal.slice(2) : normal;
  if (!/^\d+$/.test(digits)) return 'format';
  if (!isCompany && !normal.startsWith('RO') && digits.length === 13) return validCnp(digits) ? undefined : 'control';
  if (digits.length < 2 || digits.length > 10) return 'format';
  return validCui(digits) ? undefined : 'control';
}
