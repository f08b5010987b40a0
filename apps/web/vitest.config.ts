import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Files that count what a first import brings, so they need the module cache fresh. */
const isolatedFiles = ['src/lib/language-loader.test.ts', 'src/lib/feature-texts.test.ts'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // Node runs antd's CommonJS build (`antd` is `lib/index.js` there), while the browser build takes its ES
    // modules: a deep import of `antd/es/…` (lib/feedback.tsx reads antd's App context) would be a second copy
    // with contexts of its own in the tests. The same files from `lib/` are the ones `antd` itself uses.
    alias: [{ find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' }],
  },
  test: {
    projects: [
      // Files share each worker's module cache: importing React, antd and the app again for every file
      // was two thirds of the suite's time (92 s against 28 s, quiet). Files that need modules fresh (the
      // language loader and the features' texts count what a first load brings) run isolated.
      // (`include` is set per project: a project's arrays are added to the root's, not put in their place.)
      {
        extends: true,
        test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], exclude: isolatedFiles, isolate: false },
      },
      { extends: true, test: { name: 'web-isolated', include: isolatedFiles } },
    ],
    // Plain logic by default; files that render say `// @vitest-environment jsdom` (setting up jsdom costs ~1 s a file).
    environment: 'node',
    // An upper bound, not a timing assertion: the locale checks take seconds on a loaded machine, and
    // `npm test` runs this suite beside the other stages (vitest's default of 5 s failed there).
    testTimeout: 30_000,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
