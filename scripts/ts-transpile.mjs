// The bundles' TypeScript, transpiled file by file with the TypeScript compiler's transpileModule. Types
// are checked once, by `npm run typecheck` (CI runs it before the bundle): checking them again for each
// bundle was more than half of the bundle's time. tsconfig's isolatedModules and verbatimModuleSyntax
// guarantee each file transpiles alone exactly as the whole program would emit it.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

const OPTIONS = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  esModuleInterop: true,
  sourceMap: false,
};

export const tsTranspile = {
  name: 'ts-transpile',
  // NodeNext imports name the emitted file (`./naming.js`); the source beside it is `naming.ts`.
  resolveId(source, importer) {
    if (!importer?.endsWith('.ts') || !source.startsWith('.') || !source.endsWith('.js')) return null;
    const ts = resolve(dirname(importer), `${source.slice(0, -3)}.ts`);
    return existsSync(ts) ? ts : null;
  },
  transform(code, id) {
    if (!id.endsWith('.ts') || id.includes('node_modules')) return null;
    const out = ts.transpileModule(code, { compilerOptions: OPTIONS, fileName: id, reportDiagnostics: true });
    const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length) this.error(`${id}: ${ts.flattenDiagnosticMessageText(errors[0].messageText, '\n')}`);
    return { code: out.outputText, map: null };
  },
};
