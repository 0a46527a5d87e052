import type { Database } from 'better-sqlite3';
import {
  CONNECTOR_SETTINGS,
  SETTING_GROUPS,
  type SettingChoices,
  type SettingGroup,
} from '../../../../shared/domain/connector-settings.ts';
import type { ConnectorConfig, ConnectorPlatform } from '../../../../shared/domain/connectors.ts';
import { TRACKABLE_PRODUCT_FIELDS } from '../../../../shared/domain/connector-patch.ts';

function trackedFieldsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

export interface ConnectorRow {
  id: number;
  company_id: number;
  type: 'ecommerce' | 'dropship';
  platform: ConnectorPlatform;
  name: string;
  site_domain: string;
  active: number;
  deleted: number;
  order_event_notification_url: string;
  tracked_fields: string;
  webhook_secret: string | null;
  dropshipper_contact_id: number | null;
  workpoint_id: number | null;
  created_ts: string;
  last_changed_ts: string;
}

type OptionField = ConnectorConfig['order_processing'][string];

/**
 * A connector's settings of one group: its own value where it has one (source connector),
 * else the account default stored under connector 0 (source global), else the catalogue's.
 */
export function createSettingsReader(db: Database) {
  const rows = db.prepare<[number, number], { connector_id: number; grp: string; key: string; value: string }>(
    'SELECT connector_id, grp, key, value FROM connector_settings WHERE company_id = ? AND connector_id IN (0, ?)',
  );

  function stored(companyId: number, connectorId: number): { own: Map<string, unknown>; global: Map<string, unknown> } {
    const own = new Map<string, unknown>();
    const global = new Map<string, unknown>();
    for (const row of rows.all(companyId, connectorId)) {
      (row.connector_id === 0 ? global : own).set(`${row.grp}.${row.key}`, JSON.parse(row.value));
    }
    return { own, global };
  }

  /** Only the values (what an order import reads, on every order): no labels, no options copied. */
  function values(companyId: number, connectorId: number): Record<SettingGroup, Record<string, { value: unknown }>> {
    const { own, global } = stored(companyId, connectorId);
    const result = {} as Record<SettingGroup, Record<string, { value: unknown }>>;
    for (const group of SETTING_GROUPS) {
      const fields: Record<string, { value: unknown }> = {};
      for (const [key, def] of Object.entries(CONNECTOR_SETTINGS[group])) {
        const name = `${group}.${key}`;
        fields[key] = { value: own.has(name) ? own.get(name) : global.has(name) ? global.get(name) : def.fallback };
      }
      result[group] = fields;
    }
    return result;
  }

  function settings(companyId: number, connectorId: number): Record<SettingGroup, Record<string, OptionField>> {
    const { own, global } = stored(companyId, connectorId);
    const result = {} as Record<SettingGroup, Record<string, OptionField>>;
    for (const group of SETTING_GROUPS) {
      result[group] = {};
      for (const [key, def] of Object.entries(CONNECTOR_SETTINGS[group])) {
        const name = `${group}.${key}`;
        const fromConnector = own.has(name);
        result[group][key] = {
          value: fromConnector ? own.get(name) : global.has(name) ? global.get(name) : def.fallback,
          label: def.label,
          options: { ...def.options },
          source: fromConnector ? 'connector' : 'global',
        };
      }
    }
    return result;
  }

  const choiceQueries: Record<SettingChoices, ReturnType<typeof db.prepare<[number], { id: string; name: string }>>> = {
    workpoints: db.prepare('SELECT id, name FROM workpoints WHERE company_id = ? AND deleted = 0 ORDER BY id'),
    sub_managements: db.prepare(
      `SELECT s.id, s.name || ' (' || w.name || ')' AS name FROM sub_managements s JOIN workpoints w ON w.id = s.workpoint_id
        WHERE s.company_id = ? ORDER BY s.id`,
    ),
    invoice_series: db.prepare(
      "SELECT series AS id, series AS name FROM document_series WHERE company_id = ? AND doc_type = 'invoice' ORDER BY series",
    ),
    proforma_series: db.prepare(
      "SELECT series AS id, series AS name FROM document_series WHERE company_id = ? AND doc_type = 'proforma' ORDER BY series",
    ),
    // Service-wide codes (GET /awb/add/): the same for every account.
    couriers: db.prepare("SELECT code AS id, name FROM couriers WHERE ? IS NOT NULL AND parent_code IS NULL ORDER BY rowid"),
  };

  /**
   * The settings with the options of the id-valued ones filled from the account's data (its
   * workpoints, sub-managements, document series, the courier codes): for the config answer.
   */
  function withChoices(companyId: number, values: Record<SettingGroup, Record<string, OptionField>>): Record<SettingGroup, Record<string, OptionField>> {
    const read = new Map<SettingChoices, Record<string, string>>();
    for (const group of SETTING_GROUPS) {
      for (const [key, def] of Object.entries(CONNECTOR_SETTINGS[group])) {
        if (!def.choices) continue;
        let options = read.get(def.choices);
        if (!options) {
          options = Object.fromEntries(choiceQueries[def.choices].all(companyId).map((row) => [String(row.id), row.name]));
          read.set(def.choices, options);
        }
        values[group][key] = { ...values[group][key]!, options: { ...options } };
      }
    }
    return values;
  }

  return {
    settings,
    values,
    withChoices,
    /** The value of one setting, as the connector sees it. */
    value<T>(companyId: number, connectorId: number, group: SettingGroup, key: string): T {
      return settings(companyId, connectorId)[group][key]!.value as T;
    },
  };
}

/** The read-only configuration answer: never a credential (secret, platform keys). */
export function configOf(
  connector: ConnectorRow,
  settings: Record<SettingGroup, Record<string, OptionField>>,
  baseUrl: string,
): ConnectorConfig {
  const api = `${baseUrl}/app/rest/v1/${connector.company_id}/connector/${connector.id}`;
  // The demo's built-in inbox is stored as a path of this service: shown as the full URL.
  const notificationUrl = connector.order_event_notification_url.startsWith('/')
    ? `${baseUrl}${connector.order_event_notification_url}`
    : connector.order_event_notification_url;
  return {
    connector: {
      id: connector.id,
      name: connector.name,
      site_domain: connector.site_domain,
      type: connector.type,
      platform: connector.platform,
      active: connector.active,
      order_api_url: `${api}/order/`,
      order_event_notification_url: notificationUrl,
      webhook_secret_set: connector.webhook_secret !== null && connector.webhook_secret !== '',
    },
    products: {
      ...settings.products,
      tracked_fields: {
        value: trackedFieldsOf(connector.tracked_fields),
        label: 'Câmpurile de produs a căror modificare trimite actualizarea produsului (stocul și prețul o trimit întotdeauna)',
        options: Object.fromEntries(TRACKABLE_PRODUCT_FIELDS.map((name) => [name, name])),
        source: 'connector',
      },
      products_feed_url: `${api}/products/`,
      // The spec: product pushes go to the same URL as the order events.
      product_change_notify_url: notificationUrl,
    },
    order_processing: settings.order_processing,
    invoicing: settings.invoicing,
    proforma: settings.proforma,
    awb: settings.awb,
    status_sync: settings.status_sync,
  };
}
