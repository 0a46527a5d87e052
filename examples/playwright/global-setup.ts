import { startWorkbench } from 'erp-workbench';

export default async function globalSetup() {
  const workbench = await startWorkbench({ seed: 'demo' });
  process.env.ERP_WORKBENCH_URL = workbench.url;
  process.env.ERP_WORKBENCH_TOKEN = workbench.adminToken;
  return () => workbench.stop();
}
