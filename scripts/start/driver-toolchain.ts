// What compiling better-sqlite3 for Electron needs when no prebuilt binary can be had: node-gyp
// runs Python (gyp), then make and the C and C++ compilers on Linux and macOS, or Visual Studio's
// build tools on Windows. Checked before anything is downloaded where that is cheap (a PATH
// lookup), and read from node-gyp's output after a failed compile everywhere (Windows' Visual
// Studio lookup is node-gyp's own and is not repeated here).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Whether `command` (a name looked up in PATH, or a path) is an executable file. */
function executable(command: string, env: NodeJS.ProcessEnv): boolean {
  const candidates = isAbsolute(command) ? [command] : (env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, command));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The program of a variable such as CXX="ccache g++": its last word is the compiler. */
function programOf(value: string): string {
  return value.trim().split(/\s+/).pop() ?? value;
}

/**
 * The tools a compile needs that this machine lacks, in words for the message; empty when all are
 * there or when this cannot be told beforehand (Windows). The names are those gyp's Makefiles run:
 * $(CC) and $(CXX), make's defaults cc and g++.
 */
export function missingTools(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'win32') return [];
  if (platform === 'darwin') {
    // /usr/bin/make and clang++ exist as stubs that ask to install the tools: xcode-select tells.
    const tools = spawnSync('xcode-select', ['-p'], { stdio: 'ignore' });
    return tools.status === 0 ? [] : ["Xcode's command line tools"];
  }
  const missing: string[] = [];
  const python = env.npm_config_python || env.PYTHON;
  if (python ? !executable(python, env) : !executable('python3', env) && !executable('python', env)) missing.push('Python 3');
  const make = platform === 'freebsd' || platform === 'openbsd' ? 'gmake' : 'make';
  if (!executable(make, env)) missing.push(make);
  const cc = programOf(env.CC || 'cc');
  const cxx = programOf(env.CXX || 'g++');
  const compilers = [cc, cxx].filter((compiler) => !executable(compiler, env));
  if (compilers.length > 0) missing.push(`a C/C++ compiler (${compilers.join(' and ')})`);
  return missing;
}

/** The tools node-gyp's output says were missing when a compile failed (empty: something else failed). */
export function missingToolsInLog(log: string): string[] {
  const missing: string[] = [];
  if (/Could not find any Python installation to use/i.test(log)) missing.push('Python 3');
  if (/Could not find any Visual Studio installation to use/i.test(log)) missing.push('Visual Studio Build Tools with the "Desktop development with C++" workload');
  if (/not found: g?make\b|\bg?make: (?:command )?not found|spawn g?make ENOENT/i.test(log)) missing.push('make');
  if (/\b(?:g\+\+|c\+\+|clang\+\+|gcc|cc|clang): (?:command )?not found|\b(?:g\+\+|c\+\+|clang\+\+|gcc|cc|clang): No such file or directory/i.test(log)) {
    missing.push('a C/C++ compiler');
  }
  if (/xcrun: error: invalid active developer path|xcode-select: note: No developer tools/i.test(log)) missing.push("Xcode's command line tools");
  return missing;
}

/** How to install the tools on `platform`, as the message's fix. */
export function toolchainFix(platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return "Install Xcode's command line tools (`xcode-select --install`), then run `npm start` again.";
    case 'win32':
      return 'Install Python 3 (python.org) and Visual Studio Build Tools with the "Desktop development with C++" workload (https://github.com/nodejs/node-gyp#on-windows), then run `npm start` again.';
    default:
      return 'Install them (Debian, Ubuntu: `sudo apt install python3 make g++`; Fedora: `sudo dnf install python3 make gcc-c++`; Arch: `sudo pacman -S python make gcc`), then run `npm start` again.';
  }
}
