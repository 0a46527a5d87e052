import { Badge, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRouteCompanyId } from '../../app/shell/use-company.ts';
import { IconCompare } from '../../app/shell/icons.tsx';
import { useOperation } from '../../api/operations.ts';

/**
 * In the header beside the account picker, while the account in the address is proxied: its
 * data is the real service's, not this workbench's, on every screen. A link to Fidelity.
 */
export function ProxiedBadge() {
  const { t } = useTranslation();
  const companyId = useRouteCompanyId();
  const proxy = useOperation('proxy.get', { company_id: companyId ?? 0 }, { enabled: companyId !== undefined, retry: false });
  const url = proxy.data?.upstream_url;
  if (!companyId || !url) return null;
  const label = t('fidelity.badge.title', { id: companyId, url });
  return (
    <Tooltip label={label} withArrow multiline maw={360}>
      <Badge
        renderRoot={(props) => <Link to="/c/$companyId/settings/fidelity" params={{ companyId }} aria-label={label} {...props} />}
        // A darker orange than the theme's: white on orange.9 is 4.3:1, below AA for this small text.
        color="#c2410c"
        variant="filled"
        size="lg"
        radius="sm"
        tt="none"
        leftSection={<IconCompare size={14} />}
        style={{ cursor: 'pointer', flexShrink: 0 }}
        data-testid="proxied-badge"
      >
        {t('fidelity.badge.label')}
      </Badge>
    </Tooltip>
  );
}
