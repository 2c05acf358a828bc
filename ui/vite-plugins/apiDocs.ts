/**
 * The API docs page (`/api/docs`): our page and its start script (`api-docs/`) with Swagger UI's
 * script and styles from `swagger-ui-dist`, written to `dist/api-docs/`. The server serves them
 * like the UI's files, so the binary keeps them compressed and builds nothing at start.
 */
import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files of `dist/api-docs/` and where each comes from. */
const sources: Record<string, string> = {
  'index.html': join(here, '../api-docs/index.html'),
  'init.js': join(here, '../api-docs/init.js'),
  'swagger-ui-bundle.js': join(swaggerDir, 'swagger-ui-bundle.js'),
  'swagger-ui.css': join(swaggerDir, 'swagger-ui.css'),
};

export const apiDocs = (): Plugin => ({
  name: 'klass-api-docs',
  apply: 'build',
  generateBundle() {
    for (const [name, path] of Object.entries(sources)) {
      this.emitFile({ type: 'asset', fileName: `api-docs/${name}`, source: readFileSync(path) });
    }
  },
});
