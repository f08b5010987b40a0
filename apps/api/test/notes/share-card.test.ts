import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyBox, cardTree, DEFAULT_BRAND } from '../../src/modules/notes/share-card/card-layout';
import { type CardBlock, fitBlocks, markdownBlocks } from '../../src/modules/notes/share-card/markdown-blocks';
import { cardInput } from '../../src/modules/notes/share-card/share-card';
import { multipartBody, PNG_1PX } from '../helpers/multipart';
import { buildTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token = '';
let dataDir = '';

beforeAll(async () => {
  t = await buildTestApp();
  await t.createUser({ email: 'editor@pult.test', role: 'editor' });
  token = (await t.signin('editor@pult.test')).apiToken;
  dataDir = t.app.env.dataDir;
});
afterAll(() => t.close());

const headers = () => ({ 'api-token': token });
const create = async (body: object) =>
  (await t.app.inject({ method: 'POST', url: '/api/notes', payload: body, headers: headers() })).json();
const card = async (id: number) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/notes/${id}/image-url/png`, headers: headers() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; width: number; height: number };
};
/** The stored file behind a card URL (local storage serves DATA_DIR/files at /files). */
const storedFile = (url: string) =>
  readFileSync(join(dataDir, 'files', new URL(url).pathname.replace(/^\/files\//, '')));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Width and height from the IHDR chunk, which a PNG must start with. */
const ihdrSize = (png: Buffer) => {
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
};

describe('share card', () => {
  it('is a real 1080×1080 PNG, stored, with an absolute URL under the files base', async () => {
    const note = await create({
      title: 'Планирование недели: 5 шагов (GTD)',
      body: '# Заголовок\n\nКак **спланировать** неделю за 15 минут — «правило трёх», №1. Latin 12345!',
      tags: ['планирование'],
    });
    const answer = await card(note.id);
    expect(answer).toMatchObject({ width: 1080, height: 1080 });
    expect(answer.url).toMatch(/^http:\/\/pult\.test\/files\/note-cards\/[0-9a-f]{40}\.png$/);
    const png = storedFile(answer.url);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(ihdrSize(png)).toEqual({ width: 1080, height: 1080 });
  });

  it('answers the same URL for unchanged content without drawing again, and a new one after an edit', async () => {
    const note = await create({ title: 'Кэш карточки', body: 'Текст' });
    const first = await card(note.id);
    const stat = storedFile(first.url);
    const again = await card(note.id);
    expect(again.url).toBe(first.url);
    expect(storedFile(again.url)).toEqual(stat);

    // Publishing changes nothing that is drawn: same card.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/notes/${note.id}`,
      payload: { status: 'published' },
      headers: headers(),
    });
    expect((await card(note.id)).url).toBe(first.url);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/notes/${note.id}`,
      payload: { title: 'Новый заголовок' },
      headers: headers(),
    });
    const edited = await card(note.id);
    expect(edited.url).not.toBe(first.url);
    expect(ihdrSize(storedFile(edited.url))).toEqual({ width: 1080, height: 1080 });
    // The replaced card is removed from storage.
    expect(() => storedFile(first.url)).toThrow();
  });

  it('draws the cover once one is uploaded (a new card), and refuses a non-image cover', async () => {
    const note = await create({ title: 'С обложкой', body: 'Текст' });
    const plain = await card(note.id);
    const cover = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const upload = multipartBody('image', 'cover.png', 'image/png', cover);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/notes/${note.id}/cover`,
      ...upload,
      headers: { ...upload.headers, ...headers() },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().coverImage).toMatch(/^note-covers\/.+\.png$/);
    const withCover = await card(note.id);
    expect(withCover.url).not.toBe(plain.url);
    // The top of the card is the red cover.
    const { data } = await sharp(storedFile(withCover.url))
      .extract({ left: 500, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [red = 0, green = 255, blue = 255] = data;
    expect(red).toBeGreaterThan(240);
    expect(green + blue).toBeLessThan(30);

    const svg = multipartBody('image', 'x.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/notes/${note.id}/cover`,
      ...svg,
      headers: { ...svg.headers, ...headers() },
    });
    expect(refused.statusCode).toBe(415);
    const tiny = multipartBody('image', 'a.png', 'image/png', PNG_1PX);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/notes/999999/cover',
      ...tiny,
      headers: { ...tiny.headers, ...headers() },
    });
    expect(missing.json().code).toBe('NOTE_NOT_FOUND');
  });

  it('draws 20 cards at once without failing', async () => {
    const notes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create({ title: `Карточка №${i}`, body: 'Тело' })),
    );
    const cards = await Promise.all(notes.map((note) => card(note.id)));
    expect(new Set(cards.map((c) => c.url)).size).toBe(20);
  });
});

const SHOPPING = [
  '# План покупок',
  '',
  'Всё на **неделю**, см. [список](https://example.com).',
  '',
  '| Товар | Цена | Где |',
  '|:---|---:|---|',
  '| Хлеб | 50 | рядом |',
  '| Молоко | 90 | рынок |',
  '',
  '- [ ] купить хлеб',
  '- [x] позвонить маме',
  '  - вложенный пункт',
  '',
  '1. первое',
  '2. второе',
].join('\n');

describe('the card body: Markdown parsed into blocks', () => {
  it('keeps headings, paragraphs, tables and task lists as structure, without markup', () => {
    expect(markdownBlocks(SHOPPING)).toEqual<CardBlock[]>([
      { kind: 'heading', text: 'План покупок', lines: 2 },
      { kind: 'paragraph', text: 'Всё на неделю, см. список.', lines: Number.POSITIVE_INFINITY },
      {
        kind: 'table',
        header: ['Товар', 'Цена', 'Где'],
        rows: [
          ['Хлеб', '50', 'рядом'],
          ['Молоко', '90', 'рынок'],
        ],
        align: ['left', 'right', 'left'],
      },
      {
        kind: 'list',
        items: [
          { marker: '☐', text: 'купить хлеб', depth: 0 },
          { marker: '☑', text: 'позвонить маме', depth: 0 },
          { marker: '•', text: 'вложенный пункт', depth: 1 },
        ],
      },
      {
        kind: 'list',
        items: [
          { marker: '1.', text: 'первое', depth: 0 },
          { marker: '2.', text: 'второе', depth: 0 },
        ],
      },
    ]);
  });

  it('reduces a wide, long table to three columns and four rows, marking the cut', () => {
    const row = (n: number) => `| ${n}a | ${n}b | ${n}c | ${n}d | ${n}e |`;
    const source = ['| A | B | C | D | E |', '|---|---|---|---|---|', ...[1, 2, 3, 4, 5, 6].map(row)].join('\n');
    const [table] = markdownBlocks(source);
    expect(table).toMatchObject({
      kind: 'table',
      header: ['A', 'B', 'C', '…'],
      rows: [
        ['1a', '1b', '1c', '…'],
        ['2a', '2b', '2c', '…'],
        ['3a', '3b', '3c', '…'],
        ['4a', '4b', '4c', '…'],
        ['…', '…', '…', '…'],
      ],
    });
  });

  it('drops raw HTML, images, link targets and rules', () => {
    const blocks = markdownBlocks(
      '<script>alert(1)</script>\n\n**Жирно** и _курсив_ [ссылка](javascript:alert(1)) ![img](x.png) <b>тег</b>\n\n---',
    );
    expect(blocks).toEqual([{ kind: 'paragraph', text: 'Жирно и курсив ссылка тег', lines: Number.POSITIVE_INFINITY }]);
    expect(JSON.stringify(blocks)).not.toMatch(/script|javascript|x\.png|\|---|\[ \]/);
  });

  it('fits the blocks to the room under the title: whole lines, a clamp on the last one, nothing below', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Абзац номер ${i} с некоторым количеством слов.`).join(' ');
    const box = bodyBox('Короткий заголовок', false);
    const fitted = fitBlocks(markdownBlocks(`${long}\n\n- [ ] не поместится`), box);
    expect(fitted).toHaveLength(1);
    const [paragraph] = fitted;
    expect(paragraph?.kind).toBe('paragraph');
    const lines = paragraph && 'lines' in paragraph ? paragraph.lines : 0;
    expect(lines).toBeGreaterThan(4);
    expect(lines * 34 * 1.4).toBeLessThanOrEqual(box.height);
    // With a cover there is less room.
    const withCover = fitBlocks(markdownBlocks(long), bodyBox('Короткий заголовок', true));
    expect(withCover[0] && 'lines' in withCover[0] ? withCover[0].lines : 0).toBeLessThan(lines);
    // A short body is kept whole.
    expect(fitBlocks(markdownBlocks(SHOPPING), box)).toEqual(
      markdownBlocks(SHOPPING).map((block) =>
        'lines' in block
          ? { ...block, lines: 1 }
          : block.kind === 'list'
            ? { ...block, items: block.items.map((item) => ({ ...item, lines: 1 })) }
            : block,
      ),
    );
  });

  it('is what the card draws: boxes for task items, a row per table row, no raw Markdown text', () => {
    const input = cardInput({ title: 'Покупки', body: SHOPPING, tags: [], coverImage: null });
    const tree = cardTree({ title: input.title, blocks: input.blocks, tags: [], brand: DEFAULT_BRAND, cover: null });
    const texts: string[] = [];
    const images: string[] = [];
    const walk = (node: unknown) => {
      if (typeof node === 'string') texts.push(node);
      else if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object' && 'props' in node) {
        const props = (node as { props: { src?: string; children?: unknown } }).props;
        if (props.src) images.push(Buffer.from(props.src.split(',')[1] ?? '', 'base64').toString());
        walk(props.children);
      }
    };
    walk(tree);
    expect(texts).toEqual(expect.arrayContaining(['План покупок', 'Товар', 'Молоко', '90', 'купить хлеб', '1.']));
    expect(texts.join(' ')).not.toMatch(/\|---|\[ \]|\[x\]|\*\*|#/);
    // One open box and one ticked box (the tick is a path).
    expect(images.filter((svg) => svg.includes('<rect')).length).toBe(2);
    expect(images.filter((svg) => svg.includes('<path')).length).toBe(1);
  });
});
