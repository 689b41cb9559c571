import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { securityHeaders } from './src/security/content-security-policy.ts';

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173 },
  // The built app is served with the editor's security policy (the workspace server sends the same).
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, headers: securityHeaders() },
  build: { outDir: 'dist/web', chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    globalSetup: ['scripts/vitest-global-setup.mjs'],
    testTimeout: 30000,
  },
});
