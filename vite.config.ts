import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cardIconsPlugin } from './scripts/card-icons-plugin.ts';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), cardIconsPlugin()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The manifest names the landing page's script for scripts/prerender-pages.tsx (not served: it
    // sits in a dot folder, which the static files plugin refuses).
    manifest: true,
    rollupOptions: {
      input: { index: 'index.html', 'landing-page': 'src/client/landing-page.ts' },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${apiPort}` },
  },
});
