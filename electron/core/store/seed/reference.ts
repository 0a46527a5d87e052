// Reference tables shared by every account: couriers, Romanian postcodes, BNR exchange rates.
import type { Database } from 'better-sqlite3';
import { hash01 } from './random.ts';
import { fmtDay, inserter, weekday } from './util.ts';

export interface Courier {
  code: string;
  name: string;
  broker?: boolean;
  parent?: string;
}

export const COURIERS: readonly Courier[] = [
  { code: 'fan', name: 'FAN Courier' },
  { code: 'cargus', name: 'Cargus' },
  { code: 'sameday', name: 'Sameday' },
  { code: 'dpd', name: 'DPD România' },
  { code: 'gls', name: 'GLS România' },
  { code: 'posta_romana', name: 'Poșta Română' },
  { code: 'innoship', name: 'Innoship', broker: true },
  { code: 'innoship_fan', name: 'FAN Courier (prin Innoship)', parent: 'innoship' },
  { code: 'innoship_cargus', name: 'Cargus (prin Innoship)', parent: 'innoship' },
  { code: 'innoship_sameday', name: 'Sameday (prin Innoship)', parent: 'innoship' },
  { code: 'innoship_dpd', name: 'DPD (prin Innoship)', parent: 'innoship' },
  { code: 'innoship_gls', name: 'GLS (prin Innoship)', parent: 'innoship' },
  { code: 'europarcel', name: 'Europarcel', broker: true },
  { code: 'europarcel_cargus', name: 'Cargus (prin Europarcel)', parent: 'europarcel' },
  { code: 'europarcel_dpd', name: 'DPD (prin Europarcel)', parent: 'europarcel' },
  { code: 'europarcel_gls', name: 'GLS (prin Europarcel)', parent: 'europarcel' },
];

/** A city of the postcode table: county, city, postcode, trade-register county code, weight in addresses. */
export interface City {
  county: string;
  city: string;
  postcode: string;
  jCode: string;
  weight: number;
}

function c(county: string, city: string, postcode: string, jCode: string, weight: number): City {
  return { county, city, postcode, jCode, weight };
}

export const CITIES: readonly City[] = [
  c('Bucuresti', 'Bucuresti Sector 1', '010011', '40', 9),
  c('Bucuresti', 'Bucuresti Sector 2', '020011', '40', 9),
  c('Bucuresti', 'Bucuresti Sector 3', '030011', '40', 10),
  c('Bucuresti', 'Bucuresti Sector 4', '040011', '40', 8),
  c('Bucuresti', 'Bucuresti Sector 5', '050011', '40', 7),
  c('Bucuresti', 'Bucuresti Sector 6', '060011', '40', 9),
  c('Ilfov', 'Voluntari', '077190', '23', 3),
  c('Ilfov', 'Otopeni', '075100', '23', 2),
  c('Ilfov', 'Buftea', '070000', '23', 1),
  c('Ilfov', 'Chiajna', '077040', '23', 2),
  c('Ilfov', 'Popesti-Leordeni', '077160', '23', 2),
  c('Ilfov', 'Bragadiru', '077025', '23', 2),
  c('Ilfov', 'Pantelimon', '077145', '23', 1),
  c('Alba', 'Alba Iulia', '510001', '01', 2),
  c('Arad', 'Arad', '310001', '02', 3),
  c('Arges', 'Pitesti', '110001', '03', 3),
  c('Arges', 'Mioveni', '115400', '03', 1),
  c('Arges', 'Curtea de Arges', '115300', '03', 1),
  c('Bacau', 'Bacau', '600001', '04', 3),
  c('Bacau', 'Onesti', '601001', '04', 1),
  c('Bihor', 'Oradea', '410001', '05', 4),
  c('Bistrita-Nasaud', 'Bistrita', '420001', '06', 2),
  c('Botosani', 'Botosani', '710001', '07', 2),
  c('Brasov', 'Brasov', '500001', '08', 5),
  c('Brasov', 'Fagaras', '505200', '08', 1),
  c('Brasov', 'Sacele', '505600', '08', 1),
  c('Braila', 'Braila', '810001', '09', 2),
  c('Buzau', 'Buzau', '120001', '10', 2),
  c('Caras-Severin', 'Resita', '320001', '11', 1),
  c('Cluj', 'Cluj-Napoca', '400001', '12', 7),
  c('Cluj', 'Floresti', '407280', '12', 2),
  c('Cluj', 'Turda', '401001', '12', 1),
  c('Cluj', 'Dej', '405200', '12', 1),
  c('Constanta', 'Constanta', '900001', '13', 5),
  c('Constanta', 'Mangalia', '905500', '13', 1),
  c('Constanta', 'Navodari', '905700', '13', 1),
  c('Covasna', 'Sfantu Gheorghe', '520001', '14', 1),
  c('Dambovita', 'Targoviste', '130001', '15', 2),
  c('Dolj', 'Craiova', '200001', '16', 4),
  c('Galati', 'Galati', '800001', '17', 3),
  c('Galati', 'Tecuci', '805300', '17', 1),
  c('Gorj', 'Targu Jiu', '210001', '18', 2),
  c('Harghita', 'Miercurea Ciuc', '530001', '19', 1),
  c('Hunedoara', 'Deva', '330001', '20', 2),
  c('Hunedoara', 'Petrosani', '332001', '20', 1),
  c('Ialomita', 'Slobozia', '920001', '21', 1),
  c('Iasi', 'Iasi', '700001', '22', 6),
  c('Iasi', 'Pascani', '705200', '22', 1),
  c('Maramures', 'Baia Mare', '430001', '24', 2),
  c('Mehedinti', 'Drobeta-Turnu Severin', '220001', '25', 1),
  c('Mures', 'Targu Mures', '540001', '26', 3),
  c('Mures', 'Sighisoara', '545400', '26', 1),
  c('Neamt', 'Piatra Neamt', '610001', '27', 2),
  c('Neamt', 'Roman', '611001', '27', 1),
  c('Olt', 'Slatina', '230001', '28', 1),
  c('Prahova', 'Ploiesti', '100001', '29', 4),
  c('Prahova', 'Campina', '105600', '29', 1),
  c('Prahova', 'Sinaia', '106100', '29', 1),
  c('Satu Mare', 'Satu Mare', '440001', '30', 2),
  c('Salaj', 'Zalau', '450001', '31', 1),
  c('Sibiu', 'Sibiu', '550001', '32', 3),
  c('Sibiu', 'Medias', '551001', '32', 1),
  c('Suceava', 'Suceava', '720001', '33', 3),
  c('Teleorman', 'Alexandria', '140001', '34', 1),
  c('Timis', 'Timisoara', '300001', '35', 6),
  c('Timis', 'Lugoj', '305500', '35', 1),
  c('Tulcea', 'Tulcea', '820001', '36', 1),
  c('Vaslui', 'Vaslui', '730001', '37', 1),
  c('Vaslui', 'Barlad', '731001', '37', 1),
  c('Valcea', 'Ramnicu Valcea', '240001', '38', 2),
  c('Vrancea', 'Focsani', '620001', '39', 2),
  c('Calarasi', 'Calarasi', '910001', '51', 1),
  c('Giurgiu', 'Giurgiu', '080001', '52', 1),
];

// The postcode table is written without diacritics (as the nomenclature of the real service), but
// addresses are written by people: 'Iași', 'Timișoara', 'Șoseaua Pantelimon'. The demo's addresses
// carry the Romanian spelling of these words; the postcode lookup folds diacritics away again.
const ROMANIAN_SPELLING = new Map<string, string>([
  ['Arges', 'Argeș'],
  ['Bacau', 'Bacău'],
  ['Barlad', 'Bârlad'],
  ['Bistrita', 'Bistrița'],
  ['Botosani', 'Botoșani'],
  ['Braila', 'Brăila'],
  ['Brancoveanu', 'Brâncoveanu'],
  ['Brasov', 'Brașov'],
  ['Bratianu', 'Brătianu'],
  ['Bucuresti', 'București'],
  ['Buzau', 'Buzău'],
  ['Buzesti', 'Buzești'],
  ['Calarasi', 'Călărași'],
  ['Calarasilor', 'Călărașilor'],
  ['Campia', 'Câmpia'],
  ['Campina', 'Câmpina'],
  ['Caras', 'Caraș'],
  ['Constanta', 'Constanța'],
  ['Crangasi', 'Crângași'],
  ['Dambovita', 'Dâmbovița'],
  ['Fagaras', 'Făgăraș'],
  ['Floresti', 'Florești'],
  ['Focsani', 'Focșani'],
  ['Galati', 'Galați'],
  ['Giulesti', 'Giulești'],
  ['Garii', 'Gării'],
  ['Ialomita', 'Ialomița'],
  ['Iasi', 'Iași'],
  ['Lascar', 'Lascăr'],
  ['Libertatii', 'Libertății'],
  ['Maramures', 'Maramureș'],
  ['Margeanului', 'Mărgeanului'],
  ['Medias', 'Mediaș'],
  ['Mehedinti', 'Mehedinți'],
  ['Mosilor', 'Moșilor'],
  ['Mures', 'Mureș'],
  ['Nasaud', 'Năsăud'],
  ['Navodari', 'Năvodari'],
  ['Neamt', 'Neamț'],
  ['Oltenitei', 'Olteniței'],
  ['Onesti', 'Onești'],
  ['Pacii', 'Păcii'],
  ['Pascani', 'Pașcani'],
  ['Petrosani', 'Petroșani'],
  ['Piata', 'Piața'],
  ['Pitesti', 'Pitești'],
  ['Ploiesti', 'Ploiești'],
  ['Popesti', 'Popești'],
  ['Ramnicu', 'Râmnicu'],
  ['Resita', 'Reșița'],
  ['Sacele', 'Săcele'],
  ['Salaj', 'Sălaj'],
  ['Sfantu', 'Sfântu'],
  ['Sighisoara', 'Sighișoara'],
  ['Soseaua', 'Șoseaua'],
  ['Stefan', 'Ștefan'],
  ['Stirbei', 'Știrbei'],
  ['Targoviste', 'Târgoviște'],
  ['Targu', 'Târgu'],
  ['Timis', 'Timiș'],
  ['Timisoara', 'Timișoara'],
  ['Timisoarei', 'Timișoarei'],
  ['Turturica', 'Turturică'],
  ['Vacaresti', 'Văcărești'],
  ['Valcea', 'Vâlcea'],
  ['Virtutii', 'Virtuții'],
  ['Voda', 'Vodă'],
  ['Zalau', 'Zalău'],
]);

/** A place or street name of the postcode table as an address writes it: 'Iasi' -> 'Iași'. */
export function spelledPlace(name: string): string {
  return name.replace(/[A-Za-z]+/g, (word) => ROMANIAN_SPELLING.get(word) ?? word);
}

/** Street-level postcodes for Bucharest (the city carries the sector). */
export const BUCHAREST_STREETS: readonly (readonly [string, string, string])[] = [
  ['Bucuresti Sector 1', 'Calea Victoriei', '010082'],
  ['Bucuresti Sector 1', 'Bulevardul Aviatorilor', '011853'],
  ['Bucuresti Sector 1', 'Strada Buzesti', '011011'],
  ['Bucuresti Sector 2', 'Soseaua Pantelimon', '021591'],
  ['Bucuresti Sector 2', 'Bulevardul Lacul Tei', '020371'],
  ['Bucuresti Sector 2', 'Strada Vasile Lascar', '020492'],
  ['Bucuresti Sector 3', 'Calea Calarasilor', '030614'],
  ['Bucuresti Sector 3', 'Bulevardul Decebal', '030964'],
  ['Bucuresti Sector 3', 'Bulevardul Theodor Pallady', '032258'],
  ['Bucuresti Sector 4', 'Soseaua Oltenitei', '041293'],
  ['Bucuresti Sector 4', 'Calea Vacaresti', '040063'],
  ['Bucuresti Sector 4', 'Bulevardul Constantin Brancoveanu', '041451'],
  ['Bucuresti Sector 5', 'Calea Rahovei', '050892'],
  ['Bucuresti Sector 5', 'Bulevardul Tudor Vladimirescu', '050881'],
  ['Bucuresti Sector 5', 'Soseaua Panduri', '050657'],
  ['Bucuresti Sector 6', 'Bulevardul Iuliu Maniu', '061072'],
  ['Bucuresti Sector 6', 'Calea Giulesti', '060251'],
  ['Bucuresti Sector 6', 'Bulevardul Timisoara', '061344'],
];

interface RateModel {
  base: number;
  yearly: number;
  monthly: number;
  decimals: number;
}

const RATE_MODELS: Readonly<Record<string, RateModel>> = {
  EUR: { base: 4.972, yearly: 0.004, monthly: 0.0015, decimals: 4 },
  USD: { base: 4.6, yearly: 0.03, monthly: 0.008, decimals: 4 },
  GBP: { base: 5.8, yearly: 0.02, monthly: 0.006, decimals: 4 },
  HUF: { base: 0.0126, yearly: 0.025, monthly: 0.008, decimals: 6 },
};

export const RATE_CURRENCIES: readonly string[] = Object.keys(RATE_MODELS);

/** First and last day of the exchange-rate table written by seedReferenceData. */
export const RATES_FROM = '2022-01-01';
export const RATES_TO = '2030-12-31';

function currencyIndex(currency: string): number {
  let h = 0;
  for (const ch of currency) h = h * 31 + ch.charCodeAt(0);
  return h;
}

/**
 * BNR reference rate (RON per unit) of a currency on an epoch day: a deterministic smooth curve
 * with a little noise; weekend days repeat Friday's rate as BNR publishes on working days only.
 */
export function rateFor(currency: string, day: number): number {
  if (currency === 'RON') return 1;
  const m = RATE_MODELS[currency];
  if (!m) throw new Error(`seed: no exchange-rate model for ${currency}`);
  const wd = weekday(day);
  const d = wd === 6 ? day - 1 : wd === 0 ? day - 2 : day;
  const ci = currencyIndex(currency);
  const phase = (ci % 100) / 17;
  const noise = hash01(d, ci) * 2 - 1;
  const v =
    m.base *
    (1 +
      m.yearly * Math.sin((2 * Math.PI * d) / 365 + phase) +
      m.monthly * Math.sin((2 * Math.PI * d) / 47 + phase * 2) +
      0.0008 * noise);
  const f = 10 ** m.decimals;
  return Math.round(v * f) / f;
}

function dayFromIso(iso: string): number {
  return Math.floor(Date.parse(iso + 'T00:00:00Z') / 86400000);
}

/** Inserts (or keeps) the rates of every currency for the days [fromDay, toDay]. */
export function writeRates(db: Database, fromDay: number, toDay: number): void {
  const ins = inserter(db, 'exchange_rates', ['currency', 'date', 'rate'], true);
  for (const cur of RATE_CURRENCIES) {
    for (let d = fromDay; d <= toDay; d++) ins.run(cur, fmtDay(d), rateFor(cur, d));
  }
}

export function seedReferenceData(db: Database): void {
  db.transaction(() => {
    const insCourier = inserter(db, 'couriers', ['code', 'name', 'is_broker', 'parent_code'], true);
    for (const k of COURIERS) insCourier.run(k.code, k.name, k.broker ? 1 : 0, k.parent ?? null);

    const existing = db.prepare('SELECT COUNT(*) AS n FROM postcodes').get() as { n: number };
    if (existing.n === 0) {
      const insPc = inserter(db, 'postcodes', ['county', 'city', 'street', 'postcode']);
      for (const ct of CITIES) insPc.run(ct.county, ct.city, '', ct.postcode);
      for (const [city, street, postcode] of BUCHAREST_STREETS) insPc.run('Bucuresti', city, street, postcode);
    }

    writeRates(db, dayFromIso(RATES_FROM), dayFromIso(RATES_TO));
  })();
}
