// One JSON object per line that every line-based reader splits correctly: JSON allows raw NEL,
// LINE SEPARATOR and PARAGRAPH SEPARATOR inside strings, but many tools treat them as line ends.

export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
