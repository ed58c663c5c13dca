// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { entryChunks, forbiddenModules } from '../../../scripts/marketing-chunks.mjs';

const manifest = {
  'marketing.html': {
    file: 'assets/marketing.js',
    imports: ['_shared.js'],
    dynamicImports: ['home.tsx', 'chat.tsx'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'home.tsx': { file: 'assets/home.js', imports: ['_shared.js'] },
  'chat.tsx': { file: 'assets/chat.js', imports: ['_query.js'] },
  '_query.js': { file: 'assets/query.js' },
  'main.html': { file: 'assets/main.js', dynamicImports: ['forms.tsx'] },
  'forms.tsx': { file: 'assets/forms.js' },
};

describe('the public pages chunk check', () => {
  it('splits the first load from what loads later, and never follows another entry', () => {
    const { first, later } = entryChunks(manifest, 'marketing.html');
    expect(first.sort()).toEqual(['assets/marketing.js', 'assets/shared.js']);
    expect(later.sort()).toEqual(['assets/chat.js', 'assets/home.js', 'assets/query.js']);
  });

  it('passes public-page code, and a library a later page loads by itself', () => {
    const modules = {
      'assets/marketing.js': ['src/marketing/app/layout.tsx', '../../node_modules/react/index.js'],
      'assets/shared.js': ['src/components/ui/button.tsx'],
      'assets/home.js': ['src/marketing/pages/home-page.tsx'],
      'assets/chat.js': ['src/features/chat-support/components/chat-support-page.tsx'],
      'assets/query.js': ['../../node_modules/@tanstack/query-core/build/modern/index.js'],
      'assets/forms.js': ['src/features/forms-list/components/manage-forms-page.tsx'],
    };
    expect(forbiddenModules(manifest, modules, 'marketing.html')).toEqual([]);
  });

  it('fails on dashboard code in any chunk, and on heavy libraries in the first load', () => {
    const modules = {
      'assets/marketing.js': [
        '../../node_modules/axios/lib/axios.js',
        '../../node_modules/react-toastify/dist/index.mjs',
      ],
      'assets/shared.js': [],
      'assets/home.js': ['src/features/forms-list/components/manage-forms-page.tsx'],
      'assets/chat.js': ['src/lib/api-client.ts', 'src/app/router.tsx'],
      'assets/query.js': ['src/features/auth/components/auth-provider.tsx'],
    };
    const problems = forbiddenModules(manifest, modules, 'marketing.html');
    expect(problems.map((p) => `${p.chunk} ${p.rule} ${p.firstLoad}`)).toEqual([
      'assets/marketing.js axios true',
      'assets/marketing.js react-toastify true',
      'assets/home.js a dashboard feature false',
      "assets/chat.js the dashboard's API client false",
      'assets/chat.js the dashboard app shell false',
      'assets/query.js the dashboard session (auth provider, guard, hooks) false',
    ]);
  });

  it("counts a light page's own chunks as first load", () => {
    const modules = {
      'assets/marketing.js': [],
      'assets/shared.js': [],
      'assets/home.js': ['../../node_modules/@radix-ui/react-dialog/dist/index.mjs'],
      'assets/chat.js': [],
      'assets/query.js': ['../../node_modules/@tanstack/query-core/build/modern/index.js'],
    };
    expect(forbiddenModules(manifest, modules, 'marketing.html')).toEqual([]);
    expect(
      forbiddenModules(manifest, modules, 'marketing.html', ['home.tsx']).map((p) => `${p.chunk} ${p.rule}`),
    ).toEqual(['assets/home.js Radix UI']);
  });

  it('refuses an entry the manifest does not have', () => {
    expect(() => entryChunks(manifest, 'nope.html')).toThrow('the manifest has no entry nope.html');
  });
});
