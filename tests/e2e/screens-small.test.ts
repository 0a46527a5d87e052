import { describe, it } from 'vitest';
import { useE2eServer } from './e2e-server.ts';
import { tourEveryScreen } from './screen-tour.ts';

/* Every screen at the smaller common laptop size (the 1440x900 tour is in shell.test.ts). */

const e2e = useE2eServer();

describe('every screen at 1280x720', () => {
  it('reaches every screen from the sidebar; axe finds nothing serious on any, in light or dark', async () => {
    await tourEveryScreen(e2e(), { width: 1280, height: 720 });
  }, 360_000);
});
