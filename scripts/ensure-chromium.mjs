// Makes sure Debian's Chromium is there for the browser tests; never downloads a browser of its own.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log("Chromium is missing: installing Debian's chromium with apt-get…");
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
      {
        stdio: 'inherit',
      },
    );
  } catch {
    // reported below
  }
  if (existsSync(chromium)) process.exit(0);
}
console.error(
  `Chromium was not found at ${chromium}. The browser tests need it.\n` +
    '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
    '  Elsewhere: install Chromium and set CHROMIUM_PATH to its executable.',
);
process.exit(1);
