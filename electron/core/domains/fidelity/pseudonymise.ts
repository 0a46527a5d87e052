import { validCnp, validCui } from '../../../../shared/domain/fiscal-code.ts';
import { createKnownValues } from './known-values.ts';
import { createForms, looksLikeCompany, type Forms } from './pseudonym-forms.ts';
import { personalKind, type PersonalKind } from './personal-keys.ts';

/*
 * Credentials removed and personal data pseudonymised in what a recording keeps of a call, so a
 * recording can be attached to a bug report. Keys say what a value is (personal-keys.ts: the
 * table of the REST answers' fields); every other string gets a pattern pass. Names and addresses
 * met by key are remembered and also replaced where they appear in free text (known-values.ts).
 */

export const REMOVED = '[removed]';

const MAX_MEMO = 20_000;

const BASIC_OR_BEARER = /\b(Basic|Bearer|Token)\s+[A-Za-z0-9+/=._~-]{8,}/g;
const IBAN = /\bRO\d{2}(?: ?[A-Z0-9]{4}){5}\b/gi;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** Romanian phone numbers: +40 / 0040 / 0, then 9 digits starting with 2, 3 or 7, any separators. */
const PHONE = /(?<![\w+])(?:\+40|0040|0)[\s./-]?\(?[237](?:[\s./)-]{0,2}\d){8}(?!\d)/g;
const CNP = /(?<!\d)[1-9]\d{12}(?!\d)/g;
const RO_CUI = /\bRO ?(\d{2,10})\b/gi;
/** An element holding text only: <email>x@y.ro</email>. */
const XML_ELEMENT = /<([A-Za-z_][\w.-]*)(\s[^<>]*)?>([^<]*)<\/\1>/g;

/** A CNP: S YY MM DD JJ NNN C, a real month, day and county code, and its control digit. */
function isCnp(digits: string): boolean {
  const month = Number(digits.slice(3, 5));
  const day = Number(digits.slice(5, 7));
  const county = Number(digits.slice(7, 9));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && ((county >= 1 && county <= 52) || county === 70) && validCnp(digits);
}

export type Pseudonymiser = ReturnType<typeof createPseudonymiser>;

export function createPseudonymiser(key: Buffer) {
  const forms: Forms = createForms(key);
  /** Names and addresses met by key, for the free-text pass. */
  const known = createKnownValues();
  const remember = (value: string, pseudonym: string): void => known.add(value, pseudonym);
  /** Pseudonyms made, by kind and value: a list repeats its clients' names row after row. */
  const done = new Map<string, string>();

  /** The pseudonym of a value by what its key says it is. */
  function byKind(kind: PersonalKind, value: string, siblings?: Record<string, unknown>): string {
    const company = kind === 'name' && siblings && typeof siblings.is_company === 'number' ? siblings.is_company === 1 : undefined;
    const memoKey = `${kind}\0${company}\0${value}`;
    const memo = done.get(memoKey);
    if (memo !== undefined) return memo;
    const pseudonym = fresh(kind, value, company);
    if (done.size >= MAX_MEMO) done.clear();
    done.set(memoKey, pseudonym);
    return pseudonym;
  }

  function fresh(kind: PersonalKind, value: string, isCompany: boolean | undefined): string {
    switch (kind) {
      case 'credential':
        return REMOVED;
      case 'name':
      case 'person': {
        const company = kind === 'person' ? false : (isCompany ?? looksLikeCompany(value));
        const pseudonym = forms.name(value, company);
        remember(value, pseudonym);
        // A person's name may appear in free text word by word, in another order.
        if (!company) for (const word of value.split(/[\s,.-]+/)) if (/^\p{L}{4,}$/u.test(word)) remember(word, forms.nameWord(word));
        return pseudonym;
      }
      case 'email':
        return forms.email(value);
      case 'phone':
        return forms.phone(value);
      case 'fiscal':
        return forms.fiscalCode(value);
      case 'iban':
        return forms.iban(value);
      case 'address': {
        const pseudonym = forms.address(value);
        remember(value, pseudonym);
        return pseudonym;
      }
      case 'code':
        return forms.code(value);
      case 'opaque':
        return forms.scramble(value);
      case 'login':
        return forms.login(value);
      case 'link':
        return text(forms.link(value));
    }
  }

  /** The pattern pass: what is personal by its form, and the names and addresses already met. */
  function text(value: string): string {
    if (value.length < 3) return value;
    // Each pattern only where its marks are: most strings of an answer are names of things, codes and dates.
    let out = value;
    if (/Basic|Bearer|Token/.test(out)) out = out.replace(BASIC_OR_BEARER, (_, scheme: string) => `${scheme} ${REMOVED}`);
    if (/\d/.test(out)) {
      if (/ro\s?\d/i.test(out)) out = out.replace(IBAN, (iban) => forms.iban(iban));
      if (out.includes('@')) out = out.replace(EMAIL, (email) => forms.email(email));
      out = out
        .replace(PHONE, (phone) => forms.phone(phone))
        .replace(CNP, (digits) => (isCnp(digits) ? forms.cnp(digits) : digits))
        .replace(RO_CUI, (code, digits: string) => (validCui(digits) ? forms.fiscalCode(code) : code));
    } else if (out.includes('@')) out = out.replace(EMAIL, (email) => forms.email(email));
    out = known.replace(out);
    return out;
  }

  /** A value under a key: by the key's kind, else the pattern pass; numbers stay numbers. */
  function keyed(kind: PersonalKind | undefined, value: unknown, siblings?: Record<string, unknown>): unknown {
    if (kind === 'credential') return typeof value === 'boolean' || value === null ? value : REMOVED;
    if (kind === undefined) return walk(value);
    if (typeof value === 'string') return byKind(kind, value, siblings);
    // A number under a name's key is an id (created_by: 7); under a phone's or a code's, the value written without quotes.
    if (typeof value === 'number' && Number.isInteger(value) && (kind === 'phone' || kind === 'fiscal' || kind === 'code' || kind === 'iban')) {
      const pseudonym = Number(byKind(kind, String(value), siblings));
      return Number.isSafeInteger(pseudonym) ? pseudonym : 0;
    }
    // An address object (a connector order's invoice_address): its parts by their own keys.
    return walk(value);
  }

  /** Collects the names and addresses of a body first, so free text before them is covered too. */
  function collect(value: unknown): void {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const [key, child] of Object.entries(record)) {
        const kind = personalKind(key, record);
        if ((kind === 'name' || kind === 'person' || kind === 'address') && typeof child === 'string') byKind(kind, child, record);
        else if (kind !== 'credential') collect(child);
      }
    }
  }

  function walk(value: unknown): unknown {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(record)) out[key] = keyed(personalKind(key, record), child, record);
    return out;
  }

  /** A name=value pair: a query parameter, a form field, a filter segment. */
  function param(name: string, value: string): string {
    const kind = personalKind(name);
    return kind === undefined ? text(value) : byKind(kind, value);
  }

  const decode = (raw: string): string => {
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  };
  /** Encoded as a path segment's value, ':' ',' '@' left as they read. */
  const encode = (value: string): string => encodeURIComponent(value).replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%40/g, '@');

  return {
    /** An XML body (format:xml): elements named like personal keys by their name, then the pattern pass over all. */
    xml(value: string): string {
      const keyed = value.replace(XML_ELEMENT, (element, tag: string, attributes: string | undefined, inner: string) => {
        const kind = personalKind(tag);
        return kind === undefined || inner.trim() === '' ? element : `<${tag}${attributes ?? ''}>${byKind(kind, inner)}</${tag}>`;
      });
      return text(keyed);
    },
    json<T>(value: T): T {
      collect(value);
      return walk(value) as T;
    },
    text,
    param,
    /** Filter segments by their key (`email:...`, `token:...`), other segments by the pattern pass; segments left alone keep their bytes. */
    pathBelowAccount(path: string): string {
      return path
        .split('/')
        .map((segment) => {
          const colon = segment.indexOf(':');
          const [name, raw] = colon > 0 ? [segment.slice(0, colon), segment.slice(colon + 1)] : ['', segment];
          const value = decode(raw);
          const changed = name === '' ? text(value) : param(decode(name), value);
          if (changed === value) return segment;
          return name === '' ? encode(changed) : `${name}:${changed === REMOVED ? REMOVED : encode(changed)}`;
        })
        .join('/');
    },
    /** A raw query ('' or '?a=b&c=d'): values by their names. */
    query(query: string): string {
      if (query.length <= 1) return query;
      const pairs = query
        .slice(1)
        .split('&')
        .map((pair) => {
          const eq = pair.indexOf('=');
          if (eq === -1) return pair;
          const value = decode(pair.slice(eq + 1).replace(/\+/g, ' '));
          const changed = param(decode(pair.slice(0, eq)), value);
          return changed === value ? pair : `${pair.slice(0, eq)}=${changed === REMOVED ? REMOVED : encodeURIComponent(changed)}`;
        });
      return `?${pairs.join('&')}`;
    },
  };
}
