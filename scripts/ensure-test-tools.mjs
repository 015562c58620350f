// Debian tools the unit and integration tests use when they are there: Caddy (the README's
// Caddyfile, run for real), Chromium, pdftotext (the resume generator's text checks), a font
// with Chinese glyphs (the generator's Chinese documents print blank without one) and LibreOffice
// (the generated .doc the tests parse, corpus/fixtures.node.ts). Never
// fails the run: a test whose tool is missing skips and says why.
import { command, ensureDebianTools, file } from './lib/debian-tools.mjs';

const missing = ensureDebianTools([
  command('caddy', 'caddy', ['version']),
  file('chromium', 'chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  command('pdftotext', 'poppler-utils', ['-v']),
  file(
    'a font with Chinese glyphs',
    'fonts-wqy-microhei',
    '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  ),
  file('LibreOffice', 'libreoffice-writer-nogui', process.env.SOFFICE_PATH ?? '/usr/bin/soffice'),
]);
for (const tool of missing) {
  console.log(
    `${tool.name} is not installed: the tests that need it will be skipped.\n` +
      `  Debian/Ubuntu: sudo apt-get install -y ${tool.pkg}`,
  );
}
