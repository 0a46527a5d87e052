import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { nextDelayMs, outcomeOf, withJitter } from '../../electron/core/webhooks/schedule.ts';
import { ReceiverBreaker } from '../../electron/core/webhooks/breaker.ts';
import { generateSecret, isValidSecret, signatureHeaders } from '../../electron/core/webhooks/signing.ts';
import { DEFAULT_RETRY_SCHEDULE_S } from '../../shared/domain/settings.ts';

describe("the spec's answer table", () => {
  it.each([
    [200, 'delivered'],
    [400, 'permanent_failure'],
    [404, 'permanent_failure'],
    [410, 'permanent_failure'],
    [429, 'permanent_failure'],
    [499, 'permanent_failure'],
    [201, 'transient_failure'],
    [202, 'transient_failure'],
    [204, 'transient_failure'],
    [301, 'transient_failure'],
    [302, 'transient_failure'],
    [500, 'transient_failure'],
    [503, 'transient_failure'],
    [null, 'transient_failure'],
  ] as const)('%s -> %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});

describe('the retry schedule', () => {
  it('by default grows to 12 h and spans about three days in 15 attempts', () => {
    const total = DEFAULT_RETRY_SCHEDULE_S.reduce((a, b) => a + b, 0);
    expect(total / 86_400).toBeGreaterThan(2.9);
    expect(total / 86_400).toBeLessThan(3.5);
    expect(DEFAULT_RETRY_SCHEDULE_S).toHaveLength(14);
    for (let i = 1; i < DEFAULT_RETRY_SCHEDULE_S.length; i++) expect(DEFAULT_RETRY_SCHEDULE_S[i]).toBeGreaterThanOrEqual(DEFAULT_RETRY_SCHEDULE_S[i - 1]!);
  });

  it('jitters each delay by +-20% and ends when the schedule is used up', () => {
    expect(withJitter(10, () => 0)).toBe(8000);
    expect(withJitter(10, () => 1)).toBe(12000);
    expect(nextDelayMs([5, 60], 1, () => 0.5)).toBe(5000);
    expect(nextDelayMs([5, 60], 2, () => 0.5)).toBe(60000);
    expect(nextDelayMs([5, 60], 3)).toBeNull();
  });
});

describe('the pause of a receiver that keeps failing', () => {
  it('pauses after 5 failures without an answer, then lets one probe through; an answer resets it', () => {
    const breaker = new ReceiverBreaker();
    for (let i = 0; i < 4; i++) expect(breaker.record(2, false, 0)).toBe(false);
    expect(breaker.allowance(2, 8, 0)).toBe(8);
    expect(breaker.record(2, false, 0)).toBe(true);
    expect(breaker.allowance(2, 8, 500)).toBe(0);
    expect(breaker.paused(500)).toEqual([2]);
    expect(breaker.nextResume(500)).toBe(1000);
    expect(breaker.allowance(2, 8, 1000)).toBe(1);
    expect(breaker.allowance(1, 8, 500)).toBe(8); // other connectors are untouched
    breaker.record(2, false, 1000); // the probe failed: twice as long
    expect(breaker.nextResume(1000)).toBe(3000);
    breaker.record(2, true, 3000);
    expect(breaker.allowance(2, 8, 3000)).toBe(8);
  });
});

describe('signing', () => {
  it('accepts Standard Webhooks secrets only', () => {
    expect(isValidSecret(generateSecret())).toBe(true);
    expect(isValidSecret('whsec_short')).toBe(false);
    expect(isValidSecret('top-secret-but-not-base64')).toBe(false);
    expect(isValidSecret(`whsec_${Buffer.alloc(100).toString('base64')}`)).toBe(false);
  });

  it('makes headers that the standardwebhooks library verifies', () => {
    const secret = generateSecret();
    const body = JSON.stringify({ notification_type: 'status', order_unique_id: 'A-1', status_text: 'packed' });
    const headers = signatureHeaders(secret, 'msg_abc', new Date(), body);
    expect(Object.keys(headers)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
