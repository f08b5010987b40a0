import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../../storage/storage';
import { bodyBox, CARD_SIZE, type CardBrand, COVER_HEIGHT, cardTree, DEFAULT_BRAND } from './card-layout';
import { fitBlocks, markdownBlocks } from './markdown-blocks';
import { RenderPool } from './render-pool';

/** Bumped when the layout changes, so every card is drawn afresh rather than served stale. */
const LAYOUT_VERSION = 2;

const pool = new RenderPool();

export interface CardSource {
  title: string;
  body: string;
  tags: string[];
  coverImage: string | null;
}

/** A cover the card can draw: a stored file (an outside URL is not fetched). */
const drawableCover = (path: string | null) => Boolean(path) && !/^https?:\/\//.test(path ?? '');

/** What is drawn, and nothing else: its hash names the stored file. */
export function cardInput(note: CardSource, brand: CardBrand = DEFAULT_BRAND) {
  return {
    version: LAYOUT_VERSION,
    title: note.title,
    blocks: fitBlocks(markdownBlocks(note.body), bodyBox(note.title, drawableCover(note.coverImage))),
    tags: note.tags,
    coverImage: note.coverImage,
    brand,
  };
}
export type CardInput = ReturnType<typeof cardInput>;

export const cardKey = (input: CardInput): string =>
  `note-cards/${createHash('sha256').update(JSON.stringify(input)).digest('hex').slice(0, 40)}.png`;

/** The cover cut to the card's cover box, as a data URI satori can draw (it reads PNG and JPEG, not WebP). */
async function coverDataUri(storage: Storage, path: string | null): Promise<string | null> {
  if (!path || !drawableCover(path)) return null;
  const bytes = await storage.get(path);
  if (!bytes) return null;
  const jpeg = await sharp(bytes)
    .resize(CARD_SIZE, COVER_HEIGHT, { fit: 'cover' })
    .jpeg({ quality: 85 })
    .toBuffer()
    .catch(() => null);
  return jpeg ? `data:image/jpeg;base64,${jpeg.toString('base64')}` : null;
}

/** Draws the card in a worker thread and answers the PNG bytes. */
export async function drawCard(storage: Storage, input: CardInput): Promise<Buffer> {
  const cover = await coverDataUri(storage, input.coverImage);
  const tree = cardTree({ title: input.title, blocks: input.blocks, tags: input.tags, brand: input.brand, cover });
  return pool.render({ tree, width: CARD_SIZE, height: CARD_SIZE });
}
