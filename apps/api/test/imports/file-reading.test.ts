import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { openRows } from '../../src/modules/imports/file/read-rows';
import { detectEncoding, detectFormat } from '../../src/modules/imports/file/sniff';
import { applyMapping, guessMapping } from '../../src/modules/imports/rules/guess-mapping';
import { PNG_1PX } from '../helpers/multipart';

const XLSX = readFileSync(new URL('./fixtures/users.xlsx', import.meta.url));

async function read(bytes: Parameters<typeof openRows>[0], options: Parameters<typeof openRows>[1] = {}) {
  const opened = await openRows(bytes, options);
  const rows: Array<{ row: number; cells: string[] }> = [];
  for await (const row of opened.rows) rows.push(row);
  return { ...opened, rows };
}

describe('what a file is, by its bytes', () => {
  it('tells CSV from XLSX and refuses what is neither, whatever it is called', () => {
    expect(detectFormat(Buffer.from('email\na@b.ru\n'))).toBe('csv');
    expect(detectFormat(XLSX)).toBe('xlsx');
    expect(detectFormat(PNG_1PX)).toBeUndefined();
    expect(detectFormat(Buffer.from('%PDF-1.7\n...'))).toBeUndefined();
    expect(detectFormat(Buffer.from('PK\u0003\u0004 not a workbook'))).toBeUndefined();
    expect(detectFormat(Buffer.from('e\u0000m\u0000a\u0000i\u0000l\u0000'))).toBeUndefined();
    expect(detectFormat(Buffer.alloc(0))).toBeUndefined();
  });

  it('detects UTF-8 with and without BOM, and Windows-1251', () => {
    const text = 'Почта;Имя\nanna@example.ru;Анна\n';
    expect(detectEncoding(Buffer.from(`\uFEFF${text}`))).toBe('utf-8');
    expect(detectEncoding(Buffer.from(text))).toBe('utf-8');
    expect(detectEncoding(iconv.encode(text, 'windows-1251'))).toBe('windows-1251');
    expect(detectEncoding(Buffer.from('email\na@b.ru\n'))).toBe('utf-8');
  });

  it('does not mistake a long UTF-8 file cut inside a letter for Windows-1251', () => {
    const long = Buffer.from(`Имя\n${'Ж'.repeat(40_000)}\n`);
    expect(detectEncoding(long)).toBe('utf-8');
  });
});

describe('CSV as people have it', () => {
  it('reads UTF-8 with a BOM: the BOM is not part of the first header', async () => {
    const { rows, encoding, delimiter } = await read(Buffer.from('\uFEFFemail,name\nanna@example.ru,Анна\n'));
    expect({ encoding, delimiter }).toEqual({ encoding: 'utf-8', delimiter: ',' });
    expect(rows.map((row) => row.cells)).toEqual([
      ['email', 'name'],
      ['anna@example.ru', 'Анна'],
    ]);
  });

  it('reads Windows-1251 with ";", CRLF, quoted separators and line breaks, and skips empty trailing rows', async () => {
    const text =
      'Название;Канал;Категория;Описание\r\n' +
      'Новости дня;@news_day;Новости;"Всё о главном; коротко"\r\n' +
      'Спорт;sport_today;Спорт;"Две строки:\r\nматчи и счёт"\r\n' +
      ';;;\r\n\r\n   \r\n';
    const { rows, encoding, delimiter } = await read(iconv.encode(text, 'windows-1251'));
    expect({ encoding, delimiter }).toEqual({ encoding: 'windows-1251', delimiter: ';' });
    expect(rows).toEqual([
      { row: 1, cells: ['Название', 'Канал', 'Категория', 'Описание'] },
      { row: 2, cells: ['Новости дня', '@news_day', 'Новости', 'Всё о главном; коротко'] },
      { row: 3, cells: ['Спорт', 'sport_today', 'Спорт', 'Две строки:\r\nматчи и счёт'] },
    ]);
  });

  it('takes the encoding and separator it is told over its guesses', async () => {
    const bytes = iconv.encode('Код,Серия\nABC;1\n', 'windows-1251');
    const { rows } = await read(bytes, { encoding: 'windows-1251', delimiter: ';' });
    expect(rows.map((row) => row.cells)).toEqual([['Код,Серия'], ['ABC', '1']]);
  });

  it('streams a large file row by row (a 50 MB CSV), memory growing far less than the file', async () => {
    const line = 'user000000@example.ru;+7 916 000-00-00;Иван;Иванов\n';
    const count = Math.ceil((50 * 1_048_576) / Buffer.byteLength(line));
    const bytes = Buffer.from(`email;phone;first;last\n${line.repeat(count)}`);
    const before = process.memoryUsage().heapUsed;
    let rows = 0;
    let peak = 0;
    for await (const _ of (await openRows(bytes, {})).rows) {
      rows++;
      if (rows % 100_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    expect(rows).toBe(count + 1);
    // The rows as arrays would be several hundred MB; streamed, the heap holds a few slices.
    expect(peak).toBeLessThan(200 * 1_048_576);
  }, 300_000);
});

/** The bytes as a stream would deliver them, cut at the given offsets (a storage read, a network). */
async function* cutAt(bytes: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield Buffer.from(bytes.subarray(from, cut));
    from = cut;
  }
}

/** Offsets every `size` bytes. */
const every = (size: number, length: number) =>
  Array.from({ length: Math.floor(length / size) }, (_, i) => (i + 1) * size);

describe('CSV read as a stream, cut anywhere', () => {
  // The first 64 kB are read whole for the checks: the cuts that matter come after them.
  const filler = (n: number) =>
    Array.from({ length: n }, (_, i) => `Иванова Анна Сергеевна ${i};анна.${i}@пример.рф;Ёлкино`);

  it('a Windows-1251 file of many chunks: every Cyrillic letter is decoded, whatever the cuts', async () => {
    const lines = ['Имя;Почта;Город', ...filler(6000)];
    const bytes = iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1251');
    expect(bytes.length).toBeGreaterThan(5 * 64 * 1024);
    const { rows, encoding } = await read(cutAt(bytes, every(4099, bytes.length)));
    expect(encoding).toBe('windows-1251');
    expect(rows.map((row) => row.cells.join(';'))).toEqual(lines);
  });

  it('a UTF-8 file cut inside its two-byte letters: each letter is put together again across the cut', async () => {
    const lines = ['Имя;Почта;Город', ...filler(6000)];
    const bytes = Buffer.from(`${lines.join('\n')}\n`);
    // Odd cuts: most fall between the two bytes of a Cyrillic letter.
    const cuts = every(4099, bytes.length);
    expect(cuts.filter((cut) => ((bytes[cut] ?? 0) & 0xc0) === 0x80).length).toBeGreaterThan(10);
    const { rows, encoding } = await read(cutAt(bytes, cuts));
    expect(encoding).toBe('utf-8');
    expect(rows.map((row) => row.cells.join(';'))).toEqual(lines);
  });

  it('a CRLF, a quoted line break and an escaped quote each split between two chunks stay one record', async () => {
    const head = filler(2500);
    const tricky = [
      'Петров Пётр;petrov@example.ru;Москва',
      'Сидоров;"Две строки:\r\nвторая";"Он сказал ""да"""',
      'Орлова;orlova@example.ru;Тверь',
    ];
    const text = `Имя;Почта;Город\r\n${head.join('\r\n')}\r\n${tricky.join('\r\n')}\r\n`;
    const bytes = iconv.encode(text, 'windows-1251');
    const at = (needle: string, from = 0) => bytes.indexOf(iconv.encode(needle, 'windows-1251'), from);
    const start = at('Петров Пётр');
    expect(start).toBeGreaterThan(64 * 1024);
    const crlf = at('\r\n', start) + 1; // between \r and \n
    const quotedBreak = at('\r\n', at('"Две', start)) + 1;
    const escapedQuote = at('""да', start) + 1; // between the two quotes
    expect(start < crlf && crlf < quotedBreak && quotedBreak < escapedQuote).toBe(true);
    const { rows } = await read(cutAt(bytes, [crlf, quotedBreak, escapedQuote]));
    expect(rows).toHaveLength(1 + head.length + 3);
    expect(rows.slice(-3).map((row) => row.cells)).toEqual([
      ['Петров Пётр', 'petrov@example.ru', 'Москва'],
      ['Сидоров', 'Две строки:\r\nвторая', 'Он сказал "да"'],
      ['Орлова', 'orlova@example.ru', 'Тверь'],
    ]);
    expect(rows.at(-1)?.row).toBe(1 + head.length + 3);
  });

  it('a source that fails half-way fails the rows (a storage read cut off), and one left early is let go', async () => {
    const bytes = Buffer.from(`code\n${Array.from({ length: 20_000 }, (_, i) => `CODE-${i}`).join('\n')}\n`);
    async function* failing() {
      yield bytes.subarray(0, 100 * 1024);
      throw new Error('connection reset');
    }
    await expect(read(failing())).rejects.toThrow('connection reset');
    let finished = false;
    async function* watched() {
      try {
        for (let at = 0; at < bytes.length; at += 8192) yield bytes.subarray(at, at + 8192);
      } finally {
        finished = true;
      }
    }
    const opened = await openRows(watched(), {});
    for await (const row of opened.rows) if (row.row === 10) break;
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(true);
  });
});

describe('XLSX', () => {
  it('reads the first sheet: numbers as typed (a phone without exponent), dates as yyyy-mm-dd, empty rows skipped', async () => {
    const { rows, format } = await read(XLSX);
    expect(format).toBe('xlsx');
    expect(rows).toEqual([
      { row: 1, cells: ['Электронная почта', 'Телефон', 'Имя', 'Фамилия', 'Дата регистрации'] },
      { row: 2, cells: ['anna@example.ru', '79161234567', 'Анна', 'Иванова', '2024-01-01'] },
      { row: 3, cells: ['boris@example.ru', '8 903 285-94-89', 'Борис', '', '2024-01-09'] },
      { row: 4, cells: ['not-an-email', '', 'Вера', '', ''] },
    ]);
  });

  it('reads a sheet chosen by name or number', async () => {
    const byName = await read(XLSX, { sheet: 'Коды' });
    const byNumber = await read(XLSX, { sheet: '2' });
    expect(byName.rows.map((row) => row.cells)).toEqual([['Промокод'], ['123456'], ['SPRING-2027']]);
    expect(byNumber.rows).toEqual(byName.rows);
  });
});

describe('columns guessed from their headers', () => {
  it('maps Russian and English headers, whatever their case and punctuation', () => {
    expect(guessMapping('users', ['E-mail', 'Телефон', 'Имя', 'Фамилия'])).toEqual({
      email: 0,
      phoneNumber: 1,
      firstName: 2,
      lastName: 3,
    });
    expect(guessMapping('users', ['Last name', 'First Name', 'Phone number', 'EMAIL'])).toEqual({
      email: 3,
      phoneNumber: 2,
      firstName: 1,
      lastName: 0,
    });
    expect(guessMapping('tg-channels', ['Название', 'Ссылка', 'Рубрика', 'Описание'])).toEqual({
      title: 0,
      username: 1,
      category: 2,
      description: 3,
    });
    expect(guessMapping('promo-codes', ['Промокод'])).toEqual({ code: 0 });
    expect(guessMapping('promo-codes', ['XK2-99'])).toEqual({});
  });

  it('takes the mapping sent over the guess, by header or by index', () => {
    const headers = ['Почта', 'Контакт'];
    const guessed = guessMapping('users', headers);
    expect(applyMapping('users', headers, guessed, { phoneNumber: 'контакт' })).toEqual({ email: 0, phoneNumber: 1 });
    expect(applyMapping('users', headers, guessed, { email: 1, unknown: 0 })).toEqual({ email: 1 });
    expect(applyMapping('users', headers, guessed, { email: 'нет такого' })).toEqual({});
  });
});
