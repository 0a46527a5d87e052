/** h) the webhook deliveries of scripts/bench-webhooks.ts as a row of the table. */
import { atLeast, ratiosOf, type ReportRow } from './report.ts';

export function webhookRow(webhooks: Record<string, number>): ReportRow {
  const dispatcher = webhooks.dispatcher_per_s ?? 0;
  const bare = webhooks.bare_client_per_s ?? 0;
  const ratios = ratiosOf({ rate: dispatcher }, { rate: bare });
  return {
    section: 'h) webhook deliveries vs a bare node:http client (same receiver, same concurrency)',
    name: 'dispatcher, receiver answering 200',
    unit: 'req/s',
    lines: [
      { server: 'service', rate: dispatcher },
      { server: 'bare', rate: bare },
    ],
    ratios,
    checks: [atLeast('x', ratios.rate, 0.5), atLeast('/s', dispatcher, 2000)],
    note: `beside a dead receiver on connector 2: ${webhooks.dispatcher_beside_dead_receiver_per_s}/s (${webhooks.ratio_beside_dead_receiver}x, target >= 0.9x)`,
    details: webhooks,
  };
}
