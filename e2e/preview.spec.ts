import zlib from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  expect,
  expectWidth,
  signedInWithPortfolio,
  test,
  toast,
  type SignedInPortfolio,
} from './fixtures.ts';

/** A 4×4 PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWOQizoBRwzEcQD9oxQBNt2DPAAAAABJRU5ErkJggg==',
  'base64',
);

type Setup = SignedInPortfolio;

/** A new signed-in account with one portfolio; the page is signed in. */
async function setUp(page: Page): Promise<Setup> {
  return signedInWithPortfolio(page, {
    name: 'My Portfolio',
    content: {
      data: {
        contact: { name: 'Ada Park', title: 'Engineer' },
        summary: 'I build reliable systems.',
        experience: [
          {
            company: 'Acme Corp',
            position: 'Software Engineer',
            dates: '2020 – 2024',
            description: ['Built the billing platform'],
          },
        ],
        skills: { technical: ['TypeScript'] },
      },
    },
  });
}

async function saved(request: APIRequestContext, { id, auth }: Setup) {
  const res = await request.get(`/api/portfolios/${id}`, { headers: auth });
  return (await res.json()) as {
    version: number;
    content: {
      data: { contact: { title?: string }; skills: { technical: string[] } };
      styles: { global: { fontFamily?: string } };
      settings: { sectionOrder: string[] };
    };
  };
}

const frameFont = (page: Page) =>
  page
    .frameLocator('iframe')
    .locator('body')
    .evaluate((el) => getComputedStyle(el).fontFamily);

test('resume edits show in the preview at once, save, and skills ignore duplicates', async ({
  page,
}) => {
  const setup = await setUp(page);
  await page.goto(`/preview?id=${setup.id}`);
  await expect(page.getByRole('heading', { name: 'Preview & Customize' })).toBeVisible();
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: 'Ada Park' })).toBeVisible();

  await page.getByRole('tab', { name: 'Resume' }).click();
  await page.getByLabel('Professional Title', { exact: true }).fill('Principal Engineer');
  await expect(frame.getByText('Principal Engineer').first()).toBeVisible();

  const skill = page.getByLabel('Technical skills', { exact: true });
  await skill.fill('  Rust ');
  await skill.press('Enter');
  await skill.fill('rust');
  await skill.press('Enter');
  await expect(page.getByText('“rust” is already in the list.')).toBeVisible();
  await skill.fill('   ');
  await skill.press('Enter');
  const skills = page.getByRole('list', { name: 'Current technical skills' });
  await expect(skills.getByRole('listitem')).toHaveCount(2);
  await expect(skills.getByRole('listitem')).toContainText(['TypeScript', 'Rust']);
  await expect(frame.getByText('Rust', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Content updated')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  const after = await saved(page.request, setup);
  expect(after.content.data.contact.title).toBe('Principal Engineer');
  expect(after.content.data.skills.technical).toEqual(['TypeScript', 'Rust']);
});

test('customize: serif font in the frame, section order by keyboard persists, uploads', async ({
  page,
}) => {
  const setup = await setUp(page);
  await page.goto(`/preview?id=${setup.id}`);
  await page.getByRole('tab', { name: 'Customize' }).click();

  expect(await frameFont(page)).not.toMatch(/Georgia/);
  await page.getByLabel('Font family', { exact: true }).selectOption('Serif');
  await expect.poll(() => frameFont(page)).toMatch(/Georgia|serif/);

  const order = page.getByRole('list', { name: 'Section order' }).getByRole('listitem');
  await expect(order.first()).toContainText('Contact');
  const handle = page.getByRole('button', { name: 'Drag to reorder Contact' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('section-contact')).toHaveAttribute('style', /translate/);
  // Dropped only once the section below has made room (it moves up), not merely on the move.
  await expect(page.getByTestId('section-summary')).toHaveAttribute(
    'style',
    /translate3d\(0px, -[1-9]/,
  );
  await page.keyboard.press('Space');
  await expect(order.nth(0)).toContainText('About / Summary');
  await expect(order.nth(1)).toContainText('Contact');

  // Images: a too large file is refused in the browser; a real one is uploaded.
  const photo = page.getByLabel('Profile Photo', { exact: true });
  await photo.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByRole('alert')).toHaveText('File too large. Maximum allowed size is 5MB.');
  await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('img', { name: 'Current profile photo' })).toHaveAttribute(
    'src',
    /^\/uploads\/[0-9a-f]{64}\.webp$/,
  );

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Appearance updated')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  const after = await saved(page.request, setup);
  expect(after.content.styles.global.fontFamily).toBe('Serif');
  expect(after.content.settings.sectionOrder.slice(0, 2)).toEqual(['summary', 'contact']);

  await page.reload();
  await page.getByRole('tab', { name: 'Customize' }).click();
  await expect(order.nth(0)).toContainText('About / Summary');
  await expect(page.getByLabel('Font family', { exact: true })).toHaveValue('Serif');
  await expect.poll(() => frameFont(page)).toMatch(/Georgia|serif/);
});

test('a save over a newer version from another tab shows the stale-version message', async ({
  page,
}) => {
  const setup = await setUp(page);
  await page.goto(`/preview?id=${setup.id}`);
  await page.getByRole('tab', { name: 'Resume' }).click();
  await page.getByLabel('Professional Title', { exact: true }).fill('Mine');

  // Another tab saves first.
  const current = await saved(page.request, setup);
  const other = await page.request.patch(`/api/portfolios/${setup.id}`, {
    headers: setup.auth,
    data: {
      content: {
        ...current.content,
        data: { ...current.content.data, contact: { name: 'Ada Park', title: 'Theirs' } },
      },
      version: current.version,
    },
  });
  expect(other.status()).toBe(200);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Error updating content')).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'changed elsewhere' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('Professional Title', { exact: true })).toHaveValue('Theirs');
  await expect(alert).toBeHidden();
});

test('the mobile toggle makes the frame 375 px wide; narrow screens get mobile only', async ({
  page,
}) => {
  const setup = await setUp(page);
  await page.goto(`/preview?id=${setup.id}`);
  const iframe = page.locator('iframe');
  await expect(page.getByRole('button', { name: 'Desktop' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect((await iframe.boundingBox())?.width).toBeGreaterThan(600);
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect(iframe).toHaveAttribute('data-device', 'mobile');
  await expectWidth(iframe, 375);
  const height = (await iframe.boundingBox())?.height ?? 0;
  expect(height).toBeGreaterThanOrEqual(600);
  expect(height).toBeLessThanOrEqual(700);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Desktop' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mobile' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('unsaved edits survive a reload and can be discarded', async ({ page }) => {
  const setup = await setUp(page);
  await page.goto(`/preview?id=${setup.id}`);
  await page.getByRole('tab', { name: 'Resume' }).click();
  await page.getByLabel('Professional Title', { exact: true }).fill('Draft Title');
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).join(',')))
    .toContain('folio:draft:');
  // Leaving asks first; the draft is kept in this browser all the same.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByText('Unsaved changes from your last visit were restored.')).toBeVisible();
  await page.getByRole('tab', { name: 'Resume' }).click();
  await expect(page.getByLabel('Professional Title', { exact: true })).toHaveValue('Draft Title');
  expect((await saved(page.request, setup)).content.data.contact.title).toBe('Engineer');

  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByLabel('Professional Title', { exact: true })).toHaveValue('Engineer');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Preview & Customize' })).toBeVisible();
  await expect(page.getByText('Unsaved changes from your last visit were restored.')).toHaveCount(
    0,
  );
});

test('leaving the editor with unsaved edits asks first, by a link or by Back', async ({ page }) => {
  const setup = await setUp(page);
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(new RegExp(`/preview\\?id=${setup.id}$`));
  await page.getByRole('tab', { name: 'Resume' }).click();
  const title = page.getByLabel('Professional Title', { exact: true });
  await title.fill('Draft Title');
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });

  // A link: Stay keeps the editor and its edits.
  await page
    .getByRole('navigation', { name: 'App' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/preview\\?id=${setup.id}$`));
  await expect(title).toHaveValue('Draft Title');

  // Back: the same question, the editor still at its address; Leave goes back.
  await page.goBack({ waitUntil: 'commit' });
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/preview\\?id=${setup.id}$`));
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
});

test('a non-numeric id goes to the dashboard', async ({ page }) => {
  await setUp(page);
  await page.goto('/preview?id=abc');
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** A real PNG of `size`×`size` pixels of one colour, made here (zlib + CRC-32). */
function makePng(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array(size).fill(row) as Buffer[]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A new signed-in account with a portfolio that looks freshly parsed (experience + projects). */
async function setUpParsed(page: Page): Promise<Setup> {
  return signedInWithPortfolio(page, {
    name: 'Parsed Portfolio',
    content: {
      data: {
        contact: { name: 'Ada Park', title: 'Engineer', email: 'ada@example.com' },
        summary: 'I build reliable systems.',
        experience: [
          {
            company: 'Acme Corp',
            position: 'Sofware Enginer',
            dates: '2020 – 2024',
            description: ['Built the billing platform'],
          },
        ],
        projects: [{ name: 'Orbit', description: ['A tiny scheduler'] }],
        skills: { technical: ['TypeScript'] },
      },
    },
  });
}

/** Whether section `a` comes before section `b` in the preview frame's page. */
const frameOrder = (page: Page, a: string, b: string) =>
  page
    .frameLocator('iframe')
    .locator('body')
    .evaluate(
      (_, [first, second]) => {
        const x = document.getElementById(first ?? '');
        const y = document.getElementById(second ?? '');
        if (!x || !y) return 'missing';
        return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? 'before' : 'after';
      },
      [a, b],
    );

/** The element's box once two reads in a row agree (scrolling and layout have settled). */
async function restingBox(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const seen: { last: string; box: Awaited<ReturnType<Locator['boundingBox']>> } = {
    last: '',
    box: null,
  };
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      const now = JSON.stringify(box);
      const resting = box !== null && now === seen.last;
      seen.last = now;
      seen.box = box;
      return resting;
    })
    .toBe(true);
  if (!seen.box) throw new Error('no box');
  return seen.box;
}

test('parsed portfolio: fix a job title, font, colour, drag and keyboard order, photo; all persist', async ({
  page,
}) => {
  const setup = await setUpParsed(page);
  await page.goto(`/preview?id=${setup.id}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByText('Sofware Enginer').first()).toBeVisible();

  // Resume: the job title, shown in the frame before saving.
  await page.getByRole('tab', { name: 'Resume' }).click();
  await page.getByLabel('Position', { exact: true }).first().fill('Software Engineer');
  await expect(frame.getByText('Software Engineer').first()).toBeVisible();
  await expect(frame.getByText('Sofware Enginer')).toHaveCount(0);

  // Customize: font and text colour.
  await page.getByRole('tab', { name: 'Customize' }).click();
  await page.getByLabel('Font family', { exact: true }).selectOption('Serif');
  await expect.poll(() => frameFont(page)).toMatch(/Georgia|serif/);
  await page.getByLabel('Text colour', { exact: true }).fill('#123456');
  await expect
    .poll(() => frame.locator('body').evaluate((el) => getComputedStyle(el).color))
    .toBe('rgb(18, 52, 86)');

  // Order by mouse drag: Projects above Experience (dnd-kit starts after 5 px of movement).
  const order = page.getByRole('list', { name: 'Section order' }).getByRole('listitem');
  const labels = () => order.evaluateAll((items) => items.map((i) => i.dataset.testid));
  expect(await frameOrder(page, 'experience', 'projects')).toBe('before');
  await page.getByRole('button', { name: 'Drag to reorder Projects' }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 150);
  // The wheel scroll (and the page's layout) may still be moving: press only where the handles
  // have come to rest, or the press lands on another section's handle.
  const from = await restingBox(page.getByRole('button', { name: 'Drag to reorder Projects' }));
  const to = await restingBox(page.getByRole('button', { name: 'Drag to reorder Experience' }));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 15 });
  await page.mouse.up();
  await expect
    .poll(labels)
    .toEqual([
      'section-contact',
      'section-summary',
      'section-education',
      'section-projects',
      'section-experience',
      'section-skills',
      'section-extracurricular',
      'section-awards',
      'section-publications',
      'section-languages',
      'section-volunteering',
      'section-custom',
    ]);
  await expect.poll(() => frameOrder(page, 'projects', 'experience')).toBe('before');

  // Order by keyboard: Skills up two places, above Projects.
  const skills = page.getByRole('button', { name: 'Drag to reorder Skills' });
  await skills.focus();
  await page.keyboard.press('Space');
  await expect(skills).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('section-skills')).toHaveAttribute('style', /translate/);
  await expect(page.getByTestId('section-experience')).toHaveAttribute(
    'style',
    /translate3d\(0px, [1-9]/,
  );
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('section-projects')).toHaveAttribute(
    'style',
    /translate3d\(0px, [1-9]/,
  );
  await page.keyboard.press('Space');
  const expectedOrder = [
    'section-contact',
    'section-summary',
    'section-education',
    'section-skills',
    'section-projects',
    'section-experience',
    'section-extracurricular',
    'section-awards',
    'section-publications',
    'section-languages',
    'section-volunteering',
    'section-custom',
  ];
  await expect.poll(labels).toEqual(expectedOrder);
  await expect.poll(() => frameOrder(page, 'skills', 'projects')).toBe('before');

  // Profile photo, made in the test; the frame shows it.
  await page
    .getByLabel('Profile Photo', { exact: true })
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(32, [200, 60, 20]) });
  await expect(page.getByRole('img', { name: 'Current profile photo' })).toHaveAttribute(
    'src',
    /^\/uploads\/[0-9a-f]{64}\.webp$/,
  );
  const photo = frame.getByRole('img', { name: 'Photo of Ada Park' });
  await expect(photo).toHaveAttribute('src', /\/uploads\/[0-9a-f]{64}\.webp$/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  // Nothing is saved yet.
  const before = await saved(page.request, setup);
  expect(before.content.styles.global.fontFamily).toBeUndefined();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Appearance updated')).toBeVisible();
  const after = (await (
    await page.request.get(`/api/portfolios/${setup.id}`, { headers: setup.auth })
  ).json()) as {
    content: {
      data: { experience: { position: string }[] };
      styles: { global: { fontFamily?: string; textColor?: string } };
      settings: { sectionOrder: string[]; ogImage?: string };
    };
  };
  expect(after.content.data.experience[0]?.position).toBe('Software Engineer');
  expect(after.content.styles.global).toMatchObject({ fontFamily: 'Serif', textColor: '#123456' });
  expect(after.content.settings.sectionOrder).toEqual(
    expectedOrder.map((s) => s.replace('section-', '')),
  );
  expect(after.content.settings.ogImage).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);

  // After a reload everything is still there, in the editors and in the frame.
  await page.reload();
  await expect(frame.getByText('Software Engineer').first()).toBeVisible();
  await expect.poll(() => frameFont(page)).toMatch(/Georgia|serif/);
  await expect
    .poll(() => frame.locator('body').evaluate((el) => getComputedStyle(el).color))
    .toBe('rgb(18, 52, 86)');
  await expect(frame.getByRole('img', { name: 'Photo of Ada Park' })).toBeVisible();
  await expect.poll(() => frameOrder(page, 'projects', 'experience')).toBe('before');
  await page.getByRole('tab', { name: 'Resume' }).click();
  await expect(page.getByLabel('Position', { exact: true }).first()).toHaveValue(
    'Software Engineer',
  );
  await page.getByRole('tab', { name: 'Customize' }).click();
  await expect(page.getByLabel('Font family', { exact: true })).toHaveValue('Serif');
  await expect(page.getByLabel('Text colour', { exact: true })).toHaveValue('#123456');
  await expect.poll(labels).toEqual(expectedOrder);
});

/** The section icons in the preview, as "section id: loaded" (whether the image loaded). */
const frameIcons = (page: Page) =>
  page
    .frameLocator('iframe[title="Portfolio preview"]')
    .locator('main')
    .evaluate((main) =>
      [...main.querySelectorAll<HTMLImageElement>('h2 img.section-icon')].map(
        (img) => `${img.closest('section')?.id}: ${img.complete && img.naturalWidth > 0}`,
      ),
    );

test('a section icon picked in Customize shows beside that heading in the preview and is saved', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const setup = await setUp(page);
  await page.goto(`/preview?id=${setup.id}`);
  await page.getByRole('tab', { name: 'Customize' }).click();
  await expect(page.locator('iframe[title="Portfolio preview"]')).toBeVisible();
  await expect.poll(() => frameIcons(page)).toEqual([]);

  await page.getByLabel('Section', { exact: true }).selectOption('skills');
  await page.getByLabel('Section icon', { exact: true }).setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: makePng(24, [20, 120, 200]),
  });
  await expect(page.getByRole('img', { name: 'Current section icon' })).toHaveAttribute(
    'src',
    /^\/uploads\/[0-9a-f]{64}\.webp$/,
  );
  // The preview shows it beside the Skills heading only, and the image loads.
  await expect.poll(() => frameIcons(page)).toEqual(['skills: true']);
  await page.screenshot({ path: '/tmp/shots/fields/section-icon-1280.png' });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Appearance updated')).toBeVisible();
  const res = await page.request.get(`/api/portfolios/${setup.id}`, { headers: setup.auth });
  const { content } = (await res.json()) as {
    content: { styles: { sections: Record<string, { iconUrl?: string | null }> } };
  };
  expect(content.styles.sections.skills?.iconUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);

  await page.reload();
  await page.getByRole('tab', { name: 'Customize' }).click();
  await expect.poll(() => frameIcons(page)).toEqual(['skills: true']);

  // Removing it takes it off the preview.
  await page.getByLabel('Section', { exact: true }).selectOption('skills');
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect.poll(() => frameIcons(page)).toEqual([]);
});
