import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/files': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No manual vendor groups: a forced group (all of antd in one chunk) made the login page download
    // every component. Rolldown splits by what each route imports, so antd arrives per route.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The contract's chunks (endpoint groups and schemas, loaded on demand by lib/api.ts) are named as
        // such, so a report or a test never takes the contract's `users` schemas for the users screen.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/packages/contract/'))
            ? 'assets/contract-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
