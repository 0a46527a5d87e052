import type { Messages } from '../../i18n/messages-type.ts';

/* The shell's test clock banner: shown while the service's clock is not the system clock. */

export const en = {
  label: 'Test clock',
  frozen: 'Frozen at {{time}}',
  offset: '{{time}}, {{amount}} {{direction}} system time',
  ahead: 'ahead of',
  behind: 'behind',
  hint: 'Every date the service writes (documents, payments, last_changed_ts, logs), next-day scheduling, lock-outs and webhook retries follow this clock.',
  backToSystem: 'Return to system time',
  returned: 'The clock follows the system time again',
  failed: 'The clock could not be changed',
};

export const ro: Messages<typeof en> = {
  label: 'Ceas de test',
  frozen: 'Înghețat la {{time}}',
  offset: '{{time}}, cu {{amount}} {{direction}} orei sistemului',
  ahead: 'înaintea',
  behind: 'în urma',
  hint: 'Toate datele scrise de serviciu (documente, încasări, last_changed_ts, jurnale), programarea pe ziua următoare, blocările la autentificare și reîncercările webhook urmează acest ceas.',
  backToSystem: 'Revino la ora sistemului',
  returned: 'Ceasul urmează din nou ora sistemului',
  failed: 'Ceasul nu a putut fi schimbat',
};
