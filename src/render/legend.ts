// The small key under a diagram: only what the diagram uses, each sign beside its meaning in words.
import { MARKS, MUTED, TRACE_INK, type Mark } from './palette';
import { escapeXml, num } from './xml';

export type LegendSign = Mark | 'arrow' | 'and' | 'conflict' | 'order' | 'trace' | 'note';

export interface LegendEntry {
  sign: LegendSign;
  text: string;
  /** Start a new row with this entry. */
  newRow?: boolean;
}

const CHAR = 5.9;
const ROW = 24;
const GAP = 8;
const SPACING = 26;

function signWidth(sign: LegendSign): number {
  switch (sign) {
    case 'arrow':
    case 'order':
      return 58;
    case 'conflict':
      return 62;
    case 'and':
      return 34;
    case 'trace':
      return 40;
    case 'note':
      return 30;
    default:
      return MARKS[sign].word.length * 6.6 + 12;
  }
}

function entryWidth(entry: LegendEntry): number {
  return signWidth(entry.sign) + GAP + entry.text.length * CHAR;
}

function drawSign(sign: LegendSign, x: number, y: number): string {
  const mid = y + 8;
  switch (sign) {
    case 'arrow':
      return `<path d="M${num(x)},${num(mid)} L${num(x + 54)},${num(mid)}" stroke="${MARKS.accepted.stroke}" stroke-width="1.6" marker-end="url(#cw-arrow-accepted)"/>`;
    case 'order':
      return `<path d="M${num(x)},${num(mid)} L${num(x + 52)},${num(mid)}" stroke="${MARKS.accepted.stroke}" stroke-width="1.6" marker-end="url(#cw-order-accepted)"/>`;
    case 'conflict': {
      let d = `M${num(x)},${num(mid)}`;
      for (let i = 1; i < 6; i++) d += ` L${num(x + i * 10)},${num(mid + (i % 2 ? -5 : 5))}`;
      return `<path d="${d} L${num(x + 60)},${num(mid)}" fill="none" stroke="${MARKS.accepted.stroke}" stroke-width="1.6"/>`;
    }
    case 'and':
      return `<rect x="${num(x)}" y="${num(mid - 9)}" width="34" height="18" rx="9" fill="#fff" stroke="${MARKS.accepted.stroke}" stroke-width="1.4"/><text x="${num(x + 17)}" y="${num(mid + 3.5)}" text-anchor="middle" font-size="9.5" font-weight="700" fill="${MARKS.accepted.stroke}">AND</text>`;
    case 'trace':
      return `<text x="${num(x)}" y="${num(mid + 4)}" font-size="11.5" fill="${TRACE_INK}">r1, f2</text>`;
    case 'note':
      return `<text x="${num(x)}" y="${num(mid + 4)}" font-size="11" font-weight="700" fill="${MUTED}">[A1]</text>`;
    default: {
      const style = MARKS[sign];
      const width = style.word.length * 6.6 + 12;
      return `<rect x="${num(x)}" y="${num(mid - 8)}" width="${num(width)}" height="16" rx="8" fill="${style.tagFill}"${sign === 'context' ? ` stroke="${style.stroke}"` : ''}/><text x="${num(x + width / 2)}" y="${num(mid + 3.5)}" text-anchor="middle" font-size="9.5" font-weight="700" letter-spacing="0.4" fill="${style.tagInk}">${style.word}</text>`;
    }
  }
}

/** Legend rows fitted to `width`; returns the markup and its height. */
export function drawLegend(entries: LegendEntry[], x: number, y: number, width: number): { svg: string; height: number } {
  if (entries.length === 0) return { svg: '', height: 0 };
  const parts: string[] = [`<g class="legend" aria-label="Legend">`];
  let cx = x;
  let cy = y;
  for (const entry of entries) {
    const w = entryWidth(entry);
    if (cx > x && (entry.newRow || cx + w > x + width)) {
      cx = x;
      cy += ROW;
    }
    parts.push(drawSign(entry.sign, cx, cy));
    parts.push(`<text x="${num(cx + signWidth(entry.sign) + GAP)}" y="${num(cy + 12)}" font-size="11.5" fill="${MUTED}">${escapeXml(entry.text)}</text>`);
    cx += w + SPACING;
  }
  parts.push('</g>');
  return { svg: parts.join(''), height: cy - y + ROW };
}
