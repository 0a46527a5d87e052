/**
 * The configuration groups of a connector that the spec names (GET /connector/{id}/config/),
 * with the label and the allowed values of each setting. A value is stored per connector or,
 * as the account default, under connector 0; the answer says which one applies (source).
 * Field names inside the groups are not shown by the spec: these are ours (docs/data-model.md).
 */

export type SettingGroup = 'products' | 'order_processing' | 'invoicing' | 'proforma' | 'awb' | 'status_sync';

/**
 * Account data an id-valued setting chooses from: GET /connector/{id}/config/ lists the
 * account's rows as its `options` (id or code -> name).
 */
export type SettingChoices = 'workpoints' | 'sub_managements' | 'invoice_series' | 'proforma_series' | 'couriers';

export interface SettingDef {
  label: string;
  /**
   * Allowed values and their labels (for a list setting: the values its items may take);
   * absent for free values (numbers, free text, maps): answered as an empty map.
   */
  options?: Readonly<Record<string, string>>;
  /** The account's rows the value is one of (its options, read when the configuration is asked). */
  choices?: SettingChoices;
  /** Used when neither the connector nor the account default sets it. */
  fallback: unknown;
}

const YES_NO = { true: 'Da', false: 'Nu' } as const;
const WEEKDAY_OPTIONS = { 0: 'Duminică', 1: 'Luni', 2: 'Marți', 3: 'Miercuri', 4: 'Joi', 5: 'Vineri', 6: 'Sâmbătă' } as const;
const PAYMENT_METHOD_OPTIONS = { bank_transfer: 'Transfer bancar', card: 'Card', paypal: 'PayPal', credit: 'Credit' } as const;

export const CONNECTOR_SETTINGS: Readonly<Record<SettingGroup, Readonly<Record<string, SettingDef>>>> = {
  products: {
    autoimport_into_erp: { label: 'Importă produsele noi din magazin în ERP', options: YES_NO, fallback: false },
    import_mode: {
      label: 'Ce produse se importă',
      options: {
        all: 'Toate produsele',
        ordered_only: 'Doar produsele comandate',
        only_categories_with_autoimport: 'Doar categoriile cu import automat',
      },
      fallback: 'all',
    },
    update_prices: { label: 'Actualizează prețurile în magazin', options: YES_NO, fallback: true },
    update_stock: { label: 'Actualizează stocul în magazin', options: YES_NO, fallback: true },
    update_names: { label: 'Actualizează denumirile în magazin', options: YES_NO, fallback: false },
    target_sub_management_id: {
      label: 'Subgestiunea în care intră produsele importate (id; null = gestiunea)',
      choices: 'sub_managements',
      fallback: null,
    },
    push_enabled: { label: 'Trimite modificările de produse către magazin', options: YES_NO, fallback: true },
  },
  order_processing: {
    confirmation_method: {
      label: 'Confirmarea comenzilor',
      options: { automatic: 'Automată, la import', manual: 'Manuală, de către operator' },
      fallback: 'automatic',
    },
    workpoint_id: { label: 'Punctul de lucru al comenzilor', choices: 'workpoints', fallback: null },
    action_on_import: {
      label: 'Acțiune la importul comenzii',
      options: { create_sale: 'Creează bon de vânzare', reserve_stock: 'Doar rezervă stocul', none: 'Nicio acțiune' },
      fallback: 'create_sale',
    },
    next_day_hour: { label: 'După ora aceasta, comanda se programează pe ziua următoare (0-23)', fallback: 16 },
    skipped_weekdays: { label: 'Zile în care nu se procesează', options: WEEKDAY_OPTIONS, fallback: [6, 0] },
    cancel_action: {
      label: 'La anularea comenzii',
      options: { cancel_documents: 'Anulează documentele', keep_documents: 'Păstrează documentele' },
      fallback: 'cancel_documents',
    },
    return_action: {
      label: 'La returul comenzii',
      options: { storno_invoice: 'Factură storno', none: 'Nicio acțiune' },
      fallback: 'storno_invoice',
    },
    ignored_validation_errors: { label: 'Erori de validare ignorate (coduri)', fallback: [] },
    ignored_statuses: { label: 'Statusuri de comandă ignorate la import', fallback: [] },
    repeated_order_block_threshold: {
      label: 'Blochează al N-lea import al aceleiași comenzi într-o oră (0 = niciodată)',
      fallback: 0,
    },
  },
  invoicing: {
    series: { label: 'Seria facturilor', choices: 'invoice_series', fallback: 'WEB' },
    auto_issue: {
      label: 'Emitere automată a facturii',
      options: { off: 'Nu', on_import: 'La import', when_paid: 'Când comanda este plătită', on_awb: 'La generarea AWB-ului' },
      fallback: 'off',
    },
    require_stock: { label: 'Doar dacă produsele sunt pe stoc', options: YES_NO, fallback: true },
    excluded_payment_methods: {
      label: 'Metode de plată fără factură automată',
      options: PAYMENT_METHOD_OPTIONS,
      fallback: [],
    },
    only_if_paid: { label: 'Doar comenzile plătite', options: YES_NO, fallback: true },
    email_auto_send: { label: 'Trimite factura pe e-mail automat', options: YES_NO, fallback: false },
  },
  proforma: {
    series: { label: 'Seria proformelor', choices: 'proforma_series', fallback: 'PFW' },
    trigger_payment_methods: {
      label: 'Metode de plată care emit proformă',
      options: PAYMENT_METHOD_OPTIONS,
      fallback: [],
    },
    trigger_status: { label: 'Statusul comenzii care emite proforma', fallback: 'new' },
  },
  awb: {
    auto_issue: {
      label: 'Generare automată AWB',
      options: { off: 'Nu', on_import: 'La import', on_invoice: 'La emiterea facturii' },
      fallback: 'off',
    },
    require_stock: { label: 'Doar dacă produsele sunt pe stoc', options: YES_NO, fallback: true },
    latest_issue_hour: { label: 'Ultima oră de generare în ziua curentă (0-23)', fallback: 15 },
    skipped_weekdays: { label: 'Zile fără generare AWB', options: WEEKDAY_OPTIONS, fallback: [0] },
    default_courier: { label: 'Curierul implicit (codul curierului din lista de curieri)', choices: 'couriers', fallback: 'fan' },
  },
  status_sync: {
    map: {
      label: 'Statusul extern trimis pentru fiecare eveniment (comandă importată, factură emisă, AWB emis, livrată, comandă anulată)',
      fallback: {},
    },
  },
};

export const SETTING_GROUPS = Object.keys(CONNECTOR_SETTINGS) as SettingGroup[];
