import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The repository root (this file is test/docs/docs.test.ts). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');
/** The README is a newcomer's guide: the rest lives in docs/. */
const README_MAX_BYTES = 15_000;

/** The markdown files whose links are checked: README.md and docs/*.md. */
function markdownFiles(): string[] {
  const docs = existsSync(DOCS)
    ? readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => join(DOCS, f))
    : [];
  return [README, ...docs];
}

/** A markdown text without its fenced code blocks, where a # is not a heading. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** A markdown text without its fenced and inline code, where brackets are not links. */
function withoutCode(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown file offers: one per heading, repeats numbered as GitHub does. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of withoutFences(text).split('\n')) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    // a heading's inline code keeps its text in the anchor
    const base = slug((m[1] ?? '').replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The relative links of a markdown file: [text](target), without URLs and mail addresses. */
export function relativeLinks(text: string): string[] {
  const links: string[] = [];
  for (const m of withoutCode(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1] ?? '';
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    links.push(target);
  }
  return links;
}

/** The broken links of one file, as "target (reason)". */
export function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const link of relativeLinks(text)) {
    const [pathPart, anchor] = link.split('#', 2) as [string, string | undefined];
    const target = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    if (!existsSync(target)) {
      broken.push(`${link} (no such file)`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (statSync(target).isDirectory() || !target.endsWith('.md')) {
      broken.push(`${link} (an anchor into a file that is not markdown)`);
      continue;
    }
    if (!anchors(readFileSync(target, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) {
      broken.push(`${link} (no such heading)`);
    }
  }
  return broken;
}

describe('the documentation', () => {
  it('keeps README.md at most 15,000 bytes', () => {
    expect(statSync(README).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it.each(markdownFiles().map((f) => [f.slice(ROOT.length + 1), f]))(
    'links from %s only to files and headings that exist',
    (_name, file) => {
      expect(brokenLinks(file)).toEqual([]);
    },
  );

  it('finds a link to a missing file and to a missing heading (the check itself)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
    try {
      writeFileSync(join(dir, 'other.md'), '# Other page\n');
      const file = join(dir, 'page.md');
      writeFileSync(
        file,
        '# Here\n\n[ok](#here) [bad](#nowhere) [file](./no-such-file.md) [page](other.md#other-page)\n' +
          '[gone](other.md#gone) [web](https://example.com/x) `[code](x.md)`\n\n```\n[fenced](y.md)\n```\n',
      );
      expect(brokenLinks(file)).toEqual([
        '#nowhere (no such heading)',
        './no-such-file.md (no such file)',
        'other.md#gone (no such heading)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes heading anchors as GitHub does', () => {
    expect(slug('Contracts and amendments (issue 8)')).toBe('contracts-and-amendments-issue-8');
    expect(slug('The embedded local stack (infra/local/)')).toBe('the-embedded-local-stack-infralocal');
    expect([...anchors('# A\n## A\n### B b\n')]).toEqual(['a', 'a-1', 'b-b']);
    expect([...anchors('## The stack (`infra/local/`)\n```\n# not a heading\n```\n')]).toEqual(['the-stack-infralocal']);
  });
});
