/**
 * What an uploaded file is, by its bytes and never by its name or declared type (as the image uploads
 * are checked, storage/image-check.ts): an XLSX is a ZIP whose entries name the workbook; a CSV is
 * text, without the NUL bytes and magic numbers of binary formats. Anything else is refused.
 */
export type ImportFormat = 'csv' | 'xlsx';
export type ImportEncoding = 'utf-8' | 'windows-1251';

/** How much of the file's start the checks read: enough for the ZIP's first entries and a few CSV lines. */
export const HEAD = 64 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Formats that are never a table of text: PDF, PNG, JPEG, GIF, old Office (OLE2), gzip, RAR, 7z. */
const BINARY_MAGIC: readonly number[][] = [
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
  [0x52, 0x61, 0x72, 0x21],
  [0x37, 0x7a, 0xbc, 0xaf],
];

const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((byte, at) => bytes[at] === byte);

/** The part of an XLSX that makes a ZIP a workbook: named in its local headers and its directory. */
export const WORKBOOK_PART = 'xl/workbook.xml';

/**
 * What a file's first bytes (its first 64 kB, or all of a smaller file) say it is. `zip`: a ZIP whose
 * start names no workbook part, which only the rest of it can settle (an upload read as a stream is
 * checked by its start, then watched for the workbook's name while it is stored).
 */
export function sniffHead(bytes: Buffer): ImportFormat | 'zip' | undefined {
  if (bytes.length === 0) return undefined;
  const head = bytes.subarray(0, HEAD);
  if (startsWith(head, ZIP)) {
    // An Office Open XML workbook names its parts in the ZIP's local headers near the start.
    return head.includes('xl/') ? 'xlsx' : 'zip';
  }
  if (BINARY_MAGIC.some((magic) => startsWith(head, magic))) return undefined;
  // Text has no NUL bytes (UTF-16 would, and is not accepted: Excel saves CSV as UTF-8 or the ANSI page).
  if (head.includes(0)) return undefined;
  return 'csv';
}

/** What a whole file is: a CSV, an XLSX, or nothing accepted. */
export function detectFormat(bytes: Buffer): ImportFormat | undefined {
  const format = sniffHead(bytes);
  if (format !== 'zip') return format;
  return bytes.includes(WORKBOOK_PART) ? 'xlsx' : undefined;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * UTF-8 when the file says so (a BOM) or when its start decodes as UTF-8 without error; otherwise the
 * Windows code page Russian Excel saves CSV in. Cyrillic in Windows-1251 is almost never valid UTF-8
 * (its letters are single bytes from 0xC0, which UTF-8 only allows as lead bytes followed by 0x80–0xBF).
 */
export function detectEncoding(bytes: Buffer, more = false): ImportEncoding {
  if (startsWith(bytes, [...BOM])) return 'utf-8';
  let head = bytes.subarray(0, HEAD);
  // The cut (ours, or the end of the part read so far: `more`) may fall inside a character: drop an
  // incomplete sequence at the very end.
  if (more || bytes.length > HEAD) {
    let back = 0;
    while (back < 3 && back < head.length && ((head[head.length - 1 - back] ?? 0) & 0xc0) === 0x80) back++;
    const lead = head[head.length - 1 - back] ?? 0;
    if (lead >= 0xc0) head = head.subarray(0, head.length - 1 - back);
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head);
    return 'utf-8';
  } catch {
    return 'windows-1251';
  }
}
