import { isOperationError } from '../../../../shared/contract/errors.ts';
import type { DownloadLimits } from '../../../../shared/domain/images.ts';
import { getFollowingRedirects, OutboundFailure, type Reach, type Resolver } from '../../outbound/index.ts';
import { detectImage, type ImageKind } from './content.ts';

export interface Downloaded {
  content: Buffer;
  /** What the content is, by its bytes. */
  kind: ImageKind;
  /** Where the bytes came from after the redirects. */
  finalUrl: string;
}

const ACCEPT = 'image/jpeg, image/png, image/gif, image/webp, image/*;q=0.8';

/**
 * A real HTTP(S) download of an image URL under the outbound policy (`target.reach`; the URL as
 * the caller wrote it in `target.written`), bounded: the
 * whole exchange (resolution and redirects included) within limits.timeoutMs, at most
 * limits.maxRedirects redirects (http(s) only, each hop checked again), at most limits.maxBytes
 * of body (the reading stops there), a 2xx answer whose Content-Type is image/* and whose
 * content is a JPEG, PNG, GIF or WebP image.
 *
 * Throws AddressNotAllowed (outbound/policy.ts) for a refused host, OutboundFailure (its message
 * says why, for the admin) for every other failure. Neither message is for a REST caller: what
 * a target answered (its status, its type, whether it listens at all) must not reach someone who
 * could use the service to probe the network around it.
 */
export async function downloadImage(
  url: URL,
  limits: DownloadLimits,
  target: { reach: Reach; written: string; resolve?: Resolver },
): Promise<Downloaded> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new OutboundFailure(`took longer than ${limits.timeoutMs / 1000} s; stopped`)), limits.timeoutMs);
  try {
    const { response, url: finalUrl } = await getFollowingRedirects(url, {
      reach: target.reach,
      written: target.written,
      maxRedirects: limits.maxRedirects,
      signal: controller.signal,
      headers: { accept: ACCEPT },
      ...(target.resolve && { resolve: target.resolve }),
    });
    const where = finalUrl.href;
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.destroy();
      throw new OutboundFailure(`${where} answered HTTP ${status}`);
    }
    const contentType = (response.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (!contentType.startsWith('image/')) {
      response.destroy();
      throw new OutboundFailure(`${where} answered Content-Type '${contentType || 'none'}', not an image/* type`);
    }
    const declared = Number(response.headers['content-length'] ?? Number.NaN);
    if (declared > limits.maxBytes) {
      response.destroy();
      throw new OutboundFailure(`${where} is ${declared} bytes, larger than the limit of ${limits.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        response.destroy();
        throw new OutboundFailure(`${where} is larger than the limit of ${limits.maxBytes} bytes; stopped`);
      }
      chunks.push(chunk);
    }
    const content = Buffer.concat(chunks, size);
    let kind: ImageKind;
    try {
      kind = await detectImage(content, `the content of ${where}`);
    } catch (error) {
      throw new OutboundFailure(isOperationError(error) ? error.message : String(error));
    }
    return { content, kind, finalUrl: where };
  } catch (error) {
    // The timer's reason says what happened; the request's own AbortError does not.
    if (controller.signal.aborted && controller.signal.reason instanceof OutboundFailure) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** What went wrong, for the admin's log line. */
export function failureDetail(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
