import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (webhook-id, webhook-timestamp, webhook-signature), beyond the
 * spec, which shows no signing: only connectors with a secret get these headers, so a
 * connector without one receives exactly the spec's request.
 *
 * Secrets have the Standard Webhooks form `whsec_<base64 of 24 to 64 random bytes>`, which the
 * receivers' libraries (standardwebhooks, svix) take as they are.
 */
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

export function isValidSecret(secret: string): boolean {
  if (!SECRET_PATTERN.test(secret)) return false;
  const bytes = Buffer.from(secret.slice('whsec_'.length), 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/** A new secret of the form the receivers' libraries expect. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const signers = new Map<string, Webhook>();

/** The three headers of one attempt: the id is the delivery's, the timestamp the attempt's. */
export function signatureHeaders(secret: string, webhookId: string, at: Date, body: string): Record<string, string> {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size > 100) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signer.sign(webhookId, at, body),
  };
}
