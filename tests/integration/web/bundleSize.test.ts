import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { initialJsPerPage } from '../../../scripts/bundleSize';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-manifest-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** Writes an incompressible file of about `bytes` bytes so the gzip sizes are predictable. */
const asset = (name: string, bytes: number) => {
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'assets', name), randomBytes(bytes));
  return `assets/${name}`;
};

describe('initial JavaScript per route', () => {
  it('counts the entry, its static imports and the page chunk with its own imports, once each; admin pages do not count', () => {
    const manifest = {
      'index.html': {
        file: asset('index.js', 10_000),
        isEntry: true,
        imports: ['_react.js'],
        dynamicImports: ['src/pages/home/HomePage.tsx', 'src/pages/admin/AdminPage.tsx', 'src/pages/about/AboutPage.tsx'],
      },
      '_react.js': { file: asset('react.js', 50_000) },
      '_card.js': { file: asset('card.js', 5_000), imports: ['_react.js'] },
      'src/pages/home/HomePage.tsx': {
        file: asset('home.js', 20_000),
        isDynamicEntry: true,
        imports: ['_card.js', '_react.js'],
        dynamicImports: ['src/pages/about/AboutPage.tsx'],
      },
      'src/pages/about/AboutPage.tsx': { file: asset('about.js', 2_000), isDynamicEntry: true },
      'src/pages/admin/AdminPage.tsx': { file: asset('admin.js', 90_000), isDynamicEntry: true },
    };
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));

    const rows = initialJsPerPage(dist);
    expect(rows.map((r) => r.page)).toEqual(['src/pages/home/HomePage.tsx', 'src/pages/about/AboutPage.tsx', '(entry only)']);
    const home = rows[0]!;
    expect(home.files.sort()).toEqual(['assets/card.js', 'assets/home.js', 'assets/index.js', 'assets/react.js']);
    // Random bytes do not compress: gzip adds a little to each file.
    expect(home.gzipBytes).toBeGreaterThan(85_000);
    expect(home.gzipBytes).toBeLessThan(86_000);
    expect(rows[1]!.files.sort()).toEqual(['assets/about.js', 'assets/index.js', 'assets/react.js']);
  });
});
