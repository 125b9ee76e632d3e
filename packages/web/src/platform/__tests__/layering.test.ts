import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The shell (app/) is built on platform/, never the reverse: platform code gets what it needs of
// the shell (session, settings) through bindings the shell makes at start-up. i18n/ sits beneath
// both. Tests may assemble the shell around platform code, as the app does, so they are not read.
const SRC = path.resolve(import.meta.dirname, '../..');
const APP = path.join(SRC, 'app');
const BELOW_APP = ['platform', 'i18n'];

const SPECIFIERS = [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s*['"]([^'"]+)['"]/gm];

/** Where an import specifier of `file` points inside src/, or null for a package. */
function resolveInSrc(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return path.join(SRC, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return null;
}

/** The lines of `text` (the source of `file`) whose import resolves into app/. */
function importsOfApp(file: string, text: string): string[] {
  const found: string[] = [];
  for (const pattern of SPECIFIERS) {
    for (const m of text.matchAll(pattern)) {
      const target = resolveInSrc(file, m[1]);
      if (target && (target === APP || target.startsWith(APP + path.sep))) {
        const line = text.slice(0, m.index).split('\n').length;
        found.push(`${path.relative(SRC, file)}:${line} ${m[1]}`);
      }
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('layering of the web code', () => {
  it('platform and i18n import nothing from the app shell', () => {
    const files = BELOW_APP.flatMap((d) => sourceFiles(path.join(SRC, d)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => importsOfApp(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('sees an import of the shell in every form it can be written', () => {
    const file = path.join(SRC, 'platform/templates/form/Example.tsx');
    const text = [
      "import { useSession } from '@/app/session/session-store';",
      "import type { Tab } from '../../../app/session/tabs';",
      "export { homeTab } from '@/app/session/tabs';",
      "import {\n  usePage,\n} from '@/app/layout/page-context';",
      "const later = () => import('@/app/layout/WorkspaceLayout');",
      "import '@/app/styles.css';",
      "import { call } from '@/platform/api/http';",
      "import { useApp } from './app/useApp';",
      "import dayjs from 'dayjs';",
    ].join('\n');
    expect(importsOfApp(file, text)).toEqual([
      'platform/templates/form/Example.tsx:1 @/app/session/session-store',
      'platform/templates/form/Example.tsx:2 ../../../app/session/tabs',
      'platform/templates/form/Example.tsx:3 @/app/session/tabs',
      'platform/templates/form/Example.tsx:6 @/app/layout/page-context',
      'platform/templates/form/Example.tsx:7 @/app/layout/WorkspaceLayout',
      'platform/templates/form/Example.tsx:8 @/app/styles.css',
    ]);
  });
});
