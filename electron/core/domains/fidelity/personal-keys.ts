/*
 * Which keys of a recorded call hold credentials and which hold personal data, by name: JSON
 * keys of request and answer bodies, query parameters, form fields and filter segments
 * (`/contacts/list/email:x@y.ro/`). Names are compared lower-cased, with '-' and camelCase read
 * as '_' (clientName = client_name). The keys of the REST answers (shared/domain/*.ts, the spec
 * erp-rest-api-v1.8.0.md, ../shared/docs/real-service.md) and what becomes of them:
 *
 * | kind        | keys                                                                                          | pseudonym                         |
 * |-------------|-----------------------------------------------------------------------------------------------|-----------------------------------|
 * | credential  | any key with password, passwd, pwd, pass, secret, token, api_key, apikey, authorization       | "[removed]"                       |
 * | name        | name (contacts, persons, order client; not a product line's), client_name, supplier_name,      | Persoana <hex> / Firma <hex> SRL  |
 * |             | representative, first_name, last_name, family_name, given_name, full_name, contact_person,     | (is_company, or S.R.L./SA/PFA/II  |
 * |             | contact_name, shipping_contact_name, delegate, recipient(_name), account_holder, nume, prenume | in the name)                      |
 * |             | technician (service files), agent, driver, created_by                                          |                                   |
 * | email       | email, client_email, contact_email, e_mail, mail, billing_email, ...                          | <hex>@example.invalid             |
 * | phone       | phone, mobile, fax, tel, telephone, telefon, client_phone1/2, shipping_contact_phone, ...     | digits replaced, +40 / 07 kept    |
 * | fiscal code | vat_id, client_vat_id, client_cui, cui, cif, cnp, fiscal_code, cod_fiscal, tax_id, vat_number | valid CNP / CUI (RO kept)         |
 * | iban        | iban, client_iban, bank_account, account_number                                                | valid IBAN, RO and bank kept      |
 * | address     | address, address1, address2, client_address, client_shipping_adress (sic), street, adresa,     | Adresa <hex>                      |
 * |             | strada; a string invoice_address / delivery_address / shipping_address (objects: their parts)  |                                   |
 * | code        | zip, postcode, postal_code, client_postcode, client_shipping_postcode, registration_nr,        | digits replaced                   |
 * |             | registration_number, client_reg_com, reg_com; number, building, stair, floor, apartment beside |                                   |
 * |             | a street/address/city (the order and contact address parts); ip, client_ip, ip_address;        |                                   |
 * |             | awb_nr (a tracking number leads to the delivery address)                                       |                                   |
 * | opaque      | id_card, ci, buletin, delegat_ci, car_plate, license_plate, nr_auto, delegat_auto (invoices'   | letters and digits replaced       |
 * |             | delegate block)                                                                                |                                   |
 * | login       | username, user, login, user_name                                                              | utilizator-<hex>                  |
 * | link        | keys ending in url or link (view_link, payment_link, pdf_invoice_url, download_url, awb_url):  | opaque segments k<hex>, query     |
 * |             | a document's link is its own key                                                               | values "[removed]"                |
 *
 * Kept as they are: ids, amounts, dates, currencies, product fields, city, county, country (no one
 * is found by a city), gln (a delivery point's, a business's), bank_name. Every other string
 * (mentions, comments, defect_description, titles, HTML and CSV bodies) gets the pattern pass:
 * e-mails, Romanian phones, CNP (valid date and control digit), RO+CUI (valid control digit),
 * IBAN, Basic/Bearer credentials, and the names and addresses already met in the recording.
 */

export type PersonalKind = 'credential' | 'name' | 'person' | 'email' | 'phone' | 'fiscal' | 'iban' | 'address' | 'code' | 'opaque' | 'login' | 'link';

/** client_name, clientName, Client-Name: client_name. */
export const normalKey = (key: string): string => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase();

const CREDENTIAL = /password|passwd|secret|token|api_?key|authori[sz]ation|(?:^|_)(?:pass|pwd)(?:_|$)/;
/** Headers removed whatever their name says: credentials, cookies, and where the caller is. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy_authorization', 'cookie', 'set_cookie', 'x_api_key', 'x_forwarded_for', 'forwarded', 'x_real_ip']);

export const isCredentialKey = (key: string): boolean => CREDENTIAL.test(normalKey(key));
export const isCredentialHeader = (name: string): boolean => CREDENTIAL_HEADERS.has(normalKey(name)) || isCredentialKey(name);

const KINDS: Array<[PersonalKind, string[]]> = [
  ['name', ['name', 'client_name', 'supplier_name', 'customer_name', 'company_name', 'account_holder', 'holder_name', 'recipient', 'recipient_name', 'nume']],
  [
    'person',
    ['representative', 'first_name', 'last_name', 'family_name', 'given_name', 'full_name', 'contact_person', 'contact_name', 'shipping_contact_name', 'delegate', 'delegat', 'delegate_name', 'delegat_nume', 'person_name', 'prenume', 'technician', 'agent', 'agent_name', 'sales_agent', 'driver', 'driver_name', 'created_by'],
  ],
  ['email', ['email', 'e_mail', 'mail', 'client_email', 'contact_email', 'billing_email', 'shipping_email', 'email_address', 'emails']],
  [
    'phone',
    ['phone', 'mobile', 'fax', 'tel', 'telephone', 'telefon', 'mobil', 'phone_number', 'client_phone', 'client_phone1', 'client_phone2', 'shipping_contact_phone', 'contact_phone', 'billing_phone', 'shipping_phone'],
  ],
  ['fiscal', ['vat_id', 'client_vat_id', 'client_cui', 'cui', 'cif', 'cnp', 'fiscal_code', 'cod_fiscal', 'tax_id', 'vat_number', 'vat_code', 'client_cnp']],
  ['iban', ['iban', 'client_iban', 'bank_account', 'account_number']],
  [
    'address',
    ['address', 'address1', 'address2', 'client_address', 'client_shipping_adress', 'client_shipping_address', 'street', 'adresa', 'strada', 'invoice_address', 'delivery_address', 'shipping_address', 'billing_address'],
  ],
  [
    'code',
    ['zip', 'postcode', 'postal_code', 'zip_code', 'client_postcode', 'client_shipping_postcode', 'registration_nr', 'registration_number', 'client_reg_com', 'reg_com', 'nr_reg_com', 'trade_register', 'ip', 'client_ip', 'ip_address', 'awb_nr', 'tracking_number'],
  ],
  ['opaque', ['id_card', 'identity_card', 'ci', 'buletin', 'delegat_ci', 'delegate_id_card', 'car_plate', 'license_plate', 'nr_auto', 'delegat_auto', 'mijloc_transport']],
  ['login', ['username', 'user', 'login', 'user_name']],
];
const KIND_OF = new Map(KINDS.flatMap(([kind, keys]) => keys.map((key) => [key, kind] as const)));

/** The parts of a street address (connector orders, contact addresses): personal beside a street. */
const ADDRESS_PARTS = new Set(['number', 'building', 'stair', 'floor', 'apartment', 'bloc', 'scara', 'etaj', 'apartament']);
/** Keys that make an object a product line, whose `name` is the product's. */
const PRODUCT_KEYS = ['product_id', 'sku', 'code', 'cod_produs', 'ean', 'barcode', 'price', 'quantity', 'qty', 'item_quantity', 'item_price'];

/**
 * What `key` holds, in the object `siblings` (undefined: no personal key; its strings get the
 * pattern pass). `siblings` tells a product line's name from a person's and an address's parts.
 */
export function personalKind(key: string, siblings?: Record<string, unknown>): PersonalKind | undefined {
  const normal = normalKey(key);
  if (CREDENTIAL.test(normal)) return 'credential';
  const kind = KIND_OF.get(normal);
  if (kind === 'name' && normal === 'name' && siblings && PRODUCT_KEYS.some((k) => k in siblings)) return undefined;
  if (kind) return kind;
  if (ADDRESS_PARTS.has(normal) && siblings && ('street' in siblings || 'address' in siblings || 'city' in siblings)) return 'code';
  if (/(?:^|_)(?:url|link)$|_url_/.test(normal)) return 'link';
  return undefined;
}
