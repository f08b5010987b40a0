/** The project's name and colours as the card draws them. */
export interface CardBrand {
  name: string;
  background: string;
  accent: string;
  text: string;
  muted: string;
}

export const DEFAULT_BRAND: CardBrand = {
  name: 'Pult',
  background: '#101828',
  accent: '#6366f1',
  text: '#ffffff',
  muted: '#c7cbe0',
};

import {
  BLOCK_INSET,
  BODY_TYPE,
  type BodyBox,
  type CardBlock,
  type CardListItem,
  CODE_PADDING,
  estimateLines,
  LIST_INDENT,
  LIST_MARKER,
  TABLE_CELL_PADDING,
} from './markdown-blocks';

export const CARD_SIZE = 1080;

export interface CardContent {
  title: string;
  /** The body's blocks, already fitted to `bodyBox` (markdown-blocks.ts). */
  blocks: CardBlock[];
  tags: string[];
  brand: CardBrand;
  /** The cover as a data URI (PNG or JPEG, already cut to the card's cover box), or none. */
  cover: string | null;
}

type Node = { type: string; props: Record<string, unknown> };
const h = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra?: Record<string, unknown>,
): Node => ({
  type,
  props: { style, children, ...extra },
});

export const COVER_HEIGHT = 420;
const FONT = 'Roboto Cyrillic, Roboto Latin';
const PADDING = 72;
const ACCENT_BAR = 16;
const TITLE_GAP = 32;
/** The footer (brand and tags): 28 px above, 48 below, a 38 px line; a few px to spare. */
const FOOTER_HEIGHT = 28 + 48 + 48;
const TITLE_LINES = 3;
const TITLE_LINE_HEIGHT = 1.15;

const titleSize = (title: string) => (title.length > 80 ? 52 : title.length > 40 ? 62 : 72);

/** The room the body's blocks have under the title, which is what markdown-blocks fits them to. */
export function bodyBox(title: string, hasCover: boolean): BodyBox {
  const width = CARD_SIZE - 2 * PADDING;
  const size = titleSize(title);
  const titleHeight = Math.min(TITLE_LINES, estimateLines(title, size, width)) * size * TITLE_LINE_HEIGHT;
  const top = (hasCover ? COVER_HEIGHT : ACCENT_BAR) + PADDING - 16;
  return { width, height: Math.max(0, CARD_SIZE - top - titleHeight - TITLE_GAP - FOOTER_HEIGHT) };
}

/** A task's box, drawn as a shape: the fonts have no ☐/☑ glyphs. */
function checkbox(checked: boolean, brand: CardBrand): Node {
  const size = 30;
  const svg = checked
    ? `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 30 30"><rect x="1.5" y="1.5" width="27" height="27" rx="5" fill="${brand.accent}" stroke="${brand.accent}" stroke-width="3"/><path d="M8 15.5l5 5 9-11" fill="none" stroke="${brand.text}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 30 30"><rect x="1.5" y="1.5" width="27" height="27" rx="5" fill="none" stroke="${brand.muted}" stroke-width="3"/></svg>`;
  return h('img', { width: size, height: size }, undefined, {
    src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    width: size,
    height: size,
  });
}

const textStyle = (size: number, lineHeight: number, lines: number, color: string) => ({
  fontSize: size,
  lineHeight,
  lineClamp: lines,
  display: 'block',
  color,
});

function listItem(item: CardListItem, brand: CardBrand): Node {
  const { size, lineHeight } = BODY_TYPE.text;
  const box = item.marker === '☑' || item.marker === '☐';
  const done = item.marker === '☑';
  return h('div', { display: 'flex', alignItems: 'flex-start', paddingLeft: item.depth * LIST_INDENT }, [
    h(
      'div',
      { display: 'flex', width: LIST_MARKER, flexShrink: 0, height: size * lineHeight, alignItems: 'center' },
      box ? [checkbox(done, brand)] : [h('div', { fontSize: size, color: brand.accent }, item.marker)],
    ),
    h(
      'div',
      {
        ...textStyle(size, lineHeight, item.lines ?? 2, done ? brand.muted : brand.text),
        flexGrow: 1,
        opacity: done ? 0.75 : 1,
        textDecoration: done ? 'line-through' : 'none',
      },
      item.text,
    ),
  ]);
}

function table(block: Extract<CardBlock, { kind: 'table' }>, brand: CardBrand): Node {
  const { size, lineHeight } = BODY_TYPE.table;
  const row = (cells: string[], header: boolean, last: boolean) =>
    h(
      'div',
      {
        display: 'flex',
        borderBottom: last ? 'none' : `2px solid ${brand.muted}55`,
        backgroundColor: header ? `${brand.accent}33` : 'transparent',
      },
      cells.map((cell, i) =>
        h(
          'div',
          {
            ...textStyle(size, lineHeight, 1, header ? brand.text : brand.muted),
            flex: 1,
            minWidth: 0,
            padding: `${TABLE_CELL_PADDING}px 14px`,
            fontWeight: header ? 700 : 400,
            textAlign: block.align[i] ?? 'left',
            borderLeft: i === 0 ? 'none' : `2px solid ${brand.muted}55`,
          },
          cell,
        ),
      ),
    );
  return h('div', { display: 'flex', flexDirection: 'column', border: `2px solid ${brand.muted}55`, borderRadius: 8 }, [
    row(block.header, true, block.rows.length === 0),
    ...block.rows.map((cells, i) => row(cells, false, i === block.rows.length - 1)),
  ]);
}

function bodyBlock(block: CardBlock, brand: CardBrand): Node {
  const text = BODY_TYPE.text;
  switch (block.kind) {
    case 'heading':
      return h(
        'div',
        {
          ...textStyle(BODY_TYPE.heading.size, BODY_TYPE.heading.lineHeight, block.lines, brand.text),
          fontWeight: 700,
        },
        block.text,
      );
    case 'paragraph':
      return h('div', textStyle(text.size, text.lineHeight, block.lines, brand.muted), block.text);
    case 'quote':
      return h(
        'div',
        {
          ...textStyle(text.size, text.lineHeight, block.lines, brand.muted),
          borderLeft: `6px solid ${brand.accent}`,
          paddingLeft: BLOCK_INSET - 6 + CODE_PADDING,
          fontStyle: 'italic',
        },
        block.text,
      );
    case 'code':
      return h(
        'div',
        {
          ...textStyle(text.size, text.lineHeight, block.lines, brand.text),
          backgroundColor: `${brand.muted}22`,
          borderRadius: 8,
          padding: `${CODE_PADDING}px ${BLOCK_INSET}px ${CODE_PADDING}px ${CODE_PADDING}px`,
        },
        block.text,
      );
    case 'list':
      return h(
        'div',
        { display: 'flex', flexDirection: 'column' },
        block.items.map((item) => listItem(item, brand)),
      );
    case 'table':
      return table(block, brand);
  }
}

/** The card as satori's element tree (plain objects, no React needed), 1080×1080. */
export function cardTree(content: CardContent): Node {
  const { brand } = content;
  const padding = PADDING;
  const size = titleSize(content.title);
  return h(
    'div',
    {
      width: CARD_SIZE,
      height: CARD_SIZE,
      display: 'flex',
      flexDirection: 'column',
      backgroundColor: brand.background,
      color: brand.text,
      fontFamily: FONT,
    },
    [
      content.cover
        ? h('img', { width: CARD_SIZE, height: COVER_HEIGHT, objectFit: 'cover' }, undefined, {
            src: content.cover,
            width: CARD_SIZE,
            height: COVER_HEIGHT,
          })
        : h('div', { width: CARD_SIZE, height: ACCENT_BAR, backgroundColor: brand.accent }),
      h(
        'div',
        {
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          padding: `${padding - 16}px ${padding}px 0`,
          overflow: 'hidden',
        },
        [
          h(
            'div',
            {
              fontSize: size,
              fontWeight: 700,
              lineHeight: TITLE_LINE_HEIGHT,
              lineClamp: TITLE_LINES,
              display: 'block',
            },
            content.title,
          ),
          h(
            'div',
            { display: 'flex', flexDirection: 'column', gap: BODY_TYPE.gap, marginTop: TITLE_GAP, overflow: 'hidden' },
            content.blocks.map((block) => bodyBlock(block, brand)),
          ),
        ],
      ),
      h(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: `28px ${padding}px 48px`,
          fontSize: 30,
        },
        [
          h('div', { display: 'flex', fontWeight: 700, color: brand.accent, fontSize: 38 }, brand.name),
          h(
            'div',
            { display: 'flex', color: brand.muted },
            content.tags
              .slice(0, 3)
              .map((tag) => `#${tag}`)
              .join('  '),
          ),
        ],
      ),
    ],
  );
}
