import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to each built script and
 * stylesheet, which the gateway serves as they are: smaller than compressing on
 * every request, and no CPU spent per request.
 */
function precompress(): Plugin {
  return {
    name: 'neuralbeat-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const full = path.join(options.dir!, file);
        const data = fs.readFileSync(full);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${full}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The gateway reads it to preload each route's page chunks (services/gateway/src/firstScreen.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own (they change less often than our code), and the app code that most
        // screens share in one chunk: a phone on a slow network pays a round trip per file. Pages stay one lazy
        // chunk each. Higher priority groups take their modules first; each group also takes its dependencies.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/](@tanstack|styled-components|stylis|@emotion)[\\/]/, priority: 2 },
            {
              name: 'app',
              test: /node_modules[\\/]lucide-react[\\/]|services[\\/]common[\\/]src[\\/]contracts[\\/]|web[\\/]src[\\/](components|lib|seo|api)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/sitemap.xml': 'http://127.0.0.1:8080', '/rss.xml': 'http://127.0.0.1:8080' },
  },
});
