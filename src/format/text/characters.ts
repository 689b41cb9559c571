// YAML 1.2 (section 5.1) allows only printable characters in a file: tab, line breaks, and
// everything from space up except DEL, the C1 controls (NEL excepted), surrogates and U+FFFE/F.
// Each other one is reported where it stands, so that a stray NUL or escape is found and removed.
import type { Diagnostic } from '../model/types';

const FORBIDDEN = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Past this many, one more diagnostic says how many there are in all. */
const MAX_REPORTED = 50;

const NAMES: { [code: number]: string } = {
  0x00: 'NUL',
  0x07: 'BEL',
  0x08: 'backspace',
  0x0b: 'vertical tab',
  0x0c: 'form feed',
  0x1b: 'ESC',
  0x7f: 'DEL',
  0xfffe: 'a noncharacter',
  0xffff: 'a noncharacter',
};

export function describeCharacter(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code >= 0xd800 && code <= 0xdfff) return `${hex} (half of a surrogate pair)`;
  const name = NAMES[code] ?? (code < 0x20 || (code >= 0x7f && code <= 0x9f) ? 'a control character' : undefined);
  return name ? `${hex} (${name})` : hex;
}

/** Every forbidden character of `text` as an error, positioned by `at`. */
export function forbiddenCharacters(text: string, at: (offset: number) => { line: number; column: number }): Diagnostic[] {
  FORBIDDEN.lastIndex = 0;
  if (!FORBIDDEN.test(text)) return [];
  FORBIDDEN.lastIndex = 0;
  const found: Diagnostic[] = [];
  let total = 0;
  for (let match = FORBIDDEN.exec(text); match !== null; match = FORBIDDEN.exec(text)) {
    total++;
    if (found.length < MAX_REPORTED) {
      found.push({
        severity: 'error',
        code: 'forbidden-character',
        message: `The file holds the character ${describeCharacter(match[0].charCodeAt(0))}, which YAML does not allow in a file; delete it, or write it as an escape such as "\\x07" inside double quotes.`,
        path: '',
        ...at(match.index),
      });
    }
  }
  if (total > MAX_REPORTED) {
    const last = found[found.length - 1]!;
    found.push({
      severity: 'error',
      code: 'forbidden-character',
      message: `In all the file holds ${total.toLocaleString('en-US')} characters YAML does not allow; only the first ${MAX_REPORTED} are listed. Is it a text file?`,
      path: '',
      line: last.line,
      column: last.column,
    });
  }
  return found;
}
