// Installs missing Debian packages that tests use (never a tool's own download of a browser or a
// binary): as root with apt-get only; elsewhere it installs nothing and says how.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * @typedef {{ name: string, pkg: string, present: () => boolean }} Tool
 * @param {Tool[]} tools
 * @returns {Tool[]} the tools still missing afterwards
 */
export function ensureDebianTools(tools) {
  let missing = tools.filter((t) => !t.present());
  if (missing.length === 0) return [];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    const pkgs = missing.map((t) => t.pkg).join(' ');
    console.log(`Installing Debian packages for the tests: ${pkgs}…`);
    const install = `DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`;
    try {
      execSync(install, { stdio: 'inherit' });
    } catch {
      try {
        execSync(`apt-get update -qq && ${install}`, { stdio: 'inherit' });
      } catch {
        // reported by the caller
      }
    }
    missing = missing.filter((t) => !t.present());
  }
  return missing;
}

/** A tool found by running `command --version`-like arguments. */
export const command = (name, pkg, args = ['--version']) => ({
  name,
  pkg,
  present: () => spawnSync(name, args, { stdio: 'ignore' }).status === 0,
});

/** A tool found by its path. */
export const file = (name, pkg, path) => ({ name, pkg, present: () => existsSync(path) });
