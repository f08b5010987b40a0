/** Image kinds Pult stores, recognised by their first bytes, never by name or declared type. */
export type ImageKind = { ext: 'png' | 'jpg' | 'webp'; contentType: string };

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/**
 * PNG, JPEG or WebP by magic bytes; anything else — SVG, HTML, a renamed script — is refused,
 * so an upload can never become a page of our origin .
 */
export function detectImage(bytes: Buffer): ImageKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', contentType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  return undefined;
}

/** Size caps: icons 1 MB, images 10 MB (uploads are held in memory while checked). */
export const MAX_BYTES = { icon: 1_048_576, avatar: 1_048_576, image: 10 * 1_048_576 } as const;
