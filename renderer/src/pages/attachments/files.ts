/** A file's content as base64 (what attachments.upload carries), without the data: prefix. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('the file cannot be read'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** Hands base64 content to the browser's (or the desktop window's) download, as `fileName`. */
export function saveBase64(fileName: string, contentType: string, base64: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveBlob(fileName, new Blob([bytes], { type: contentType || 'application/octet-stream' }));
}

/** Hands a blob (a file, a CSV made here) to the browser's (or the desktop window's) download, as `fileName`. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the time the click handler returns; free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Sizes are written as Romania writes numbers (app/format.ts). */
export { formatBytes } from '../../app/format.ts';

/** A name for the attachment.progress events of one upload. */
export function newUploadId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
