/**
 * CPU time and memory of a process, read from /proc (Linux). The bench measures the server's own
 * process (not npm's, not the load generator's): CPU per answer is the growth of its utime + stime
 * over a run divided by the answers of that run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface CpuTicks {
  /** utime + stime, in clock ticks (see clockTicksPerSecond). */
  ticks: number;
}

/**
 * utime + stime of a /proc/<pid>/stat line. The command name (field 2) is in parentheses and may
 * hold spaces or parentheses itself, so the fields are counted after the last ')'.
 */
export function parseStat(text: string): CpuTicks {
  const close = text.lastIndexOf(')');
  if (close < 0) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  // After ')': field 3 (state) is rest[0], so field n is rest[n - 3]; utime is 14, stime 15.
  const rest = text.slice(close + 1).trim().split(/\s+/);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isInteger(utime) || !Number.isInteger(stime)) throw new Error(`no utime/stime in: ${text.slice(0, 80)}`);
  return { ticks: utime + stime };
}

/** A `Name:   1234 kB` line of /proc/<pid>/status, in MB (undefined when absent). */
export function parseStatusMb(text: string, name: 'VmRSS' | 'VmHWM'): number | undefined {
  const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(text);
  return match ? Number(match[1]) / 1024 : undefined;
}

let ticksPerSecond: number | undefined;

/** USER_HZ (`getconf CLK_TCK`), 100 on nearly every Linux; read once. */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds the process has used so far (all its threads). */
export function cpuSeconds(pid: number): number {
  return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).ticks / clockTicksPerSecond();
}

/** Resident set size now and its peak so far, in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: parseStatusMb(status, 'VmRSS') ?? 0, peak: parseStatusMb(status, 'VmHWM') ?? 0 };
}

/** The cores a process may run on (Cpus_allowed_list of /proc/<pid>/status), e.g. '1' or '0-1'. */
export function allowedCores(pid: number): string {
  return /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '?';
}

/** Whether /proc can be read for this process (Linux); the bench needs it for CPU and RSS. */
export function procAvailable(): boolean {
  try {
    cpuSeconds(process.pid);
    return true;
  } catch {
    return false;
  }
}
