import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClockState } from '../../../../shared/contract/operations-clock.ts';
import { useAction, useOperation, useQueryClient } from '../../api/operations.ts';
import { wallPlus } from '../../api/service-clock.ts';
import { notifyDone, notifyFailed } from '../../components/feedback/index.ts';
import { formatDateTime } from '../format.ts';
import { IconClock } from './icons.tsx';
import classes from './clock-banner.module.css';

/** 90 000 s -> "1 day 1 hour" (the two largest units, in the interface language). */
function formatSpan(seconds: number, language: string): string {
  const units: Array<[Intl.NumberFormatOptions['unit'], number]> = [['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1]];
  let rest = Math.round(Math.abs(seconds));
  const parts: string[] = [];
  for (const [unit, size] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 && parts.length < 2) parts.push(new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(n));
  }
  return parts.join(' ') || new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(0);
}

/** The clock's time as shown: a frozen one as read, an offset one running on from when it was read. */
function useShownTime(clock: ClockState | undefined, readAt: number): string | undefined {
  const [, tick] = useState(0);
  const running = clock?.mode === 'offset';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!clock) return undefined;
  return running ? wallPlus(clock.now, Date.now() - readAt) : clock.now;
}

/**
 * Says plainly, on every screen, that the service's clock is not the system clock (clock.get,
 * refreshed when any write changes data: a clock.update announces '*'), with its time and one
 * click back to system time. Nothing shows while the clock is the system clock.
 */
export function ClockBanner() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const clock = useOperation('clock.get', {});
  const update = useAction('clock.update');
  const shown = useShownTime(clock.data, clock.dataUpdatedAt);
  if (!clock.data || clock.data.mode === 'system' || !shown) return null;

  const time = formatDateTime(shown);
  const offset = clock.data.offset_s ?? 0;
  const text =
    clock.data.mode === 'frozen'
      ? t('clock.frozen', { time })
      : t('clock.offset', {
          time,
          amount: formatSpan(offset, i18n.resolvedLanguage ?? 'en'),
          direction: offset >= 0 ? t('clock.ahead') : t('clock.behind'),
        });
  const backToSystem = () =>
    update.mutate(
      { mode: 'system' },
      {
        onSuccess: (state) => {
          queryClient.setQueryData(['clock.get', {}], state);
          notifyDone({ title: t('clock.returned'), message: formatDateTime(state.now) });
        },
        onError: (error) => notifyFailed(t('clock.failed'), error),
      },
    );

  return (
    <div className={classes.banner} role="status" data-testid="clock-banner" data-mode={clock.data.mode}>
      <Group gap="sm" wrap="nowrap" justify="space-between" px="xl" py={6}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconClock size={18} aria-hidden />
          <Text size="sm" fw={650} component="span">
            {t('clock.label')}
          </Text>
          <Text size="sm" component="span" data-testid="clock-banner-time" title={t('clock.hint')}>
            {text}
          </Text>
        </Group>
        <Button size="compact-sm" variant="white" color="dark" onClick={backToSystem} loading={update.isPending} data-testid="clock-back-to-system">
          {t('clock.backToSystem')}
        </Button>
      </Group>
    </div>
  );
}
