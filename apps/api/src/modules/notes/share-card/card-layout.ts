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

export const CARD_SIZE = 1080;

export interface CardContent {
  title: string;
  excerpt: string;
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

/** The card as satori's element tree (plain objects, no React needed), 1080×1080. */
export function cardTree(content: CardContent): Node {
  const { brand } = content;
  const padding = 72;
  const titleSize = content.title.length > 80 ? 52 : content.title.length > 40 ? 62 : 72;
  const lines = content.cover ? 4 : 8;
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
        : h('div', { width: CARD_SIZE, height: 16, backgroundColor: brand.accent }),
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
            { fontSize: titleSize, fontWeight: 700, lineHeight: 1.15, lineClamp: 3, display: 'block' },
            content.title,
          ),
          h(
            'div',
            { marginTop: 32, fontSize: 34, lineHeight: 1.4, color: brand.muted, lineClamp: lines, display: 'block' },
            content.excerpt,
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
