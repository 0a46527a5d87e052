import { createHmac } from 'node:crypto';
import { validCnp, validCui } from '../../../../shared/domain/fiscal-code.ts';

/*
 * The pseudonym of each kind of personal value, made from an HMAC-SHA256 of the value (folded:
 * case, diacritics and spacing do not matter) under the recording's key: the same value gets the
 * same pseudonym in every entry of a recording (and after a restart: the key is kept), another
 * recording's key gives other pseudonyms, and nobody without the key can go back. The form is
 * kept where a reader or a validator cares: digits keep their count, a CNP or CUI keeps a valid
 * control digit, an IBAN its check digits, a phone its country and trunk prefix.
 */

/** Case, Romanian diacritics (comma or cedilla), spacing: one form for one value. */
export function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Words that make a name a company's (S.R.L., SA, PFA, II, ...). */
const COMPANY = /(?:^|[^\p{L}])(s\.?\s?r\.?\s?l\.?(?:-?d)?|s\.?\s?a\.?|s\.?\s?c\.?\s?s\.?|s\.?\s?n\.?\s?c\.?|pfa|i\.?\s?i\.?|i\.?\s?f\.?|r\.?\s?a\.?|ong|asocia[tțţ]ia|funda[tțţ]ia|cooperativa|cabinet|societatea|ltd|gmbh|inc|llc|impex|company)(?=$|[^\p{L}])/iu;
export const looksLikeCompany = (name: string): boolean => COMPANY.test(name);

export type Forms = ReturnType<typeof createForms>;

export function createForms(key: Buffer) {
  const mac = (kind: string, normal: string, block = 0): Buffer =>
    createHmac('sha256', key).update(`${kind}\0${block}\0${normal}`).digest();
  const hex = (kind: string, value: string): string => mac(kind, fold(value)).toString('hex').slice(0, 8);

  /** Endless pseudo-random digits (and letters) for one value. */
  function stream(kind: string, normal: string) {
    let block = 0;
    let bytes = mac(kind, normal, block);
    let at = 0;
    const next = (): number => {
      if (at === bytes.length) [bytes, at] = [mac(kind, normal, ++block), 0];
      return bytes[at++]!;
    };
    return { digit: () => String(next() % 10), letter: () => String.fromCharCode(65 + (next() % 26)), byte: next };
  }

  /** Every digit of `value` from the `keep`-th on replaced, every other character kept. */
  function digits(kind: string, value: string, keep = 0, normal = value.replace(/\D/g, '')): string {
    const s = stream(kind, normal);
    let seen = 0;
    return value.replace(/\d/g, (d) => (seen++ < keep ? d : s.digit()));
  }

  /** Letters kept in their class (digit, upper, lower), other characters as they are. */
  function scramble(kind: string, value: string): string {
    const s = stream(kind, fold(value));
    return value.replace(/[\p{L}\p{N}]/gu, (c) => (/\d/.test(c) ? s.digit() : c === c.toLowerCase() ? s.letter().toLowerCase() : s.letter()));
  }

  function cnp(value: string): string {
    const s = stream('cnp', value);
    const body = value.charAt(0) + Array.from({ length: 11 }, s.digit).join('');
    for (let control = 0; control < 10; control++) if (validCnp(`${body}${control}`)) return `${body}${control}`;
    return `${body}0`;
  }

  function cui(value: string): string {
    const s = stream('cui', value);
    const body = String(1 + (s.byte() % 9)) + Array.from({ length: value.length - 2 }, s.digit).join('');
    for (let control = 0; control < 10; control++) if (validCui(`${body}${control}`)) return `${body}${control}`;
    return `${body}0`;
  }

  /** IBAN check digits (ISO 13616: mod 97 of the rearranged digits). */
  function ibanCheck(country: string, bban: string): string {
    const digitsOf = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    let rest = 0;
    for (const d of digitsOf) rest = (rest * 10 + Number(d)) % 97;
    return String(98 - rest).padStart(2, '0');
  }

  const forms = {
    name(value: string, company = looksLikeCompany(value)): string {
      if (value.trim() === '') return value;
      return company ? `Firma ${hex('name', value)} SRL` : `Persoana ${hex('name', value)}`;
    },
    /** One word of a person's name, met alone in free text. */
    nameWord: (value: string): string => `Nume${hex('name', value).slice(0, 6)}`,
    email(value: string): string {
      if (!value.includes('@')) return value.trim() === '' ? value : scramble('email', value);
      return value.replace(/[^\s<>,;:"'()[\]]+@[^\s<>,;:"'()[\]]+/g, (address) => `${hex('email', address)}@example.invalid`);
    },
    /** The country code and trunk prefix kept (+40 7, 07, 0040 7), the rest from the number without them: one pseudonym for every spelling. */
    phone(value: string): string {
      const all = value.replace(/\D/g, '');
      if (all.length < 5) return digits('code', value);
      const keep = /^\s*\+/.test(value) ? (all.startsWith('40') ? 3 : 2) : all.startsWith('0040') ? 5 : all.startsWith('0') ? 2 : 1;
      return digits('phone', value, keep, all.slice(keep));
    },
    /** A fiscal code: a CNP stays a valid CNP, a CUI (RO kept) a valid CUI; anything else keeps its letters, not its digits. */
    fiscalCode(value: string): string {
      const match = /^(\s*[A-Za-z]{0,2}\s*)(\d+)(\s*)$/.exec(value);
      if (!match) return digits('code', value);
      const [, prefix = '', number = '', end = ''] = match;
      if (number.length === 13 && validCnp(number)) return `${prefix}${cnp(number)}${end}`;
      if (number.length >= 2 && number.length <= 10) return `${prefix}${cui(number)}${end}`;
      return `${prefix}${digits('code', number)}${end}`;
    },
    cnp,
    iban(value: string): string {
      const compact = value.replace(/\s+/g, '').toUpperCase();
      if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return scramble('iban', value);
      const country = compact.slice(0, 2);
      // A Romanian IBAN keeps its bank (4 letters): which bank is no one's personal data.
      const bank = country === 'RO' ? compact.slice(4, 8) : '';
      const s = stream('iban', compact);
      const account = compact.slice(4 + bank.length).replace(/[A-Z0-9]/g, (c) => (/\d/.test(c) ? s.digit() : s.letter()));
      const iban = `${country}${ibanCheck(country, bank + account)}${bank}${account}`;
      return /\s/.test(value.trim()) ? iban.replace(/(.{4})(?=.)/g, '$1 ') : iban;
    },
    address: (value: string): string => (value.trim() === '' ? value : `Adresa ${hex('address', value)}`),
    /** Postcodes, street numbers, trade register numbers: digits replaced, letters and signs kept. */
    code: (value: string): string => digits('code', value),
    login: (value: string): string => (value.trim() === '' ? value : `utilizator-${hex('login', value)}`),
    /** A link that is itself a key (a document's view link, an attachment's download URL): its opaque segments and query values go. */
    link(value: string): string {
      const mark = value.indexOf('?');
      const path = (mark === -1 ? value : value.slice(0, mark)).replace(/(?<=\/)([^/?#]{16,})(?=\/|$)/g, (segment) =>
        /\d/.test(segment) && /[A-Za-z]/.test(segment) ? `k${hex('link', segment)}` : segment,
      );
      return mark === -1 ? path : `${path}?${value.slice(mark + 1).replace(/=[^&#]*/g, '=[removed]')}`;
    },
    scramble: (value: string): string => scramble('text', value),
  };
  return forms;
}
