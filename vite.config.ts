/**
 * Build of the kiosk PWA into dist/ (served by the service, src/server/server.ts) and the dev
 * server, which proxies the service's own paths to a running service (VITE_API_PROXY, default
 * http://127.0.0.1:8787). vite-plugin-pwa builds the service worker from src/app/sw.ts
 * (injectManifest) and writes the web app manifest; the app registers the worker itself.
 * vite-plugin-compression2 writes a brotli (.br) and a gzip (.gz) copy beside each text file, which
 * the service sends to browsers that accept them (precompressed serveStatic in src/server/server.ts).
 */
import { defineConfig, loadEnv, type LogLevel, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** "0.1.0+abc1234": the package version and, when built from git, the commit. */
function appVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

const THEME = '#0f3d3e';
/** Everything the service answers itself (the service also routes /API/* case-insensitively). */
const SERVICE_PATHS = ['/api', '/API', '/oauth', '/docs', '/healthz'];

/**
 * On a busy machine Rolldown warns that plugins took seconds (compression, the worker's build):
 * advice on profiling the build, not a fault in it, and `npm run build` stays quiet unless
 * something is wrong. Both builds (the app's and the service worker's) take it.
 */
const QUIET_BUNDLER = { checks: { bundlerTimings: false } };

/**
 * The service worker is built by a second Vite build inside vite-plugin-pwa (injectManifest),
 * which does not take the main build's log level; these carry it over, so `vite build --logLevel
 * warn` (`npm run build`) prints nothing unless something is wrong.
 */
function serviceWorkerLogLevel(): { main: Plugin; worker: Plugin } {
  let level: LogLevel | undefined;
  return {
    main: { name: 'kiosk:remember-log-level', configResolved: (config) => void (level = config.logLevel) },
    worker: { name: 'kiosk:service-worker-log-level', config: () => ({ ...(level ? { logLevel: level } : {}), build: { rolldownOptions: QUIET_BUNDLER } }) },
  };
}

export default defineConfig(({ mode }) => {
  const logLevel = serviceWorkerLogLevel();
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const target = env.VITE_API_PROXY || 'http://127.0.0.1:8787';
  const proxy: Record<string, ProxyOptions> = Object.fromEntries(SERVICE_PATHS.map((path) => [path, { target, changeOrigin: false }]));

  return {
    define: { __APP_VERSION__: JSON.stringify(appVersion()) },
    plugins: [
      logLevel.main,
      react(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/app',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        manifestFilename: 'manifest.webmanifest',
        // Every built file (public/ included) is precached once, by the glob; the plugin adds the manifest.
        includeManifestIcons: false,
        injectManifest: {
          // A classic (non-module) worker: one self-contained file, registrable everywhere.
          rollupFormat: 'iife',
          buildPlugins: { vite: [logLevel.worker] },
          globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,wasm}'],
        },
        manifest: {
          id: '/',
          name: 'Kiosk Clock',
          short_name: 'Kiosk Clock',
          description: 'Clock on and off at the kiosk: tap your name, enter your PIN. Works offline.',
          lang: 'en',
          start_url: '/',
          scope: '/',
          display: 'fullscreen',
          display_override: ['fullscreen', 'standalone'],
          orientation: 'any',
          theme_color: THEME,
          background_color: THEME,
          categories: ['business', 'productivity'],
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          ],
        },
      }),
      // Text files of 1 kB or more; a copy no smaller than its original is not written.
      compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, skipIfLargerOrEqual: true }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: QUIET_BUNDLER,
    },
    server: {
      host: '127.0.0.1',
      proxy,
    },
    preview: {
      host: '127.0.0.1',
    },
  };
});
