// Pools of Romanian names and streets, drawn once from faker (seeded) so that per-row generation
// only picks from arrays with the seed's own PRNG.
// The Romanian locale alone (the same instance as the package's fakerRO): importing the package
// root loads every locale, some 40 MB more of memory for the life of the process.
import { faker } from '@faker-js/faker/locale/ro';
import { ascii } from './util.ts';

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

export function buildPools(): Pools {
  faker.seed(12345);
  const maleFirst = uniques(250, 4000, () => ascii(faker.person.firstName('male')));
  const femaleFirst = uniques(250, 4000, () => ascii(faker.person.firstName('female')));
  const lastNames = uniques(300, 6000, () => ascii(faker.person.lastName()));
  const streets = uniques(300, 6000, () => {
    const s = ascii(faker.location.street());
    // Most Romanian addresses are on a "Strada"; faker's prefixes over-represent the others.
    const words = s.split(' ');
    return faker.number.int({ min: 0, max: 9 }) < 6 && words.length > 1 ? ['Strada', ...words.slice(1)].join(' ') : s;
  });
  return { maleFirst, femaleFirst, lastNames, streets };
}

/** Word parts for company names. */
export const COMPANY_PREFIXES: readonly string[] = [
  'Tehno', 'Agro', 'Construct', 'Euro', 'Carpati', 'Dunarea', 'Nova', 'Prima', 'Delta', 'Transilvania',
  'Global', 'Max', 'Vest', 'Est', 'Nord', 'Sud', 'Alfa', 'Omega', 'Med', 'Bio', 'Eco', 'Casa', 'Auto',
  'Info', 'Expert', 'Rapid', 'Total', 'Mega', 'Star', 'Viva', 'Terra', 'Solar', 'Ideal', 'Optim', 'Unic',
];

export const COMPANY_SUFFIXES: readonly string[] = [
  'Distrib', 'Trading', 'Grup', 'Impex', 'Market', 'Service', 'Logistic', 'Consult', 'Prod', 'Com',
  'Design', 'Solutions', 'Invest', 'Plus', 'Shop', 'Systems', 'Trans', 'Build', 'Center', 'Art',
];

export const JOB_ROLES: readonly string[] = [
  'Administrator', 'Director general', 'Director economic', 'Contabil sef', 'Achizitii', 'Manager vanzari',
  'Responsabil logistica', 'Office manager', 'Gestionar',
];

export const TECHNICIANS: readonly string[] = [
  'Andrei Popa', 'Mihai Stan', 'Cristian Dobre', 'Florin Matei', 'Razvan Ilie', 'Bogdan Lazar',
];

export const BANKS: readonly (readonly [string, string])[] = [
  ['BTRL', 'Banca Transilvania'],
  ['RNCB', 'Banca Comerciala Romana'],
  ['BRDE', 'BRD - Groupe Societe Generale'],
  ['INGB', 'ING Bank'],
  ['RZBR', 'Raiffeisen Bank'],
  ['CECE', 'CEC Bank'],
  ['BACX', 'UniCredit Bank'],
  ['UGBI', 'Garanti BBVA'],
  ['OTPV', 'OTP Bank'],
  ['PIRB', 'First Bank'],
];
