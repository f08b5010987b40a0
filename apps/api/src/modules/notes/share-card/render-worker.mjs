// Draws share cards off the main thread: satori lays the card out as SVG (synchronous, tens of
// milliseconds of CPU) and sharp rasterises it to PNG. Plain JavaScript so the same file runs under
// tsx, vitest and the bundled server without a loader; the layout itself is built by the caller.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import satori from 'satori';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const fontFile = (name) => readFileSync(require.resolve(`@fontsource/roboto/files/${name}`));

// Each subset file is its own family: registered under one name, satori would use only one of them
// and draw boxes for the other script's letters and the digits.
const fonts = [];
for (const [subset, family] of [
  ['latin', 'Roboto Latin'],
  ['cyrillic', 'Roboto Cyrillic'],
]) {
  for (const weight of [400, 700]) {
    fonts.push({ name: family, data: fontFile(`roboto-${subset}-${weight}-normal.woff`), weight, style: 'normal' });
  }
}

parentPort.on('message', async ({ id, tree, width, height }) => {
  // The pool's time limit starts now: loading this file (satori, sharp, fonts) is not the drawing.
  parentPort.postMessage({ id, started: true });
  try {
    const svg = await satori(tree, { width, height, fonts });
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
    const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength).slice();
    parentPort.postMessage({ id, png: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
