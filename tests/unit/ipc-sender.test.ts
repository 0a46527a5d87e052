import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { foreignSenderMessage, installPermissionPolicy, isOwnRenderer, isPermissionGranted, type PermissionSession } from '../../electron/main/ipc-sender.ts';

// Where a packaged app's page lives: inside app.asar, under a folder with a space in its name.
const OWN = pathToFileURL('/opt/ERP Workbench/resources/app.asar/dist/renderer/index.html').href;

describe('isOwnRenderer: the IPC sender is the app page', () => {
  it('accepts the page with the router fragment or a query', () => {
    expect(isOwnRenderer(OWN, OWN)).toBe(true);
    expect(isOwnRenderer(`${OWN}#/c/1/documents/sales?open=3`, OWN)).toBe(true);
    expect(isOwnRenderer(`${OWN}?token=x`, OWN)).toBe(true);
  });

  it('accepts the same path percent-encoded differently (Chromium and Node encode other sets)', () => {
    expect(isOwnRenderer('file:///opt/ERP%20Workbench/resources/app.asar/dist/renderer/index.html', OWN)).toBe(true);
    expect(isOwnRenderer('file:///opt/ERP%20Workbench/resources/app.asar/dist/renderer/%69ndex.html', OWN)).toBe(true);
    const accented = pathToFileURL('/home/ioană/app/dist/renderer/index.html').href;
    expect(isOwnRenderer('file:///home/ioan%C4%83/app/dist/renderer/index.html', accented)).toBe(true);
  });

  it('refuses every other page, scheme, file or frame without a URL', () => {
    for (const url of [
      undefined,
      '',
      'about:blank',
      'http://127.0.0.1:8080/',
      'http://127.0.0.1:8080/index.html',
      'https://evil.test/opt/ERP%20Workbench/resources/app.asar/dist/renderer/index.html',
      'file:///opt/ERP%20Workbench/resources/app.asar/dist/renderer/other.html',
      'file:///opt/ERP%20Workbench/resources/app.asar/dist/renderer/index.html/..',
      'file:///tmp/index.html',
      'file://server/opt/ERP%20Workbench/resources/app.asar/dist/renderer/index.html',
      'file:///opt/ERP%20Workbench/resources/app.asar/dist%2frenderer/index.html',
      'file:///opt/ERP%20Workbench/resources/app.asar/dist/renderer/index.html%00',
      'file:///opt/ERP%E0%A4%A/resources/app.asar/dist/renderer/index.html',
      'data:text/html,<p>hi</p>',
      'not a url',
    ]) {
      expect(isOwnRenderer(url, OWN), String(url)).toBe(false);
    }
  });

  it('compares without case only where file names ignore it (Windows)', () => {
    const windows = 'file:///C:/Program%20Files/ERP%20Workbench/resources/app.asar/dist/renderer/index.html';
    const reported = 'file:///c:/program%20files/erp%20workbench/resources/app.asar/dist/renderer/index.html';
    expect(isOwnRenderer(reported, windows, true)).toBe(true);
    expect(isOwnRenderer(reported, windows, false)).toBe(false);
  });

  it('names the refused sender', () => {
    expect(foreignSenderMessage('https://evil.test/')).toMatch(/own page only, not https:\/\/evil\.test\/$/);
    expect(foreignSenderMessage(undefined)).toMatch(/not a frame without a URL$/);
  });
});

describe('permissions: none but writing the clipboard, for the app page only', () => {
  it('grants clipboard-sanitized-write to the app page and nothing else to anyone', () => {
    expect(isPermissionGranted('clipboard-sanitized-write', `${OWN}#/c/1`, OWN)).toBe(true);
    expect(isPermissionGranted('clipboard-sanitized-write', 'https://evil.test/', OWN)).toBe(false);
    expect(isPermissionGranted('clipboard-sanitized-write', undefined, OWN)).toBe(false);
    for (const permission of ['clipboard-read', 'media', 'geolocation', 'notifications', 'midiSysex', 'hid', 'serial', 'usb', 'openExternal', 'fullscreen', 'unknown']) {
      expect(isPermissionGranted(permission, OWN, OWN), permission).toBe(false);
    }
  });

  it('installs the same answer for requests and checks, and denies devices', () => {
    let request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | undefined;
    let device: Parameters<PermissionSession['setDevicePermissionHandler']>[0] | undefined;
    installPermissionPolicy(
      {
        setPermissionRequestHandler: (handler) => (request = handler),
        setPermissionCheckHandler: (handler) => (check = handler),
        setDevicePermissionHandler: (handler) => (device = handler),
      },
      OWN,
    );
    const asked = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined;
      request!(null, permission, (answer) => (granted = answer), { requestingUrl });
      return granted;
    };
    expect(asked('media', OWN)).toBe(false);
    expect(asked('clipboard-sanitized-write', OWN)).toBe(true);
    expect(asked('clipboard-sanitized-write', 'http://127.0.0.1:8080/')).toBe(false);
    expect(check!(null, 'notifications', 'file://', { requestingUrl: OWN })).toBe(false);
    expect(check!(null, 'clipboard-sanitized-write', 'file://', { requestingUrl: OWN })).toBe(true);
    expect(check!(null, 'clipboard-sanitized-write', 'file://', {})).toBe(false);
    expect(device!({ deviceType: 'usb', origin: 'file://' })).toBe(false);
  });
});
