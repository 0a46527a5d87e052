import { Menu, shell, type MenuItemConstructorOptions } from 'electron';

/** The listener's HTTPS switch (user setting listenHttps) as the menu shows it. */
export interface HttpsSwitch {
  on: boolean;
  /** The CA file clients trust, when the listener serves HTTPS. */
  caFile: string | undefined;
  /** Stores the new setting and restarts the app (the listener is made at start). */
  set(on: boolean): void;
}

/**
 * The application menu: the platform's usual roles and shortcuts (copy/paste, zoom, full screen,
 * window), nothing of our own that the window does not also offer. Help opens pages in the
 * system browser, never inside the app window.
 */
export function installMenu(links: { restBaseUrl: () => string }, https?: HttpsSwitch): void {
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
    ...(https
      ? [
          {
            label: 'Service',
            submenu: [
              { label: 'Serve over HTTPS (restarts the app)', type: 'checkbox' as const, checked: https.on, click: () => https.set(!https.on) },
              {
                label: 'Show the CA certificate file',
                enabled: https.caFile !== undefined,
                click: () => https.caFile && shell.showItemInFolder(https.caFile),
              },
            ],
          },
        ]
      : []),
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
