import { describe, expect, it } from 'vitest';
import { absoluteUrl, emailUrl, profileUrl, safeImageUrl, safeUrl, telUrl } from './url.ts';

describe('safeUrl', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.com', 'https://example.com/'],
    ['github.com/jane', 'https://github.com/jane'],
    ['www.janedoe.dev', 'https://www.janedoe.dev/'],
    ['sub.example.co.uk:8080/x', 'https://sub.example.co.uk:8080/x'],
    ['//example.com/x', 'https://example.com/x'],
    ['jane@example.com', 'mailto:jane@example.com'],
    ['mailto:jane@example.com', 'mailto:jane@example.com'],
    ['  https://example.com  ', 'https://example.com/'],
  ])('%s → %s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'javascript&colon;alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'mailto:javascript:alert(1)',
    'not a url',
    'Jane Doe',
    '<script>',
    '"><img src=x>',
    '',
    'http://',
    `https://example.com/${'a'.repeat(3000)}`,
  ])('drops %j', (input) => {
    expect(safeUrl(input)).toBeNull();
  });

  it('ignores values that are not strings', () => {
    expect(safeUrl(undefined)).toBeNull();
    expect(safeUrl(42)).toBeNull();
    expect(safeUrl({ href: 'https://x.com' })).toBeNull();
  });
});

describe('profileUrl', () => {
  it('turns handles into profile links', () => {
    expect(profileUrl('jane-doe', 'github')).toBe('https://github.com/jane-doe');
    expect(profileUrl('@jane_doe', 'twitter')).toBe('https://x.com/jane_doe');
    expect(profileUrl('jane-doe', 'linkedin')).toBe('https://www.linkedin.com/in/jane-doe');
    expect(profileUrl('linkedin.com/in/jane', 'linkedin')).toBe('https://linkedin.com/in/jane');
    expect(profileUrl('https://github.com/jane', 'github')).toBe('https://github.com/jane');
  });

  it('drops anything else', () => {
    expect(profileUrl('javascript:alert(1)', 'github')).toBeNull();
    expect(profileUrl('jane@example.com', 'github')).toBeNull();
    expect(profileUrl('two words', 'github')).toBeNull();
  });
});

describe('emailUrl and telUrl', () => {
  it('accepts real addresses and numbers only', () => {
    expect(emailUrl('jane@example.com')).toBe('mailto:jane@example.com');
    expect(emailUrl('mailto:jane@example.com')).toBe('mailto:jane@example.com');
    expect(emailUrl('jane@example.com?subject=x"><b>')).toBeNull();
    expect(emailUrl('not an email')).toBeNull();
    expect(telUrl('+1 (555) 010-0199')).toBe('tel:+15550100199');
    expect(telUrl('call me maybe')).toBeNull();
    expect(telUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('safeImageUrl', () => {
  it('accepts http(s), same-site paths and raster data images', () => {
    expect(safeImageUrl('https://cdn.example.com/me.jpg')).toBe('https://cdn.example.com/me.jpg');
    expect(safeImageUrl('/uploads/me.jpg')).toBe('/uploads/me.jpg');
    expect(safeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  it('drops scripts, SVG data and protocol-relative or odd paths', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,"><script>',
      '//evil.example/x.png',
      '/\\evil.example',
      'uploads/me.jpg',
    ]) {
      expect(safeImageUrl(bad), bad).toBeNull();
    }
  });
});

describe('absoluteUrl', () => {
  it('resolves same-site paths against a base and refuses other schemes', () => {
    expect(absoluteUrl('/uploads/me.jpg', 'https://jane.example/')).toBe(
      'https://jane.example/uploads/me.jpg',
    );
    expect(absoluteUrl('/uploads/me.jpg')).toBeNull();
    expect(absoluteUrl('javascript:alert(1)', 'https://jane.example/')).toBeNull();
    expect(absoluteUrl('https://jane.example/a')).toBe('https://jane.example/a');
  });
});
