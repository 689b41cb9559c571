// A node card: kind and (in the change view) the mark's word on top, the wrapped text, then
// sections for traces, assumptions and previous wording, and the id at the foot. The height is
// the layout's own estimate plus the sections, and exactly the measured lines are drawn.
import { estimateNodeSize, wrapText } from '../layout';
import { CARD_PADDING_X, CARD_PADDING_Y, FOOTER_ROW_HEIGHT, HEADER_ROW_HEIGHT, TEXT_LINE_HEIGHT } from '../layout/estimate-size';
import { plainWords } from '../format';
import { MARKS, MUTED, type Mark } from './palette';
import { escapeXml, isRightToLeft, num } from './xml';
import type { Rect } from './geometry';

export const SVG_CARD_WIDTH = 264;
const SECTION_FONT = 11.5;
const SECTION_CHAR_WIDTH = 6.3;
const SECTION_LINE = 15;
const SECTION_GAP = 9;

export interface CardSection {
  heading?: string;
  /** Paragraphs; each is wrapped to the card. */
  paragraphs: string[];
  ink: string;
  italic?: boolean;
  /** A background band behind the section (previous wording). */
  band?: string;
  /** The section lists cross-tree traces. */
  trace?: boolean;
}

export interface CardModel {
  id: string;
  kind: string;
  text: string;
  mark: Mark;
  /** Whether the mark's word is shown (the change view). */
  tagged: boolean;
  sections: CardSection[];
}

export interface MeasuredCard {
  model: CardModel;
  width: number;
  height: number;
  headerLines: string[];
  bodyLines: string[];
  /** Whether the node text reads right to left (its first letter is Hebrew, Arabic, …). */
  bodyRtl: boolean;
  sections: { section: CardSection; lines: { text: string; rtl: boolean }[]; height: number }[];
}

/** `critical_success_factor` → `Critical success factor`. */
export function kindLabel(kind: string): string {
  const words = plainWords(kind).trim();
  return words === '' ? '(no kind)' : words.charAt(0).toUpperCase() + words.slice(1);
}

export function measureCard(model: CardModel): MeasuredCard {
  const base = estimateNodeSize(kindLabel(model.kind), model.text, { width: SVG_CARD_WIDTH });
  const chars = Math.floor((SVG_CARD_WIDTH - 2 * CARD_PADDING_X) / SECTION_CHAR_WIDTH);
  const sections = model.sections
    .map((section) => {
      const lines = section.paragraphs.flatMap((p) => wrapText(p, chars).map((text) => ({ text, rtl: isRightToLeft(p) })));
      const height = SECTION_GAP + (section.heading ? SECTION_LINE : 0) + lines.length * SECTION_LINE;
      return { section, lines, height };
    })
    .filter((s) => s.lines.length > 0 || s.section.heading);
  const extra = sections.reduce((sum, s) => sum + s.height, 0);
  return {
    model,
    width: base.width,
    height: base.height + extra,
    headerLines: base.headerLines.length > 0 ? base.headerLines : [''],
    bodyLines: base.lines.length > 0 ? base.lines : ['(no text)'],
    bodyRtl: isRightToLeft(model.text),
    sections,
  };
}

/**
 * One line of text. A paragraph that reads right to left (by its first letter, as a browser's
 * dir=auto decides) starts each of its lines at the right edge.
 */
function textLine(x: number, width: number, y: number, line: string, attrs: string, rtl = false): string {
  const at = rtl ? x + width : x;
  return `<text x="${num(at)}" y="${num(y)}"${rtl ? ' direction="rtl"' : ''}${attrs}>${escapeXml(line)}</text>`;
}

export function drawCard(card: MeasuredCard, rect: Rect): string {
  const { model } = card;
  const style = MARKS[model.mark];
  const x = rect.x + CARD_PADDING_X;
  const inner = rect.width - 2 * CARD_PADDING_X;
  const parts: string[] = [];
  parts.push(
    `<g class="card" data-node-id="${escapeXml(model.id)}" data-mark="${model.mark}">`,
    `<rect x="${num(rect.x)}" y="${num(rect.y)}" width="${num(rect.width)}" height="${num(rect.height)}" rx="10" fill="${style.fill}" stroke="${style.stroke}" stroke-width="${model.mark === 'accepted' || model.mark === 'context' ? 1.4 : 2.2}"${model.mark === 'removed' || model.mark === 'proposed' || model.mark === 'disputed' ? ` stroke-dasharray="${style.dash}"` : ''}/>`,
  );
  let y = rect.y + CARD_PADDING_Y;
  const tagWidth = model.tagged && style.word ? style.word.length * 6.6 + 12 : 0;
  card.headerLines.forEach((line, i) => {
    parts.push(textLine(x, inner - tagWidth, y + 14 + i * HEADER_ROW_HEIGHT, line, ` font-size="11" font-weight="700" fill="${model.mark === 'accepted' ? MUTED : style.stroke}"`));
  });
  if (tagWidth > 0) {
    const tx = rect.x + rect.width - CARD_PADDING_X - tagWidth;
    parts.push(
      `<rect x="${num(tx)}" y="${num(y + 1)}" width="${num(tagWidth)}" height="16" rx="8" fill="${style.tagFill}"/>`,
      `<text x="${num(tx + tagWidth / 2)}" y="${num(y + 12.5)}" text-anchor="middle" font-size="9.5" font-weight="700" letter-spacing="0.4" fill="${style.tagInk}">${escapeXml(style.word)}</text>`,
    );
  }
  y += card.headerLines.length * HEADER_ROW_HEIGHT;
  for (const line of card.bodyLines) {
    parts.push(textLine(x, inner, y + 13, line, ` font-size="13" fill="${style.ink}"`, card.bodyRtl));
    y += TEXT_LINE_HEIGHT;
  }
  for (const { section, lines, height } of card.sections) {
    if (section.band) {
      parts.push(`<rect x="${num(rect.x + 4)}" y="${num(y + 4)}" width="${num(rect.width - 8)}" height="${num(height - 2)}" rx="6" fill="${section.band}"/>`);
    } else {
      parts.push(`<line x1="${num(x)}" y1="${num(y + SECTION_GAP / 2)}" x2="${num(x + inner)}" y2="${num(y + SECTION_GAP / 2)}" stroke="${style.stroke}" stroke-opacity="0.35"/>`);
    }
    y += SECTION_GAP;
    if (section.heading) {
      parts.push(textLine(x, inner, y + 11, section.heading, ` font-size="10" font-weight="700" letter-spacing="0.5" fill="${section.ink}"`));
      y += SECTION_LINE;
    }
    for (const line of lines) {
      parts.push(textLine(x, inner, y + 11, line.text, ` font-size="${SECTION_FONT}"${section.italic ? ' font-style="italic"' : ''} fill="${section.ink}"`, line.rtl));
      y += SECTION_LINE;
    }
  }
  const footY = rect.y + rect.height - CARD_PADDING_Y - FOOTER_ROW_HEIGHT;
  parts.push(`<text x="${num(x)}" y="${num(footY + 14)}" font-size="10" fill="${MUTED}">${escapeXml(model.id)}</text>`);
  parts.push('</g>');
  return parts.join('');
}
