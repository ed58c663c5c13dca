import { describe, expect, it } from 'vitest';
import { html, trustedHtml } from './safe-html.js';

describe('html', () => {
  it('escapes interpolated text, in content and attributes', () => {
    const value = `"><script>alert('x')</script>&`;
    expect(html`<input value="${value}"><p>${value}</p>`.markup).toBe(
      '<input value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"><p>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
    );
  });

  it('keeps safe markup and lists, and drops false, null and undefined', () => {
    const items = ['a<', 'b'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${false}${null}${undefined}${trustedHtml('<br>')}${3}`.markup).toBe(
      '<ul><li>a&lt;</li><li>b</li></ul><br>3',
    );
  });
});
