import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '../../scripts/bench/args.ts';
import { csvRecordCounter, xmlRecordCounter } from '../../scripts/bench/exports.ts';
import { lastJsonLine } from '../../scripts/bench/external.ts';
import { parseStat, parseStatusMb } from '../../scripts/bench/proc-stats.ts';
import { atMost, marker, ratioCheck, ratiosOf, under } from '../../scripts/bench/report.ts';
import { shuffledCycle } from '../../scripts/bench/requests.ts';

// The pure parts of npm run bench (scripts/bench/): what it reads from /proc, how it turns
// figures into ratios and markers, how it counts exported rows. No durations.

describe('/proc parsing', () => {
  it('reads utime + stime after the command name, whatever the name holds', () => {
    const fields = (comm: string) => `4242 (${comm}) S 1 4242 4242 0 -1 4194560 1000 0 0 0 1234 567 0 0 20 0 11 0 100 1000 200`;
    expect(parseStat(fields('node'))).toEqual({ ticks: 1801 });
    expect(parseStat(fields('a (b) c'))).toEqual({ ticks: 1801 });
  });
  it('refuses what is not a stat line', () => {
    expect(() => parseStat('nothing here')).toThrow();
  });
  it('reads VmRSS and VmHWM in MB', () => {
    const status = 'Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t11\n';
    expect(parseStatusMb(status, 'VmRSS')).toBe(100);
    expect(parseStatusMb(status, 'VmHWM')).toBe(200);
    expect(parseStatusMb('Name:\tzombie\n', 'VmRSS')).toBeUndefined();
  });
});

describe('ratios and markers', () => {
  it('puts the service over the baseline for rates and the baseline over the service for CPU', () => {
    expect(ratiosOf({ rate: 1000, cpu_us: 200 }, { rate: 4000, cpu_us: 50 })).toEqual({ rate: 0.25, cpu: 0.25 });
    expect(ratiosOf({ rate: 1000 }, { rate: 0 })).toEqual({ rate: 0, cpu: 0 });
  });
  it('judges a ratio target on the lower of the two ratios', () => {
    expect(ratioCheck({ rate: 0.9, cpu: 0.6 }, 0.5)).toEqual({ label: '>=0.5x', ok: true });
    expect(ratioCheck({ rate: 0.9, cpu: 0.4 }, 0.5).ok).toBe(false);
    expect(ratioCheck({ rate: 0.4, cpu: 0.9 }, 0.5).ok).toBe(false);
  });
  it('marks PASS or BELOW with the target', () => {
    expect(marker(under('p99', 9, 10))).toBe('PASS p99<10');
    expect(marker(under('p99', 10, 10))).toBe('BELOW p99<10');
    expect(marker(atMost('s', 30, 30))).toBe('PASS s<=30');
  });
});

describe('exported rows', () => {
  it('counts CSV records, not line feeds inside quoted fields, across chunks', () => {
    const counter = csvRecordCounter();
    const text = 'id,text\r\n1,"two\nlines"\r\n2,"a ""quote"""\r\n3,plain\r\n';
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += 5) counter.add(bytes.subarray(at, at + 5));
    expect(counter.records).toBe(4); // the header and three rows
  });
  it('counts XML products split anywhere', () => {
    const counter = xmlRecordCounter();
    const bytes = Buffer.from('<products>\n<product><a>x\ny</a></product>\n<product><a/></product>\n</products>\n');
    for (let at = 0; at < bytes.length; at += 3) counter.add(bytes.subarray(at, at + 3));
    expect(counter.records).toBe(2);
  });
});

describe('the command line', () => {
  it('keeps the old flags with their defaults and adds --only and --soak', () => {
    const options = parseBenchArgs([]);
    expect(options).toMatchObject({ scale: 1000, duration: 10, connections: 10, soak: 0, warmup: 1 });
    expect(options.dataDir).toMatch(/bench-results\/data-scale-1000$/);
    expect(options.only.has('soak')).toBe(false);
    expect([...parseBenchArgs(['--only', 'lists,writes', '--scale', '20', '--data', '/tmp/x']).only]).toEqual(['lists', 'writes']);
    expect(parseBenchArgs(['--only', 'soak', '--soak', '60']).only.has('soak')).toBe(true);
  });
  it('refuses unknown sections, a soak without seconds and bad numbers', () => {
    expect(() => parseBenchArgs(['--only', 'everything'])).toThrow(/--only/);
    expect(() => parseBenchArgs(['--only', 'soak'])).toThrow(/--soak/);
    expect(() => parseBenchArgs(['--duration', '0'])).toThrow(/--duration/);
    expect(() => parseBenchArgs(['--scale', '1.5'])).toThrow(/--scale/);
  });
});

describe('helpers', () => {
  it('cycles through every value once per pass, reproducibly', () => {
    const next = shuffledCycle(5, 3);
    const first = Array.from({ length: 5 }, next);
    expect([...first].sort()).toEqual([0, 1, 2, 3, 4]);
    const again = shuffledCycle(5, 3);
    expect(Array.from({ length: 5 }, again)).toEqual(first);
    expect([...Array.from({ length: 5 }, next)].sort()).toEqual([0, 1, 2, 3, 4]);
  });
  it("reads the last JSON line of a script's output", () => {
    expect(lastJsonLine('seeding...\n{"seconds": 1.5}\n')).toEqual({ seconds: 1.5 });
    expect(lastJsonLine('{broken\nno json')).toBeUndefined();
  });
});
