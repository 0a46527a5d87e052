import { ErpError } from '../../../api/errors.ts';
import type { FetchWindow, SortDirection } from '../types.ts';

/**
 * A synthetic list for the DataTable harness and its e2e test: `size` rows computed from their
 * rank (nothing is stored, so a million rows cost nothing), sortable server-side by `bv_id`,
 * `doc_date` and `document_value_with_vat` as the sales list is, with a small delay like a real
 * call.
 */
export interface SyntheticSale {
  bv_id: number;
  doc_series: string;
  doc_nr: number;
  doc_date: string;
  client_name: string;
  document_value_with_vat: number;
  currency: string;
  document_cancelled: number;
  mentions: string;
}

const CLIENTS = ['Ionescu Ana', 'SC Ăsta & Țara SRL', 'Popescu Ștefan', 'Mureșan "Mobila" SA', 'Dumitru, Ion', 'Florea Maria', 'Țiriac Impex', 'Georgescu Ilinca'];
/**
 * Row 2's client starts with a formula, as a name typed into a shop's checkout can: the e2e test
 * of Export CSV sees it neutralised (csv-format.ts).
 */
const FORMULA_CLIENT = '=HYPERLINK("http://x.test","Popescu Ștefan")';
const A = 7919; // coprime with any size below: a permutation of the ranks for the amount order

function modInverse(a: number, m: number): number {
  let [oldR, r] = [a % m, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

const inverses = new Map<number, number>();
function inverseOf(size: number): number {
  let inverse = inverses.get(size);
  if (inverse === undefined) {
    inverse = modInverse(A, size);
    inverses.set(size, inverse);
  }
  return inverse;
}

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);

export function syntheticSale(id: number, size: number): SyntheticSale {
  // Dates grow with the id (about 400 a day); the amount follows a permutation of the ids.
  const date = new Date(START + Math.floor((id - 1) / 400) * DAY).toISOString().slice(0, 10);
  const inverse = inverseOf(size);
  const amountRank = (((id - 1) * inverse) % size + size) % size;
  return {
    bv_id: id,
    doc_series: id % 5 === 0 ? 'BVW' : 'BV',
    doc_nr: id,
    doc_date: date,
    client_name: id === 2 ? FORMULA_CLIENT : (CLIENTS[id % CLIENTS.length] ?? ''),
    document_value_with_vat: Math.round((10 + amountRank * 0.37) * 100) / 100,
    currency: id % 11 === 0 ? 'EUR' : 'RON',
    document_cancelled: id % 17 === 0 ? 1 : 0,
    mentions: id % 3 === 0 ? `Comanda #${id}, livrare "rapidă"` : '',
  };
}

/** The id of the row at `rank` in the sort asked for. */
function idAt(rank: number, size: number, sort: string | undefined, direction: SortDirection): number {
  const r = direction === 'desc' ? size - 1 - rank : rank;
  if (sort === 'document_value_with_vat') return ((r * A) % size) + 1;
  return r + 1; // bv_id and doc_date give the same order
}

export interface SyntheticRequest {
  view: string;
  offset: number;
  limit: number;
  sort: string | undefined;
  direction: SortDirection;
}

export function syntheticFetcher(options: { size: number; view: string; latencyMs: number; fail?: boolean; log: SyntheticRequest[] }): FetchWindow<SyntheticSale> {
  const { size, view, latencyMs, fail, log } = options;
  return (offset, limit, sort, direction, signal) => {
    log.push({ view, offset, limit, sort, direction });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (fail) {
          reject(new ErpError(503, ['The list is not available: the data folder is being migrated (synthetic failure)']));
          return;
        }
        const rows: SyntheticSale[] = [];
        for (let rank = offset; rank < Math.min(size, offset + limit); rank++) rows.push(syntheticSale(idAt(rank, size, sort, direction), size));
        resolve({ rows, total: size });
      }, latencyMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
  };
}
