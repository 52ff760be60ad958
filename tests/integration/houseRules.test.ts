import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One place per concern, read from the source: HTML becomes text and text is
 * escaped only in the text module, and the pipeline reaches its tables only
 * through its repositories. Each list names the file and line that broke a rule.
 */

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist') return [];
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });

const parse = (file: string) =>
  ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

/** Every node of the file, depth first. */
function nodesOf(source: ts.SourceFile): ts.Node[] {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    nodes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return nodes;
}

const where = (node: ts.Node) => {
  const source = node.getSourceFile();
  return `${source.fileName}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};
const isText = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

const TEXT_MODULE = new Set(['services/common/src/contracts/text.ts', 'services/common/src/html.ts']);
const outsideTextModule = [...sourceFiles('services'), ...sourceFiles('web/src')].filter((file) => !TEXT_MODULE.has(file));

/** `<` and, with or without a `/`, anything rather than a tag's name: `<[^>]+>`, `<\/?[^>]*>`, `<.*?>`, `<\w+[^>]*>`. */
const ANY_TAG = /<(?:\\?\/\??)?(?:\[\^|\.[*+]|\\w|\[a-z)/i;

/** A whole character reference as a string of its own: the replacement of a hand-written escaper. */
const ESCAPE = /^&(?:amp|lt|gt|quot|apos|#0*(?:3[489]|6[02])|#x0*(?:2[267]|3[ce]));$/i;

describe('text is handled in the text module only', () => {
  it('no regular expression strips tags outside it (htmlToText and plainText in services/common/src/html.ts do)', () => {
    const strippers = outsideTextModule.flatMap((file) =>
      nodesOf(parse(file))
        .filter((node) => (node.kind === ts.SyntaxKind.RegularExpressionLiteral || isText(node)) && ANY_TAG.test(node.getText()))
        .map(where),
    );
    expect([...new Set(strippers)]).toEqual([]);
  });

  it('no hand-written HTML escaper outside it (escapeHtml in services/common/src/contracts/text.ts)', () => {
    const escapers = outsideTextModule.flatMap((file) =>
      nodesOf(parse(file))
        .filter((node) => isText(node) && ESCAPE.test(node.text))
        .map(where),
    );
    expect([...new Set(escapers)]).toEqual([]);
  });
});

describe('the pipeline reaches its tables through repositories', () => {
  const QUERY_STARTS = new Set(['db', 'trx', 'tx', 'knex']);
  const TABLE_METHODS = new Set(['from', 'into', 'table']);
  /** SQL that names no table: the health probe and the fix tools' advisory lock. */
  const ALLOWED_RAW = [/^select 1$/i, /^select pg_advisory_xact_lock\(hashtext\(\?\)\)$/i];

  /** What a call does to a table: `db('jobs')`, `this.db('jobs')`, `q.from('jobs')`, `trx.raw('…')`; undefined when nothing. */
  function tableAccess(call: ts.CallExpression): string | undefined {
    const callee = call.expression;
    const first = call.arguments[0];
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    if (!name || !first) return undefined;
    if (QUERY_STARTS.has(name) && isText(first)) return `${name}('${first.text}')`;
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    // Array.from('…') and Buffer.from('…') are not queries.
    const receiverIsClass = ts.isIdentifier(callee.expression) && /^[A-Z]/.test(callee.expression.text);
    if (TABLE_METHODS.has(name) && isText(first) && !receiverIsClass) return `.${name}('${first.text}')`;
    if (name === 'raw' && !receiverIsClass) {
      const sql = isText(first) ? first.text.trim() : first.getText();
      return ALLOWED_RAW.some((allowed) => allowed.test(sql)) ? undefined : `.raw(${first.getText().split('\n')[0]}…)`;
    }
    return undefined;
  }

  it('no file of services/pipeline/src but a *Repository.ts or repositories/ queries a table (tests read the database as they like)', () => {
    const outsideRepositories = sourceFiles('services/pipeline/src').filter(
      (file) => !/Repository\.ts$|\/repositories\/|\.test\.ts$/.test(file),
    );
    const queries = outsideRepositories.flatMap((file) =>
      nodesOf(parse(file))
        .filter(ts.isCallExpression)
        .flatMap((call) => {
          const access = tableAccess(call);
          return access ? [`${where(call)} ${access}`] : [];
        }),
    );
    expect(queries).toEqual([]);
  });
});
