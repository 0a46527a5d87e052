import type { ReactNode } from 'react';
import { ActionIcon, Alert, Group, ScrollArea, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErpError } from '../../api/errors.ts';
import classes from './detail.module.css';

interface DetailPanelProps {
  /** The record's name: series and number, code and name… (the panel's heading). */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons for the record's actions, right of the title. */
  actions?: ReactNode;
  onClose: () => void;
  /** While the record loads: skeleton lines of the same height, so nothing jumps when it arrives. */
  loading?: boolean;
  /** The read failed: its message instead of the body, with a retry. */
  error?: Error | null;
  onRetry?: () => void;
  children?: ReactNode;
  /** Accessible name of the region, e.g. "Sales receipt B2B 596". */
  label: string;
  testId?: string;
}

/**
 * The open record beside its list: heading, actions, a close button (Esc in the table closes
 * it too), and a scrolling body. Pages put their sections (KeyValue, tables, JsonView) inside.
 */
export function DetailPanel({ title, subtitle, actions, onClose, loading, error, onRetry, children, label, testId }: DetailPanelProps) {
  const { t } = useTranslation();
  return (
    <section className={classes.panel} aria-label={label} data-testid={testId ?? 'detail-panel'}>
      <div className={classes.panelHeader}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" lineClamp={1}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {subtitle}
              </Text>
            )}
          </Stack>
          <Tooltip label={t('common.close')} withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t('common.close')} data-testid="detail-close">
              <span aria-hidden style={{ fontSize: 18, lineHeight: 1 }}>
                ×
              </span>
            </ActionIcon>
          </Tooltip>
        </Group>
        {actions && (
          <Group gap="xs" mt="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </div>
      {/* Focusable, so the body scrolls from the keyboard even when it holds no control (axe: scrollable-region-focusable). */}
      <ScrollArea className={classes.panelBody} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, 'aria-label': label }}>
        <Stack gap="lg" p="md">
          {error ? (
            <Alert color="red" variant="light" title={error instanceof ErpError ? `${error.status}` : t('errors.requestFailed')} data-testid="detail-error">
              <Text size="sm">{error.message}</Text>
              {onRetry && (
                <Text size="sm" mt="xs" c="blue" style={{ cursor: 'pointer' }} onClick={onRetry} role="button" tabIndex={0}>
                  {t('errors.retry')}
                </Text>
              )}
            </Alert>
          ) : loading ? (
            <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
              {[0.6, 0.9, 0.75, 0.85, 0.7, 0.95].map((width, i) => (
                <Skeleton key={i} height={18} width={`${width * 100}%`} radius="sm" />
              ))}
            </Stack>
          ) : (
            children
          )}
        </Stack>
      </ScrollArea>
    </section>
  );
}

/** A titled part of a detail panel ("Lines", "Payments"…), with an optional count and actions. */
export function DetailSection({ title, count, actions, children, testId }: { title: ReactNode; count?: number; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
          {title}
          {count !== undefined && ` (${count})`}
        </Title>
        {actions && <Group gap={6}>{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
