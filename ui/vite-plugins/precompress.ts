/**
 * Writes `X.gz` beside every text file of the build. The server embeds only that copy of such a
 * file (see `src/web/spa.rs`): the binary is smaller and it never compresses at run time. gzip,
 * not brotli: browsers offer brotli only over HTTPS, and a school's LAN mostly serves plain HTTP.
 */
import type { Plugin } from 'vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The extensions the server stores compressed: keep in step with `COMPRESSED` in spa.rs. */
export const COMPRESSED = ['.js', '.css', '.html', '.svg', '.webmanifest'];

const compressible = (name: string) => COMPRESSED.some((ext) => name.endsWith(ext));

/** Every file under `dir`, its path relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'klass-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of filesUnder(outDir).filter(compressible)) {
        writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
      }
    },
  };
};
