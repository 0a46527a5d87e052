import { useEffect, useState, type ReactNode } from 'react';
import { Button, CloseButton, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../app/shell/icons.tsx';
import { WEBHOOK_VIEWS, type WebhookView } from './search.ts';

/*
 * The toolbar controls of the log screens, each bound to one search param of the address. Typed
 * text goes to the address once typing pauses (one query per pause, not per key).
 */

/** The filters of a toolbar, wrapping on a narrow table. */
export function FilterRow({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="wrap" style={{ rowGap: 6 }}>
      {children}
    </Group>
  );
}

/** The list screens' one choice control. */
export { ChoiceFilter } from '../documents-common/filters.tsx';

/** Exact text (an order id, a user, a route start), sent after a pause; × clears it. */
export function TextFilter({ label, clearLabel, placeholder, value, onChange, testId, width = 150, search }: {
  label: string;
  /** The × button's accessible name. */
  clearLabel: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  testId: string;
  width?: number;
  search?: boolean;
}) {
  const [text, setText] = useState(value ?? '');
  // Back/forward or "Clear filters" changed the address: show it.
  useEffect(() => setText(value ?? ''), [value]);
  const commit = useDebouncedCallback((next: string) => onChange(next.trim() === '' ? undefined : next.trim()), 300);
  return (
    <TextInput
      size="xs"
      w={width}
      aria-label={label}
      placeholder={placeholder}
      leftSection={search ? <IconSearch size={14} /> : undefined}
      value={text}
      maxLength={200}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      rightSection={text ? <CloseButton size="xs" aria-label={clearLabel} onClick={() => (setText(''), onChange(undefined))} /> : null}
      data-testid={testId}
    />
  );
}

export function ClearFilters({ label, onClear, variant = 'subtle' }: { label: string; onClear: () => void; variant?: 'subtle' | 'light' }) {
  return (
    <Button size="compact-xs" variant={variant} onClick={onClear} data-testid="filters-clear">
      {label}
    </Button>
  );
}

/** Deliveries or the built-in inbox: the first control of both toolbars. */
export function ViewSwitch({ value, onChange }: { value: WebhookView; onChange: (view: WebhookView) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('webhookLog.views.label')}
      value={value}
      onChange={(next) => onChange(next as WebhookView)}
      data={WEBHOOK_VIEWS.map((view) => ({ value: view, label: t(`webhookLog.views.${view}`) }))}
      data-testid="webhook-view"
    />
  );
}
