import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { minifySync, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = 'http://localhost:3000';
const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes `.br` and `.gz` copies of the built text assets and of `index.html`, so the server sends them compressed
 * without spending CPU on every request.
 */
function precompress(): Plugin {
  return {
    name: 'aircloud-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|html)$/.test(file)) continue;
        const path = join(options.dir ?? 'dist', file);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        const brotli = { [constants.BROTLI_PARAM_QUALITY]: 11 };
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: brotli }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Puts `public/theme-init.js` and `public/early-requests.js` into `index.html`: the theme is set
 * before the first paint without a request that holds the parser (and the paint) back, and the
 * first API requests leave as the HTML arrives. The server's CSP allows exactly these scripts by
 * their hashes (server/src/http/client-app.ts `inlineScriptHashes`).
 */
function inlineStartScripts(): Plugin {
  return {
    name: 'aircloud-inline-start-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(
          /<script src="\/(theme-init|early-requests)\.js"(?: async)?><\/script>/g,
          (_tag, name: string) =>
            `<script>${minifySync(`${name}.js`, readFileSync(join(root, 'public', `${name}.js`), 'utf8')).code.trim()}</script>`,
        ),
    },
  };
}

/**
 * Puts the entry's stylesheet into `index.html` (a `<style>`, which the CSP allows): the first
 * paint waits for no request, and the page's code, which waits for nothing else either, never
 * runs before it. The HTML is sent compressed (the `.br` and `.gz` copies of precompress).
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'aircloud-inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        html.replace(
          /<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            // The disabled link (never fetched, never applied) tells Vite's preloader the sheet is
            // on the page: without it a lazy chunk depending on it appends it again, after the
            // pages' own sheets, whose rules it then overrides.
            return `<style>${String(asset.source).trim()}</style><link rel="stylesheet" href="/${file}" disabled>`;
          },
        ),
    },
  };
}

/**
 * Adds a `modulepreload` of the React DOM client chunk (which main.tsx imports dynamically) to
 * `index.html`: it downloads beside the entry rather than after it.
 */
function preloadReactDomClient(): Plugin {
  return {
    name: 'aircloud-preload-react-dom-client',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => {
        const chunk = Object.values(bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.name === 'react-dom-client',
        );
        if (!chunk) throw new Error('the react-dom-client chunk is missing from the build');
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/** Client modules kept out of the shared `common` chunk (see build.rolldownOptions). */
const LOGIN_AND_APART =
  /[\\/](FormError|FormField|fieldError|PasswordInput|NewPasswordFields|PasswordRules|NameFields|Icon|Button|AuthCard|Logo|lazyResolver|DateInput|dates|sentry|Popin|ConfirmDialog|Listbox|SidePanel|dialogFocus)\.(tsx?|css)$/;

/**
 * Shared modules of plain values (no zod), in a small chunk of their own: the purifier list loads
 * them without downloading and evaluating zod and every schema before it can show.
 */
const SHARED_WITHOUT_ZOD =
  /shared[\\/]src[\\/](purifier-states|sensor-measures|air-quality|avatars)\.ts$/;

/** The home page's route module (spec section 2: `/purifiers`). */
const HOME_PAGE = join(root, 'src/features/purifiers/components/PurifierListPage.tsx');

/** Modules that signed-in pages share (see the `common` group below). */
const SHARED_BY_PAGES = (id: string) =>
  /client[\\/]src[\\/](components|lib|features[\\/](?!auth[\\/])[^\\/]+[\\/](api|hooks))[\\/]/.test(
    id,
  ) && !LOGIN_AND_APART.test(id);

/**
 * Records every module the home page imports statically, directly or not, once the module graph
 * is complete (before the chunks are made): the `home` group takes them.
 */
function findHomeModules(found: Set<string>): Plugin {
  return {
    name: 'aircloud-home-modules',
    apply: 'build',
    buildEnd() {
      found.clear();
      const stack = [HOME_PAGE];
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (found.has(id)) continue;
        found.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
const homeModules = new Set<string>();

/** Components built on Radix: they load with it. */
const ON_RADIX =
  /client[\\/]src[\\/]components[\\/](Popin|ConfirmDialog|Listbox|SidePanel|dialogFocus)\.tsx?$/;

/** Vite dev server (proxying the API on :3000), production build and the client's Vitest project. */
export default defineConfig({
  root,
  plugins: [
    react(),
    inlineStartScripts(),
    inlineEntryStylesheet(),
    preloadReactDomClient(),
    findHomeModules(homeModules),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/security': api,
      '/socket.io': { target: api, ws: true },
      '/healthz': api,
      '/readyz': api,
      '/api_documentation': api,
      '/public': api,
      '/webhooks': api,
      // Only firmware files: the /firmware page itself is a client route.
      '^/firmware/.+': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: a page is a handful of requests rather than fifty (over HTTP/1.1
        // six at a time, each wave a round trip). What the first page needs is one chunk beside
        // the entry; libraries used together load together.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 40 },
            {
              // Imported by main.tsx on its own (preloaded by index.html, see
              // preloadReactDomClient): evaluated in its own task.
              name: 'react-dom-client',
              test: /node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/])/,
              priority: 35,
            },
            { name: 'rxjs', test: /node_modules[\\/](rxjs|tslib)[\\/]/, priority: 30 },
            {
              name: 'radix',
              test: (id) =>
                /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce)[\\/]/.test(
                  id,
                ) || ON_RADIX.test(id),
              priority: 20,
            },
            {
              // Above `shared`, which would otherwise take them in as dependencies of its schemas.
              name: 'values',
              test: SHARED_WITHOUT_ZOD,
              priority: 15,
            },
            {
              name: 'shared',
              test: (id) =>
                /(node_modules[\\/]zod[\\/]|shared[\\/]src[\\/](?!i18n[\\/]))/.test(id) &&
                !SHARED_WITHOUT_ZOD.test(id),
              priority: 10,
            },
            {
              // The form pieces of the login page and the other public screens, in one chunk.
              name: 'auth',
              test: /client[\\/]src[\\/](features[\\/]auth[\\/](api[\\/]|components[\\/]ResendActivation)|components[\\/](AuthCard|FormError|FormField|fieldError|PasswordInput)\.)/,
              priority: 6,
            },
            {
              // What the home page (the purifier list) runs of the modules below: its first load
              // skips the rest (date-fns, the other features' API slices and hooks).
              name: 'home',
              test: (id) => homeModules.has(id) && SHARED_BY_PAGES(id),
              priority: 7,
            },
            {
              // Components, hooks and API slices that signed-in pages share. What the login page
              // uses stays out (its JavaScript has a budget), and so do the heavy date picker and
              // the error reporter, which load on their own.
              name: 'common',
              test: SHARED_BY_PAGES,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'client',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Above the 10 s testing-library waits (src/test/setup.ts), so a timeout names the awaited element.
    testTimeout: 30_000,
  },
});
