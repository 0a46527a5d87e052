import { useEffect, useState } from 'react';
import { Progress } from '@mantine/core';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import classes from './shell.module.css';

/** Work shorter than this shows nothing (a flash would be noise); longer work shows the bar. */
const SHOW_AFTER_MS = 300;

/**
 * A thin bar under the header while the window waits for the core for more than 300 ms: any
 * read (a table window, a detail) or write (an action) under way.
 */
export function ActivityBar() {
  const { t } = useTranslation();
  const busy = useIsFetching() + useIsMutating() > 0;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return <Progress className={classes.activity} value={100} animated striped size={3} radius={0} aria-label={t('common.loading')} data-testid="activity-bar" />;
}
