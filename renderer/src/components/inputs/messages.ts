import type { Messages } from '../../i18n/messages-type.ts';

/** What the date and amount fields say when they refuse what was typed (shared by every form). */
export const en = {
  required: 'Fill this in.',
  date: {
    format: 'Type a date as 27.11.2026 (also 27/11/2026, 27-11-2026 or 2026-11-27).',
    twoDigitYear: 'Type the year with four digits: 27.11.2026.',
    noSuchDay: 'There is no such day: {{text}}.',
    pick: 'Pick a day',
  },
  amount: {
    format: 'Type a number, such as 12,5 or 1.234,56.',
    ambiguous: '“{{text}}” is ambiguous. For {{thousands}}, type {{thousands}} or {{withDecimals}}.',
    decimals_one: 'At most {{count}} decimal.',
    decimals_other: 'At most {{count}} decimals.',
    negative: 'Cannot be below 0.',
    belowMin: 'At least {{bound}}.',
    aboveMax: 'At most {{bound}}.',
  },
};

export const ro: Messages<typeof en> = {
  required: 'Completați acest câmp.',
  date: {
    format: 'Scrieți data ca 27.11.2026 (merge și 27/11/2026, 27-11-2026 sau 2026-11-27).',
    twoDigitYear: 'Scrieți anul cu patru cifre: 27.11.2026.',
    noSuchDay: 'Nu există această zi: {{text}}.',
    pick: 'Alegeți o zi',
  },
  amount: {
    format: 'Scrieți un număr, de exemplu 12,5 sau 1.234,56.',
    ambiguous: '„{{text}}” este ambiguu. Pentru {{thousands}}, scrieți {{thousands}} sau {{withDecimals}}.',
    decimals_one: 'Cel mult {{count}} zecimală.',
    decimals_few: 'Cel mult {{count}} zecimale.',
    decimals_other: 'Cel mult {{count}} de zecimale.',
    negative: 'Nu poate fi sub 0.',
    belowMin: 'Cel puțin {{bound}}.',
    aboveMax: 'Cel mult {{bound}}.',
  },
};
