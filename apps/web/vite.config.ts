import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-precompress';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
/** `src/features/<feature>/locales/<lang>.json`: one chunk per feature and language. */
const FEATURE_TEXTS = /[\\/]features[\\/]([^\\/]+)[\\/]locales[\\/](\w+)\.json$/;

const NAME_PATH_ONLY = '\0pult:antd-radio-name-path';

/**
 * rc-form's index (`@rc-component/form`) has no `sideEffects` field and assigns to its exports (`RefForm.Field =
 * …`): whatever imports from it brings all of rc-form (Form, Field, List, useForm and the async validator, 15 kB
 * gzip); marking it free of side effects did not take it out (the importing modules stay whole). Two antd modules on every
 * list do without needing a form: antd's form context takes `FormProvider` (Input and Select read the context),
 * and antd's Radio group (in Table's selection) takes a one-line name helper from antd's form hooks, which import
 * rc-form's `useForm`. So the context gets the provider from its own module, the very one the index re-exports
 * (antd's Form, loaded later by a screen, shares its context), and Radio gets the helper alone, written as antd
 * writes it (docs/decisions/0022). If antd stops importing them so, nothing is redirected (the budget grows back).
 */
const rcFormOnlyWithForm = (): Plugin => ({
  name: 'pult:rc-form-only-with-form',
  enforce: 'pre',
  resolveId(source, importer, options) {
    if (!importer) return null;
    if (source === '@rc-component/form' && /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) {
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { ...options, skipSelf: true });
    }
    if (source === '../form/hooks/useForm' && /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/.test(importer)) {
      return NAME_PATH_ONLY;
    }
    return null;
  },
  load(id) {
    if (id !== NAME_PATH_ONLY) return null;
    return "import { toArray } from 'antd/es/form/util';\nexport const toNamePathStr = (name) => toArray(name).join('_');\n";
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [rcFormOnlyWithForm(), react(), precompress()],
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
      // Required by inlineCommonChunks below (an entry's unused exports may go).
      preserveEntrySignatures: false,
      output: {
        // Automatic splitting cut /app/users into 95 scripts, most of them a few hundred bytes: over
        // HTTP/1.1's six connections per host they queue, and Lighthouse's simulated 40 ms round trips
        // count each wait (docs/decisions/0022, sixth look). Common chunks under 32 KiB of source are
        // copied into the chunks that use them instead (one shared registry keeps one instance of each
        // module, run once and in source order), which leaves 39. Chunks holding styles stay files, so
        // Vite emits each stylesheet once.
        codeSplitting: {
          // dayjs (no imports of its own, so the group captures nothing else) was copied into three chunks of
          // /app/users (the UI providers, the screens' texts and the users list): one chunk instead (#37, 0040).
          groups: [
            { name: 'dayjs', test: /node_modules[\\/]dayjs[\\/]dayjs\.min\.js$/ },
            {
              name: 'antd-shared',
              test: /node_modules[\\/](@ant-design[\\/]icons[\\/]es[\\/](components[\\/](IconBase|AntdIconLight)|utils|cssUtils|renderUtils)|@rc-component[\\/]color-picker|antd[\\/]es[\\/](color-picker[\\/](color|util)|space[\\/]Compact|style[\\/]compact-item|_util[\\/]hooks[\\/]useMergeSemantic))/,
              includeDependenciesRecursively: false,
            },
          ],
          experimentalInlineCommonChunks: {
            maxSize: 32 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
        // The contract's chunks (endpoint groups and schemas, loaded on demand by lib/api.ts) are named as
        // such, so a report or a test never takes the contract's `users` schemas for the users screen.
        // A feature's texts in one language (loaded with the screens that draw it, lib/language-loader.ts)
        // are named for both, so a report tells `texts-users-ru` from the shell's `ru` chunk.
        chunkFileNames: (chunk) => {
          const texts = chunk.moduleIds.length === 1 && chunk.moduleIds[0]?.match(FEATURE_TEXTS);
          if (texts) return `assets/texts-${texts[1]}-${texts[2]}-[hash].js`;
          return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/packages/contract/'))
            ? 'assets/contract-[name]-[hash].js'
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
