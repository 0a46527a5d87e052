// Pools of Romanian names and streets, drawn once from faker (seeded) so that per-row generation
// only picks from arrays with the seed's own PRNG.
// The Romanian locale alone (the same instance as the package's fakerRO): importing the package
// root loads every locale, some 40 MB more of memory for the life of the process.
import { faker } from '@faker-js/faker/locale/ro';
import { ascii, commaBelow } from './util.ts';

export interface Pools {
  maleFirst: string[];
  femaleFirst: string[];
  lastNames: string[];
  streets: string[];
}

function uniques(n: number, attempts: number, gen: () => string): string[] {
  const set = new Set<string>();
  for (let i = 0; i < attempts && set.size < n; i++) set.add(gen());
  return [...set].sort();
}

// Family names as Romanians write them: faker's Romanian list has them without diacritics only
// ('Stanescu'), while real data is full of 'Ștefănescu' and 'Țărănescu' (comma-below ș ț, never
// the cedilla ş ţ of old keyboards).
const DIACRITIC_LAST_NAMES: readonly string[] = [
  'Ștefănescu', 'Țărănescu', 'Stănescu', 'Rădulescu', 'Mărculescu', 'Bădescu', 'Pătrașcu', 'Tănase', 'Văduva', 'Dumitrașcu',
  'Răducanu', 'Bălan', 'Sârbu', 'Pârvu', 'Mureșan', 'Grădinaru', 'Bănică', 'Niță', 'Oprișan', 'Vlăduț', 'Păun', 'Lăzărescu',
  'Iordănescu', 'Crăciun', 'Drăgan', 'Drăgulescu', 'Frățilă', 'Gheorghiță', 'Ionașcu', 'Mărgineanu', 'Neagoș', 'Bîrsan',
  'Țurcanu', 'Cârstea', 'Mănescu', 'Dănăilă', 'Șerban', 'Ștefan', 'Mitruț', 'Românu', 'Coșoveanu', 'Căpraru', 'Tătaru',
  'Munteanu-Pătru', 'Săvulescu', 'Băncilă', 'Zăvoianu', 'Hăisan', 'Pîrvulescu', 'Roșca', 'Cozmâncă', 'Pleșa', 'Fănică',
];

// Streets with diacritics, as the real addresses carry them ('Str. Mărășești', 'Șoseaua ...').
const DIACRITIC_STREETS: readonly string[] = [
  'Str. Mărășești', 'Strada Ștefan cel Mare', 'Bulevardul Ștefan cel Mare și Sfânt', 'Strada Învățătorului', 'Strada Brâncoveanu',
  'Strada Lăpușneanu', 'Strada Fântânele', 'Strada Păcii', 'Strada Gării', 'Strada Școlii', 'Strada Mănăștur', 'Calea Dumbrăvii',
  'Strada Horea, Cloșca și Crișan', 'Strada Călărașilor', 'Șoseaua Olteniței', 'Strada Țebei', 'Strada Mureșenilor', 'Str. Băișoara',
  'Strada Trandafirilor', 'Strada Văcărești', 'Strada Grădinilor', 'Strada Libertății', 'Strada Independenței', 'Str. Tăbăcarilor',
  'Strada Pădurii', 'Strada Morii', 'Bulevardul Independenței', 'Strada Crișului', 'Strada Vânătorilor', 'Str. Primăverii',
];

export function buildPools(): Pools {
  faker.seed(12345);
  // First names keep faker's diacritics (Rareș, Mădălina, Luminița): the seed's names look like real ones.
  const maleFirst = uniques(250, 4000, () => commaBelow(faker.person.firstName('male')));
  const femaleFirst = uniques(250, 4000, () => commaBelow(faker.person.firstName('female')));
  const lastNames = [...new Set([...uniques(300, 6000, () => ascii(faker.person.lastName())), ...DIACRITIC_LAST_NAMES])].sort();
  const streets = uniques(300, 6000, () => {
    const s = ascii(faker.location.street());
    // Most Romanian addresses are on a "Strada"; faker's prefixes over-represent the others.
    const words = s.split(' ');
    return faker.number.int({ min: 0, max: 9 }) < 6 && words.length > 1 ? ['Strada', ...words.slice(1)].join(' ') : s;
  });
  // one street in three with diacritics, as in real addresses
  for (let i = 0; i < streets.length; i += 3) streets[i] = DIACRITIC_STREETS[(i / 3) % DIACRITIC_STREETS.length] ?? streets[i]!;
  return { maleFirst, femaleFirst, lastNames, streets };
}

/** Word parts for company names. */
export const COMPANY_PREFIXES: readonly string[] = [
  'Tehno', 'Agro', 'Construct', 'Mărțișor', 'Făgăraș', 'Șoimul', 'Țara Bârsei', 'Oltenița', 'Euro', 'Carpați', 'Dunărea', 'Nova', 'Prima', 'Delta', 'Transilvania',
  'Global', 'Max', 'Vest', 'Est', 'Nord', 'Sud', 'Alfa', 'Omega', 'Med', 'Bio', 'Eco', 'Casa', 'Auto',
  'Info', 'Expert', 'Rapid', 'Total', 'Mega', 'Star', 'Viva', 'Terra', 'Solar', 'Ideal', 'Optim', 'Unic',
];

export const COMPANY_SUFFIXES: readonly string[] = [
  'Distrib', 'Trading', 'Grup', 'Impex', 'Market', 'Service', 'Logistic', 'Consult', 'Prod', 'Com', 'Construcții', 'Soluții', 'Distribuție',
  'Design', 'Solutions', 'Invest', 'Plus', 'Shop', 'Systems', 'Trans', 'Build', 'Center', 'Art',
];

export const JOB_ROLES: readonly string[] = [
  'Administrator', 'Director general', 'Director economic', 'Contabil șef', 'Achiziții', 'Manager vânzări',
  'Responsabil logistică', 'Office manager', 'Gestionar',
];

export const TECHNICIANS: readonly string[] = [
  'Andrei Popa', 'Mihai Stan', 'Cristian Dobre', 'Florin Matei', 'Răzvan Ilie', 'Bogdan Lazăr',
];

export const BANKS: readonly (readonly [string, string])[] = [
  ['BTRL', 'Banca Transilvania'],
  ['RNCB', 'Banca Comercială Română'],
  ['BRDE', 'BRD - Groupe Societe Generale'],
  ['INGB', 'ING Bank'],
  ['RZBR', 'Raiffeisen Bank'],
  ['CECE', 'CEC Bank'],
  ['BACX', 'UniCredit Bank'],
  ['UGBI', 'Garanti BBVA'],
  ['OTPV', 'OTP Bank'],
  ['PIRB', 'First Bank'],
];
