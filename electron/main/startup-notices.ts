import type { StartupMessage } from './startup-messages.ts';

/*
 * What the person is told when the app did start, but not quite as configured: a dialog they
 * close, and the app goes on.
 */

/** config.json could not be read: moved aside, the defaults in use. */
export function settingsSetAsideNotice(settingsFile: string, setAside: { file: string; problem: string }): StartupMessage {
  return {
    title: 'Your settings could not be read',
    message:
      `The settings file ${settingsFile} could not be read (${setAside.problem}). ` +
      `It was moved, unchanged, to ${setAside.file}, and ERP Workbench started with its default settings ` +
      '(listener address, window size, theme and table columns). Your data is not affected.',
    action:
      'Nothing else is needed. To get a setting back, copy it from the moved file into the new config.json ' +
      'while ERP Workbench is closed, or delete the moved file if you do not need it.',
    path: setAside.file,
  };
}

/** The configured listener could not be used; `url` is the one in use now. */
export function listenerMovedNotice(moved: { host: string; port: number; code: string; url: string; settingsFile: string }): StartupMessage {
  const configured = `${moved.host.includes(':') ? `[${moved.host}]` : moved.host}:${moved.port}`;
  const why =
    moved.code === 'EADDRNOTAVAIL'
      ? `${moved.host} is not an address of this machine (any more)`
      : moved.code === 'EACCES'
        ? `Port ${moved.port} needs administrator rights on this system`
        : `Port ${moved.port} is in use by another program (another ERP Workbench started with \`serve\`, or any other server)`;
  const keep =
    moved.code === 'EADDRNOTAVAIL'
      ? `To listen on ${moved.host} again, connect this machine to that network and restart ERP Workbench, or change "listenHost"`
      : moved.code === 'EACCES'
        ? 'To choose a port of your own, change "listenPort" (1024 or above)'
        : `To have port ${moved.port} back, stop the program using it and restart ERP Workbench, or change "listenPort"`;
  return {
    title: `ERP Workbench listens on ${moved.url} instead of ${configured}`,
    message:
      `${why}, so for this session the REST API, the control API and the web UI are at ${moved.url}. ` +
      `Programs set up to call ${configured} do not reach ERP Workbench until it listens there again.`,
    action:
      `The address in use is always shown in the window's sidebar, under Listener (REST base URL, with a copy button). ` +
      `${keep} in ${moved.settingsFile} while ERP Workbench is closed.`,
  };
}
