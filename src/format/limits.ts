// Bounds that keep a hostile or broken file from hanging the editor or the command line.

/** Files larger than this are refused before parsing. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Values reached through aliases, counted with repetition; an alias bomb stops here. */
export const MAX_ALIAS_VALUES = 1_000_000;

/** Nesting deeper than this is refused (a real working file is about eight levels deep). */
export const MAX_DEPTH = 200;

export function describeBytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
