/**
 * Initial JavaScript of the login page: builds the client into its own folder (so a build or a
 * test run elsewhere never races with it), then takes what `index.html` preloads and follows
 * Vite's manifest from `index.html`, the
 * lazy login route and the public texts of the default language (fr; the English fallback
 * loads only beside de and es, whose catalogues may lag; signed-in pages load the rest) through their static imports, and gzips each file once (level
 * 9, as the server's precompressed `.gz` copies).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { root } from './common.ts';

/** The login page's route module, as Vite's manifest names it. */
const LOGIN_PAGE = 'src/features/auth/components/LoginPage.tsx';
const OUT_DIR = path.join(root, 'var/bench-build');

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface BundleFigures {
  files: { file: string; bytes: number; gzip: number }[];
  bytes: number;
  gzipBytes: number;
}

/** Builds the client into `outDir` (its own folder: never races with a build elsewhere). */
export async function buildClient(outDir: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const build = spawn(
      'npx',
      [
        'vite',
        'build',
        '--config',
        'client/vite.config.ts',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: root, stdio: 'inherit' },
    );
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build: ${code}`))));
  });
}

/** The JavaScript a browser loads before showing the login page, from a fresh build. */
export async function measureLoginBundle(): Promise<BundleFigures> {
  await buildClient(OUT_DIR);
  const manifest = JSON.parse(
    readFileSync(path.join(OUT_DIR, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  visit('index.html');
  visit(LOGIN_PAGE);
  // The default language's public texts; a French (or English, Chinese) reader needs no fallback.
  visit(Object.keys(manifest).find((k) => k.endsWith('i18n/catalogues/fr-public.ts')) ?? 'fr');
  // What index.html preloads beside its entry (React DOM, imported by main.tsx on its own).
  const html = readFileSync(path.join(OUT_DIR, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*? href="\/([^"]+)"/g)].map(
    ([, file]) => file!,
  );
  const files = [...new Set([...[...seen].map((key) => manifest[key]!.file), ...preloaded])]
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const data = readFileSync(path.join(OUT_DIR, file));
      return { file, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
    });
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzip, 0),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureLoginBundle();
  console.table(figures.files);
  console.log(
    `login page initial JS: ${(figures.bytes / 1024).toFixed(1)} kB, ` +
      `${(figures.gzipBytes / 1024).toFixed(1)} kB gzip (target ≤ 170 kB gzip)`,
  );
}
