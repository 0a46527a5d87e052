// Contacts of the demo account: clients (persons and companies), suppliers, groups with
// pricelists, addresses in real Romanian cities, contact persons and bank accounts.
import type { Ctx } from './context.ts';
import { COMPANY_ID } from './context.ts';
import { BANKS, COMPANY_PREFIXES, COMPANY_SUFFIXES, JOB_ROLES } from './pools.ts';
import { clientCode } from '../../../../shared/domain/contacts.ts';
import { Weighted, at, pad } from './random.ts';
import { BUCHAREST_STREETS, CITIES, spelledPlace } from './reference.ts';
import type { City } from './reference.ts';
import { DAY, cuiWithControl, ean13, inserter, roIban, slug } from './util.ts';
import { ContactTable } from './contact-table.ts';
import type { NewAddress } from './contact-table.ts';

interface AddressInfo extends NewAddress {
  id: number;
  kind: 'invoice' | 'delivery' | 'both';
  county: string;
  cityName: string;
  street: string;
  number: string;
  building: string;
  stair: string;
  floor: string;
  apartment: string;
  zip: string;
  shippingName: string;
  shippingPhone: string;
}

export interface Contacts {
  table: ContactTable;
  /** Indices into `table` of live clients that are companies / persons. */
  clientCompanies: number[];
  clientPersons: number[];
  /** Index of the company invoiced for the dropship connector. */
  dropshipper: number;
}

const GROUPS: readonly (readonly [number, string, number | null])[] = [
  [1, 'Clienti persoane fizice', null],
  [2, 'Distribuitori', 1],
  [3, 'Clienti fideli', 2],
  [4, 'Angro', 3],
  [5, 'Parteneri dropshipping', null],
];

const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'yahoo.ro', 'outlook.com', 'icloud.com'];
const LANDLINE_PREFIXES = ['021', '031', '0264', '0256', '0232', '0241', '0268', '0251', '0269', '0259'];

export function seedContacts(ctx: Ctx, count: number): Contacts {
  const { db, rng, pools } = ctx;
  const cid = COMPANY_ID;

  const insGroup = inserter(db, 'contact_groups', ['id', 'company_id', 'name', 'pricelist_id']);
  for (const [id, name, pricelistId] of GROUPS) insGroup.run(id, cid, name, pricelistId);

  const insContact = inserter(db, 'contacts', [
    'id', 'company_id', 'name', 'is_company', 'is_client', 'is_supplier', 'cui', 'reg_com', 'client_code', 'vat_payer', 'representative',
    'email', 'phone', 'group_id', 'pricelist_id', 'deleted', 'created_ts', 'lastupdated',
  ]);
  const insAddress = inserter(db, 'contact_addresses', [
    'id', 'company_id', 'contact_id', 'kind', 'country', 'county', 'city', 'street', 'number', 'building', 'stair', 'floor',
    'apartment', 'zip', 'gln', 'shipping_contact_name', 'shipping_contact_phone', 'is_default',
  ]);
  const insPerson = inserter(db, 'contact_persons', ['id', 'company_id', 'contact_id', 'name', 'role', 'email', 'phone']);
  const insBank = inserter(db, 'contact_bank_accounts', ['id', 'company_id', 'contact_id', 'iban', 'bank_name', 'currency']);

  const cityPicker = new Weighted(CITIES.map((c) => [c, c.weight] as const));
  const streetsOf = new Map(CITIES.map((c) => [c.city, BUCHAREST_STREETS.filter((s) => s[0] === c.city)] as const));
  const mobile = (): string => '07' + String(rng.int(2, 8)) + rng.digits(7);
  const personName = (): [string, string] => {
    const first = rng.chance(0.5) ? rng.pick(pools.maleFirst) : rng.pick(pools.femaleFirst);
    return [first, rng.pick(pools.lastNames)];
  };

  const makeAddress = (city: City, kind: AddressInfo['kind'], blockFlat: boolean, shipName: string, shipPhone: string): AddressInfo => {
    let street = rng.pick(pools.streets);
    let zip = city.postcode;
    const bucharest = streetsOf.get(city.city) ?? [];
    if (bucharest.length > 0 && rng.chance(0.35)) {
      const s = rng.pick(bucharest);
      street = spelledPlace(s[1]);
      zip = s[2];
    } else {
      const r = rng.next();
      if (r < 0.1) zip = '';
      else if (r < 0.3 && city.postcode.endsWith('001')) zip = city.postcode.slice(0, 3) + pad(rng.int(1, 699), 3);
    }
    return {
      id: ctx.id('contact_addresses'),
      kind,
      county: spelledPlace(city.county),
      cityName: spelledPlace(city.city),
      city: CITIES.indexOf(city),
      street,
      number: String(rng.int(1, 250)),
      building: blockFlat ? `${rng.pick(['M', 'A', 'B', 'C', 'D', 'P', 'V'])}${rng.int(1, 60)}` : '',
      stair: blockFlat ? rng.pick(['1', '2', 'A', 'B', 'C']) : '',
      floor: blockFlat ? String(rng.int(0, 10)) : '',
      apartment: blockFlat ? String(rng.int(1, 120)) : '',
      zip,
      shippingName: kind === 'invoice' ? '' : shipName,
      shippingPhone: kind === 'invoice' ? '' : shipPhone,
    };
  };

  const table = new ContactTable(count);
  const clientCompanies: number[] = [];
  const clientPersons: number[] = [];
  const createdFrom = ctx.startSec - 400 * DAY;
  const createdTo = ctx.nowSec - DAY;

  for (let i = 0; i < count; i++) {
    const id = i + 1;
    const r = rng.next();
    const dropshipper = i === 0;
    const isCompany = dropshipper || r >= 0.55;
    const isClient = dropshipper || r < 0.9;
    const isSupplier = !isClient || (isCompany && rng.chance(0.15));
    const deleted = !dropshipper && rng.chance(0.02);
    const city = cityPicker.pick(rng);
    const [first, last] = personName();
    let name: string;
    let cui = '';
    let regCom = '';
    let vatPayer = 0;
    let representative = '';
    let email: string;
    let phone: string;
    let groupId: number | null = null;
    if (isCompany) {
      name = dropshipper
        ? 'eShop Partener Distrib SRL'
        : rng.chance(0.35)
          ? `${rng.pick(pools.lastNames)} ${rng.pick(COMPANY_SUFFIXES)} ${rng.chance(0.9) ? 'SRL' : 'SA'}`
          : `${rng.pick(COMPANY_PREFIXES)} ${rng.pick(COMPANY_SUFFIXES)} ${rng.chance(0.92) ? 'SRL' : 'SA'}`;
      vatPayer = dropshipper || rng.chance(0.7) ? 1 : 0;
      const base = String(rng.int(100000, 49999999));
      cui = (vatPayer ? 'RO' : '') + cuiWithControl(base);
      regCom = `J${city.jCode}/${rng.int(1, 25000)}/${rng.int(1995, 2024)}`;
      representative = `${first} ${last}`;
      const domain = `${slug(name.replace(/ (SRL|SA)$/, ''))}.ro`;
      email = `${rng.pick(['office', 'contact', 'comenzi', 'financiar'])}@${domain}`;
      if (rng.chance(0.5)) {
        const prefix = rng.pick(LANDLINE_PREFIXES);
        phone = prefix + rng.digits(10 - prefix.length);
      } else phone = mobile();
      if (dropshipper) groupId = 5;
      else if (isClient) {
        const g = rng.next();
        groupId = g < 0.15 ? 2 : g < 0.3 ? 4 : null;
      }
    } else {
      name = `${first} ${last}`;
      email = `${slug(first)}.${slug(last)}${rng.chance(0.4) ? String(rng.int(1, 99)) : ''}@${rng.pick(EMAIL_DOMAINS)}`;
      phone = mobile();
      const g = rng.next();
      groupId = g < 0.7 ? 1 : g < 0.8 ? 3 : null;
    }
    const pricelistId = !dropshipper && isClient && rng.chance(0.05) ? rng.int(1, 3) : null;
    const createdSec = dropshipper ? createdFrom : ctx.secBetween(createdFrom, createdTo);
    const updatedSec = rng.chance(0.6) ? createdSec : ctx.secBetween(createdSec, ctx.nowSec);
    insContact.run(
      id, cid, name, isCompany ? 1 : 0, isClient ? 1 : 0, isSupplier ? 1 : 0, cui, regCom, isClient ? clientCode(id) : '',
      vatPayer, representative, email, phone, groupId, pricelistId, deleted ? 1 : 0, ctx.ts(createdSec), ctx.ts(updatedSec),
    );

    const addresses: AddressInfo[] = [];
    const flat = !isCompany && rng.chance(0.45);
    if (rng.chance(0.65)) {
      addresses.push(makeAddress(city, 'both', flat, name, phone));
    } else {
      addresses.push(makeAddress(city, 'invoice', flat, name, phone));
      const other = rng.chance(0.6) ? city : cityPicker.pick(rng);
      addresses.push(makeAddress(other, 'delivery', !isCompany && rng.chance(0.45), isCompany ? representative : name, phone));
    }
    addresses.forEach((a, k) => {
      insAddress.run(
        a.id, cid, id, a.kind, 'Romania', a.county, a.cityName, a.street, a.number, a.building, a.stair, a.floor, a.apartment,
        a.zip, isCompany && a.kind !== 'invoice' && rng.chance(0.1) ? ean13('594' + rng.digits(9)) : '', a.shippingName,
        a.shippingPhone, k === 0 ? 1 : 0,
      );
    });

    if (isCompany) {
      const persons = rng.int(1, 2);
      for (let k = 0; k < persons; k++) {
        const [pf, pl] = k === 0 ? [first, last] : personName();
        insPerson.run(
          ctx.id('contact_persons'), cid, id, `${pf} ${pl}`, rng.pick(JOB_ROLES),
          `${slug(pf)}.${slug(pl)}@${email.split('@')[1] ?? 'example.ro'}`, mobile(),
        );
      }
      if (dropshipper || rng.chance(0.6)) {
        const accounts = rng.chance(0.15) ? 2 : 1;
        for (let k = 0; k < accounts; k++) {
          const [code, bankName] = rng.pick(BANKS);
          insBank.run(ctx.id('contact_bank_accounts'), cid, id, roIban(code, rng.digits(16)), bankName, k === 0 ? 'RON' : 'EUR');
        }
      }
    } else if (rng.chance(0.05)) {
      const [code, bankName] = rng.pick(BANKS);
      insBank.run(ctx.id('contact_bank_accounts'), cid, id, roIban(code, rng.digits(16)), bankName, 'RON');
    }

    const firstAddress = at(addresses, 0);
    const secondAddress = addresses[1];
    table.push({
      name, isCompany, cui, regCom, representative, email, phone, firstAddressId: firstAddress.id,
      addresses: secondAddress ? [firstAddress, secondAddress] : [firstAddress],
    });
    if (isClient && !deleted && !dropshipper) (isCompany ? clientCompanies : clientPersons).push(i);
    ctx.progress.add();
  }
  if (clientCompanies.length === 0 || clientPersons.length === 0) throw new Error('seed: too few contacts');
  return { table, clientCompanies, clientPersons, dropshipper: 0 };
}
