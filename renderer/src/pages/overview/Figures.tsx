import { forwardRef } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title, type PaperProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardOverview } from '../../../../shared/contract/operations-dashboard.ts';
import { formatMoney, formatNumber } from '../../app/format.ts';
import { figureLink, type Figure } from './links.ts';
import classes from './overview.module.css';

type CardLinkProps = PaperProps & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;
const CardLinkBase = forwardRef<HTMLAnchorElement, CardLinkProps>(function CardLinkBase(props, ref) {
  return <Paper component="a" ref={ref} withBorder radius="md" p="md" className={classes.figure} {...props} />;
});
/** A figure card that is a link (a real href: middle-click, copy the address). */
const CardLink = createLink(CardLinkBase);

interface Shown {
  figure: Figure;
  value: string;
  detail?: string | undefined;
  tone?: 'alert' | undefined;
}

function FigureCard({ shown, overview, companyId }: { shown: Shown; overview: DashboardOverview; companyId: number }) {
  const { t } = useTranslation();
  const link = figureLink(shown.figure, overview);
  const label = t(`dashboard.figures.${shown.figure}`);
  return (
    <CardLink
      to={link.to}
      params={{ companyId }}
      search={link.search as never}
      aria-label={t('dashboard.open', { figure: label, value: shown.detail ? `${shown.value}, ${shown.detail}` : shown.value })}
      data-testid={`figure-${shown.figure}`}
      data-tone={shown.tone}
    >
      <Stack gap={4}>
        <Text size="xs" c="dimmed" fw={600} className={classes.label}>
          {label}
        </Text>
        <Text fz="xl" fw={700} className={classes.value} c={shown.tone === 'alert' ? 'red.7' : undefined} data-testid="figure-value">
          {shown.value}
        </Text>
        {shown.detail && (
          <Text size="xs" c="dimmed">
            {shown.detail}
          </Text>
        )}
      </Stack>
    </CardLink>
  );
}

/** The overview's figures in their groups, every one a link to the list of what it counts. */
export function Figures({ overview: o, companyId }: { overview: DashboardOverview; companyId: number }) {
  const { t } = useTranslation();
  const count = (n: number) => formatNumber(n, 0);
  const money: Shown[] = [
    { figure: 'salesToday', value: formatMoney(o.sales.today.total_ron), detail: t('dashboard.receipts', { count: o.sales.today.count }) },
    { figure: 'salesMonth', value: formatMoney(o.sales.month.total_ron), detail: t('dashboard.receipts', { count: o.sales.month.count }) },
    { figure: 'receivablesOpen', value: formatMoney(o.receivables.open.total_ron), detail: t('dashboard.unpaid', { count: o.receivables.open.count }) },
    {
      figure: 'receivablesOverdue',
      value: formatMoney(o.receivables.overdue.total_ron),
      detail: t('dashboard.unpaid', { count: o.receivables.overdue.count }),
      tone: o.receivables.overdue.count > 0 ? 'alert' : undefined,
    },
  ];
  const paused = o.notifications.paused_connector_ids;
  const counts: Shown[] = [
    { figure: 'waitingInvoice', value: count(o.orders.waiting_invoice) },
    { figure: 'waitingAwb', value: count(o.orders.waiting_awb) },
    { figure: 'pending', value: count(o.notifications.pending) },
    { figure: 'failed', value: count(o.notifications.failed), tone: o.notifications.failed > 0 ? 'alert' : undefined },
    {
      figure: 'paused',
      value: count(o.notifications.paused),
      detail: paused.length === 0 ? t('dashboard.pausedNone') : t('dashboard.pausedSome', { count: paused.length, ids: paused.join(', ') }),
      tone: paused.length > 0 ? 'alert' : undefined,
    },
    { figure: 'calls', value: count(o.api.calls) },
    { figure: 'errors', value: count(o.api.errors), detail: t('dashboard.errorsShare'), tone: o.api.errors > 0 ? 'alert' : undefined },
  ];
  return (
    <Stack gap="md">
      <section aria-labelledby="overview-money">
        <Title order={2} size="h4" id="overview-money" className={classes.visuallyHidden}>
          {t('dashboard.groups.sales')} · {t('dashboard.groups.receivables')}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {money.map((shown) => (
            <FigureCard key={shown.figure} shown={shown} overview={o} companyId={companyId} />
          ))}
        </SimpleGrid>
      </section>
      <section aria-labelledby="overview-counts">
        <Title order={2} size="h4" id="overview-counts" className={classes.visuallyHidden}>
          {t('dashboard.groups.work')} · {t('dashboard.groups.notifications')} · {t('dashboard.groups.api')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4, xl: 7 }} spacing="sm">
          {counts.map((shown) => (
            <FigureCard key={shown.figure} shown={shown} overview={o} companyId={companyId} />
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
