import type { ReactNode } from 'react';
import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SCREENS, type ScreenId } from '../nav.ts';

/** The screen's title (the page's one h1), what it shows, and room for its actions. */
export function PageHeader({ screen, children }: { screen: ScreenId; children?: ReactNode }) {
  const { t } = useTranslation();
  const Icon = SCREENS[screen].icon;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="lg" gap="md">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1}>{t(`screens.${screen}.title`)}</Title>
          <Text size="sm" c="dimmed">
            {t(`screens.${screen}.description`)}
          </Text>
        </Stack>
      </Group>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}
