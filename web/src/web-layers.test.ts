// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rule of eslint.config.js (eslint/web-layers.js) run through ESLint's Node API on
 * snippets placed in the layers: imports flow app -> features -> entities -> components/lib/config.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'eb/web-layers').map((m) => m.message);
}

describe('web layers lint rule', () => {
  it.each([
    ['an entity importing a feature', 'web/src/entities/contact/x.ts', "export { ContactEntityPage } from '../../features/contacts/components/ContactEntityPage';"],
    ['a feature importing another feature', 'web/src/features/users/components/x.ts', "export { BusinessEntityPage } from '../../business-entities/components/BusinessEntityPage';"],
    ['a feature importing app', 'web/src/features/users/components/x.ts', "export { appRoutes } from '../../../app/router';"],
    ['a component importing an entity', 'web/src/components/x.ts', "export { contactQuery } from '../entities/contact/api';"],
    ['lib importing a component', 'web/src/lib/x.ts', "export { DataGrid } from '../components/DataGrid';"],
    ['config importing a feature (dynamic import)', 'web/src/config/x.ts', "export const page = () => import('../features/users/components/UsersPage');"],
  ])('reports %s', async (_what, file, code) => {
    // Prepare: a wrong-way import in the layer; Act: lint it
    const errors = await layerErrors(file, code);
    // Assess
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Wrong-way import/);
  });

  it.each([
    ['a feature importing entities, components, lib and config', 'web/src/features/contacts/components/x.ts',
      "export * from '../../../entities/contact/api';\nexport * from '../../../components/DataGrid';\nexport * from '../../../lib/api-client';\nexport * from '../../../config/paths';\nexport * from './ContactDialogs';"],
    ['an entity importing another entity', 'web/src/entities/contact/x.ts', "export * from '../reference/references';"],
    ['app importing features', 'web/src/app/x.ts', "export * from '../features/users/components/UsersPage';"],
    ['a test importing app', 'web/src/entities/contact/x.test.ts', "export * from '../../app/AppProviders';"],
  ])('accepts %s', async (_what, file, code) => {
    const errors = await layerErrors(file, code);
    expect(errors).toEqual([]);
  });
});

describe('texts lint rule', () => {
  const textErrors = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it('reports a literal label, placeholder or accessible name in a component', async () => {
    // Prepare / Act
    const errors = await textErrors('web/src/features/users/components/x.tsx', 'export const X = () => <><button aria-label="Close it" /><input placeholder="Search" /></>;');
    // Assess
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/texts module/);
  });

  it('accepts texts taken from a texts module, and literals in tests', async () => {
    expect(await textErrors('web/src/features/users/components/x.tsx', 'const T = { close: "Close" };\nexport const X = () => <button aria-label={T.close} />;')).toEqual([]);
    expect(await textErrors('web/src/features/users/components/x.test.tsx', 'export const X = () => <button aria-label="Close it" />;')).toEqual([]);
  });
});
