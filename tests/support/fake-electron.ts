/*
 * A stand-in for an Electron binary as far as its fuses go: no binary can be downloaded here, but
 * the fuses are a byte wire after a sentinel that @electron/fuses finds in any file (the
 * sentinel, a version byte, a length byte, then one ASCII '0'/'1' per fuse).
 */

/**
 * @electron/fuses' SENTINEL (dist/constants.js; the package exports only its index), which
 * Electron's build writes before the wire.
 */
export const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/** Electron's defaults for the nine fuses @electron/fuses knows (RunAsNode on ... WasmTrapHandlers on). */
export const STOCK_WIRE = '101100011';

const HEAD = Buffer.alloc(64 * 1024, 0x41);
const TAIL = Buffer.alloc(32 * 1024, 0x5a);

/** The bytes of a fake binary: filler, the wire of an unflipped Electron (or `wire`), filler, then `extra`. */
export function fakeElectron(wire = STOCK_WIRE, extra: Uint8Array = new Uint8Array(0)): Buffer {
  return Buffer.concat([HEAD, Buffer.from(SENTINEL), Buffer.from([1, wire.length]), Buffer.from(wire, 'ascii'), TAIL, extra]);
}
