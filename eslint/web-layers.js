import path from 'node:path';

/**
 * web-layers: imports in web/src flow one way (README "Web"):
 *   app -> features -> entities -> components / lib / config
 * - nothing imports app/ (the entry main.tsx and tests may);
 * - a feature area does not import another area (features/a never imports features/b);
 * - entities do not import features (one entity may use another: a contact picks a business entity);
 * - components, lib and config import neither entities nor features; lib and config do not import
 *   components (the generic kit sits above its helpers).
 * Relative imports are resolved against the importing file; package imports are not layers.
 */
const WEB_SRC = `${path.sep}web${path.sep}src${path.sep}`;

/** The layer of a file: { layer, area } or null outside web/src. */
export function layerOf(file) {
  const i = file.lastIndexOf(WEB_SRC);
  if (i < 0) return null;
  const parts = file.slice(i + WEB_SRC.length).split(path.sep);
  const [top, second] = parts;
  if (parts.length === 1) return { layer: 'root', area: '' };
  if (['app', 'config', 'lib', 'components', 'test'].includes(top)) return { layer: top, area: '' };
  if (top === 'features' || top === 'entities') return { layer: top, area: parts.length > 2 ? second : '' };
  return { layer: top, area: '' };
}

const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || layerOf(file)?.layer === 'test';

/** Why `from` may not import `to`, or null when it may. */
export function violation(fromFile, toFile) {
  const from = layerOf(fromFile);
  const to = layerOf(toFile);
  if (!from || !to) return null;
  if (from.layer === 'root' || from.layer === 'test') return null;
  const test = isTest(fromFile);
  if (to.layer === 'app') {
    return from.layer === 'app' || test ? null : 'nothing imports app/ (composition only: the entry and tests may)';
  }
  if (to.layer === 'test') return test ? null : 'only tests import web/src/test';
  switch (from.layer) {
    case 'app':
      return null;
    case 'features':
      if (to.layer === 'features' && to.area !== from.area) {
        return `features/${from.area} must not import features/${to.area} (share it through entities/ or components/)`;
      }
      return null;
    case 'entities':
      return to.layer === 'features' ? 'entities must not import features/' : null;
    case 'components':
      return to.layer === 'features' || to.layer === 'entities' ? `components/ is the generic kit: it must not import ${to.layer}/` : null;
    case 'lib':
    case 'config':
      return ['features', 'entities', 'components'].includes(to.layer) ? `${from.layer}/ must not import ${to.layer}/` : null;
    default:
      return null;
  }
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports in web/src flow one way: app -> features -> entities -> components/lib/config' },
    schema: [],
    messages: { wrongWay: 'Wrong-way import of "{{source}}": {{reason}}.' },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const reason = violation(file, path.resolve(path.dirname(file), source));
      if (reason) context.report({ node, messageId: 'wrongWay', data: { source, reason } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'eb-web-layers' }, rules: { 'web-layers': rule } };
