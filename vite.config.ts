import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { cardIconsPlugin } from './scripts/card-icons-plugin.ts';
import { lucideIconsPlugin } from './scripts/lucide-icons-plugin.ts';
import { THEME_SCRIPT } from './src/shared/api/theme-script.ts';

const apiPort = process.env.PORT ?? '3000';

/**
 * The theme script inline in every page's head, after the title and before the style sheet and the
 * app's scripts: nothing to fetch before the first paint, and nothing for it to wait for.
 */
const themeScript: Plugin = {
  name: 'stride-theme-script',
  transformIndexHtml: {
    order: 'pre',
    handler(html) {
      if (!html.includes('</title>'))
        throw new Error('index.html has no <title> to put the theme script after');
      return html.replace('</title>', `</title>\n    <script>${THEME_SCRIPT}</script>`);
    },
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), cardIconsPlugin(), lucideIconsPlugin(), themeScript],
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
