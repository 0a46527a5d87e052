/*
 * Which page may talk to the main process. The window loads the built renderer from a file
 * (window.ts: loadFile of dist/renderer/index.html, inside app.asar when packaged) and never
 * navigates away (will-navigate is prevented), so the one legitimate sender is that file. A
 * frame showing anything else (a page some bug let in, a frame after navigation) gets nothing:
 * the preload's bridge reaches every core operation, so the check sits where the operations
 * are answered, in the main process, not only in the page.
 *
 * No Electron import here: the checks are plain functions, unit-tested without a binary.
 */

/**
 * Whether `senderUrl` (an IPC event's senderFrame.url) is the app's own renderer page, given
 * `ownUrl`, the file: URL of dist/renderer/index.html (pathToFileURL of the loaded file). The
 * fragment (the router's #/c/1/...) and a query are ignored; the path must be the same file.
 * Both paths are compared decoded, because Chromium and Node percent-encode different sets of
 * characters (a space, an accent in the install folder); on Windows, where file names ignore
 * case, without case.
 */
export function isOwnRenderer(senderUrl: string | undefined, ownUrl: string, ignoreCase = process.platform === 'win32'): boolean {
  if (senderUrl === undefined || senderUrl === '') return false;
  const sender = parseFileUrl(senderUrl);
  const own = parseFileUrl(ownUrl);
  if (sender === undefined || own === undefined) return false;
  return ignoreCase ? sender.toLowerCase() === own.toLowerCase() : sender === own;
}

/** The decoded path of a local file: URL (no host), or undefined for anything else. */
function parseFileUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  // file://server/share/... is a network share, never where the app's own files are.
  if (url.protocol !== 'file:' || url.host !== '') return undefined;
  try {
    const path = decodeURIComponent(url.pathname);
    // An encoded separator or NUL would name another file once decoded.
    return /[\0]/.test(path) || /%2f|%5c/i.test(url.pathname) ? undefined : path;
  } catch {
    return undefined; // malformed percent-encoding
  }
}

/** What an IPC handler answers a sender that is not the app's page. */
export function foreignSenderMessage(senderUrl: string | undefined): string {
  return `refused: the main process answers the application's own page only, not ${senderUrl === undefined || senderUrl === '' ? 'a frame without a URL' : senderUrl}`;
}

/**
 * Web permissions (camera, microphone, geolocation, notifications, MIDI, HID, serial...) the
 * window may have. The page needs one: writing the clipboard (the copy buttons call
 * navigator.clipboard.writeText, which Chromium checks as clipboard-sanitized-write and which a
 * deny-everything handler makes fail with NotAllowedError). It is granted to the app's own
 * page only; Chromium still requires a focused document and a user gesture for it. Reading the
 * clipboard, and everything else, stays denied.
 */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Whether `permission`, asked by a frame showing `requestingUrl`, is granted. */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined, ownUrl: string): boolean {
  return GRANTED_PERMISSIONS.has(permission) && isOwnRenderer(requestingUrl, ownUrl);
}

/** The session calls permission handling needs (Electron's Session has them all). */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl: string }) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string, requestingOrigin: string, details: { requestingUrl?: string }) => boolean): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/**
 * Installs the permission policy on a session: requests (a prompt in a browser) and checks
 * (navigator.permissions.query, and what most APIs consult first) both answer from
 * isPermissionGranted, so a page cannot learn one answer and get another.
 */
export function installPermissionPolicy(session: PermissionSession, ownUrl: string): void {
  session.setPermissionRequestHandler((_webContents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl, ownUrl)),
  );
  session.setPermissionCheckHandler((_webContents, permission, _origin, details) => isPermissionGranted(permission, details.requestingUrl, ownUrl));
  // USB, HID and serial devices: none, whoever asks.
  session.setDevicePermissionHandler(() => false);
}
