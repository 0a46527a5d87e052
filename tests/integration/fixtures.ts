import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { formatDate, formatTimestamp } from '../../electron/core/time.ts';
import { queries, type Demo, type Harness } from './harness.ts';

// Data the write tests share: small files of each type, the clock as the ERP writes it, another account.

/** 1x1 images of each accepted type, and files that are no accepted image. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=', 'base64');
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** Every file the service stores, relative to its store. */
export function storedFiles(h: Harness): string[] {
  const root = join(h.dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; parentPath: string; name: string }>)
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Now and today as the ERP writes them: Europe/Bucharest, 'YYYY-MM-DD HH:MM:SS' and 'YYYY-MM-DD'. */
export const nowTs = () => formatTimestamp(new Date());
export const today = () => formatDate(new Date());

/** Two decimals, half a ban away from zero for the amounts the tests compute. */
export const round2 = (x: number) => Math.round(x * 100 + 1e-7) / 100;

/** SQL adding account 2, 'Other SRL', with the REST API on (and the Work Manager when asked): the other account no request may reach into. */
export const otherAccount = ({ workmanager = false } = {}) =>
  workmanager
    ? "INSERT INTO accounts (company_id, name, rest_enabled, workmanager_enabled, created_ts) VALUES (2, 'Other SRL', 1, 1, '2026-01-01 00:00:00');"
    : "INSERT INTO accounts (company_id, name, rest_enabled, created_ts) VALUES (2, 'Other SRL', 1, '2026-01-01 00:00:00');";

/** SQL adding product `id` to account 2 (see otherAccount). */
export const otherAccountProduct = (id: number, code = 'P000001') =>
  `INSERT INTO products (id, company_id, cod_produs, product_name, created_ts, last_changed_ts)
   VALUES (${id}, 2, '${code}', 'Other account product', '2026-01-01 00:00:00', '2026-01-01 00:00:00');`;

/**
 * The AWBs and the outbox as a refused request must leave them: the AWB count and largest id,
 * each AWB's id, cancelled and last change, the outbox count.
 */
export function awbState(demo: Pick<Demo, 'db'>) {
  const { one, value } = queries(demo);
  return {
    awbs: one('SELECT count(*) AS n, max(id) AS max FROM awbs'),
    awbRows: value<string>("SELECT group_concat(id || ':' || cancelled || ':' || last_changed_ts) FROM awbs"),
    outbox: value('SELECT count(*) FROM webhook_outbox'),
  };
}
