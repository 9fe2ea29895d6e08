// Tests: every relative link in README.md and docs/*.md reaches a file, and its #anchor a heading of that file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function toAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

const t = suite('links between the docs');

t('heading anchors follow GitHub', () => {
  assert.equal(
    [...toAnchors('# Context (`aware=true`)\n## Reloads: SIGHUP\n## A\n## A')],
    ['context-awaretrue', 'reloads-sighup', 'a', 'a-1'],
  );
});

for (const file of FILES) {
  t(`every relative link in ${file} resolves`, () => {
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), path);
      if (!existsSync(resolved)) broken.push(`${target} (no ${relative(ROOT, resolved)})`);
      else if (anchor !== undefined && !toAnchors(readFileSync(resolved, 'utf8')).has(anchor))
        broken.push(`${target} (no heading #${anchor})`);
    }
    assert.equal(broken, [], `${file}: ${broken.join(', ')}`);
  });
}

t.run();
