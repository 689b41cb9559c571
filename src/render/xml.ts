// Text and numbers made safe for SVG and HTML. Node text is user data: it is escaped everywhere,
// and characters XML 1.0 forbids (control codes, lone surrogates) become U+FFFD.

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Anything escapeXml changes; most text has none, and is returned at once. */
const SPECIAL = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Escapes text for element content and attribute values alike. */
export function escapeXml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(FORBIDDEN, '\uFFFD').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A coordinate: at most one decimal, never `-0`. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Adlam}\p{Script=Samaritan}\p{Script=Mandaic}]/u;
const LETTER = /\p{L}/u;

/** Whether a line reads right to left: its first letter belongs to a right-to-left script. */
export function isRightToLeft(line: string): boolean {
  const first = LETTER.exec(line);
  return first !== null && RTL_LETTER.test(first[0]);
}
