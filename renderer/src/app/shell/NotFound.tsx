import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** An address that names no screen (an old bookmark, a typo). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Center mih={320}>
      <Stack align="center" gap="xs">
        <Title order={1}>{t('shell.notFound')}</Title>
        <Text c="dimmed">{t('shell.notFoundHint')}</Text>
        <Button component={Link} to="/" mt="sm" variant="light">
          {t('shell.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
