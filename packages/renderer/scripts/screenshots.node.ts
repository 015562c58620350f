/**
 * Writes every template rendered with the sample content to a folder and, when Chromium is
 * available, screenshots each at desktop and phone width.
 *   npm run screenshots -w packages/renderer -- [outDir] [--no-shots] [--only=id,id]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { templateIds } from '@folio/core';
import { render, sampleContent } from '../src/index.ts';

const args = process.argv.slice(2);
const outDir = resolve(args.find((a) => !a.startsWith('--')) ?? '.screenshots');
const shots = !args.includes('--no-shots');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const sizes = [
  ['desktop', '1280,2200'],
  ['phone', '375,2400'],
] as const;

mkdirSync(outDir, { recursive: true });
for (const id of templateIds) {
  if (only && !only.includes(id)) continue;
  const { html } = render(sampleContent, {
    template: id,
    siteUrl: 'https://jane-doe.folio.example',
    contactFormAction: '/api/sites/jane-doe/contact',
  });
  const file = join(outDir, `${id}.html`);
  writeFileSync(file, html);
  console.log(`${id}: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB → ${file}`);
  if (!shots || !existsSync(chromium)) continue;
  for (const [name, size] of sizes) {
    execFileSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--hide-scrollbars',
        '--virtual-time-budget=8000',
        `--screenshot=${join(outDir, `${id}-${name}.png`)}`,
        `--window-size=${size}`,
        `file://${file}`,
      ],
      { stdio: 'ignore' },
    );
  }
}
