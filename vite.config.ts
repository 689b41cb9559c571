import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { securityHeaders } from './src/security/content-security-policy.ts';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    // Offline and installable: a manifest and a service worker that precaches the built editor.
    // The plugin writes into vite's own outDir; the app registers it from its code (no inline
    // script), so a strict Content-Security-Policy holds.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // Under `causeway open` every request needs the run's secret, which the page's cookie
      // carries; a manifest is fetched without cookies unless asked (it was a 401 in the console).
      useCredentials: true,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Causeway — thinking-process trees',
        short_name: 'Causeway',
        description: 'A visual editor for Conversational YAML v1 thinking-process trees',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1e3a5f',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
        file_handlers: [{ action: '.', accept: { 'application/yaml': ['.yaml', '.yml'] } }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { host: '127.0.0.1', port: 5173 },
  // The built app is served with the editor's security policy (the workspace server sends the same).
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: securityHeaders() },
  build: {
    outDir: 'dist/web',
    chunkSizeWarningLimit: 2000,
    // Rolldown's note that the service-worker plugin's precaching takes seconds is for those who
    // tune the build, and `npm install` (which builds) printed it to every new user in yellow.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  worker: { format: 'es' },
  test: {
    environment: 'node',
    globalSetup: ['scripts/vitest-global-setup.mjs'],
    setupFiles: ['scripts/vitest-property-seed.mjs'],
    testTimeout: 30000,
    // One test file per core. Vitest's own default leaves a core to its main process, which
    // waits: on a 2-core machine that ran every file one after another.
    maxWorkers: availableParallelism(),
    // Worker threads start faster than child processes, and the tests need nothing a thread lacks.
    pool: 'threads',
    projects: [
      {
        // The layers below the store keep no state between calls: their test files share one
        // module graph per worker instead of loading format, yaml and the rest afresh for each of
        // 114 files (that import was 40% of the unit tests' time).
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], exclude: ['src/store/**', 'src/ui/**'], isolate: false },
      },
      {
        // The store and the interface hold the open document in module state: each file starts fresh.
        extends: true,
        test: { name: 'isolated', include: ['src/store/**/*.test.ts', 'src/ui/**/*.test.ts', 'src/ui/**/*.test.tsx'] },
      },
    ],
  },
});
