// Bounds that keep a hostile or broken file from hanging the editor or the command line.

/** Files larger than this are refused before parsing. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Values reached through aliases, counted with repetition; an alias bomb stops here. */
export const MAX_ALIAS_VALUES = 1_000_000;

/**
 * Characters reached through aliases, counted with repetition: a few anchored long texts
 * repeated by nested aliases stay under the value limit yet would expand to gigabytes.
 */
export const MAX_ALIAS_CHARACTERS = 10 * 1024 * 1024;

/** Nesting deeper than this is refused (a real working file is about eight levels deep). */
export const MAX_DEPTH = 200;

/** `20 MB` for whole megabytes; the exact byte count otherwise, so 20 MB + 1 byte reads as more. */
export function describeBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (Number.isInteger(megabytes)) return `${megabytes} MB`;
  return `${bytes.toLocaleString('en-US')} bytes (${megabytes.toFixed(1)} MB)`;
}
