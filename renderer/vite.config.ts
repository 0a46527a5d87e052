import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The built page gets a strict Content-Security-Policy (Electron warns without one, and the web
 * UI carries an admin token). Only at build time: the dev server injects inline scripts.
 */
function contentSecurityPolicy(): Plugin {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Product images stored as a URL are shown from that URL (any http(s) host); images only:
    // scripts, styles, fetches and frames stay on 'self' (docs/security.md, "The window's page").
    "img-src 'self' data: blob: http: https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
  return {
    name: 'erp-workbench-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
    ],
  };
}

// base './': the desktop window loads index.html from the file system, the headless server at '/'.
export default defineConfig({
  root: here,
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
  },
});
