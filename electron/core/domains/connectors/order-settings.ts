import { CONNECTOR_SETTINGS, type SettingGroup } from '../../../../shared/domain/connector-settings.ts';
import { addDays } from '../../time.ts';

/**
 * The settings an order import applies (shared/domain/connector-settings.ts; the connector's
 * value, else the account default), read into their types. A stored value outside what a
 * setting takes is read as the setting's fallback, with a notice naming it; the older spelling
 * awb.auto_issue 'when_invoiced' is read as 'on_invoice'.
 */
export interface OrderSettings {
  confirmationMethod: 'automatic' | 'manual';
  /** order_processing.workpoint_id as stored (checked against the account by the import). */
  workpointId: number | null;
  actionOnImport: 'create_sale' | 'reserve_stock' | 'none';
  /** 0-23: an import at or after this hour dates its documents the next working day; null = never. */
  nextDayHour: number | null;
  skippedWeekdays: number[];
  cancelAction: 'cancel_documents' | 'keep_documents';
  ignoredStatuses: string[];
  /** 0 = never block. */
  repeatedOrderBlockThreshold: number;
  invoicing: {
    series: string;
    autoIssue: 'off' | 'on_import' | 'when_paid' | 'on_awb';
    requireStock: boolean;
    excludedPaymentMethods: string[];
    onlyIfPaid: boolean;
  };
  proforma: {
    series: string;
    triggerPaymentMethods: string[];
    /** '' = any status. */
    triggerStatus: string;
  };
  awb: {
    autoIssue: 'off' | 'on_import' | 'on_invoice';
    requireStock: boolean;
    /** 0-23: an AWB generated at or after this hour is dated the next day; null = no limit. */
    latestIssueHour: number | null;
    skippedWeekdays: number[];
    defaultCourier: string;
  };
}

type Values = Record<SettingGroup, Record<string, { value: unknown }>>;

export function readOrderSettings(values: Values, notices: string[]): OrderSettings {
  const raw = (group: SettingGroup, key: string): unknown => values[group]?.[key]?.value;
  const fallback = (group: SettingGroup, key: string): unknown => CONNECTOR_SETTINGS[group][key]?.fallback;
  function misread<T>(group: SettingGroup, key: string, what: string): T {
    const value = fallback(group, key) as T;
    notices.push(`settings ${group}.${key}: the stored value ${JSON.stringify(raw(group, key))} is not ${what}; read as ${JSON.stringify(value)}`);
    return value;
  }
  function option<T extends string>(group: SettingGroup, key: string, allowed: readonly T[], aliases: Record<string, T> = {}): T {
    const value = raw(group, key);
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    if (typeof value === 'string' && Object.hasOwn(aliases, value)) return aliases[value]!;
    return misread<T>(group, key, `one of ${allowed.join(', ')}`);
  }
  function flag(group: SettingGroup, key: string): boolean {
    const value = raw(group, key);
    if (value === true || value === 'true' || value === 1) return true;
    if (value === false || value === 'false' || value === 0) return false;
    return misread<boolean>(group, key, 'true or false');
  }
  function hour(group: SettingGroup, key: string): number | null {
    const value = raw(group, key);
    if (value === null) return null;
    if (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 23) return value as number;
    return misread<number | null>(group, key, 'an hour 0-23 (or null)');
  }
  function weekdays(group: SettingGroup, key: string): number[] {
    const value = raw(group, key);
    if (Array.isArray(value) && value.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)) return [...new Set(value as number[])];
    return misread<number[]>(group, key, 'a list of weekdays 0-6 (0 = Sunday)');
  }
  function texts(group: SettingGroup, key: string): string[] {
    const value = raw(group, key);
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
    return misread<string[]>(group, key, 'a list of texts');
  }
  function text(group: SettingGroup, key: string, allowBlank: boolean): string {
    const value = raw(group, key);
    if (value === null && allowBlank) return '';
    if (typeof value === 'string' && (allowBlank || value.trim() !== '')) return value.trim();
    return misread<string>(group, key, allowBlank ? 'a text' : 'a text that is not blank');
  }
  function count(group: SettingGroup, key: string): number {
    const value = raw(group, key);
    if (value === null) return 0;
    if (Number.isInteger(value) && (value as number) >= 0) return value as number;
    return misread<number>(group, key, 'a whole number >= 0');
  }
  function id(group: SettingGroup, key: string): number | null {
    const value = raw(group, key);
    if (value === null) return null;
    if (Number.isInteger(value) && (value as number) > 0) return value as number;
    return misread<number | null>(group, key, 'an id (or null)');
  }

  return {
    confirmationMethod: option('order_processing', 'confirmation_method', ['automatic', 'manual']),
    workpointId: id('order_processing', 'workpoint_id'),
    actionOnImport: option('order_processing', 'action_on_import', ['create_sale', 'reserve_stock', 'none']),
    nextDayHour: hour('order_processing', 'next_day_hour'),
    skippedWeekdays: weekdays('order_processing', 'skipped_weekdays'),
    cancelAction: option('order_processing', 'cancel_action', ['cancel_documents', 'keep_documents']),
    ignoredStatuses: texts('order_processing', 'ignored_statuses'),
    repeatedOrderBlockThreshold: count('order_processing', 'repeated_order_block_threshold'),
    invoicing: {
      series: text('invoicing', 'series', false),
      autoIssue: option('invoicing', 'auto_issue', ['off', 'on_import', 'when_paid', 'on_awb']),
      requireStock: flag('invoicing', 'require_stock'),
      excludedPaymentMethods: texts('invoicing', 'excluded_payment_methods'),
      onlyIfPaid: flag('invoicing', 'only_if_paid'),
    },
    proforma: {
      series: text('proforma', 'series', false),
      triggerPaymentMethods: texts('proforma', 'trigger_payment_methods'),
      triggerStatus: text('proforma', 'trigger_status', true),
    },
    awb: {
      autoIssue: option('awb', 'auto_issue', ['off', 'on_import', 'on_invoice'], { when_invoiced: 'on_invoice' }),
      requireStock: flag('awb', 'require_stock'),
      latestIssueHour: hour('awb', 'latest_issue_hour'),
      skippedWeekdays: weekdays('awb', 'skipped_weekdays'),
      defaultCourier: text('awb', 'default_courier', false),
    },
  };
}

/** The weekday of a date (0 = Sunday). */
export const weekdayOf = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The first date from `date` on whose weekday is not skipped (unchanged when every day is skipped). */
export function firstWorkingDay(date: string, skipped: readonly number[]): string {
  let day = date;
  for (let i = 0; i < 7 && skipped.includes(weekdayOf(day)); i++) day = addDays(day, 1);
  return skipped.includes(weekdayOf(day)) ? date : day;
}

/**
 * The date of the documents an import creates: today; the next day when the import is at or
 * after next_day_hour; then moved past skipped weekdays.
 */
export function documentDate(nowTs: string, settings: Pick<OrderSettings, 'nextDayHour' | 'skippedWeekdays'>): string {
  const today = nowTs.slice(0, 10);
  const hour = Number(nowTs.slice(11, 13));
  const start = settings.nextDayHour !== null && hour >= settings.nextDayHour ? addDays(today, 1) : today;
  return firstWorkingDay(start, settings.skippedWeekdays);
}

/**
 * The date of an AWB the import generates: the documents' date; the next day when that is today
 * and the import is at or after latest_issue_hour; then moved past the AWB's skipped weekdays.
 */
export function awbDate(nowTs: string, docDate: string, settings: OrderSettings['awb']): string {
  const today = nowTs.slice(0, 10);
  const hour = Number(nowTs.slice(11, 13));
  const start = docDate === today && settings.latestIssueHour !== null && hour >= settings.latestIssueHour ? addDays(today, 1) : docDate;
  return firstWorkingDay(start, settings.skippedWeekdays);
}
