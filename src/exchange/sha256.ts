// The SHA-256 of a source's bytes (its UTF-8 text), kept in import_context so anyone can tell
// which version of a source a working file came from.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(text)));
}
