// `npm run build`: the SPA (Vite) and the API server (esbuild). PULT_SKIP_WEB_BUILD=1 skips the SPA,
// for tests that start the server exactly as `npm start` does but need no pages.
import { execFileSync } from 'node:child_process';

const npm = (...args) => execFileSync('npm', args, { stdio: 'inherit' });

if (process.env.PULT_SKIP_WEB_BUILD !== '1') npm('run', 'build', '-w', '@pult/web');
npm('run', 'build', '-w', '@pult/api');
