import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import classes from './detail.module.css';

/**
 * A list screen's body: the table fills the height left under the header, and the open
 * record's DetailPanel sits on its right (below it on a narrow window). The table keeps its
 * width when the panel opens or closes, so nothing jumps under the cursor.
 */
export function ListDetailLayout({ table, detail }: { table: ReactNode; detail?: ReactNode }) {
  return (
    <Box className={classes.layout} data-has-detail={detail ? 'true' : 'false'}>
      <div className={classes.table}>{table}</div>
      {detail && <div className={classes.detail}>{detail}</div>}
    </Box>
  );
}
