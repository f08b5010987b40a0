import { installBrowserGlobals } from './browser-globals';

// Most web tests run in `node`; only files that render opt into jsdom with a `// @vitest-environment jsdom` docblock.
installBrowserGlobals();

// antd's responsive helpers (Grid, Layout.Sider) call matchMedia, which jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
