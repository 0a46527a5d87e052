import { startWorkbench } from 'erp-workbench';

export default async function globalSetup() {
  const workbench = await startWorkbench({ seed: 'demo' });
  // Kept for globalTeardown (same process); the workers read the environment.
  globalThis.erpWorkbench = workbench;
  process.env.ERP_WORKBENCH_URL = workbench.url;
  process.env.ERP_WORKBENCH_TOKEN = workbench.adminToken;
}
