import type { List, ListItem, Nodes, RootContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/**
 * What the share card draws of a note's body: its blocks as plain text, in order, reduced to what fits.
 * The body is parsed by a real Markdown parser (micromark with GitHub's extensions), so tables, task
 * lists and nested lists come out as structure rather than a run-on paragraph full of `|---|` and `[ ]`.
 * Markup that an image cannot show goes: raw HTML, images, link targets, footnotes, rules.
 */
export type CardBlock =
  | { kind: 'heading'; text: string; lines: number }
  | { kind: 'paragraph'; text: string; lines: number }
  | { kind: 'quote'; text: string; lines: number }
  | { kind: 'code'; text: string; lines: number }
  | { kind: 'list'; items: CardListItem[] }
  | { kind: 'table'; header: string[]; rows: string[][]; align: Array<'left' | 'center' | 'right'> };

export interface CardListItem {
  /** `•`, `3.`, or a task's box: `☐` open, `☑` done (the card draws the boxes as shapes). */
  marker: string;
  text: string;
  /** Nesting level, 0 at the top. */
  depth: number;
  /** Lines drawn at most (set when fitted to the card). */
  lines?: number;
}

/** The room the body has, in pixels, and the sizes the card draws it at (card-layout.ts). */
export interface BodyBox {
  width: number;
  height: number;
}

export const BODY_TYPE = {
  text: { size: 34, lineHeight: 1.4 },
  heading: { size: 40, lineHeight: 1.25 },
  table: { size: 28, lineHeight: 1.35 },
  /** Space between blocks. */
  gap: 18,
  /** Average advance of a letter, in ems: a little wide for Roboto, so a line is rarely over-counted. */
  letter: 0.52,
} as const;

/** Indent per nesting level and the marker's column, in px. */
export const LIST_INDENT = 36;
export const LIST_MARKER = 52;
/** A table row's padding above and below its line, and a quote's or code block's inset, in px. */
export const TABLE_CELL_PADDING = 6;
export const BLOCK_INSET = 28;
export const CODE_PADDING = 12;

const TABLE_COLUMNS = 3;
const TABLE_ROWS = 4;
const LIST_ITEM_LINES = 2;
const HEADING_LINES = 2;

const whitespace = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The words of inline content: link text without its target, no images, no HTML, no footnote marks. */
function inlineText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'break':
      return ' ';
    case 'html':
    case 'image':
    case 'imageReference':
    case 'footnoteReference':
      return '';
    default:
      return 'children' in node ? node.children.map((child) => inlineText(child as Nodes)).join('') : '';
  }
}

const textOf = (node: Nodes) => whitespace(inlineText(node));

function listItems(list: List, depth: number): CardListItem[] {
  const items: CardListItem[] = [];
  list.children.forEach((item: ListItem, index) => {
    const own = item.children.filter((child) => child.type !== 'list');
    const text = whitespace(own.map((child) => inlineText(child)).join(' '));
    const marker =
      item.checked === true ? '☑' : item.checked === false ? '☐' : list.ordered ? `${(list.start ?? 1) + index}.` : '•';
    if (text || item.checked !== null) items.push({ marker, text, depth });
    for (const child of item.children) if (child.type === 'list') items.push(...listItems(child, depth + 1));
  });
  return items;
}

/** A table cut to a few columns and rows; a cut is shown as a last `…` column or row. */
function reduceTable(table: Table): CardBlock | null {
  const [head, ...body] = table.children.map((row) => row.children.map((cell) => textOf(cell)));
  if (!head) return null;
  const columns = Math.min(head.length, TABLE_COLUMNS);
  const cut = (cells: string[]) => {
    const kept = Array.from({ length: columns }, (_, i) => cells[i] ?? '');
    return head.length > columns ? [...kept, '…'] : kept;
  };
  const rows = body.slice(0, TABLE_ROWS).map(cut);
  if (body.length > TABLE_ROWS) rows.push(cut([]).map(() => '…'));
  const align = Array.from({ length: columns }, (_, i) => table.align?.[i] ?? 'left');
  return {
    kind: 'table',
    header: cut(head),
    rows,
    align: head.length > columns ? [...align, 'left'] : align,
  };
}

/** Every drawable block of the body, in order, before any cut for room. */
export function markdownBlocks(markdown: string): CardBlock[] {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const blocks: CardBlock[] = [];
  const visit = (node: RootContent) => {
    switch (node.type) {
      case 'heading': {
        const text = textOf(node);
        if (text) blocks.push({ kind: 'heading', text, lines: HEADING_LINES });
        return;
      }
      case 'paragraph': {
        const text = textOf(node);
        if (text) blocks.push({ kind: 'paragraph', text, lines: Number.POSITIVE_INFINITY });
        return;
      }
      case 'blockquote': {
        const text = whitespace(node.children.map((child) => inlineText(child)).join(' '));
        if (text) blocks.push({ kind: 'quote', text, lines: Number.POSITIVE_INFINITY });
        return;
      }
      case 'code': {
        const text = whitespace(node.value);
        if (text) blocks.push({ kind: 'code', text, lines: Number.POSITIVE_INFINITY });
        return;
      }
      case 'list': {
        const items = listItems(node, 0);
        if (items.length > 0) blocks.push({ kind: 'list', items });
        return;
      }
      case 'table': {
        const table = reduceTable(node);
        if (table) blocks.push(table);
        return;
      }
      default:
        // html, thematicBreak, definition, footnoteDefinition: nothing an image shows.
        return;
    }
  };
  for (const node of tree.children) visit(node);
  return blocks;
}

const lineHeightOf = (type: { size: number; lineHeight: number }) => type.size * type.lineHeight;

/** Lines `text` takes at `size` px in `width` px, estimated from an average letter width. */
export function estimateLines(text: string, size: number, width: number): number {
  const perLine = Math.max(1, Math.floor(width / (size * BODY_TYPE.letter)));
  return Math.max(1, Math.ceil(text.length / perLine));
}

/**
 * The blocks that fit the body box, top to bottom: text blocks get a line clamp (the card ends them
 * with an ellipsis), lists and tables lose the items or rows that do not fit, and nothing is drawn
 * below the box. Only whole lines are kept, so no line is cut through by the box's edge.
 */
export function fitBlocks(blocks: CardBlock[], box: BodyBox): CardBlock[] {
  const fitted: CardBlock[] = [];
  let room = box.height;
  const textLine = lineHeightOf(BODY_TYPE.text);
  for (const block of blocks) {
    if (fitted.length > 0) room -= BODY_TYPE.gap;
    if (block.kind === 'list') {
      const items: CardListItem[] = [];
      for (const item of block.items) {
        const indent = item.depth * LIST_INDENT + LIST_MARKER;
        const lines = Math.min(LIST_ITEM_LINES, estimateLines(item.text, BODY_TYPE.text.size, box.width - indent));
        const kept = Math.min(lines, Math.floor(room / textLine));
        if (kept < 1) break;
        items.push({ ...item, lines: kept });
        room -= kept * textLine;
      }
      if (items.length > 0) fitted.push({ kind: 'list', items });
      if (items.length < block.items.length) break;
      continue;
    }
    if (block.kind === 'table') {
      const rowHeight = lineHeightOf(BODY_TYPE.table) + 2 * TABLE_CELL_PADDING + 2;
      const rowsThatFit = Math.floor(room / rowHeight) - 1;
      if (rowsThatFit < 1) break;
      const rows = block.rows.slice(0, rowsThatFit);
      fitted.push({ ...block, rows });
      room -= (rows.length + 1) * rowHeight;
      if (rows.length < block.rows.length) break;
      continue;
    }
    const type = block.kind === 'heading' ? BODY_TYPE.heading : BODY_TYPE.text;
    const line = lineHeightOf(type);
    const inset = block.kind === 'quote' || block.kind === 'code' ? BLOCK_INSET + CODE_PADDING : 0;
    const padding = block.kind === 'code' ? 2 * CODE_PADDING : 0;
    const wanted = Math.min(block.lines, estimateLines(block.text, type.size, box.width - inset));
    const lines = Math.min(wanted, Math.floor((room - padding) / line));
    if (lines < 1) break;
    fitted.push({ ...block, lines });
    room -= lines * line + padding;
    if (lines < wanted) break;
  }
  return fitted;
}
