import { badRequest, isOperationError } from '../../../../shared/contract/errors.ts';
import type { DownloadLimits } from '../../../../shared/domain/images.ts';

export interface Downloaded {
  content: Buffer;
  /** The answer's Content-Type (an image/* type). */
  contentType: string;
  /** Where the bytes came from after the redirects. */
  finalUrl: string;
}

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * A real HTTP(S) download of an image URL, bounded: the whole exchange (redirects included)
 * within limits.timeoutMs, at most limits.maxRedirects redirects (to http(s) only), at most
 * limits.maxBytes of body (the reading stops there), a 2xx answer whose Content-Type is image/*.
 * Every failure is a 400 naming `field` and the URL; nothing is kept of a failed download.
 */
export async function downloadImage(url: URL, field: string, limits: DownloadLimits): Promise<Downloaded> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const seconds = limits.timeoutMs / 1000;
  const fail = (rule: string) => badRequest(`${field}: ${rule}`);
  let current = url;
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(current, {
        redirect: 'manual',
        signal: controller.signal,
        headers: { accept: 'image/jpeg, image/png, image/gif, image/webp, image/*;q=0.8' },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel();
        if (redirects >= limits.maxRedirects) {
          throw fail(`downloading ${url.href} took more than ${limits.maxRedirects} redirects`);
        }
        let next: URL;
        try {
          next = new URL(response.headers.get('location')!, current);
        } catch {
          throw fail(`${current.href} redirects to an invalid location`);
        }
        if (!isHttp(next)) throw fail(`${current.href} redirects to ${next.protocol} (only http and https are downloaded)`);
        current = next;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw fail(`${current.href} answered HTTP ${response.status}; the image was not downloaded`);
      }
      const contentType = (response.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
      if (!contentType.startsWith('image/')) {
        await response.body?.cancel();
        throw fail(`${current.href} answered Content-Type '${contentType || 'none'}', not an image/* type`);
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > limits.maxBytes) {
        await response.body?.cancel();
        throw fail(`${current.href} is ${declared} bytes, larger than the limit of ${limits.maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
          if (size > limits.maxBytes) {
            await reader.cancel();
            throw fail(`${current.href} is larger than the limit of ${limits.maxBytes} bytes; the download was stopped`);
          }
          chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
        }
      }
      return { content: Buffer.concat(chunks, size), contentType, finalUrl: current.href };
    }
  } catch (error) {
    if (isOperationError(error)) throw error;
    if (controller.signal.aborted) {
      throw fail(`downloading ${url.href} took longer than ${seconds} s; the download was stopped`);
    }
    throw fail(`cannot download ${current.href}: ${describeFailure(error)}`);
  } finally {
    clearTimeout(timer);
  }
}
