/**
 * The public site: every public route prerendered with its own head,
 * readable without JavaScript and hydrated in the browser; the landing page's sections, FAQ,
 * parallax, fade-in and sale countdown; the blog with tags, 404s and redirects; sitemap, RSS and
 * robots.txt; and the contact form end to end (stored in PostgreSQL, mailed over SMTP).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer } from '../scripts/lib/server-process.ts';
import { decodeMail, startSmtpCapture, type SmtpCapture } from '../scripts/lib/smtp-capture.ts';
import { expect, newAccount, test, toast, type RunningServer } from './fixtures.ts';

const post = {
  slug: 'custom-domain-or-subdomain',
  title: 'Subdomain or your own domain? Choosing a portfolio address',
  sentence: "Your portfolio's address will appear on your resume",
};

const publicRoutes: [path: string, h1: RegExp | string, title: string][] = [
  ['/', /Turn your resume into a portfolio/, 'Turn your resume into a portfolio website · Folio'],
  ['/features', 'A portfolio site without the busy work', 'Features · Folio'],
  ['/how-it-works', 'From resume to website in five steps', 'How it works · Folio'],
  ['/templates', 'Templates for every kind of career', 'Templates · Folio'],
  ['/pricing', 'Simple pricing, no surprises', 'Pricing · Folio'],
  ['/about-us', 'We help people show their best work', 'About us · Folio'],
  ['/contact-us', 'Contact us', 'Contact us · Folio'],
  ['/terms-and-conditions', 'Terms and Conditions', 'Terms and Conditions · Folio'],
  ['/privacy', 'Privacy Policy', 'Privacy Policy · Folio'],
  ['/cookies', 'Cookie Policy', 'Cookie Policy · Folio'],
  ['/blog', 'Career advice and portfolio tips', 'Blog · Folio'],
  [`/blog/${post.slug}`, post.title, `${post.title} · Folio`],
  ['/blog/tags/career', 'Posts tagged “Career”', 'Posts tagged Career · Folio'],
];

test('every public route is prerendered with its title, description, canonical and Open Graph tags', async ({
  request,
  baseURL,
}) => {
  for (const [path, h1, title] of publicRoutes) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>|<!-- -->/g, '');
    if (typeof h1 === 'string') expect(heading, path).toBe(h1);
    else expect(heading, path).toMatch(h1);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}" />`);
    expect(html, path).toContain(`<meta property="og:url" content="${baseURL}${path}" />`);
    expect(html, path).toContain('<meta property="og:image" content="http');
    expect(html, path).not.toContain('folio-origin.invalid');
  }
});

test('each route opens in the browser with its own title; the app loads only when needed', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  for (const [path, h1, title] of publicRoutes) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await expect(page).toHaveTitle(title);
  }
  // A first visitor's pages are documents: a link loads the next one, with its own head, and
  // the app's code (React and the signed-in screens) is not downloaded by the content pages.
  scripts.length = 0;
  await page.goto('/blog');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'static');
  await page.getByRole('link', { name: post.title }).click();
  await expect(page).toHaveURL(`/blog/${post.slug}`);
  await expect(page).toHaveTitle(`${post.title} · Folio`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/blog/${post.slug}$`),
  );
  const appEntry = await page.locator('#root').getAttribute('data-app');
  expect(appEntry).toMatch(/^\/assets\/index-.*\.js$/);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts).not.toContain(appEntry);
  expect(scripts.filter((s) => /react|router|QueryClient/i.test(s))).toEqual([]);

  // Signed in: the app hydrates the same page (the header shows the dashboard), and a link is
  // handled by the router, in the same document.
  const res = await page.request.post('/api/register', { data: newAccount() });
  const { token } = (await res.json()) as { token: string };
  await page.evaluate((t) => localStorage.setItem('jwt', t), token);
  await page.goto('/blog');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  expect(scripts).toContain(appEntry);
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first(),
  ).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('link', { name: post.title }).click();
  await expect(page).toHaveURL(`/blog/${post.slug}`);
  await expect(page).toHaveTitle(`${post.title} · Folio`);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('a blog post and the landing page are readable from the prerendered HTML', async ({
    page,
  }) => {
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page.getByText(post.sentence)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Option 3: your own domain' })).toBeVisible();
    await expect(page.getByText('Daniel Okafor')).toBeVisible();

    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Everything you need to shine online' }),
    ).toBeVisible();
    await expect(page.getByText('Loved by job seekers')).toBeVisible();
    // The FAQ works without JavaScript (native exclusive <details>).
    await page.getByText('Is there a free plan?').click();
    await expect(page.getByText(/The Free plan includes 1 portfolio/)).toBeVisible();
    await page.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Career advice and portfolio tips' }),
    ).toBeVisible();
  });
});

test('landing page: sections with anchors, links to sign-up and how it works', async ({ page }) => {
  await page.goto('/');
  for (const id of ['features', 'how-it-works', 'testimonials', 'faq']) {
    await expect(page.locator(`section#${id}`)).toBeAttached();
  }
  await expect(
    page.getByRole('link', { name: 'Create Your Portfolio', exact: true }),
  ).toHaveAttribute('href', '/auth?tab=register');
  await expect(page.getByRole('link', { name: 'Create Your Portfolio Now' })).toHaveAttribute(
    'href',
    '/auth?tab=register',
  );
  await expect(page.getByRole('link', { name: 'See How It Works' })).toHaveAttribute(
    'href',
    '/how-it-works',
  );
  await expect(page.getByText('1,000+')).toBeVisible();
  await expect(page.getByText('97%')).toBeVisible();
  await page.goto('/#testimonials');
  await expect(page.getByRole('heading', { name: 'Loved by job seekers' })).toBeInViewport();
});

test('FAQ accordion: one item open at a time, collapsible, keyboard operable', async ({ page }) => {
  await page.goto('/');
  const faq = page.locator('#faq');
  const first = faq.locator('details').nth(0);
  const second = faq.locator('details').nth(1);
  const firstAnswer = first.locator('p');
  const secondAnswer = second.locator('p');
  await expect(firstAnswer).toBeHidden();

  await first.locator('summary').click();
  await expect(firstAnswer).toBeVisible();
  await second.locator('summary').click();
  await expect(secondAnswer).toBeVisible();
  await expect(firstAnswer).toBeHidden();
  await second.locator('summary').click();
  await expect(secondAnswer).toBeHidden();

  await first.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(firstAnswer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(firstAnswer).toBeHidden();
});

test('hero parallax follows the mouse; sections fade in on scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const layer = page.locator('[data-parallax-depth="60"]');
  const x = () => layer.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
  await expect(page.locator('html[data-ready]')).toBeAttached();
  let step = 0;
  const moveAndRead = async (toX: number, toY: number) => {
    step += 1;
    await page.mouse.move(toX + (step % 2), toY);
    return x();
  };
  await expect.poll(() => moveAndRead(100, 100)).toBeLessThan(-20);
  await expect.poll(() => moveAndRead(1200, 500)).toBeGreaterThan(20);

  const cta = page.getByRole('link', { name: 'Create Your Portfolio Now' });
  const fade = page.locator('[data-fade]').last();
  await expect(fade).toHaveAttribute('data-fade', 'hidden');
  await cta.scrollIntoViewIfNeeded();
  await expect(fade).toHaveAttribute('data-fade', 'shown');
  await expect(cta).toBeVisible();
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('nothing moves: no parallax and no fade-in', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.mouse.move(100, 100);
    await page.mouse.move(1200, 600);
    const layer = page.locator('[data-parallax-depth="60"]');
    await expect
      .poll(() => layer.evaluate((el) => getComputedStyle(el).transform))
      .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
    await expect(page.locator('[data-fade]')).toHaveCount(0);
  });
});

test('by default no sale runs: no banner, no countdown', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Sale' })).toHaveCount(0);
});

test('blog: list, post page, tags case-insensitively, empty tag, redirects and 404s', async ({
  page,
  request,
}) => {
  await page.goto('/blog');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  // Newest first.
  await expect(cards.first().getByRole('heading')).toHaveText(
    'Portfolio tips for students and career changers',
  );

  await page
    .getByRole('navigation', { name: 'Blog tags' })
    .getByRole('link', { name: /^Career/ })
    .click();
  await expect(page).toHaveURL('/blog/tags/career');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts tagged “Career”');
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all())
    await expect(card.getByRole('link', { name: 'Career', exact: true })).toBeVisible();

  await page.goto('/blog/tags/CAREER');
  await expect(cards).toHaveCount(2);

  await page.goto('/blog/tags/knitting');
  await expect(page.getByText('No posts found for the tag “knitting”.')).toBeVisible();
  await expect(cards).toHaveCount(0);

  await page.goto('/blog/tags');
  await expect(page).toHaveURL('/blog');

  // A post: title, date, author, image, content, tags.
  await page.goto(`/blog/${post.slug}`);
  const article = page.getByRole('article');
  await expect(article.getByText('May 1, 2025')).toBeVisible();
  await expect(article.getByText('Daniel Okafor')).toBeVisible();
  await expect(article.locator(`img[src="/blog/${post.slug}.svg"]`)).toBeVisible();
  await article.getByRole('link', { name: 'Domains', exact: true }).click();
  await expect(page).toHaveURL('/blog/tags/domains');

  // Unknown slug: the server answers 404 with the not-found page, whose address becomes /404.
  const res = await request.get('/blog/no-such-post', { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain('Page Not Found');
  await page.goto('/blog/no-such-post');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});

test('sitemap.xml, rss.xml and robots.txt cover the public pages and posts', async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const [path] of publicRoutes) expect(locs).toContain(`${baseURL}${path}`);
  expect(locs.filter((l) => /\/blog\/[^/]+$/.test(l!) && !l!.includes('/tags/'))).toHaveLength(6);
  expect(locs).not.toContain(`${baseURL}/404`);

  const rss = await (await request.get('/rss.xml')).text();
  expect(rss.match(/<item>/g)).toHaveLength(6);
  expect(rss).toContain(`<link>${baseURL}/blog/${post.slug}</link>`);

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /dashboard');
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('public pages fit a 375 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/', '/blog', `/blog/${post.slug}`, '/contact-us', '/terms-and-conditions']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

/** A worker with real SMTP capture, PostgreSQL, a running sale and a low contact rate limit. */
const mailed = test.extend<
  { smtp: SmtpCapture; db: pg.Client },
  { smtpCapture: SmtpCapture; database: { url: string; client: pg.Client } }
>({
  smtpCapture: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const smtp = await startSmtpCapture();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  database: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
      const name = `folio_e2e_${randomBytes(5).toString('hex')}`;
      const root = new pg.Client({ connectionString: admin });
      await root.connect();
      await root.query(`create database ${name}`);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await use({ url: url.toString(), client });
      await client.end();
      await root.query(`drop database if exists ${name} with (force)`);
      await root.end();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ smtpCapture, database }, use) => {
      const server = await startServer({
        SMTP_URL: smtpCapture.url,
        SUPPORT_EMAIL: 'help@folio.test',
        DATABASE_URL: database.url,
        REQUIRE_EMAIL_VERIFICATION: 'false',
        SALE_PERCENT: '50',
        SALE_ENDS_AT: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
      });
      const running: RunningServer = {
        baseURL: server.baseURL,
        dataDir: server.dataDir,
        mailedLink: () => Promise.reject(new Error('mail is read over SMTP here')),
      };
      await use(running);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  smtp: async ({ smtpCapture }, use) => use(smtpCapture),
  db: async ({ database }, use) => use(database.client),
});

mailed(
  'contact form: required fields, then stored in the database and mailed to support',
  async ({ page, smtp, db }) => {
    await page.goto('/contact-us');
    await expect(page.locator('html[data-ready]')).toBeAttached();
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Subject is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();

    const email = `visitor-${randomBytes(4).toString('hex')}@example.com`;
    await form.getByLabel('Name').fill('Ada Visitor');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Subject').fill('Own domain on Lifetime');
    await form.getByLabel('Message').fill('Can I point janedoe.dev at my Lifetime portfolio?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send message' }).click();

    await expect(toast(page, 'Message sent successfully!')).toBeVisible();
    await expect(page.getByRole('status').getByText(`to ${email}`)).toBeVisible();

    const { rows } = await db.query(
      'select portfolio_id, name, subject, message, status from contact_messages where email = $1',
      [email],
    );
    expect(rows).toEqual([
      {
        portfolio_id: null,
        name: 'Ada Visitor',
        subject: 'Own domain on Lifetime',
        message: 'Can I point janedoe.dev at my Lifetime portfolio?',
        status: 'delivered',
      },
    ]);
    const mail = decodeMail(
      (await smtp.waitFor('help@folio.test', (m) => m.raw.includes(email))).raw,
    );
    expect(mail).toContain(`Reply-To: ${email}`);
    expect(mail).toContain('Can I point janedoe.dev at my Lifetime portfolio?');
  },
);

mailed(
  'while a sale runs, the banner under the header counts down and links to pricing',
  async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Sale' });
    await expect(banner).toContainText('50% off Pro and Lifetime');
    const countdown = banner.getByTestId('sale-countdown');
    await expect(countdown).toHaveText(/^3d \d\d:\d\d:\d\d$/);
    const first = await countdown.textContent();
    await expect(countdown).not.toHaveText(first!);
    await banner.getByRole('link', { name: 'View Sale' }).click();
    await expect(page).toHaveURL('/pricing');
  },
);

mailed('when the sale ends, the banner goes away by itself', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Sale' });
  await expect(banner).toBeVisible();
  // Past SALE_ENDS_AT (3 days and an hour away) without reloading the page.
  await page.clock.fastForward(75 * 3_600_000);
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('sale-countdown')).toBeHidden();
});
