import { EXECUTABLE_EXTENSIONS } from '../../../../shared/domain/attachments.ts';

const EXECUTABLE = new Set<string>(EXECUTABLE_EXTENSIONS);
const MAX_NAME_LENGTH = 255;
/** Longest name part of a stored file's name (after its random prefix). */
const MAX_STORED_NAME = 100;

/** A code point as U+XXXX. */
const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A name quoted for a message. Invisible and control characters are written as escapes: the
 * refusal of a right-to-left override must not itself show the disguised name (nor break a log
 * line or the page showing it).
 */
const shown = (name: string) =>
  JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}...` : name).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (char) => {
    const hex = char.codePointAt(0)!.toString(16).toUpperCase();
    return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
  });

/**
 * Unicode format characters (category Cf): invisible, and some reorder what is shown around
 * them. U+202E (right-to-left override) makes 'invoice\u202Efdp.exe' read 'invoiceexe.pdf' in a
 * list, a dialog or a mail; zero-width ones (U+200B..U+200D, U+FEFF, the soft hyphen U+00AD) make
 * two names look the same. No honest file name needs one.
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/**
 * The extensions of a name as a web server would see them: every part after a dot, each cut at
 * its first character that is not a letter or digit (`x.php;.jpg`, `x.php::$DATA`, `x.php.` and
 * `x.php .jpg` all show `php`). Compared after NFKC folding (full-width letters) and in lower case.
 */
export function extensionsOf(name: string): string[] {
  const folded = name.normalize('NFKC').toLowerCase();
  return folded
    .split('.')
    .slice(1)
    .map((part) => /^\s*([a-z0-9]*)/.exec(part)![1]!)
    .filter((ext) => ext !== '');
}

/** The last extension ('' when none), for the compression rule. */
export const lastExtensionOf = (name: string): string => {
  const exts = name.toLowerCase().split('.');
  return exts.length > 1 ? exts.at(-1)!.trim() : '';
};

/**
 * Why a file name is refused, or undefined when it is fine: a name that is not a plain base name
 * (a path, `.` or `..`, NUL or another control character: it would leave its folder), one with a
 * line separator or an invisible format character (FORMAT_CHARACTERS), too long,
 * empty, or carrying a server-executable extension anywhere in it (any case, `x.php.jpg` and
 * `.htaccess` too). The message names the file.
 */
export function fileNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'file: a file part has no file name (send filename="..." in its Content-Disposition)';
  if (/[/\\]/.test(name) || trimmed === '.' || trimmed === '..' || name.includes('\0')) {
    return `file ${shown(name)}: not a plain file name (a path, '.', '..' or NUL would leave its folder): send the base name only`;
  }
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(name)) return `file ${shown(name)}: the name holds control characters or line separators`;
  const format = name.match(FORMAT_CHARACTERS);
  if (format) {
    return (
      `file ${shown(name)}: the name holds invisible Unicode format characters (${[...new Set(format)].map(codePoint).join(', ')}), ` +
      'which can make it read as another name (a right-to-left override shows "x\\u202Efdp.exe" as "xexe.pdf"): remove them'
    );
  }
  if (trimmed.length > MAX_NAME_LENGTH) return `file ${shown(name)}: the name is longer than ${MAX_NAME_LENGTH} characters`;
  const executable = extensionsOf(trimmed).find((ext) => EXECUTABLE.has(ext));
  if (executable) {
    return (
      `file ${shown(name)}: the extension .${executable} is one a web server may execute; refused in any letter case and ` +
      'anywhere in the name (x.php.jpg too): rename or archive the file'
    );
  }
  return undefined;
}

/**
 * The name part of a stored file: ASCII letters, digits, dot, dash and underscore only (accents
 * folded, anything else `_`), no leading dot, at most MAX_STORED_NAME characters with the
 * extension kept. The storage never sees the raw name; the metadata keeps it.
 */
export function storedNameOf(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+/, '');
  if (ascii.length <= MAX_STORED_NAME) return ascii || 'file';
  const dot = ascii.lastIndexOf('.');
  const ext = dot > 0 && ascii.length - dot <= 12 ? ascii.slice(dot) : '';
  return ascii.slice(0, MAX_STORED_NAME - ext.length) + ext;
}
