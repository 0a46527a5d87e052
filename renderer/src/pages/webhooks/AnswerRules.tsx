import { Alert, Code, List } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { IconInfo } from '../../app/shell/icons.tsx';

/**
 * The spec's answer table in plain words (it differs from most webhook senders), three short
 * lines in the page header: the table below keeps the whole height of the window.
 */
export function AnswerRules() {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="blue" role="note" aria-label={t('webhookLog.rules.title')} icon={<IconInfo />} data-testid="webhook-rules" py={6} px="sm" maw={640}>
      <List size="xs" spacing={0}>
        <List.Item>
          <Trans i18nKey="webhookLog.rules.rule200" components={{ code: <Code fz="xs" /> }} />
        </List.Item>
        <List.Item>
          <Trans i18nKey="webhookLog.rules.rule4xx" components={{ strong: <strong /> }} />
        </List.Item>
        <List.Item>
          <Trans i18nKey="webhookLog.rules.ruleOther" components={{ strong: <strong /> }} />
        </List.Item>
      </List>
    </Alert>
  );
}
