import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // two pages: the workspace (index.html) and the driver's phone page (driver.html, src/driver),
      // which shares no code with the workspace so it stays small
      input: { main: path.resolve(import.meta.dirname, 'index.html'), driver: path.resolve(import.meta.dirname, 'driver.html') },
      // The protocol package re-exports its zod schemas from one index; the web only uses its
      // constants and helpers, so its modules are declared free of side effects and zod stays out.
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]protocol[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
