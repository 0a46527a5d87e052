import type Sharp from 'sharp';

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, native) loads on the first image that needs it (a thumbnail, a resize), not at
 * start-up: most runs never touch it.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Each file is read once; libvips' operation cache would only hold file handles and memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
