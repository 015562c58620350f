// Makes sure Debian's Chromium is there for the browser tests; never downloads a browser of its own.
import { ensureDebianTools, file } from './lib/debian-tools.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (ensureDebianTools([file('chromium', 'chromium', chromium)]).length > 0) {
  console.error(
    `Chromium was not found at ${chromium}. The browser tests need it.\n` +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  Elsewhere: install Chromium and set CHROMIUM_PATH to its executable.',
  );
  process.exit(1);
}
