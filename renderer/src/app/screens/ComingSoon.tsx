import { Badge, Card, Code, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { SCREENS, type ScreenDef, type ScreenId } from '../nav.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { IconTool } from '../shell/icons.tsx';

/**
 * A screen whose list is still being built: says so plainly, names the operation it will show,
 * and shows the filters the address already carries (the route validates them today, so links
 * made now keep working when the list arrives).
 */
export function ComingSoon({ screen }: { screen: ScreenId }) {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const operation = (SCREENS[screen] as ScreenDef).operation;
  const filters = Object.entries(search).filter(([, value]) => value !== undefined);
  const title = t(`screens.${screen}.title`);
  return (
    <>
      <PageHeader screen={screen} />
      <Card padding="xl" data-testid="coming-soon">
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color="indigo" aria-hidden>
            <IconTool size={24} />
          </ThemeIcon>
          <Stack gap="sm" style={{ flex: 1 }}>
            <Title order={2}>{t('placeholder.title', { screen: title })}</Title>
            <Text size="sm">
              {operation ? <Trans i18nKey="placeholder.body" values={{ operation }} components={{ code: <Code /> }} /> : t('placeholder.bodyNoList')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('placeholder.address')}
            </Text>
            <Group gap="xs" data-testid="url-filters">
              <Text size="sm" fw={500}>
                {t('placeholder.filters')}:
              </Text>
              {filters.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('placeholder.noFilters')}
                </Text>
              ) : (
                filters.map(([key, value]) => (
                  <Badge key={key} variant="light" color="gray" tt="none" radius="sm">
                    {key === 'open' ? `${t('placeholder.openRecord')}: ${String(value)}` : `${key} = ${String(value)}`}
                  </Badge>
                ))
              )}
            </Group>
          </Stack>
        </Group>
      </Card>
      <Stack gap={10} mt="xl" aria-hidden>
        <Skeleton height={34} radius="sm" animate={false} />
        {[0.92, 0.85, 0.9, 0.8, 0.88, 0.83].map((width, i) => (
          <Skeleton key={i} height={22} width={`${width * 100}%`} radius="sm" animate={false} />
        ))}
      </Stack>
    </>
  );
}
