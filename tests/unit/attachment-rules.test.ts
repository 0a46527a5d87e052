import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXECUTABLE_EXTENSIONS } from '../../shared/domain/attachments.ts';
import { extensionsOf, fileNameProblem, storedNameOf } from '../../electron/core/domains/attachments/file-names.ts';
import { createSecretBox } from '../../electron/core/domains/attachments/secret-box.ts';
import { normalizeRoot } from '../../electron/core/domains/attachments/storage-settings.ts';
import { contentDisposition } from '../../electron/server/attachment-files.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'erpwb-box-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('attachment file names', () => {
  it('sees every extension a web server would, whatever hides it', () => {
    expect(extensionsOf('x.PHP.jpg')).toEqual(['php', 'jpg']);
    expect(extensionsOf('x.php;.jpg')).toEqual(['php', 'jpg']);
    expect(extensionsOf('x.php::$DATA')).toEqual(['php']);
    expect(extensionsOf('.htaccess')).toEqual(['htaccess']);
    expect(extensionsOf('x.ｐｈｐ')).toEqual(['php']);
    expect(extensionsOf('php.txt')).toEqual(['txt']);
  });

  it('refuses executable extensions anywhere and in any case, and names that are not plain base names', () => {
    for (const ext of EXECUTABLE_EXTENSIONS) {
      for (const name of [`a.${ext}`, `a.${ext.toUpperCase()}`, `a.${ext}.png`, `a.${ext} `]) expect(fileNameProblem(name), name).toMatch(/web server may execute/);
    }
    for (const name of ['../a.txt', '..\\a.txt', 'a/b', '..', '.', 'a\u0000.txt']) expect(fileNameProblem(name), name).toMatch(/not a plain file name/);
    expect(fileNameProblem('a\nb.txt')).toMatch(/control characters/);
    expect(fileNameProblem('  ')).toMatch(/no file name/);
    expect(fileNameProblem('x'.repeat(256))).toMatch(/longer than 255/);
    for (const name of ['Factura 12.pdf', 'php.txt', 'my-com-file.txt', 'a..b.csv', 'Contract ăîș.docx']) expect(fileNameProblem(name), name).toBeUndefined();
  });

  it('refuses Unicode format characters (category Cf) and line separators, naming the code points without showing them raw', () => {
    const rlo = fileNameProblem('invoice\u202Efdp.exe');
    expect(rlo).toMatch(/^file "invoice\\u202Efdp\.exe": the name holds invisible Unicode format characters \(U\+202E\)/);
    expect(rlo).not.toContain('\u202E');
    const formats = ['\u00AD', '\u061C', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2060', '\u2066', '\u2067', '\u2068', '\u2069', '\uFEFF', '\u{E0001}'];
    for (const char of formats) {
      for (const name of [`a${char}b.pdf`, `${char}a.pdf`, `a.pdf${char}`]) {
        const problem = fileNameProblem(name);
        expect(problem, JSON.stringify(name)).toMatch(/invisible Unicode format characters \(U\+[0-9A-F]{4,5}\)/);
        expect(problem, JSON.stringify(name)).not.toContain(char);
      }
    }
    expect(fileNameProblem('a\u200B\u202Eb\u200B.pdf')).toMatch(/\(U\+200B, U\+202E\)/);
    for (const name of ['a\u2028b.pdf', 'a\u2029b.pdf', 'a\u0085b.pdf', 'a\u007Fb.pdf']) {
      const problem = fileNameProblem(name);
      expect(problem, JSON.stringify(name)).toMatch(/control characters or line separators/);
      expect(problem, JSON.stringify(name)).toContain('\\u');
    }
    // Letters and marks of real names stay: diacritics (composed or not), other scripts, a lone emoji (a joined emoji sequence holds U+200D, a Cf: refused).
    for (const name of ['Factură ștampilată.pdf', 'Factura\u0306 s\u0326tampilata\u0306.pdf', 'عقد.pdf', 'חשבונית.pdf', '日本語.txt', 'café 😀.png']) {
      expect(fileNameProblem(name), name).toBeUndefined();
    }
  });

  it('gives the storage a name of its own: ASCII, no leading dot, bounded, extension kept', () => {
    expect(storedNameOf('Contract semnat ăîș (v2).pdf')).toBe('Contract_semnat_ais_v2_.pdf');
    expect(storedNameOf('...hidden')).toBe('hidden');
    expect(storedNameOf('日本')).toBe('file');
    const long = storedNameOf(`${'a'.repeat(300)}.xlsx`);
    expect(long).toHaveLength(100);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('encodes a download name for Content-Disposition (ASCII fallback and RFC 5987)', () => {
    expect(contentDisposition('Factură "x" 100%.pdf')).toBe(`attachment; filename="Factur_ _x_ 100_.pdf"; filename*=UTF-8''Factur%C4%83%20%22x%22%20100%25.pdf`);
  });

  it('normalizes the root folder and refuses one that climbs', () => {
    expect(normalizeRoot('')).toBe('/');
    expect(normalizeRoot('erp//docs/')).toBe('/erp/docs');
    expect(() => normalizeRoot('/a/../b')).toThrow(/ftp\.root/);
  });
});

describe('the secret box', () => {
  it('opens only what it sealed, with the same key and context', () => {
    const dir = tempDir();
    const box = createSecretBox(dir);
    const sealed = box.seal('pässword', 'account:1');
    expect(sealed).not.toContain('pässword');
    expect(box.open(sealed, 'account:1')).toBe('pässword');
    expect(box.open(sealed, 'account:2')).toBeUndefined();
    expect(box.open(sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA'), 'account:1')).toBeUndefined();
    expect(createSecretBox(dir).open(sealed, 'account:1')).toBe('pässword');
    expect(createSecretBox(tempDir()).open(sealed, 'account:1')).toBeUndefined();
    expect(box.derive('x')).toBe(createSecretBox(dir).derive('x'));
  });
});
