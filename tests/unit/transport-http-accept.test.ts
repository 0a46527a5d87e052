import { describe, expect, it } from 'vitest';
import { acceptOf } from '../../renderer/src/api/accept.ts';

// A file operation of the control API answers the file itself to an Accept naming its type; a
// recording is application/json, so the Web UI asks for the envelope in other words.

describe('the Web UI transport', () => {
  it('asks a file operation for its envelope, not for application/json', () => {
    expect(acceptOf('recordings.get')).not.toMatch(/application\/json/);
    expect(acceptOf('documents.printPdf')).not.toMatch(/application\/json/);
    expect(acceptOf('proxy.get')).toBe('application/json');
  });
});
