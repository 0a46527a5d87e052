import { RULES, type RuleId } from './rules.ts';
import { CLOCK_STEP, type WalkResult } from './walk.ts';

// The failure message of a ledger walk run: each violated rule with the seed, the step and the
// documents involved, then the run's actions, so the run can be read and replayed.

const MAX_PER_RULE = 12;
const MAX_BODY = 400;

const compact = (body: unknown) => {
  if (body === undefined) return '';
  const text = JSON.stringify(body);
  return ` ${text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}...` : text}`;
};

/** The run's findings in words; '' when the run found nothing. */
export function describeRun(result: WalkResult, replay: string): string {
  if (result.findings.length === 0) return '';
  const lines: string[] = [];
  const total = result.findings.reduce((n, f) => n + f.violations.length, 0);
  const rules = [...new Set(result.findings.flatMap((f) => f.violations.map((v) => v.rule)))].sort();
  lines.push(`Ledger walk, seed ${result.seed}: ${total} violation(s) of ${rules.join(', ')} in ${result.findings.length} of ${result.checks} checks (${result.steps} steps).`);
  for (const finding of result.findings) {
    lines.push('', `== seed ${result.seed}, check after step ${finding.step} (clock ${finding.at}) ==`);
    const byRule = new Map<RuleId, string[]>();
    for (const v of finding.violations) byRule.set(v.rule, [...(byRule.get(v.rule) ?? []), v.text]);
    for (const [rule, texts] of [...byRule].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`${rule} (${RULES[rule]}): ${texts.length}`);
      for (const text of texts.slice(0, MAX_PER_RULE)) lines.push(`  - ${rule}, seed ${result.seed}, step ${finding.step}: ${text}`);
      if (texts.length > MAX_PER_RULE) lines.push(`  ... and ${texts.length - MAX_PER_RULE} more`);
    }
  }
  lines.push('', `Replay: ${replay}`, 'Actions of the run (step [clock moved first]: what, request, answer):');
  let moved = '';
  for (const call of result.log) {
    // Each step starts by moving the clock on (PATCH /_sandbox/clock {advance_s}): shown on the step's line.
    if (call.label === CLOCK_STEP && call.status === 200) {
      moved = ` [+${(call.body as { advance_s: number }).advance_s} s]`;
      continue;
    }
    lines.push(`  #${call.step}${moved} ${call.label}: ${call.method} ${call.path}${compact(call.body)} -> ${call.status}${call.note ? ` (${call.note})` : ''}`);
    moved = '';
  }
  return lines.join('\n');
}
