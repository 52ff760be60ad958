import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The gateway reads it to preload each route's page chunks (services/gateway/src/firstScreen.ts).
    manifest: true,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return 'react';
          if (/node_modules\/(@tanstack|styled-components|stylis|@emotion)\//.test(id)) return 'vendor';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/sitemap.xml': 'http://127.0.0.1:8080', '/rss.xml': 'http://127.0.0.1:8080' },
  },
});
