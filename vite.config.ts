import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Writes .br and .gz beside every text asset of the build, once, so the server sends compressed
 * files (@fastify/static preCompressed) without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'presale-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The web app lives in src/web and is built to dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': src } },
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 700 },
  server: { proxy: { '/api': 'http://localhost:3000', '/crypto': 'http://localhost:3000' } },
});
