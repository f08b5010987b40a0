import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
    // Plain logic by default; files that render say `// @vitest-environment jsdom` (setting up jsdom costs ~1 s a file).
    environment: 'node',
    // An upper bound, not a timing assertion: the locale checks take seconds on a loaded machine, and
    // `npm test` runs this suite beside the other stages (vitest's default of 5 s failed there).
    testTimeout: 30_000,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
