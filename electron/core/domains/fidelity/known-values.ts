import { fold } from './pseudonym-forms.ts';

/*
 * The names and addresses a recording has met by key, found again in free text (a sale's
 * mentions, an HTML page): word by word, in any case, with or without diacritics, whatever
 * punctuation or spacing stands between the words. Indexed by first word, so a string costs one
 * scan of its words and a map lookup each (a single regular expression of thousands of names
 * took seconds over a large answer).
 */

/** Values kept: enough for a day of calls, bounded. */
const MAX_KNOWN = 2000;
const WORD = /[\p{L}\p{N}]+/gu;

const foldWord = (word: string): string => (/^[\x20-\x7e]*$/.test(word) ? word.toLowerCase() : fold(word));

interface Known {
  words: string[];
  pseudonym: string;
}

export function createKnownValues() {
  /** First folded word -> the values starting with it, the longest first. */
  const byFirstWord = new Map<string, Known[]>();
  const seen = new Set<string>();

  return {
    /** Remembers `value` (at least 3 characters) to be replaced by `pseudonym` in free text. */
    add(value: string, pseudonym: string): void {
      const words = (value.match(WORD) ?? []).map(foldWord);
      const key = words.join(' ');
      if (key.length < 3 || seen.has(key) || seen.size >= MAX_KNOWN) return;
      seen.add(key);
      const list = byFirstWord.get(words[0]!) ?? [];
      list.push({ words, pseudonym });
      list.sort((a, b) => b.words.length - a.words.length);
      byFirstWord.set(words[0]!, list);
    },

    /** `text` with every known value replaced by its pseudonym. */
    replace(text: string): string {
      if (seen.size === 0) return text;
      const words = [...text.matchAll(WORD)];
      const folded = words.map((match) => foldWord(match[0]));
      let out = '';
      let copied = 0;
      for (let i = 0; i < words.length; i++) {
        const candidates = byFirstWord.get(folded[i]!);
        const found = candidates?.find((known) => known.words.every((word, k) => folded[i + k] === word));
        if (!found) continue;
        const start = words[i]!.index;
        const last = words[i + found.words.length - 1]!;
        out += text.slice(copied, start) + found.pseudonym;
        copied = last.index + last[0].length;
        i += found.words.length - 1;
      }
      return copied === 0 ? text : out + text.slice(copied);
    },
  };
}
