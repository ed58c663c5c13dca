import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), publicFormPages()],
  // `source` makes workspace packages resolve to their TypeScript sources, so no package build is needed first.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/__google': apiServer,
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        form: fileURLToPath(new URL('./form.html', import.meta.url)),
      },
      // React is the only code both entries share: one named, long-cached chunk instead of an
      // arbitrary shared chunk that could pick up dashboard modules.
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
