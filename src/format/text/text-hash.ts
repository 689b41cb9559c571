// Two 32-bit hashes of a run of 32-bit words (UTF-16 code units, or numbers' bits), FNV-1a and a
// multiply-xorshift, carried on one word at a time: together enough to tell texts and inputs apart
// where a short fingerprint or a cache key is wanted, the same in Node and in the page.

/** The first hash's start and step. */
export const HASH_A_START = 0x811c9dc5;
export function hashStepA(a: number, word: number): number {
  return Math.imul(a ^ word, 0x01000193);
}

/** The second hash's start and step. */
export const HASH_B_START = 0x9e3779b9;
export function hashStepB(b: number, word: number): number {
  return Math.imul(b ^ word, 0x5bd1e995) ^ (b >>> 15);
}

/** Both hashes carried over the UTF-16 code units of `text`, from the starts given. */
export function hashCodeUnits(text: string, a: number, b: number): [number, number] {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = hashStepA(a, code);
    b = hashStepB(b, code);
  }
  return [a, b];
}
