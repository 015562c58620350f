import { describe, expect, it } from 'vitest';
import { escapeHtml, html, join, jsonForScript, minifyCss, raw } from './html.ts';

describe('html', () => {
  it('escapes interpolated strings and numbers, keeps SafeHtml', () => {
    const evil = `<img src=x onerror="alert('x')">&`;
    expect(html`<p title="${evil}">${evil}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;">&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;</p>',
    );
    expect(html`<b>${raw('<i>ok</i>')}${3}</b>`.value).toBe('<b><i>ok</i>3</b>');
  });

  it('flattens arrays and drops null, undefined and false', () => {
    expect(html`${['<a>', raw('<b>'), null, undefined, false, ['x']]}`.value).toBe('&lt;a&gt;<b>x');
    expect(join([html`a`, '', null, 'b'], ', ').value).toBe('a, b');
  });

  it('escapeHtml covers all five characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('drops leading zeros and spaces before !important', () => {
    expect(minifyCss('a { margin: 0.5rem -0.25em; top: 10.5pt; color: red !important; }')).toBe(
      'a{margin:.5rem -.25em;top:10.5pt;color:red!important}',
    );
  });
});

describe('jsonForScript', () => {
  it('cannot close the script element or break lines', () => {
    const out = jsonForScript({ a: '</script><script>alert(1)</script>', b: '\u2028&' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ a: '</script><script>alert(1)</script>', b: '\u2028&' });
  });

  it('drops leading zeros and spaces before !important', () => {
    expect(minifyCss('a { margin: 0.5rem -0.25em; top: 10.5pt; color: red !important; }')).toBe(
      'a{margin:.5rem -.25em;top:10.5pt;color:red!important}',
    );
  });
});

describe('minifyCss', () => {
  it('drops comments and whitespace but keeps strings intact', () => {
    expect(minifyCss('/* c */ a  >  b { content: "  a, b ; " ; color : red ; }')).toBe(
      'a>b{content:"  a, b ; ";color :red}',
    );
  });

  it('drops leading zeros and spaces before !important', () => {
    expect(minifyCss('a { margin: 0.5rem -0.25em; top: 10.5pt; color: red !important; }')).toBe(
      'a{margin:.5rem -.25em;top:10.5pt;color:red!important}',
    );
  });
});
