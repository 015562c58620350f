/**
 * Last step of `npm run build`: every hashed asset (scripts, styles) is written beside itself as
 * brotli at its strongest setting (`.br`) and gzip level 9 (`.gz`), once, so the server sends
 * those files as they are (apps/server/src/plugins/web-app.ts) instead of compressing each
 * response on the fly at a faster, weaker setting.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const assets = path.resolve(import.meta.dirname, '..', 'dist', 'assets');
const files = fs.readdirSync(assets).filter((f) => /\.(js|css|svg|json)$/.test(f));

let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const body = fs.readFileSync(path.join(assets, file));
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: 9 }),
    ]);
    fs.writeFileSync(path.join(assets, `${file}.br`), br);
    fs.writeFileSync(path.join(assets, `${file}.gz`), gz);
    before += body.length;
    after += br.length;
  }),
);
console.log(
  `precompressed ${files.length} assets: ${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB as brotli`,
);
