/** A postal address as the contact_addresses row holds it. */
export interface AddressParts {
  country: string;
  county: string;
  city: string;
  street: string;
  number: string;
  building: string;
  stair: string;
  floor: string;
  apartment: string;
  zip: string;
}

const part = (label: string, value: string) => (value.trim() === '' ? '' : `${label} ${value.trim()}`);

/** The street part, as a Romanian address is written: street and number, block, staircase, floor, flat. */
export function streetLine(a: Pick<AddressParts, 'street' | 'number' | 'building' | 'stair' | 'floor' | 'apartment'>): string {
  const street = [a.street.trim(), part('nr.', a.number)].filter(Boolean).join(' ');
  return [street, part('bl.', a.building), part('sc.', a.stair), part('et.', a.floor), part('ap.', a.apartment)]
    .filter((s) => s !== '')
    .join(', ');
}

/**
 * One line: the street part, then locality, county (left out when it repeats the locality, as
 * Bucharest's does), postcode and country.
 */
export function fmtAddress(a: AddressParts): string {
  const county = a.county.trim() !== '' && !a.city.toLowerCase().startsWith(a.county.trim().toLowerCase()) ? `jud. ${a.county.trim()}` : '';
  return [streetLine(a), a.city.trim(), county, a.zip.trim(), a.country.trim()].filter((s) => s !== '').join(', ');
}
