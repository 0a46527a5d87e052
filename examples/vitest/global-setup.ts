import type { TestProject } from 'vitest/node';
import { startWorkbench } from 'erp-workbench';

declare module 'vitest' {
  export interface ProvidedContext {
    erp: { url: string; adminToken: string };
  }
}

// Starts the service in the runner's process (a free port, a temporary data folder) and hands its
// address to every test file; the returned function stops it at the end of the run.
export default async function setup(project: TestProject) {
  const workbench = await startWorkbench({ seed: 'demo' });
  project.provide('erp', { url: workbench.url, adminToken: workbench.adminToken });
  return () => workbench.stop();
}
