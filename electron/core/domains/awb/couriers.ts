import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { CourierCode } from '../../../../shared/domain/awb.ts';

/**
 * The courier codes AWBs accept: the service-wide `couriers` table. A broker (is_broker 1)
 * reaches several couriers, its sub-couriers (parent_code = the broker's code).
 */
export interface CourierBook {
  /** Every code, in the order of the table (a broker's sub-couriers after it). */
  all(): CourierCode[];
  get(code: string): CourierCode | undefined;
  /** The sub-couriers of a broker, in the order of the table. */
  subCouriers(broker: string): CourierCode[];
}

export function createCourierBook(db: Database): { load(): CourierBook } {
  const rows = db.prepare<[], CourierCode>(
    'SELECT code, name, is_broker, parent_code FROM couriers ORDER BY rowid',
  );
  return {
    /** Read once per operation: 16 rows, and a reset may rewrite them. */
    load(): CourierBook {
      const all = rows.all();
      const byCode = new Map(all.map((c) => [c.code, c]));
      return {
        all: () => all,
        get: (code) => byCode.get(code),
        subCouriers: (broker) => all.filter((c) => c.parent_code === broker),
      };
    },
  };
}

/**
 * What is wrong with a courier choice (empty: nothing), each message naming `<prefix>awb_type`
 * or `<prefix>awb_subtype`: an unknown code; a sub-courier sent as awb_type (its broker goes
 * there); a broker without one of its sub-couriers; a subtype for a courier that is no broker.
 */
export function courierChoiceErrors(book: CourierBook, awbType: string, awbSubtype: string, prefix = ''): string[] {
  const courier = book.get(awbType);
  if (!courier) return [`${prefix}awb_type: unknown courier code '${awbType}' (GET /awb/add/ lists the accepted codes)`];
  if (courier.parent_code !== null) {
    return [
      `${prefix}awb_type: '${courier.code}' is a sub-courier of the broker '${courier.parent_code}': ` +
        `send awb_type '${courier.parent_code}' with awb_subtype '${courier.code}'`,
    ];
  }
  if (courier.is_broker === 1) {
    const subs = book.subCouriers(courier.code).map((c) => c.code);
    if (awbSubtype === '') return [`${prefix}awb_subtype: required when awb_type is the broker '${courier.code}' (one of ${subs.join(', ')})`];
    if (!subs.includes(awbSubtype)) return [`${prefix}awb_subtype: '${awbSubtype}' is not a sub-courier of '${courier.code}' (one of ${subs.join(', ')})`];
    return [];
  }
  return awbSubtype === '' ? [] : [`${prefix}awb_subtype: must be empty: '${courier.code}' is not a broker`];
}

/** The carrier behind a code: a broker's sub-courier 'innoship_fan' is carried by 'fan'. */
function carrierOf(type: string, subtype: string): string {
  if (!subtype) return type;
  const underscore = subtype.indexOf('_');
  return underscore < 0 ? subtype : subtype.slice(underscore + 1);
}

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** A tracking number shaped as the carrier prints them (the demo AWBs have the same shapes). */
export function trackingNumber(type: string, subtype: string): string {
  switch (carrierOf(type, subtype)) {
    case 'fan': return '2' + digits(12);
    case 'cargus': return '1' + digits(9);
    case 'sameday': return '1ONB' + digits(10);
    case 'dpd': return '8' + digits(13);
    case 'gls': return '6' + digits(10);
    case 'posta_romana': return 'CP' + digits(9) + 'RO';
    default: return digits(12);
  }
}

/** The public tracking page of an AWB (the courier's, or the broker's for a broker AWB). */
export function trackingUrl(type: string, nr: string): string {
  const n = encodeURIComponent(nr);
  switch (type) {
    case 'fan': return `https://www.fancourier.ro/awb-tracking/?tracking=${n}`;
    case 'cargus': return `https://www.cargus.ro/personal/urmareste-coletul/?tracking_number=${n}`;
    case 'sameday': return `https://sameday.ro/#awb=${n}`;
    case 'dpd': return `https://tracking.dpd.ro/?shipmentNumber=${n}`;
    case 'gls': return `https://gls-group.com/RO/ro/urmarire-colet?match=${n}`;
    case 'posta_romana': return `https://www.posta-romana.ro/track-trace.html?id=${n}`;
    case 'innoship': return `https://app.innoship.io/tracking/${n}`;
    case 'europarcel': return `https://www.europarcel.com/tracking/${n}`;
    default: return '';
  }
}

/** ISO 3166 alpha-2 codes of the countries an address may name (Romanian or English names). */
const COUNTRY_CODES: Record<string, string> = {
  romania: 'RO', 'republica moldova': 'MD', moldova: 'MD', bulgaria: 'BG', ungaria: 'HU', hungary: 'HU',
  serbia: 'RS', ucraina: 'UA', ukraine: 'UA', germania: 'DE', germany: 'DE', austria: 'AT', italia: 'IT', italy: 'IT',
  franta: 'FR', france: 'FR', spania: 'ES', spain: 'ES', polonia: 'PL', poland: 'PL', cehia: 'CZ', czechia: 'CZ',
  'czech republic': 'CZ', slovacia: 'SK', slovakia: 'SK', olanda: 'NL', netherlands: 'NL', belgia: 'BE', belgium: 'BE',
  grecia: 'GR', greece: 'GR', 'marea britanie': 'GB', 'united kingdom': 'GB',
};

/** The code of a country name ('' when unknown); a two-letter name is taken as the code itself. */
export function countryCode(country: string): string {
  const name = country.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (/^[a-z]{2}$/.test(name)) return name.toUpperCase();
  return COUNTRY_CODES[name] ?? '';
}
