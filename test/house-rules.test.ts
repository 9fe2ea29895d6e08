// The house rule for byte-identity (ARCHITECTURE.md, "House rules, checked by tests"): an order, a type mapping or a limit that decides the bytes of an answer lives once.
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHIPPED = ['src', 'loaders', 'workers']; // tests and benches may keep independent oracles

/**
 * Each rule, the one module that defines it, and the shapes its copies took (from the code they
 * were removed from): a definition by name, or the rule written out again under another name.
 */
const RULES = [
  {
    rule: 'code point order of strings',
    home: 'src/common/order.ts',
    shapes: [
      /function\s+(compareCodePoints|byCodePoint|codePointOrder|toCodePointOrder)\b/,
      /[-+]\s*0x800\b[\s\S]{0,80}[-+]\s*0x2000\b|[-+]\s*0x2000\b[\s\S]{0,80}[-+]\s*0x800\b/i, // the surrogate swap
      /Buffer\.compare\(\s*Buffer\.from\(/, // UTF-8 bytes compared: the same order, another copy
    ],
  },
  {
    rule: '64-bit decimal text order',
    home: 'src/common/order.ts',
    shapes: [
      /function\s+(compareDecimal|byDecimal)\b/,
      /charCodeAt\(0\)\s*===\s*45[\s\S]{0,200}\.length\s*!==/, // sign, then length, then digits
      /BigInt\(\w+\)\s*<\s*BigInt\(\w+\)|=\s*BigInt\(a\),\s*\w+\s*=\s*BigInt\(b\)/, // parsed to compare
    ],
  },
  {
    rule: 'internal type → storage kind',
    home: 'src/contract/storage.ts',
    shapes: [/function\s+storageOf\b/, /case\s+'biginteger':\s*return\s+'i64'/, /case\s+'date':\s*case\s+'time':/],
  },
  {
    rule: 'the group limit of API.md §13',
    home: 'src/contract/limits.ts',
    shapes: [/function\s+toGroupLimit\b/, /\bcluster\s*&&\s*[\w.]*numeric\s*\?/, /numeric\s*&&\s*[\w.]*cluster\s*\?/],
  },
];

/** Every .ts file under `dir`, as paths from the repository root. */
function sourceFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(join(ROOT, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return e.isFile() && e.name.endsWith('.ts') ? [path] : [];
  });
}

test('each shape finds the copy it was written against', () => {
  const copies: [string, string][] = [
    ['code point order of strings', 'export function byCodePoint(a: string, b: string): number {'],
    ['code point order of strings', 'x = x >= 0xe000 ? x - 0x800 : x + 0x2000;'],
    [
      'code point order of strings',
      'const fix = (c: number) => (c >= 0xe000 ? c - 0x800 : c >= 0xd800 ? c + 0x2000 : c);',
    ],
    [
      'code point order of strings',
      'if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;\n  return unit >= 0xe000 ? unit - 0x800 : unit;',
    ],
    ['code point order of strings', 'return (a, b) => Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));'],
    [
      '64-bit decimal text order',
      'const negA = a.charCodeAt(0) === 45,\n    negB = b.charCodeAt(0) === 45;\n  if (negA !== negB) return negA ? -1 : 1;\n  const c = a.length !== b.length ? a.length - b.length : 0;',
    ],
    ['64-bit decimal text order', "if (type === 'biginteger') return (a, b) => (BigInt(a) < BigInt(b) ? -1 : 1);"],
    ['64-bit decimal text order', 'const x = BigInt(a),\n        y = BigInt(b);'],
    ['internal type → storage kind', "switch (type) {\n    case 'biginteger':\n      return 'i64';"],
    ['internal type → storage kind', "    case 'date':\n    case 'time':\n      return 'i32';"],
    ['the group limit of API.md §13', 'const limit = params.cluster && params.numeric ? null : params.maxGroups;'],
    [
      'the group limit of API.md §13',
      'return params.cluster && params.numeric ? Number.POSITIVE_INFINITY : params.maxGroups;',
    ],
  ];
  for (const [rule, copy] of copies) {
    const { shapes } = RULES.find((r) => r.rule === rule)!;
    assert.ok(
      shapes.some((s) => s.test(copy)),
      `${rule}: no shape finds ${JSON.stringify(copy)}`,
    );
  }
});

test('each rule is defined in its home, and nowhere else in src, loaders or workers', () => {
  const files = SHIPPED.flatMap(sourceFiles);
  assert.ok(files.length > 100, 'the walk found the shipped sources');
  const texts = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));
  const copies: Record<string, string[]> = {};
  for (const { rule, home, shapes } of RULES) {
    assert.ok(shapes[0].test(texts.get(home) ?? ''), `${rule}: ${home} defines it`);
    const found = files.filter((f) => f !== home && shapes.some((s) => s.test(texts.get(f)!)));
    if (found.length > 0) copies[`${rule} (lives in ${home})`] = found;
  }
  assert.equal(copies, {}, 'a byte-identity rule copied: import it from its home instead');
});

test.run();
