import { Menu, shell, type MenuItemConstructorOptions } from 'electron';

/**
 * The application menu: the platform's usual roles and shortcuts (copy/paste, zoom, full screen,
 * window), nothing of our own that the window does not also offer. Help opens pages in the
 * system browser, never inside the app window.
 */
export function installMenu(links: { restBaseUrl: () => string }): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'OpenAPI document of the REST API', click: () => void shell.openExternal(`${links.restBaseUrl()}openapi.json`) },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
