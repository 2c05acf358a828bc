/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import { apiDocs } from './vite-plugins/apiDocs.ts';
import { precompress } from './vite-plugins/precompress.ts';

/** One id per build: the server reads it from dist/build.json and reports it at /api/health. */
const newBuildId = () => `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;

const buildManifest = (buildId: string): Plugin => ({
  name: 'klass-build-json',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ build: buildId }) + '\n' });
  },
});

const server = 'http://127.0.0.1:8080';
const proxied = ['/api', '/sanctum', '/login', '/logout', '/forgot-password', '/reset-password'];

export default defineConfig(({ command }) => {
  /** The dev server and the unit tests say `dev`: they never match a binary's build. */
  const buildId = command === 'build' ? newBuildId() : 'dev';
  return {
    plugins: [react(), buildManifest(buildId), apiDocs(), precompress()],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    server: { proxy: Object.fromEntries(proxied.map((p) => [p, server])) },
    build: { target: 'es2022', sourcemap: false },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // One jsdom per worker thread, not one per file: setting up 67 of them took 45 of the
      // suite's 80 seconds. The files pass in any order (`--sequence.shuffle`), so they share it.
      pool: 'threads',
      isolate: false,
    },
  };
});
