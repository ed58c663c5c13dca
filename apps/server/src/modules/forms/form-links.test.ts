import { describe, expect, it } from 'vitest';
import { embedScriptUrl, escapeHtml, iframeCode, openFormUrl } from './form-links.js';

describe('form links', () => {
  it('builds the public form address from PUBLIC_URL', () => {
    expect(openFormUrl('https://forms.example.com', 'aB3_-x9Zq0Lm')).toBe(
      'https://forms.example.com/form/aB3_-x9Zq0Lm',
    );
    expect(openFormUrl('https://forms.example.com/', 'abc')).toBe('https://forms.example.com/form/abc');
  });

  it('builds the embed snippet: the plain iframe, then the script that sizes it', () => {
    const script = embedScriptUrl('https://forms.example.com/');
    expect(script).toBe('https://forms.example.com/embed.js');
    expect(iframeCode('https://forms.example.com/form/abc', 'Customer Survey', script)).toBe(
      '<iframe src="https://forms.example.com/form/abc" width="100%" height="800" frameborder="0" style="border:0" title="Customer Survey"></iframe>\n' +
        '<script src="https://forms.example.com/embed.js" async></script>',
    );
  });

  it('escapes the title so a form name cannot break out of the attribute', () => {
    const code = iframeCode(
      'https://x.example/form/abc',
      `"><script>alert('x')</script>&`,
      'https://x.example/embed.js',
    );
    expect(code).toContain(
      'title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"></iframe>',
    );
    expect(code).not.toContain('<script>alert');
    // The iframe's six attributes and the script's src: nothing of the name opens another.
    expect(code.match(/"/g)).toHaveLength(14);
  });

  it('escapes the five HTML-special characters and nothing else', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
    expect(escapeHtml('Plain café ✓')).toBe('Plain café ✓');
  });
});
