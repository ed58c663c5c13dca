import { describe, expect, it } from 'vitest';
import {
  composePage,
  DESCRIPTION_MAX,
  escapeHtml,
  parseTemplate,
  plainSummary,
  scriptJson,
} from './form-page-html.js';

const TEMPLATE = [
  '<!doctype html><html><head><title>Form · SheetForms</title>',
  '<meta name="description" content="From the template">\n',
  '<link rel="stylesheet" crossorigin href="/assets/form-1.css">',
  '<script type="module" crossorigin src="/assets/form-1.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('');

describe('scriptJson', () => {
  it('cannot close its script element or open a comment, and reads back as the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('the page template', () => {
  it('inlines the stylesheet (a </style> in it stays inside), lowers the script priority, and puts title, description, markup and data in place', () => {
    const template = parseTemplate(TEMPLATE, (href) => {
      expect(href).toBe('/assets/form-1.css');
      return 'a{b:c}</style>';
    });
    const html = composePage(template, {
      title: 'A <b> & "c"',
      description: `"><script>alert('d')</script>`,
      markup: '<main>form</main>',
      data: { x: '</script>' },
      dataElementId: 'sf-form-data',
    });
    expect(html).toBe(
      [
        '<!doctype html><html><head><title>A &lt;b&gt; &amp; &quot;c&quot;</title>',
        '<meta name="description" content="&quot;&gt;&lt;script&gt;alert(&#39;d&#39;)&lt;/script&gt;">',
        '<style>a{b:c}<\\/style></style>',
        '<script type="module" fetchpriority="low" crossorigin src="/assets/form-1.js"></script>',
        '</head><body><div id="root"><main>form</main></div>',
        '<script type="application/json" id="sf-form-data">{"x":"\\u003c/script\\u003e"}</script>',
        '</body></html>',
      ].join(''),
    );
  });

  it('refuses a template without one title and one root element', () => {
    expect(() => parseTemplate('<html><div id="root"></div></html>', () => '')).toThrow();
    expect(() =>
      parseTemplate('<title>x</title><div id="root"></div><div id="root"></div>', () => ''),
    ).toThrow();
    expect(() => parseTemplate('<title>x</title><main></main>', () => '')).toThrow();
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('plainSummary', () => {
  it('makes one trimmed line of text with new lines and runs of spaces', () => {
    expect(plainSummary('  Save your seat.\n\n  Doors open\tat 6.  ')).toBe(
      'Save your seat. Doors open at 6.',
    );
    expect(plainSummary(' \n ')).toBe('');
  });

  it('keeps text of the limit whole and cuts longer text at the last word that fits, with an ellipsis', () => {
    const exact = 'x'.repeat(DESCRIPTION_MAX);
    expect(plainSummary(exact)).toBe(exact);
    const words = 'Register for the spring meetup, '.repeat(8);
    const summary = plainSummary(words);
    expect(Array.from(summary).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(summary).toMatch(/ (Register|for|the|spring|meetup)…$/);
    expect(words.startsWith(summary.slice(0, -1))).toBe(true);
  });

  it('cuts one long word where it is, and never in the middle of an emoji', () => {
    expect(plainSummary('a'.repeat(400))).toBe(`${'a'.repeat(DESCRIPTION_MAX - 1)}…`);
    expect(plainSummary('🎉'.repeat(200))).toBe(`${'🎉'.repeat(DESCRIPTION_MAX - 1)}…`);
  });
});
