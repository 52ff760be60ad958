import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const readJson = (p: string) => JSON.parse(fs.readFileSync(p, 'utf8')) as Record<string, Record<string, string> | undefined>;
const root = readJson('package.json');
const WORKSPACES = (root.workspaces as unknown as string[]).filter((w) => fs.existsSync(path.join(w, 'package.json')));
const workspaceNames = new Set(WORKSPACES.map((w) => readJson(path.join(w, 'package.json')).name as unknown as string));

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist') return [];
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });

const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
const isPackage = (spec: string) => !spec.startsWith('.') && !spec.startsWith('node:') && !builtinModules.includes(spec.split('/')[0]!);
/** Packages a file loads: its import and export-from declarations and its dynamic imports (`declare module` augmentations load nothing). */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      specs.push(node.moduleSpecifier.text);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0]!))
      specs.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs.filter(isPackage).map(packageOf);
}

// Tests and build configuration run from the repository root, which holds the test and build tooling.
const toolingFile = (file: string) => /\.test\.tsx?$/.test(file) || path.basename(file).startsWith('vite.config.');

describe('each workspace declares the packages its code imports', () => {
  it.each(WORKSPACES)('%s', (workspace) => {
    const pkg = readJson(path.join(workspace, 'package.json'));
    const shipped = new Set(Object.keys(pkg.dependencies ?? {}));
    const tooling = new Set([...shipped, ...Object.keys(pkg.devDependencies ?? {}), ...Object.keys(root.devDependencies ?? {})]);
    const undeclared = sourceFiles(workspace).flatMap((file) =>
      importsOf(file)
        .filter((name) => !workspaceNames.has(name) && !(toolingFile(file) ? tooling : shipped).has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('build tooling is not shipped: vite is a dev dependency of the web app', () => {
    const web = readJson('web/package.json');
    expect(Object.keys(web.dependencies ?? {})).not.toContain('vite');
    expect(Object.keys(web.devDependencies ?? {})).toContain('vite');
  });
});
