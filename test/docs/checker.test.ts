// Tests: the docs-example checker itself — it finds the examples, reads curl as a shell would, and fails on a wrong answer.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type Answer, compareAnswer } from './answer.ts';
import { parseCurl, splitWords } from './curl.ts';
import { findExamples } from './examples.ts';

const t = suite('docs example checker');

const answer = (body: string, status = 200, statusText = 'OK', headers: Record<string, string> = {}): Answer => ({
  status,
  statusText,
  headers: new Headers(headers),
  body,
});

t('finds curl commands in console blocks only, with continuation lines and answers', () => {
  const md = [
    '```json',
    '$ curl -s localhost:8000/api/ignored/',
    '```',
    '```console',
    "$ curl -s 'localhost:8000/api/' \\",
    '    -H "X: y"',
    '{"a":1}',
    '$ sorrel check catalog.yaml',
    'The catalog has no problems.',
    '$ curl -sI localhost:8000/api/',
    'HTTP/1.1 200 OK',
    '```',
  ].join('\n');
  const found = findExamples(md, 'x.md');
  assert.equal(
    found.map((e) => [e.where, e.command, e.answer]),
    [
      ['x.md:5', 'curl -s \'localhost:8000/api/\' \\\n    -H "X: y"', ['{"a":1}']],
      ['x.md:10', 'curl -sI localhost:8000/api/', ['HTTP/1.1 200 OK']],
    ],
  );
});

t('splits words as a shell does and refuses pipes', () => {
  assert.equal(splitWords(`curl -s 'a b' "c\\"d" e\\ f \\\n  g # note`), ['curl', '-s', 'a b', 'c"d', 'e f', 'g']);
  assert.throws(() => splitWords('curl -s x | jq .'), /"\|" is not run/);
  assert.throws(() => splitWords("curl -s 'x"), /unclosed '/);
});

t('reads the curl options the docs use and refuses others', () => {
  const get = parseCurl(
    `curl -s -G localhost:8000/api/entities/ --data-urlencode aware=true --data-urlencode 'context={"a": 1}'`,
  );
  assert.is(get.method, 'GET');
  assert.is(get.url, 'localhost:8000/api/entities/?aware=true&context=%7B%22a%22%3A%201%7D');
  const post = parseCurl(`curl -s localhost:8000/x -H 'Content-Type: application/json' -d '[1]'`);
  assert.equal([post.method, post.body, post.headers], ['POST', '[1]', { 'Content-Type': 'application/json' }]);
  assert.is(parseCurl('curl -sI localhost:8000/').method, 'HEAD');
  assert.is(parseCurl('curl -si localhost:8000/').show, 'head+body');
  assert.throws(() => parseCurl('curl -s -o /dev/null localhost:8000/'), /-o is not run/);
});

t('compares a one-line answer byte for byte', () => {
  assert.is(compareAnswer(['{"count":3}'], 'body', answer('{"count":3}')), null);
  assert.match(compareAnswer(['{"count":3}'], 'body', answer('{"count":4}')) ?? '', /differ at character 9/);
  assert.match(compareAnswer(['{"count": 3}'], 'body', answer('{"count":3}')) ?? '', /differs/);
});

t('compares a line ending in … as the start of the answer', () => {
  assert.is(compareAnswer(['{"values":[1,…'], 'body', answer('{"values":[1,2,3]}')), null);
  assert.match(compareAnswer(['{"values":[2,…'], 'body', answer('{"values":[1,2,3]}')) ?? '', /does not start/);
});

t('compares pretty JSON as its compact form, key order included', () => {
  const pretty = ['{', '  "a": 1,', '  "b": [true, null]', '}'];
  assert.is(compareAnswer(pretty, 'body', answer('{"a":1,"b":[true,null]}')), null);
  assert.match(compareAnswer(pretty, 'body', answer('{"b":[true,null],"a":1}')) ?? '', /differs/);
  assert.match(compareAnswer(['{', '  "a": 1,'], 'body', answer('{"a":1}')) ?? '', /must be JSON/);
});

t('checks the status line and the shown headers of -i and -I answers', () => {
  const got = answer('{"x":1}', 404, 'Not Found', { 'Content-Type': 'application/json', Date: 'today' });
  const shown = ['HTTP/1.1 404 Not Found', 'Content-Type: application/json', '', '{"x":1}'];
  assert.is(compareAnswer(shown, 'head+body', got), null);
  assert.match(compareAnswer(['HTTP/1.1 200 OK'], 'head', got) ?? '', /status line is "HTTP\/1.1 404 Not Found"/);
  assert.match(compareAnswer(['HTTP/1.1 404 Not Found', 'Content-Type: text/html'], 'head', got) ?? '', /header/);
  assert.match(compareAnswer(['HTTP/1.1 404 Not Found', 'Allow: GET'], 'head', got) ?? '', /absent/);
  assert.match(compareAnswer([...shown.slice(0, 3), '{"x":2}'], 'head+body', got) ?? '', /differs/);
});

t.run();
