import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { embeddedDatabaseOnly } from './database-pass.ts';

embeddedDatabaseOnly('it uses no database');

/**
 * A feature reaches another only through the Fastify instance (`app.portfolios`), which the lint
 * rule against importing another feature cannot see. Each feature is a plugin that names what it
 * depends on (ADR 35): this reads every feature's source for the decorators it uses and checks
 * that each one's owner is among its plugin's declared dependencies. Fastify itself checks, when
 * the server starts, that each declared dependency was registered before.
 */

const src = fileURLToPath(new URL('../src/', import.meta.url));
const featuresDir = path.join(src, 'features');
const pluginsDir = path.join(src, 'plugins');
const pluginMeta = Symbol.for('plugin-meta');

interface Meta {
  name?: string;
  dependencies?: string[];
}

/** Decorators added by third-party plugins, and the plugin of ours that registers each. */
const thirdParty: Record<string, string> = {
  createRateLimit: 'rate-limits',
  rateLimit: 'rate-limits',
};

/** Names the Fastify instance goes by in the server's code. */
const instanceNames = new Set(['app', 'fastify', 'instance', 'server', 'api', 'scope']);

const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts'))
    .map((d) => path.join(d.parentPath, d.name));
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function visit(node: ts.Node, fn: (node: ts.Node) => void) {
  fn(node);
  node.forEachChild((child) => visit(child, fn));
}

function unwrap(node: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isSatisfiesExpression(node)
  ) {
    node = node.expression;
  }
  return node;
}

/** `app`, `fastify`…, or `request.server` / `reply.server`. */
function isInstance(node: ts.Expression): boolean {
  const e = unwrap(node);
  if (ts.isIdentifier(e)) return instanceNames.has(e.text);
  return ts.isPropertyAccessExpression(e) && e.name.text === 'server';
}

/** Names the file decorates the instance with (`app.decorate('name', …)`). */
function decorated(file: string): string[] {
  const names: string[] = [];
  visit(parse(file), (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'decorate' &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      names.push(node.arguments[0].text);
    }
  });
  return names;
}

/** Instance members the file reads: `app.x`, `(app as T).x`, `const { x } = app`. */
function membersUsed(file: string): { name: string; line: number }[] {
  const source = parse(file);
  const used: { name: string; line: number }[] = [];
  const lineOf = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  visit(source, (node) => {
    if (ts.isPropertyAccessExpression(node) && isInstance(node.expression)) {
      used.push({ name: node.name.text, line: lineOf(node) });
    }
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      isInstance(node.initializer) &&
      ts.isObjectBindingPattern(node.name)
    ) {
      for (const element of node.name.elements) {
        const key = element.propertyName ?? element.name;
        if (ts.isIdentifier(key)) used.push({ name: key.text, line: lineOf(element) });
      }
    }
  });
  return used;
}

/** Relative module paths the file imports or re-exports (types included), and dynamic imports. */
function importsOf(file: string): string[] {
  const specifiers: string[] = [];
  visit(parse(file), (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) specifiers.push(literal.text);
    }
  });
  return specifiers.filter((s) => s.startsWith('.'));
}

async function pluginsIn(file: string): Promise<Meta[]> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return Object.values(module)
    .filter((value): value is object => typeof value === 'function')
    .map((fn) => (fn as Record<symbol, Meta | undefined>)[pluginMeta])
    .filter((meta): meta is Meta => meta !== undefined);
}

/** Each decorator, and the plugin that owns it: a feature's decorators belong to the feature. */
async function owners(): Promise<Map<string, string>> {
  const owner = new Map(Object.entries(thirdParty));
  for (const feature of features) {
    for (const file of filesOf(path.join(featuresDir, feature))) {
      for (const name of decorated(file)) owner.set(name, feature);
    }
  }
  for (const file of filesOf(pluginsDir)) {
    const names = decorated(file);
    if (names.length === 0) continue;
    const [meta, ...others] = await pluginsIn(file);
    expect(meta?.name, `${path.relative(src, file)}: one named plugin`).toBeTruthy();
    expect(others).toEqual([]);
    for (const name of names) owner.set(name, meta!.name!);
  }
  return owner;
}

describe('features declare what they use', () => {
  it('each feature is a named plugin (or several) with its dependencies', async () => {
    for (const feature of features) {
      const metas = await pluginsIn(path.join(featuresDir, feature, 'plugin.ts'));
      expect(metas.map((m) => m.name)).toContain(feature);
      for (const meta of metas) expect(Array.isArray(meta.dependencies), meta.name).toBe(true);
    }
  });

  it("a feature uses another's service, or a plugin's, only when its plugin depends on it", async () => {
    const owner = await owners();
    const undeclared: string[] = [];
    for (const feature of features) {
      const metas = await pluginsIn(path.join(featuresDir, feature, 'plugin.ts'));
      const declared = new Set(metas.flatMap((m) => m.dependencies ?? []));
      for (const file of filesOf(path.join(featuresDir, feature))) {
        for (const use of membersUsed(file)) {
          const by = owner.get(use.name);
          if (!by || by === feature || declared.has(by)) continue;
          undeclared.push(
            `${path.relative(src, file)}:${use.line} uses app.${use.name} (${by}); ` +
              `add '${by}' to the dependencies of the ${feature} plugin`,
          );
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('a feature imports no other feature, not even its types', () => {
    const crossings: string[] = [];
    for (const feature of features) {
      for (const file of filesOf(path.join(featuresDir, feature))) {
        for (const specifier of importsOf(file)) {
          const target = path.relative(featuresDir, path.resolve(path.dirname(file), specifier));
          const [other] = target.split(path.sep);
          if (!target.startsWith('..') && other !== feature) {
            crossings.push(`${path.relative(src, file)} imports ${specifier}`);
          }
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it('every decorator a feature uses has an owner (a typo or a new plugin shows here)', async () => {
    const owner = await owners();
    // Fastify's own members (`log`, `register`, `addHook`…) are not decorators.
    const bare = Fastify();
    const known = new Set(owner.keys());
    for (let o: object | null = bare; o; o = Object.getPrototypeOf(o) as object | null) {
      for (const name of Object.getOwnPropertyNames(o)) known.add(name);
    }
    await bare.close();
    const unknown = features.flatMap((feature) =>
      filesOf(path.join(featuresDir, feature)).flatMap((file) =>
        membersUsed(file)
          .filter((use) => !known.has(use.name))
          .map((use) => `${path.relative(src, file)}:${use.line} app.${use.name}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('Fastify refuses to start a feature registered before a plugin it depends on', async () => {
    const { publishingFeature } = await import('../src/features/publishing/plugin.ts');
    const app = Fastify();
    await expect(app.register(publishingFeature)).rejects.toThrow(
      "The dependency 'database' of plugin 'publishing' is not registered",
    );
    await app.close();
  });
});
