// One ERP Workbench for the whole Jest run: globalSetup starts it in Jest's own process and puts
// its address in the environment, which the test workers inherit; globalTeardown stops it.
export default {
  rootDir: import.meta.dirname,
  testMatch: ['<rootDir>/*.test.cjs'],
  globalSetup: '<rootDir>/global-setup.mjs',
  globalTeardown: '<rootDir>/global-teardown.mjs',
  testTimeout: 30000,
};
