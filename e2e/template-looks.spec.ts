import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { defaultContent, templateIds, type ResumeData, type TemplateId } from '@folio/core';
import { corpusGoldDir } from '@folio/parser/corpus';
import { render, sampleContent } from '@folio/renderer';
import { standInSite } from '@folio/renderer/fonts.node';

/**
 * The five redesigned templates with real resumes (the corpus's longest gold file), at desktop
 * and phone width, as a reader sees them: nothing scrolls sideways, Space Adventures' planet keeps
 * clear of the header's text, Card Flip shows every bullet without a click, Neumorphic keeps an
 * e-mail address on one line whenever the line can hold it, Modular's cards (and the tiles in
 * them) are as tall as the others in their row and no taller, and Dark Mode is laid out as its
 * own index, not as Modern recoloured. At 390 px every template, with the sample persona and the
 * longest real resume, breaks no word, link or address between two letters.
 *
 * Pages are served from a stand-in site origin with the self-hosted fonts, as a published site is.
 */

const golds = fs
  .readdirSync(corpusGoldDir)
  .filter((f) => f.endsWith('.gold.json'))
  .sort()
  .map((f) => {
    const file = path.join(corpusGoldDir, f);
    return {
      name: f,
      size: fs.statSync(file).size,
      data: JSON.parse(fs.readFileSync(file, 'utf8')) as ResumeData,
    };
  });
const longest = golds.reduce((a, b) => (b.size > a.size ? b : a));

const SITE = 'http://site.folio.test/';
const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/**
 * Opens `template` rendered with `data` as a published page (with its contact form when `form`);
 * the returned check fails on any console error.
 */
async function open(page: Page, template: TemplateId, data: ResumeData, form = false) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const content = defaultContent(data);
  content.settings.showContactForm = form;
  const { html } = render(content, {
    template,
    siteUrl: SITE,
    contactFormAction: '/api/sites/site/contact',
  });
  await page.route(
    `${SITE}**`,
    standInSite(() => html),
  );
  await page.goto(SITE);
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return () => expect(errors, 'console errors in the page').toEqual([]);
}

/**
 * Words the page breaks between two letters or digits, as "elem: start|rest". A break at a hyphen,
 * slash, dot or `@` is a sensible one and is not listed; nor is a break inside a run of letters
 * wider than its line (it cannot fit anywhere). Measured on the laid-out text, character by
 * character, so it is what a reader sees.
 */
async function midWordBreaks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const alnum = /[\p{L}\p{N}]/u;
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const charBox = (node: Text, i: number) => {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return [...range.getClientRects()].find((r) => r.width > 0) ?? null;
    };
    for (
      let node = walker.nextNode() as Text | null;
      node;
      node = walker.nextNode() as Text | null
    ) {
      const el = node.parentElement!;
      if (el.closest('.visually-hidden, script, style, [hidden]')) continue;
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size < 2) continue;
        let prev: DOMRect | null = null;
        for (let i = 0; i < m[0].length; i++) {
          const box = charBox(node, m.index + i);
          if (!box) continue;
          const word = m[0];
          if (
            prev &&
            Math.abs(box.top - prev.top) > 2 &&
            alnum.test(word[i - 1]!) &&
            alnum.test(word[i]!)
          ) {
            // The run of letters and digits around the break, measured on one line.
            let a = i - 1;
            let b = i;
            while (a > 0 && alnum.test(word[a - 1]!)) a--;
            while (b < word.length - 1 && alnum.test(word[b + 1]!)) b++;
            let width = 0;
            for (let k = a; k <= b; k++) width += charBox(node, m.index + k)?.width ?? 0;
            const block = el.closest('p, li, h1, h2, h3, dd, div, section') ?? el;
            if (width <= block.clientWidth) {
              out.push(
                `${el.tagName.toLowerCase()}.${el.className}: ${word.slice(0, i)}|${word.slice(i)}`,
              );
            }
          }
          prev = box;
        }
      }
    }
    return out;
  });
}

async function sideways(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

const templates: TemplateId[] = ['cardflip', 'new', 'neumorphic', 'modular', 'darkmode'];

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px with the longest real resume`, () => {
    test.use({ viewport });

    for (const template of templates) {
      test(`${template} does not scroll sideways`, async ({ page }, testInfo) => {
        const noErrors = await open(page, template, longest.data);
        await page.screenshot({
          path: testInfo.outputPath(`${template}-${viewport.width}.png`),
          fullPage: true,
        });
        expect(await sideways(page), `${template} scrolls sideways`).toBeLessThanOrEqual(0);
        noErrors();
      });
    }

    test("Space Adventures' planet keeps clear of the header's text", async ({ page }) => {
      const noErrors = await open(page, 'new', longest.data);
      const overlaps = await page.evaluate(() => {
        const hero = document.querySelector('.hero')!;
        const box = hero.getBoundingClientRect();
        const planet = getComputedStyle(hero, '::after');
        const width = parseFloat(planet.width);
        const height = parseFloat(planet.height);
        const right = box.right - parseFloat(planet.right);
        const top = box.top + parseFloat(planet.top);
        const p = { left: right - width, right, top, bottom: top + height };
        const texts = [...hero.querySelectorAll('.hero-intro, .name, .role, .in-hero li')];
        return {
          planet: p,
          count: texts.length,
          hit: texts
            .map((el) => ({ el, r: el.getBoundingClientRect() }))
            .filter(
              ({ r }) =>
                r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top,
            )
            .map(({ el }) => `${el.className}: ${el.textContent.trim().slice(0, 40)}`),
        };
      });
      expect(overlaps.planet.bottom - overlaps.planet.top).toBeGreaterThan(40);
      expect(overlaps.count).toBeGreaterThan(2);
      expect(overlaps.hit, 'header text under the planet').toEqual([]);
      noErrors();
    });

    test('Card Flip shows every bullet without a click', async ({ page }) => {
      const noErrors = await open(page, 'cardflip', longest.data);
      const bullets = page.locator('.entry .bullets li');
      const count = await bullets.count();
      expect(count).toBeGreaterThan(5);
      for (let i = 0; i < count; i++) {
        const li = bullets.nth(i);
        await li.scrollIntoViewIfNeeded();
        await expect(li).toBeVisible();
        // Drawn on top: the point at its first line's middle is the bullet itself, on no back face.
        const onTop = await li.evaluate((el) => {
          const r = el.getClientRects()[0]!;
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit !== null && el.contains(hit);
        });
        expect(onTop, await li.innerText()).toBe(true);
      }
      await expect(page.getByRole('button')).toHaveCount(0);
      noErrors();
    });

    test("Neumorphic keeps an e-mail address on one line whenever the page's column can hold it", async ({
      page,
    }) => {
      // Every real resume with an address (one page each): more than the default minute on a busy machine.
      test.setTimeout(180_000);
      // Every real resume with an address: one wider than the column may break, no other may.
      const withEmail = golds.filter((g) => g.data.contact?.email);
      expect(withEmail.length).toBeGreaterThan(5);
      let checked = 0;
      for (const gold of withEmail) {
        const noErrors = await open(page, 'neumorphic', gold.data);
        const link = page.locator('a[href^="mailto:"]').first();
        // An address the renderer cannot make a mailto: link of is shown as text, not checked here.
        if ((await link.count()) === 0) {
          await page.unrouteAll();
          continue;
        }
        await expect(link).toBeVisible();
        const { lines, fits } = await link.evaluate((a) => {
          const probe = a.cloneNode(true) as HTMLElement;
          probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
          a.parentElement!.append(probe);
          const natural = probe.getBoundingClientRect().width;
          probe.remove();
          const page = document.querySelector('.page')!;
          const style = getComputedStyle(page);
          const column =
            page.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          // One rectangle per text piece between <wbr>s: count the lines they sit on.
          const tops = new Set([...a.getClientRects()].map((r) => Math.round(r.top)));
          return { lines: tops.size, fits: natural <= column };
        });
        if (fits) {
          checked++;
          expect(lines, `${gold.name}: ${await link.innerText()}`).toBe(1);
        }
        noErrors();
        await page.unrouteAll();
      }
      expect(checked).toBeGreaterThan(5);
    });

    test('Neumorphic text reads at 4.5:1 and form fields have a 3:1 edge', async ({ page }) => {
      const noErrors = await open(page, 'neumorphic', longest.data, true);
      const { low, fields } = await page.evaluate(() => {
        /** sRGB channels 0-255 and alpha of a computed colour (rgb(), rgba() or color(srgb)). */
        const parse = (c: string) => {
          const rgb = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(c);
          if (rgb) return { v: [+rgb[1]!, +rgb[2]!, +rgb[3]!], a: rgb[4] ? +rgb[4] : 1 };
          const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?/.exec(c);
          if (srgb) {
            return {
              v: [+srgb[1]! * 255, +srgb[2]! * 255, +srgb[3]! * 255],
              a: srgb[4] ? +srgb[4] : 1,
            };
          }
          return null;
        };
        const lum = (v: number[]) => {
          const [r, g, b] = v.map((x) => {
            const s = x / 255;
            return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          }) as [number, number, number];
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const ratio = (a: number[], b: number[]) => {
          const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
          return (x + 0.05) / (y + 0.05);
        };
        /** The opaque background an element is drawn on. */
        const backdrop = (from: Element | null): number[] => {
          for (let el = from; el; el = el.parentElement) {
            const c = parse(getComputedStyle(el).backgroundColor);
            if (c && c.a > 0.9) return c.v;
          }
          return [255, 255, 255];
        };
        const low: string[] = [];
        for (const el of document.querySelectorAll('body *')) {
          const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim());
          if (!own || el.closest('.visually-hidden, .skip-link')) continue;
          const fg = parse(getComputedStyle(el).color);
          if (!fg) {
            low.push(`${el.tagName}: unreadable colour ${getComputedStyle(el).color}`);
            continue;
          }
          const r = ratio(fg.v, backdrop(el));
          if (r < 4.5) low.push(`${el.tagName}.${el.className} ${r.toFixed(2)}`);
        }
        const fields = [...document.querySelectorAll('.field input, .field textarea')].map((f) => {
          const style = getComputedStyle(f);
          const edge = parse(style.borderTopColor);
          return {
            width: parseFloat(style.borderTopWidth),
            ratio: edge ? ratio(edge.v, backdrop(f.parentElement)) : 0,
          };
        });
        return { low, fields };
      });
      expect(low, 'text below 4.5:1').toEqual([]);
      expect(fields).toHaveLength(4);
      for (const field of fields) {
        expect(field.width).toBeGreaterThan(0);
        expect(field.ratio).toBeGreaterThanOrEqual(3);
      }
      noErrors();
    });

    test('Modular sizes each card to its row: equal heights in a row, none stretched into an empty block', async ({
      page,
    }) => {
      const noErrors = await open(page, 'modular', longest.data);
      const cards = await page.locator('main > .section').evaluateAll((sections) =>
        sections.map((s) => {
          const box = s.getBoundingClientRect();
          const style = getComputedStyle(s);
          const inner = [...s.children].map((c) => c.getBoundingClientRect());
          const content =
            Math.max(...inner.map((r) => r.bottom)) -
            Math.min(...inner.map((r) => r.top)) +
            parseFloat(style.paddingTop) +
            parseFloat(style.paddingBottom);
          return { id: s.id, top: Math.round(box.top), height: box.height, content };
        }),
      );
      expect(cards.map((c) => c.id)).toContain('skills');
      for (const card of cards) {
        // A card is as tall as its own content or the tallest card beside it in its row (give or
        // take the last line's margin, which the measure leaves out).
        const row = cards.filter((c) => Math.abs(c.top - card.top) < 2);
        const need = Math.max(...row.map((c) => c.content));
        expect(card.height, `${card.id} is stretched past its row`).toBeLessThanOrEqual(need + 16);
      }
      const skills = cards.find((c) => c.id === 'skills')!;
      expect(skills.height, 'the skills card is mostly empty').toBeLessThan(2 * skills.content);
      // Cards that share a row are as tall as each other, and so are tiles inside a card.
      for (const card of cards) {
        const row = cards.filter((c) => Math.abs(c.top - card.top) < 2);
        for (const other of row) {
          expect(Math.abs(other.height - card.height), `${card.id} / ${other.id}`).toBeLessThan(1);
        }
      }
      const tiles = await page.locator('main .entries > li').evaluateAll((lis) =>
        lis.map((li) => {
          const box = li.getBoundingClientRect();
          return {
            list: li.parentElement!.closest('section')!.id,
            top: Math.round(box.top),
            height: box.height,
          };
        }),
      );
      expect(tiles.length).toBeGreaterThan(2);
      for (const tile of tiles) {
        for (const other of tiles.filter(
          (t) => t.list === tile.list && Math.abs(t.top - tile.top) < 2,
        )) {
          expect(Math.abs(other.height - tile.height), `tiles in ${tile.list}`).toBeLessThan(1);
        }
      }
      noErrors();
    });
  });
}

test.describe('at 390 px, every template', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const template of templateIds) {
    test(`${template} breaks no word, link or address mid-word`, async ({ page }, testInfo) => {
      for (const [name, data] of [
        ['sample', sampleContent.data],
        ['longest resume', longest.data],
      ] as const) {
        const noErrors = await open(page, template, data);
        await page.screenshot({
          path: testInfo.outputPath(`${template}-${name}-390.png`),
          fullPage: true,
        });
        expect(await sideways(page), `${template} scrolls sideways`).toBeLessThanOrEqual(0);
        expect(await midWordBreaks(page), `${template} with the ${name}`).toEqual([]);
        // Addresses carry break opportunities at their slashes and dots.
        const links = page.locator('.contact-list a[href^="http"]');
        if ((await links.count()) > 0) {
          expect(
            await links.first().evaluate((a) => a.querySelectorAll('wbr').length),
          ).toBeGreaterThan(0);
        }
        noErrors();
        await page.unrouteAll();
      }
    });
  }
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Dark Mode is its own index layout, not Modern recoloured', async ({ page }) => {
    const layout = async (template: TemplateId) => {
      const noErrors = await open(page, template, longest.data);
      const result = await page.evaluate(() => {
        const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
        const head = box('#experience .entry.has-details .entry-head');
        const body = box('#experience .entry.has-details .entry-body');
        const title = box('#experience .section-title');
        const list = box('#experience .entries');
        const chip = getComputedStyle(document.querySelector('#skills .tags li')!);
        return {
          detailsBeside: body.left >= head.right && body.top < head.bottom,
          titleAbove: title.bottom <= list.top,
          chips: chip.backgroundColor !== 'rgba(0, 0, 0, 0)',
        };
      });
      noErrors();
      await page.unrouteAll();
      return result;
    };
    // Dark Mode: titles over full-width index rows, details beside each heading, skills as words.
    expect(await layout('darkmode')).toEqual({
      detailsBeside: true,
      titleAbove: true,
      chips: false,
    });
    // Modern: titles in a side column, details under each heading, skills as chips.
    expect(await layout('modern')).toEqual({
      detailsBeside: false,
      titleAbove: false,
      chips: true,
    });
  });
});
