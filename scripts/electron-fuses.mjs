// The afterPack hook electron-builder loads (electron-builder.yml): it imports hooks as
// JavaScript, and the hook is TypeScript (scripts/electron-fuses.ts, typechecked with the
// project), so this loads it through tsx, a dependency already. electron-builder calls the
// export named after the hook, else the default one.
import { tsImport } from 'tsx/esm/api';

const hook = await tsImport('./electron-fuses.ts', import.meta.url);

export const afterPack = hook.afterPack;
export default hook.afterPack;
