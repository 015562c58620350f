import { sectionKeys, templateIds, type PortfolioContent, type SectionKey } from '@folio/core';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { render } from './render.ts';
import { sampleContent } from './sample-content.ts';
import { sectionBlocks } from './sections.ts';
import { templateDefinitions } from './templates/index.ts';
import { attacks, fixtures, type FixtureName } from './test-fixtures.ts';

const options = {
  siteUrl: 'https://jane-doe.folio.example/',
  contactFormAction: '/api/sites/jane-doe/contact',
};

function dom(htmlText: string): Document {
  return new JSDOM(htmlText).window.document;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Sections whose block has something to show for this content. */
function expectedSections(content: PortfolioContent): SectionKey[] {
  const order = [...new Set(content.settings.sectionOrder)].filter((k) =>
    (sectionKeys as readonly string[]).includes(k),
  );
  return order.filter((k) => sectionBlocks[k].render(content.data) !== null);
}

const fixtureNames = Object.keys(fixtures) as FixtureName[];

describe.each(templateIds)('template %s', (template) => {
  describe.each(fixtureNames)('with %s content', (name) => {
    const content = fixtures[name];
    const result = render(content, { template, ...options });
    const doc = dom(result.html);
    const def = templateDefinitions[template];

    it('is one page with a language, landmarks, a skip link and exactly one h1', () => {
      expect(result.html.startsWith('<!doctype html>')).toBe(true);
      expect(doc.documentElement.lang).toBe('en');
      expect(doc.querySelectorAll('h1')).toHaveLength(1);
      expect(doc.querySelector('h1')!.textContent.trim()).not.toBe('');
      expect(doc.querySelectorAll('header')).not.toHaveLength(0);
      expect(doc.querySelectorAll('main')).toHaveLength(1);
      expect(doc.querySelector('a.skip-link')?.getAttribute('href')).toBe('#main');
      expect(doc.getElementById('main')).not.toBeNull();
    });

    it('renders the non-empty sections in sectionOrder and nothing else', () => {
      const expected = expectedSections(content);
      expect(result.sections).toEqual(expected);
      // Custom sections are one section each (custom-1, custom-2…) where `custom` stands.
      const keyOf = (id: string) => id.replace(/^custom-\d+$/, 'custom');
      const ids = [
        ...new Set(
          [...doc.querySelectorAll('section.section')]
            .map((s) => keyOf(s.id))
            .filter((id) => id !== 'message'),
        ),
      ];
      expect([...ids].sort()).toEqual([...expected].sort());
      // Main follows the order (contact may sit in the header).
      const mainIds = [
        ...new Set([...doc.querySelectorAll('main > section')].map((s) => keyOf(s.id))),
      ];
      const mainExpected = expected.filter((k) => mainIds.includes(k));
      expect(mainIds.filter((id) => id !== 'message')).toEqual(mainExpected);
      for (const key of sectionKeys) {
        if (!expected.includes(key)) expect(doc.getElementById(key)).toBeNull();
      }
    });

    it('has no empty headings or sections', () => {
      for (const h of doc.querySelectorAll('h1, h2, h3')) {
        expect(h.textContent.trim()).not.toBe('');
      }
      for (const s of doc.querySelectorAll('section')) {
        const body = s.querySelector('.section-body');
        expect(body?.textContent?.trim()).toBeTruthy();
        expect(s.getAttribute('aria-labelledby')).toBe(s.querySelector('h2')?.id);
      }
      expect(doc.querySelectorAll('ul:empty, ol:empty, p:empty, li:empty')).toHaveLength(0);
    });

    it('runs only its own small inline script and the JSON-LD', () => {
      for (const script of doc.querySelectorAll('script')) {
        expect(script.hasAttribute('src')).toBe(false);
        if (script.type === 'application/ld+json') continue;
        expect(script.textContent).toBe(def.script);
      }
      expect(doc.querySelectorAll('script:not([type])')).toHaveLength(def.script ? 1 : 0);
      if (def.script) expect(def.script.length).toBeLessThan(1500);
    });

    it('loads nothing from another site', () => {
      for (const el of doc.querySelectorAll('[src], link[href]')) {
        const url = el.getAttribute('src') ?? el.getAttribute('href')!;
        if (el.matches('link[rel=canonical]')) continue;
        expect(url, el.outerHTML.slice(0, 200)).toMatch(/^(?:data:image\/|\/(?!\/))/);
      }
      const styles = [...doc.querySelectorAll('style')].map((s) => s.textContent).join('');
      expect(styles).not.toMatch(/@import|url\(\s*['"]?(?:https?:)?\/\//i);
      expect(doc.querySelectorAll('iframe, object, embed, link[rel=stylesheet]')).toHaveLength(0);
    });

    it('allows only http, https, mailto and tel links', () => {
      for (const el of doc.querySelectorAll('[href], [src], [action]')) {
        for (const attr of ['href', 'src', 'action']) {
          const v = el.getAttribute(attr);
          if (v === null) continue;
          expect(v).toMatch(/^(?:https?:\/\/|mailto:|tel:\+?\d|#|\/(?!\/)|data:image\/)/);
          expect(v.toLowerCase()).not.toMatch(/javascript:|vbscript:|data:text/);
        }
      }
    });

    it('has the SEO tags', () => {
      const meta = (sel: string) => doc.querySelector(sel)?.getAttribute('content');
      expect(doc.title).toBe(result.title);
      expect(doc.title.trim()).not.toBe('');
      expect(meta('meta[name=description]')).toBe(result.description);
      expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(
        'https://jane-doe.folio.example/',
      );
      expect(meta('meta[property="og:title"]')).toBe(result.title);
      expect(meta('meta[property="og:description"]')).toBe(result.description);
      expect(meta('meta[property="og:url"]')).toBe('https://jane-doe.folio.example/');
      expect(meta('meta[property="og:type"]')).toBe('profile');
      // A large card wherever there is an image to show (the owner's, or the generated one).
      expect(meta('meta[name="twitter:card"]')).toBe(
        meta('meta[property="og:image"]') ? 'summary_large_image' : 'summary',
      );
      expect(meta('meta[name=viewport]')).toContain('width=device-width');
      const ld = doc.querySelector('script[type="application/ld+json"]')!.textContent;
      expect(ld).not.toMatch(/[<>]/);
      const person = JSON.parse(ld) as Record<string, unknown>;
      expect(person['@type']).toBe('Person');
      expect(person.url).toBe('https://jane-doe.folio.example/');
    });

    it('gives every image alt text and every form field a label', () => {
      for (const img of doc.querySelectorAll('img')) expect(img.hasAttribute('alt')).toBe(true);
      for (const field of doc.querySelectorAll('input, textarea')) {
        expect(doc.querySelector(`label[for="${field.id}"]`)).not.toBeNull();
      }
    });
  });
});

describe('hostile content', () => {
  it.each(templateIds)('is escaped in %s', (template) => {
    const { html } = render(fixtures.hostile, { template, ...options });
    const doc = dom(html);
    const all = [...doc.querySelectorAll('*')];
    for (const el of all) {
      for (const attr of el.getAttributeNames()) expect(attr).not.toMatch(/^on/i);
    }
    expect(doc.querySelectorAll('svg, iframe, object, embed')).toHaveLength(0);
    expect(doc.querySelectorAll('img[src=x]')).toHaveLength(0);
    // Shown as text, not run: the strings survive in the page's text.
    expect(doc.body.textContent).toContain('<script>alert(1)</script>');
    expect(doc.body.textContent).toContain('"><img src=x onerror=alert(1)>');
    const styles = [...doc.querySelectorAll('style')].map((s) => s.textContent).join('');
    expect(styles).not.toMatch(/evil|expression|<\/style|<script|body\{display:none/);
    expect(doc.querySelectorAll('style')).toHaveLength(1);
    expect(doc.querySelector('#summary')!.className).toBe('section s-summary ok-class');
    expect(html).not.toMatch(/<script>alert/i);
  });

  it('keeps the hostile strings out of the head except as escaped text', () => {
    const { html } = render(fixtures.hostile, { template: 'modern', ...options });
    const head = html.slice(0, html.indexOf('</head>'));
    for (const attack of attacks) {
      if (attack.includes('<')) expect(head).not.toContain(attack);
    }
    expect(
      dom(html).querySelectorAll('head > *:not(meta, title, link, style, script)'),
    ).toHaveLength(0);
  });
});

describe('section order and presence', () => {
  it('follows a custom order and leaves out unlisted sections', () => {
    const content = clone(sampleContent);
    content.settings.sectionOrder = ['skills', 'projects', 'summary', 'contact'];
    const result = render(content, { template: 'darkmode', ...options });
    expect(result.sections).toEqual(['skills', 'projects', 'summary', 'contact']);
    const doc = dom(result.html);
    expect([...doc.querySelectorAll('main > section')].map((s) => s.id)).toEqual([
      'skills',
      'projects',
      'summary',
      'contact',
      'message',
    ]);
    expect(doc.getElementById('experience')).toBeNull();
    expect(doc.getElementById('education')).toBeNull();
  });

  it('puts contact in the header when it comes first', () => {
    const doc = dom(render(sampleContent, { template: 'modern' }).html);
    expect(doc.querySelector('header #contact')).not.toBeNull();
    expect(doc.querySelector('header #contact h2')!.textContent.trim()).toBe('Contact');
  });

  it('skips sections whose items are all blank', () => {
    const content = clone(fixtures.minimal);
    content.data.experience = [{ company: '  ', description: ['', ' '] }];
    content.data.skills = { technical: [' '], soft: [] };
    content.data.awards = ['', '   '];
    content.data.summary = '   ';
    const result = render(content, { template: 'modern' });
    expect(result.sections).toEqual([]);
    expect(dom(result.html).querySelectorAll('h2')).toHaveLength(0);
  });

  it('renders every section of the full fixture', () => {
    expect(render(fixtures.full, { template: 'modern' }).sections).toEqual([...sectionKeys]);
  });
});

describe('styles', () => {
  const styled = clone(sampleContent);
  styled.styles = {
    global: {
      fontFamily: 'Serif',
      fontSize: '18px',
      lineHeight: '1.8',
      theme: '#0f766e',
      backgroundColor: '#fafafa',
      textColor: '#222222',
    },
    sections: {
      experience: { backgroundColor: '#1e293b', customClass: 'featured' },
      skills: { textColor: 'rgb(10, 20, 30)' },
    },
  };
  const css = () =>
    dom(render(styled, { template: 'modern' }).html).querySelector('style')!.textContent;

  it('applies global styles through custom properties', () => {
    const text = css();
    expect(text).toContain('--font:"Lora","Iowan Old Style"');
    expect(text).toContain('--fs:112.5%');
    expect(text).toContain('--lh:1.8');
    expect(text).toContain('--accent:#0f766e');
    expect(text).toContain('--bg:#fafafa');
    expect(text).toContain('--text:#222222');
  });

  it('a theme colour alone reaches the chips and every template decoration', () => {
    const themed = clone(sampleContent);
    themed.styles = { global: { theme: '#e11d48' }, sections: {} };
    for (const template of templateIds) {
      const style = dom(render(themed, { template }).html).querySelector('style')!.textContent;
      expect(style, template).toContain('--theme:#e11d48');
      expect(style, template).toMatch(/--chip-bg:color-mix\(in srgb,#e11d48 16%,#[0-9a-f]{6}\)/);
      const t = templateDefinitions[template];
      // No decoration keeps the template's own accent colour beside the chosen theme.
      expect(style.replaceAll(`var(--theme,${t.palette.accent})`, ''), template).not.toContain(
        `:${t.palette.accent}`,
      );
    }
  });

  it('applies section styles and picks a readable text colour', () => {
    const text = css();
    expect(text).toMatch(/#experience\.section\{background:#1e293b;[^}]*--text:#ffffff/);
    expect(text).toMatch(/#skills\.section\{[^}]*--text:rgb\(10, 20, 30\)/);
    const doc = dom(render(styled, { template: 'modern' }).html);
    expect(doc.getElementById('experience')!.classList).toContain('featured');
    expect(doc.getElementById('experience')!.classList).toContain('has-bg');
  });

  it("shows a section's icon beside its heading in every template, and only there", () => {
    const c = clone(sampleContent);
    c.styles.sections.skills = { iconUrl: '/uploads/icon.webp' };
    for (const template of templateIds) {
      const doc = dom(render(c, { template }).html);
      const icons = [...doc.querySelectorAll('img.section-icon')];
      expect(
        icons.map((i) => i.closest('section')?.id),
        template,
      ).toEqual(['skills']);
      expect(icons[0]!.parentElement!.id, template).toBe('skills-title');
      expect(icons[0]!.getAttribute('src'), template).toBe('/uploads/icon.webp');
      expect(icons[0]!.getAttribute('alt'), template).toBe('');
    }
  });

  it('maps each font choice to its self-hosted face, then a system stack', () => {
    for (const [font, needle] of [
      ['Sans Serif', '"Figtree",system-ui'],
      ['Monospace', '"Geist Mono",ui-monospace'],
      ['Serif', '"Lora","Iowan Old Style"'],
    ] as const) {
      const c = clone(sampleContent);
      c.styles.global.fontFamily = font;
      const text = dom(render(c, { template: 'terminal' }).html).querySelector(
        'style',
      )!.textContent;
      expect(text).toContain(`--font:${needle}`);
    }
  });

  it('hands the template colours over to the user colours', () => {
    const c = clone(sampleContent);
    c.styles.global.backgroundColor = '#ffffff';
    const text = dom(render(c, { template: 'darkmode' }).html).querySelector('style')!.textContent;
    const root = /:root\{--bg:#ffffff;[^}]*\}/.exec(text)?.[0] ?? '';
    expect(root).toContain('--text:#111111');
    expect(root).toContain('--tint:0%');
    // darkmode's light blue would not read on white: links fall back to the text colour.
    expect(root).toContain('--accent:#111111');
    expect(root).toContain('--accent-text:#ffffff');
    expect(root).toMatch(/--surface:color-mix\(in srgb,#111111 5%,#ffffff\)/);
  });

  it('keeps the template accent when it reads on the user background', () => {
    const c = clone(sampleContent);
    c.styles.global.backgroundColor = '#ffffff';
    expect(render(c, { template: 'modern' }).html).toContain('--accent:#4338ca');
  });

  it('ignores sizes out of range', () => {
    const c = clone(sampleContent);
    c.styles.global.fontSize = '200px';
    expect(render(c, { template: 'modern' }).html).toContain('--fs:100%');
  });
});

describe('settings', () => {
  it('uses the photo, favicon and meta fields', () => {
    const c = clone(fixtures.full);
    c.settings.ogImage = '/uploads/me.jpg';
    const doc = dom(render(c, { template: 'galactic', siteUrl: 'https://jane.example/' }).html);
    expect(doc.querySelector('img.avatar')?.getAttribute('src')).toBe('/uploads/me.jpg');
    expect(doc.querySelector('img.avatar')?.getAttribute('alt')).toBe('Photo of Jane Doe');
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://jane.example/uploads/me.jpg',
    );
    expect(doc.querySelector('link[rel=icon]')?.getAttribute('href')).toMatch(/^data:image\/png/);
    expect(doc.title).toBe('Jane Doe — Senior Product Engineer');
    expect(doc.querySelector('meta[name="twitter:creator"]')?.getAttribute('content')).toBe(
      '@janedoe_example',
    );
  });

  it('uses the generated card for og:image and twitter:image unless the owner set an image', () => {
    const card = 'https://jane.example/og-image.0123456789ab.png';
    const own = clone(fixtures.full);
    own.settings.ogImage = '/uploads/me.jpg';
    const none = clone(fixtures.full);
    delete none.settings.ogImage;
    const metaOf = (c: typeof own, ogImageUrl: string | null) => {
      const doc = dom(
        render(c, { template: 'modern', siteUrl: 'https://jane.example/', ogImageUrl }).html,
      );
      return (sel: string) => doc.querySelector(sel)?.getAttribute('content');
    };
    const generated = metaOf(none, card);
    expect(generated('meta[property="og:image"]')).toBe(card);
    expect(generated('meta[name="twitter:image"]')).toBe(card);
    expect(generated('meta[name="twitter:card"]')).toBe('summary_large_image');
    const theirs = metaOf(own, card);
    expect(theirs('meta[property="og:image"]')).toBe('https://jane.example/uploads/me.jpg');
    const without = metaOf(none, null);
    expect(without('meta[property="og:image"]')).toBeUndefined();
    expect(without('meta[name="twitter:card"]')).toBe('summary');
  });

  it('links the uploaded résumé when its address is safe', () => {
    const c = clone(sampleContent);
    c.settings.resumeUploadUrl = '/uploads/jane-doe.pdf';
    const link = dom(render(c, { template: 'modern' }).html).querySelector('.hero-actions a');
    expect(link?.getAttribute('href')).toBe('/uploads/jane-doe.pdf');
    expect(link?.textContent).toBe('Download résumé');
    c.settings.resumeUploadUrl = 'javascript:alert(1)';
    expect(dom(render(c, { template: 'modern' }).html).querySelector('.hero-actions')).toBeNull();
  });

  it('falls back to name and summary for title and description', () => {
    const c = clone(sampleContent);
    c.settings.metaTitle = null;
    c.settings.metaDescription = '';
    const r = render(c, { template: 'modern' });
    expect(r.title).toBe('Jane Doe — Senior Product Engineer');
    expect(r.description.startsWith('Product engineer with eight years')).toBe(true);
    expect(r.description.length).toBeLessThanOrEqual(300);
  });

  it('draws a favicon from the initial when none is set', () => {
    const doc = dom(render(fixtures.minimal, { template: 'modern' }).html);
    const href = doc.querySelector('link[rel=icon]')!.getAttribute('href')!;
    expect(href).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(href)).toContain('>S</text>');
  });

  it('marks previews noindex and leaves the canonical out without a site URL', () => {
    const doc = dom(render(sampleContent, { template: 'modern', mode: 'preview' }).html);
    expect(doc.querySelector('meta[name=robots]')?.getAttribute('content')).toContain('noindex');
    expect(doc.querySelector('link[rel=canonical]')).toBeNull();
    expect(doc.querySelector('meta[property="og:url"]')).toBeNull();
  });

  it('adds a CSP nonce to inline style and scripts', () => {
    const doc = dom(render(sampleContent, { template: 'cardflip', nonce: 'abc123' }).html);
    for (const el of doc.querySelectorAll('style, script')) {
      expect(el.getAttribute('nonce')).toBe('abc123');
    }
    const bad = render(sampleContent, { template: 'cardflip', nonce: '"><x' }).html;
    expect(bad).not.toContain('nonce=');
  });

  it('falls back to the default template for an unknown id', () => {
    const r = render(sampleContent, { template: 'constructor' as never });
    expect(r.template).toBe('modern');
  });
});

describe('contact form', () => {
  it('posts name, email, subject and message to the given action', () => {
    const doc = dom(render(sampleContent, { template: 'modern', ...options }).html);
    const form = doc.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/sites/jane-doe/contact');
    expect([...form.querySelectorAll('[name]')].map((f) => f.getAttribute('name'))).toEqual([
      'name',
      'email',
      'subject',
      'message',
    ]);
    expect(form.querySelector('input[name=email]')?.getAttribute('type')).toBe('email');
    expect(form.querySelectorAll('[required]')).toHaveLength(4);
    expect(form.querySelector('button[type=submit]')).not.toBeNull();
  });

  it('is left out when turned off, or when publishing without an action', () => {
    const off = clone(sampleContent);
    off.settings.showContactForm = false;
    expect(
      dom(render(off, { template: 'modern', ...options }).html).querySelector('form'),
    ).toBeNull();
    expect(
      dom(render(sampleContent, { template: 'modern' }).html).querySelector('form'),
    ).toBeNull();
    expect(
      dom(
        render(sampleContent, { template: 'modern', contactFormAction: 'javascript:x' }).html,
      ).querySelector('form'),
    ).toBeNull();
  });

  it('shows in previews even without an action', () => {
    const doc = dom(render(sampleContent, { template: 'modern', mode: 'preview' }).html);
    expect(doc.querySelector('form')).not.toBeNull();
    expect(doc.querySelector('form')!.hasAttribute('action')).toBe(false);
  });
});

describe('links', () => {
  it('turns bare domains, handles and emails into safe links', () => {
    const doc = dom(render(sampleContent, { template: 'modern' }).html);
    const hrefs = [...doc.querySelectorAll('#contact a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'mailto:jane.doe@example.com',
      'tel:+15550100199',
      'https://janedoe.example.com/',
      'https://linkedin.com/in/jane-doe-example',
      'https://github.com/jane-doe-example',
    ]);
    expect(doc.querySelector('#projects a')?.getAttribute('href')).toBe(
      'https://tidepool.example.com/',
    );
  });
});

describe('size and speed', () => {
  it.each(templateIds)('keeps the %s page under 30 KB', (template) => {
    const { html } = render(sampleContent, { template, ...options });
    expect(new TextEncoder().encode(html).length).toBeLessThan(30 * 1024);
  });

  it('renders a page in well under 5 ms', () => {
    for (const template of templateIds) render(sampleContent, { template }); // warm up
    // The best of several batches, so that a busy machine does not fail the test.
    const batches = Array.from({ length: 5 }, () => {
      const start = performance.now();
      for (const template of templateIds) render(sampleContent, { template, ...options });
      return (performance.now() - start) / templateIds.length;
    });
    expect(Math.min(...batches)).toBeLessThan(5);
  });

  it('is pure: the same input gives the same page and the input is not changed', () => {
    const before = JSON.stringify(fixtures.full);
    const a = render(fixtures.full, { template: 'cardflip', ...options }).html;
    const b = render(fixtures.full, { template: 'cardflip', ...options }).html;
    expect(a).toBe(b);
    expect(JSON.stringify(fixtures.full)).toBe(before);
  });
});

describe.each(templateIds)('volunteering and custom sections in template %s', (template) => {
  const doc = dom(render(fixtures.full, { template, ...options }).html);

  it('shows volunteering entries as a list under their heading', () => {
    const section = doc.getElementById('volunteering')!;
    expect(section.querySelector('h2')!.textContent).toContain('Volunteering');
    const entry = section.querySelector('ul.entries > li')!;
    expect(entry.querySelector('h3')!.textContent).toContain('Mentor');
    expect(entry.textContent).toContain('Code Club');
    expect(entry.querySelectorAll('ul.bullets > li')).toHaveLength(2);
  });

  it('shows each custom section under its own title, in the order kept, with a nav entry', () => {
    const custom = [...doc.querySelectorAll('main section.s-custom')];
    expect(custom.map((s) => s.querySelector('h2')!.textContent.trim())).toEqual([
      'Speaking',
      'Hobbies',
    ]);
    expect(custom[0]!.querySelector('h3')!.textContent).toContain('Maps at scale');
    expect(custom[0]!.textContent).toContain('GeoConf');
    expect(custom[1]!.querySelectorAll('ul.bullets > li')).toHaveLength(2);
    // Headings go h2 → h3 inside each section, never skipping a level.
    for (const s of custom) expect(s.querySelector('h4, h5, h6')).toBeNull();
    const nav = doc.querySelector('nav.site-nav');
    if (nav) expect(nav.querySelector('a[href="#custom-1"]')!.textContent).toBe('Speaking');
  });

  it('leaves out a custom section with nothing in it', () => {
    const content = clone(fixtures.full);
    content.data.custom = [{ title: 'Empty', entries: [{}] }];
    const html = render(content, { template, ...options }).html;
    expect(dom(html).querySelector('section.s-custom')).toBeNull();
  });
});
