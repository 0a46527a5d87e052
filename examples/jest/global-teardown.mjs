export default async function globalTeardown() {
  await globalThis.erpWorkbench?.stop();
}
