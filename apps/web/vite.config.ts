import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {
  type BuildEnvironmentOptions,
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type Plugin,
} from 'vite';

// The API server (and, in local mode, the Google emulator under /__google) runs on port 3000 in development.
const apiServer = 'http://127.0.0.1:3000';

/**
 * The respondent pages (/form/{formId} and /form-login) are their own entry, form.html, so they ship
 * none of the dashboard's or the marketing site's code. In development this serves form.html for them;
 * in production the server does the same.
 */
function publicFormPages(): Plugin {
  return {
    name: 'sheetforms-public-form-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        if (pathname === '/form-login' || (pathname.startsWith('/form/') && !pathname.includes('.'))) {
          req.url = `/form.html${(req.url ?? '').slice(pathname.length)}`;
        }
        next();
      });
    },
  };
}

/**
 * The public pages (/, /pricing, /contact, /chat, /chat-support) are the marketing app, marketing.html
 * (decision 0018). The build prerenders them (scripts/prerender.mjs); in development this serves the
 * entry for those paths and the app renders in the browser.
 */
export const MARKETING_PATHS = ['/', '/pricing', '/contact', '/chat', '/chat-support'];

function marketingPages(): Plugin {
  return {
    name: 'sheetforms-marketing-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        const normal = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
        if (MARKETING_PATHS.includes(normal)) {
          req.url = `/marketing.html${(req.url ?? '').slice(pathname.length)}`;
        }
        next();
      });
    },
  };
}

/** The marketing build's manifest and the source modules of each of its chunks, for the prerender. */
export const MARKETING_MANIFEST = '.vite/marketing-manifest.json';
export const MARKETING_CHUNK_MODULES = '.vite/marketing-chunk-modules.json';

/**
 * Writes the source modules inside each chunk next to the manifest, so the build can prove that no
 * dashboard module reaches a public page (scripts/marketing-chunks.mjs).
 */
function chunkModules(fileName: string): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'sheetforms-chunk-modules',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        // Only modules with code in the chunk: a module whose exports were all shaken off is not loaded.
        modules[output.fileName] = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) =>
            path
              .relative(root, id.replace(/^\0/, '').split('?')[0] ?? id)
              .split(path.sep)
              .join('/'),
          );
      }
      this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(modules, null, 2)}\n` });
    },
  };
}

const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// React is the only code the dashboard's and the public form's entries share: one named, long-cached
// chunk instead of an arbitrary shared chunk that could pick up dashboard modules.
const reactChunk = {
  codeSplitting: {
    groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
  },
};

/** The public form's server renderer (decision 0020): the server imports it from the web build at start. */
export const FORM_SERVER_DIR = 'dist/server';
export const FORM_SERVER_FILE = 'public-form.mjs';

/**
 * Three builds into one dist/: the default one (the dashboard, index.html, and the public form, form.html),
 * then `--mode marketing` (the public pages, marketing.html), then `--mode form-ssr` (the public form's
 * server renderer, dist/server/public-form.mjs, self-contained: React included). The public pages are a build of their own
 * so that no chunk is shared with the dashboard: a shared chunk holds whole modules, and the contract's
 * schemas (zod) would ride along with the few constants a public page needs (decision 0018).
 */
export default defineConfig(({ mode }) => {
  const marketing = mode === 'marketing';
  const formServer = mode === 'form-ssr';
  const formServerBuild: BuildEnvironmentOptions = {
    ssr: true,
    outDir: FORM_SERVER_DIR,
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    rolldownOptions: {
      input: { 'public-form': fileURLToPath(new URL('./src/public-form/entry-server.tsx', import.meta.url)) },
      output: { format: 'es', entryFileNames: FORM_SERVER_FILE },
    },
  };
  const marketingBuild: BuildEnvironmentOptions = {
    outDir: 'dist',
    // The dashboard's build ran first into the same folder.
    emptyOutDir: false,
    copyPublicDir: false,
    // The prerender reads it to preload each page's own chunks and to check them.
    manifest: MARKETING_MANIFEST,
    rolldownOptions: {
      input: { marketing: fileURLToPath(new URL('./marketing.html', import.meta.url)) },
      // The contract's modules only declare constants and zod schemas: a page that needs a constant does
      // not need the schemas beside it. (A schema's `.meta()` registers it for the server's OpenAPI
      // document, which the browser has no use for.) This keeps zod out of the entry chunk.
      treeshake: {
        moduleSideEffects: (id) => !/[\\/]packages[\\/]contract[\\/]/.test(id),
        manualPureFunctions: ['z'],
      },
    },
  };
  const appBuild: BuildEnvironmentOptions = {
    outDir: 'dist',
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        form: fileURLToPath(new URL('./form.html', import.meta.url)),
      },
      output: reactChunk,
    },
  };
  return {
    plugins: [
      react(),
      tailwindcss(),
      publicFormPages(),
      marketingPages(),
      ...(marketing ? [chunkModules(MARKETING_CHUNK_MODULES)] : []),
    ],
    // `source` makes workspace packages resolve to their TypeScript sources, so no package build is needed first.
    resolve: {
      conditions: ['source', ...defaultClientConditions],
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        // react-router's package points every import at its development build (warnings and all); the
        // public pages, where each kilobyte counts, take its production build.
        ...(marketing ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
      ],
    },
    // The form's server renderer bundles React and its server renderer: the server needs no React of its own.
    ...(formServer
      ? {
          ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        }
      : {}),
    server: {
      proxy: {
        '/api': apiServer,
        '/__google': apiServer,
      },
    },
    build: formServer ? formServerBuild : marketing ? marketingBuild : appBuild,
  };
});
