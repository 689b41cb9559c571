// A node card's size without a DOM (the CLI's SVG renderer, tests, benches): a fixed width,
// the text wrapped at an average character width, plus a header row (kind, status) and a
// footer row (id, contributors, counts). The SVG renderer draws exactly the lines `wrapText`
// returns, so what is measured here is what is drawn.

export const CARD_WIDTH = 240;
export const CARD_PADDING_X = 12;
export const CARD_PADDING_Y = 10;
export const TEXT_FONT_SIZE = 13;
/** Average advance of a 13 px sans-serif character, generous so real text rarely overflows. */
export const TEXT_CHAR_WIDTH = 7;
export const TEXT_LINE_HEIGHT = 18;
export const HEADER_FONT_SIZE = 11;
export const HEADER_CHAR_WIDTH = 6.5;
export const HEADER_ROW_HEIGHT = 20;
export const FOOTER_ROW_HEIGHT = 20;
/** Room the header keeps on its right for the status label ("disputed" and its icon). */
export const HEADER_STATUS_WIDTH = 64;

/** Characters of body text that fit on one line of a card of the given width. */
export function charsPerLine(width = CARD_WIDTH): number {
  return Math.max(1, Math.floor((width - 2 * CARD_PADDING_X) / TEXT_CHAR_WIDTH));
}

/**
 * Greedy word wrap. Line breaks in the text are kept, runs of spaces collapse to one, and a
 * word longer than a line is cut into line-sized pieces. Blank text gives no lines.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const width = Math.max(1, Math.floor(maxChars));
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = paragraph.split(/\s+/).filter((word) => word !== '');
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      const pieces = cutWord(word, width);
      for (const piece of pieces) {
        if (line === '') line = piece;
        else if (line.length + 1 + piece.length <= width) line += ` ${piece}`;
        else {
          lines.push(line);
          line = piece;
        }
      }
    }
    lines.push(line);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines;
}

/** Cuts by code point, so a surrogate pair (emoji, rare CJK) is never split in two. */
function cutWord(word: string, width: number): string[] {
  const chars = Array.from(word);
  if (chars.length <= width) return [word];
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += width) pieces.push(chars.slice(i, i + width).join(''));
  return pieces;
}

export interface NodeSizeEstimate {
  width: number;
  height: number;
  /** The wrapped body text, exactly as it should be drawn. */
  lines: string[];
  /** The kind in plain words, wrapped to the header's width (one row unless very long). */
  headerLines: string[];
}

export interface EstimateOptions {
  /** Extra footer rows the caller draws (trace chips, assumption notes); 0 by default. */
  extraRows?: number;
  width?: number;
}

/** Size of a node card showing `kind` in its header and `text` as its body. */
export function estimateNodeSize(
  kind: string,
  text: string,
  options: EstimateOptions = {},
): NodeSizeEstimate {
  const width = options.width ?? CARD_WIDTH;
  const lines = wrapText(text, charsPerLine(width));
  const headerChars = Math.max(
    1,
    Math.floor((width - 2 * CARD_PADDING_X - HEADER_STATUS_WIDTH) / HEADER_CHAR_WIDTH),
  );
  const headerLines = wrapText(kind.replace(/_/g, ' '), headerChars);
  const headerRows = Math.max(1, headerLines.length);
  const footerRows = 1 + Math.max(0, Math.floor(options.extraRows ?? 0));
  const height =
    2 * CARD_PADDING_Y +
    headerRows * HEADER_ROW_HEIGHT +
    Math.max(1, lines.length) * TEXT_LINE_HEIGHT +
    footerRows * FOOTER_ROW_HEIGHT;
  return { width, height, lines, headerLines };
}
