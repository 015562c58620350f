// Debian tools the unit and integration tests use when they are there: Caddy (the README's
// Caddyfile, run for real), Chromium and pdftotext (the resume generator's text checks). Never
// fails the run: a test whose tool is missing skips and says why.
import { command, ensureDebianTools, file } from './lib/debian-tools.mjs';

const missing = ensureDebianTools([
  command('caddy', 'caddy', ['version']),
  file('chromium', 'chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  command('pdftotext', 'poppler-utils', ['-v']),
]);
for (const tool of missing) {
  console.log(
    `${tool.name} is not installed: the tests that need it will be skipped.\n` +
      `  Debian/Ubuntu: sudo apt-get install -y ${tool.pkg}`,
  );
}
