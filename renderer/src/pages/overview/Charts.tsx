import type { ReactNode } from 'react';
import { BarChart } from '@mantine/charts';
import { Card, Group, SegmentedControl, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardOverview } from '../../../../shared/contract/operations-dashboard.ts';
import { formatDate, formatMoney, formatNumber } from '../../app/format.ts';
import { RouterAnchor } from '../../app/shell/RouterLinks.tsx';
import { ageLink, statusLink } from './links.ts';

/*
 * The overview's four charts (@mantine/charts on recharts). The drawing is hidden from assistive
 * technology; each chart's data is also a table for it (and for anyone who wants the numbers),
 * and the receivables' groups and the order statuses are links to their lists.
 */

const money = (value: number) => formatMoney(value);
const count = (value: number) => formatNumber(value, 0);

interface ChartCardProps {
  title: string;
  /** What the chart shows, in a sentence: the accessible description of its figure. */
  alt: string;
  id: string;
  empty: boolean;
  chart: ReactNode;
  table: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
}

function ChartCard({ title, alt, id, empty, chart, table, actions, footer }: ChartCardProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" radius="md" component="figure" m={0} aria-labelledby={`${id}-title`} aria-describedby={`${id}-alt`} data-testid={`chart-${id}`}>
      <Group justify="space-between" align="center" mb="xs" wrap="nowrap">
        <Title order={3} size="h5" id={`${id}-title`}>
          {title}
        </Title>
        {actions}
      </Group>
      <Text size="xs" c="dimmed" id={`${id}-alt`} mb="xs">
        {alt}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {t('dashboard.charts.empty')}
        </Text>
      ) : (
        <div aria-hidden="true">{chart}</div>
      )}
      {footer}
      <VisuallyHidden>
        <Table>
          <caption>{t('dashboard.charts.table')}: {title}</caption>
          {table}
        </Table>
      </VisuallyHidden>
    </Card>
  );
}

const CHART_HEIGHT = 200;

export function Charts({ overview: o, companyId, days, onDays }: { overview: DashboardOverview; companyId: number; days: 30 | 90; onDays: (days: 30 | 90) => void }) {
  const { t } = useTranslation();
  const statusName = (status: string) => (status === '' ? t('dashboard.charts.noStatus') : status);
  const sales = o.sales_per_day.map((d) => ({ day: formatDate(d.date).slice(0, 5), total_ron: d.total_ron }));
  const hours = o.deliveries_per_hour.map((h) => ({ ...h, label: h.hour.slice(11, 13) }));
  const deliveries = ['delivered', 'pending', 'failed', 'cancelled'] as const;
  const deliveryColors = { delivered: 'teal.6', pending: 'blue.5', failed: 'red.6', cancelled: 'gray.5' } as const;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        id="sales"
        title={t('dashboard.charts.salesPerDay')}
        alt={t('dashboard.charts.salesPerDayAlt', { days })}
        empty={o.sales_per_day.every((d) => d.count === 0)}
        actions={
          <SegmentedControl
            size="xs"
            aria-label={t('dashboard.charts.range')}
            value={String(days)}
            onChange={(value) => onDays(value === '90' ? 90 : 30)}
            data={[
              { value: '30', label: t('dashboard.charts.days', { count: 30 }) },
              { value: '90', label: t('dashboard.charts.days', { count: 90 }) },
            ]}
          />
        }
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={sales}
            dataKey="day"
            series={[{ name: 'total_ron', label: t('dashboard.charts.amount'), color: 'indigo.6' }]}
            valueFormatter={money}
            yAxisProps={{ width: 70, tickFormatter: (v: number) => formatNumber(v / 1000, 0) + 'k' }}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            accessibilityLayer={false}
            tooltipAnimationDuration={0}
          />
        }
        table={
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.charts.day')}</Table.Th>
                <Table.Th>{t('dashboard.charts.amount')}</Table.Th>
                <Table.Th>{t('dashboard.charts.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.sales_per_day.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Td>{formatDate(d.date)}</Table.Td>
                  <Table.Td>{money(d.total_ron)}</Table.Td>
                  <Table.Td>{count(d.count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        }
      />

      <ChartCard
        id="receivables"
        title={t('dashboard.charts.receivablesByAge')}
        alt={t('dashboard.charts.receivablesByAgeAlt')}
        empty={o.receivables_by_age.every((g) => g.count === 0)}
        chart={
          <BarChart
            h={CHART_HEIGHT - 28}
            data={o.receivables_by_age.map((g) => ({ age: t('dashboard.charts.ageDays', { age: g.age }), total_ron: g.total_ron }))}
            dataKey="age"
            series={[{ name: 'total_ron', label: t('dashboard.charts.amount'), color: 'orange.6' }]}
            valueFormatter={money}
            yAxisProps={{ width: 70, tickFormatter: (v: number) => formatNumber(v / 1000, 0) + 'k' }}
            accessibilityLayer={false}
            tooltipAnimationDuration={0}
          />
        }
        footer={
          <Group gap="md" mt={6} wrap="wrap">
            {o.receivables_by_age.map((g) => {
              const link = ageLink(g);
              return (
                <RouterAnchor key={g.age} to={link.to} params={{ companyId }} search={link.search as never} size="xs" data-testid={`age-${g.age}`}>
                  {t('dashboard.charts.ageDays', { age: g.age })}: {t('dashboard.unpaid', { count: g.count })}
                </RouterAnchor>
              );
            })}
          </Group>
        }
        table={
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.charts.age')}</Table.Th>
                <Table.Th>{t('dashboard.charts.amount')}</Table.Th>
                <Table.Th>{t('dashboard.charts.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.receivables_by_age.map((g) => (
                <Table.Tr key={g.age}>
                  <Table.Td>{t('dashboard.charts.ageDays', { age: g.age })}</Table.Td>
                  <Table.Td>{money(g.total_ron)}</Table.Td>
                  <Table.Td>{count(g.count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        }
      />

      <ChartCard
        id="orders"
        title={t('dashboard.charts.ordersByStatus')}
        alt={t('dashboard.charts.ordersByStatusAlt')}
        empty={o.orders_by_status.length === 0}
        chart={
          <BarChart
            h={CHART_HEIGHT - 28}
            data={o.orders_by_status.slice(0, 8).map((s) => ({ status: statusName(s.status), count: s.count }))}
            dataKey="status"
            series={[{ name: 'count', label: t('dashboard.charts.count'), color: 'cyan.6' }]}
            valueFormatter={count}
            yAxisProps={{ width: 50 }}
            accessibilityLayer={false}
            tooltipAnimationDuration={0}
          />
        }
        footer={
          <Group gap="md" mt={6} wrap="wrap">
            {o.orders_by_status.slice(0, 8).map((s) => {
              const link = statusLink(s.status);
              return (
                <RouterAnchor key={s.status} to={link.to} params={{ companyId }} search={link.search as never} size="xs">
                  {statusName(s.status)}: {count(s.count)}
                </RouterAnchor>
              );
            })}
          </Group>
        }
        table={
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.charts.status')}</Table.Th>
                <Table.Th>{t('dashboard.charts.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.orders_by_status.map((s) => (
                <Table.Tr key={s.status}>
                  <Table.Td>{statusName(s.status)}</Table.Td>
                  <Table.Td>{count(s.count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        }
      />

      <ChartCard
        id="deliveries"
        title={t('dashboard.charts.deliveriesPerHour')}
        alt={t('dashboard.charts.deliveriesPerHourAlt')}
        empty={o.deliveries_per_hour.every((h) => deliveries.every((k) => h[k] === 0))}
        chart={
          <BarChart
            h={CHART_HEIGHT}
            data={hours}
            dataKey="label"
            type="stacked"
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 24 }}
            series={deliveries.map((k) => ({ name: k, label: t(`dashboard.charts.${k}`), color: deliveryColors[k] }))}
            valueFormatter={count}
            yAxisProps={{ width: 40, allowDecimals: false }}
            accessibilityLayer={false}
            tooltipAnimationDuration={0}
          />
        }
        table={
          <>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.charts.hour')}</Table.Th>
                {deliveries.map((k) => (
                  <Table.Th key={k}>{t(`dashboard.charts.${k}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.deliveries_per_hour.map((h) => (
                <Table.Tr key={h.hour}>
                  <Table.Td>{h.hour}</Table.Td>
                  {deliveries.map((k) => (
                    <Table.Td key={k}>{count(h[k])}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </>
        }
      />
    </SimpleGrid>
  );
}
