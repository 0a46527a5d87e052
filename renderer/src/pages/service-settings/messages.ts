import type { Messages } from '../../i18n/messages-type.ts';
import { AuthLockout, HeavyListLimit, ServiceSettings } from '../../../../shared/domain/settings.ts';

/*
 * Settings › Service settings. The English help under each field is the description of the
 * setting in its schema (shared/domain/settings.ts), so the form says what the API documents.
 */

const help = (schema: unknown): string => {
  const text = (schema as { description?: string }).description ?? '';
  return text === '' ? '' : `${text[0]!.toUpperCase()}${text.slice(1)}.`;
};
const p = ServiceSettings.properties;
const l = AuthLockout.properties;
const h = HeavyListLimit.properties;

export const en = {
  form: 'Service settings',
  groups: {
    webhooks: 'Webhook delivery',
    webhooksHint: 'How notifications are sent to the connectors of every account.',
    inbox: 'Built-in inbox',
    lockout: 'Login lockout',
    lockoutHint: 'Repeated failed REST logins from one IP lock that IP for a while.',
    apiLog: 'API log',
    answerCache: 'REST answer cache',
    network: 'Connections and addresses',
    networkHint: 'What the listener accepts and where the service may connect to (docs/security.md).',
    heavyListLimit: "The real service's limits",
    heavyListLimitHint: 'Off by default. On, the REST API refuses what the real service refuses, so client code meets the 429 here first.',
  },
  fields: {
    webhook_retry_schedule_s: { label: 'Retry schedule (seconds)', help: help(p.webhook_retry_schedule_s) },
    webhook_timeout_ms: { label: 'Attempt timeout (ms)', help: help(p.webhook_timeout_ms) },
    webhook_max_in_flight_per_connector: { label: 'Attempts at once per connector', help: help(p.webhook_max_in_flight_per_connector) },
    webhook_max_in_flight: { label: 'Attempts at once in all', help: help(p.webhook_max_in_flight) },
    inbox_allow_remote: { label: 'Accept posts from other hosts', help: help(p.inbox_allow_remote) },
    max_failures: { label: 'Failed logins before a lock', help: help(l.max_failures) },
    window_s: { label: 'Counting window (seconds)', help: help(l.window_s) },
    lock_s: { label: 'Lock duration (seconds)', help: help(l.lock_s) },
    api_log_max_rows: { label: 'Entries kept', help: help(p.api_log_max_rows) },
    answer_cache_mb: { label: 'Memory (MB)', help: help(p.answer_cache_mb) },
    inbox_budget_mb: { label: 'Memory for captured bodies (MB)', help: help(p.inbox_budget_mb) },
    max_connections: { label: 'Connections at once', help: help(p.max_connections) },
    outbound_allow_private: { label: 'Image URLs may name private addresses', help: help(p.outbound_allow_private) },
    allowed_hosts: { label: 'Allowed host names', help: help(p.allowed_hosts) },
    heavy_list_enabled: { label: '429 for too many heavy lists at once', help: help(h.enabled) },
    max_concurrent: { label: 'Heavy lists at once per API user', help: help(h.max_concurrent) },
  },
  range: 'From {{min}} to {{max}}.',
  schedule: {
    placeholder: '5, 30, 120, 600',
    summary_one: '{{count}} retry after {{span}} (±20% jitter).',
    summary_other: '{{count}} retries over {{span}} in all (±20% jitter each).',
    notNumbers: 'write whole numbers of seconds separated by commas (e.g. 5, 30, 120).',
  },
  units: { s: '{{n}} s', min: '{{n}} min', h: '{{n}} h', d: '{{n}} d' },
  save: 'Save settings',
  reset: 'Discard changes',
  unchanged: 'Nothing changed yet.',
  changed_one: '{{count}} setting changed',
  changed_other: '{{count}} settings changed',
  saved: 'Service settings saved',
  savedBody: 'Changed: {{fields}}.',
  notSaved: 'The settings were not saved',
  correct: 'Correct the fields marked in red.',
};

export const ro: Messages<typeof en> = {
  form: 'Setările serviciului',
  groups: {
    webhooks: 'Livrarea webhook',
    webhooksHint: 'Cum se trimit notificările către conectorii tuturor conturilor.',
    inbox: 'Inbox încorporat',
    lockout: 'Blocarea autentificării',
    lockoutHint: 'Autentificările REST eșuate repetat de la un IP blochează acel IP pentru o vreme.',
    apiLog: 'Jurnal API',
    answerCache: 'Memoria de răspunsuri REST',
    network: 'Conexiuni și adrese',
    networkHint: 'Ce acceptă serverul și unde se poate conecta serviciul (docs/security.md).',
    heavyListLimit: 'Limitele serviciului real',
    heavyListLimitHint: 'Oprite implicit. Pornite, API-ul REST refuză ce refuză serviciul real, astfel încât codul clientului întâlnește 429 mai întâi aici.',
  },
  fields: {
    webhook_retry_schedule_s: { label: 'Programul reîncercărilor (secunde)', help: 'Pauza dinaintea fiecărei reîncercări după un eșec temporar; numărul lor este limita de reîncercări.' },
    webhook_timeout_ms: { label: 'Timp limită pe încercare (ms)', help: 'O încercare fără răspuns complet până atunci este un eșec temporar.' },
    webhook_max_in_flight_per_connector: { label: 'Încercări simultane pe conector', help: 'Încercări în curs în același timp către un conector: un receptor lent sau blocat ține ocupate doar atâtea.' },
    webhook_max_in_flight: { label: 'Încercări simultane în total', help: 'Încercări în curs în același timp, în total.' },
    inbox_allow_remote: { label: 'Acceptă trimiteri de la alte calculatoare', help: 'Inboxul încorporat (POST /_sandbox/inbox/{name}) acceptă trimiteri și de la alte gazde, nu doar de pe acest calculator.' },
    max_failures: { label: 'Autentificări eșuate până la blocare', help: 'Autentificări eșuate de la un IP care declanșează blocarea.' },
    window_s: { label: 'Fereastra de numărare (secunde)', help: 'Intervalul în care se numără aceste eșecuri.' },
    lock_s: { label: 'Durata blocării (secunde)', help: 'Cât timp rămâne blocat IP-ul.' },
    api_log_max_rows: { label: 'Intrări păstrate', help: 'Jurnalul API păstrează cele mai noi intrări.' },
    answer_cache_mb: {
      label: 'Memorie (MB)',
      help: 'Memorie pentru refolosirea răspunsurilor GET REST cât timp datele nu se schimbă (cele folosite cel mai demult ies primele); 0 o oprește.',
    },
    inbox_budget_mb: {
      label: 'Memorie pentru conținutul primit (MB)',
      help: 'Memorie pentru conținutul păstrat de inboxul încorporat, toate inboxurile la un loc; peste ea ies primele cele mai vechi.',
    },
    max_connections: { label: 'Conexiuni simultane', help: 'Conexiuni pe care serverul le ține deschise simultan; una în plus este închisă imediat.' },
    outbound_allow_private: {
      label: 'URL-urile de imagini pot numi adrese private',
      help: 'URL-urile de imagini trimise prin API pot numi adrese loopback și din rețele private chiar dacă serverul nu ascultă doar pe loopback.',
    },
    allowed_hosts: {
      label: 'Nume de gazdă permise',
      help: 'Nume de gazdă, în afara celor loopback, la care răspund API-ul de control, inboxul și interfața web cât timp serverul ascultă pe loopback (pentru containere și nume proprii; *.example.test acoperă subdomeniile).',
    },
    heavy_list_enabled: {
      label: '429 la prea multe liste grele simultan',
      help: 'Răspunde 429 unui utilizator API care are în curs mai mult de max_concurrent liste grele (bonuri, facturi, proforme, bonuri fiscale) simultan, ca serviciul real.',
    },
    max_concurrent: { label: 'Liste grele simultan per utilizator API', help: 'Cereri de liste grele pe care un utilizator API le poate avea în curs simultan (serviciul real: cam 2).' },
  },
  range: 'Între {{min}} și {{max}}.',
  schedule: {
    placeholder: '5, 30, 120, 600',
    summary_one: '{{count}} reîncercare după {{span}} (±20% variație).',
    summary_few: '{{count}} reîncercări în {{span}} în total (±20% variație fiecare).',
    summary_other: '{{count}} de reîncercări în {{span}} în total (±20% variație fiecare).',
    notNumbers: 'scrieți numere întregi de secunde separate prin virgule (de ex. 5, 30, 120).',
  },
  units: { s: '{{n}} s', min: '{{n}} min', h: '{{n}} h', d: '{{n}} z' },
  save: 'Salvează setările',
  reset: 'Renunță la modificări',
  unchanged: 'Nimic modificat încă.',
  changed_one: '{{count}} setare modificată',
  changed_few: '{{count}} setări modificate',
  changed_other: '{{count}} de setări modificate',
  saved: 'Setările serviciului au fost salvate',
  savedBody: 'Modificate: {{fields}}.',
  notSaved: 'Setările nu au fost salvate',
  correct: 'Corectați câmpurile marcate cu roșu.',
};
