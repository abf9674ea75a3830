/**
 * Text measurement without a DOM, so that Node and the browser lay charts out identically:
 * Helvetica's advance widths (per 1000 em) for printable ASCII; other characters count as wide.
 */
const WIDTHS =
  // space ! " # $ % & ' ( ) * + , - . / 0-9 : ; < = > ? @
  '278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 ' +
  '556 556 556 556 556 556 556 556 556 556 278 278 584 584 584 556 1015 ' +
  // A-Z
  '667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 611 722 667 944 667 667 611 ' +
  // [ \ ] ^ _ `
  '278 278 278 469 556 333 ' +
  // a-z
  '556 556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 ' +
  // { | } ~
  '334 260 334 584';

const ADVANCE = WIDTHS.split(' ').map(Number);
const BOLD_FACTOR = 1.1;
const WIDE = 600;

export const FONT_FAMILY = 'Helvetica, Arial, sans-serif';

export interface Font {
  size: number;
  bold?: boolean;
  lineHeight: number;
}

export const FONTS = {
  name: { size: 13, bold: true, lineHeight: 17 },
  body: { size: 11, lineHeight: 14 },
  label: { size: 11, lineHeight: 14 },
} as const satisfies Record<string, Font>;

export function textWidth(text: string, font: Font): number {
  let units = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    units += code >= 32 && code <= 126 ? ADVANCE[code - 32] : WIDE;
  }
  const width = (units / 1000) * font.size * (font.bold ? BOLD_FACTOR : 1);
  // A little slack so that real fonts with slightly wider glyphs still fit.
  return Math.ceil(width * 1.05);
}

/** Breaks text into lines no wider than `maxWidth` (long words stay whole). */
export function wrapText(text: string, font: Font, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && textWidth(candidate, font) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
  }
  return lines;
}
