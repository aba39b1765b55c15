// The check behind `npm test` (type check and type-aware lint over one program), on a tiny project
// of its own outside the repository (the repository's own check must never see its planted faults).
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { check } from './check';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'presale-check-'));
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tiny', private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true, types: [] }, include: ['*.ts'] }),
  );
  writeFileSync(
    join(dir, 'eslint.config.js'),
    // No project of its own: the type-aware rules can only have their types from the program check() gives them.
    `import tseslint from 'typescript-eslint';
export default tseslint.config({ ignores: ['eslint.config.js'] }, ...tseslint.configs.strictTypeChecked);
`,
  );
  writeFileSync(join(dir, 'sum.ts'), 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('check', () => {
  it('passes a project without type errors or lint problems', async () => {
    expect(await check(dir)).toEqual({ typeErrors: 0, lintProblems: 0, report: '' });
  });

  it('counts and prints a type error', async () => {
    writeFileSync(join(dir, 'wrong.ts'), "import { sum } from './sum';\nexport const total: number = sum(1, '2');\n");
    const outcome = await check(dir);
    expect(outcome.typeErrors).toBe(1);
    expect(outcome.report).toContain("Argument of type 'string' is not assignable to parameter of type 'number'");
  });

  it('runs the type-aware rules on the program it checked', async () => {
    // A promise left floating is only known as one through its type.
    writeFileSync(join(dir, 'floating.ts'), 'function later(): Promise<number> {\n  return Promise.resolve(1);\n}\nexport function start(): void {\n  later();\n}\n');
    const outcome = await check(dir);
    expect(outcome).toMatchObject({ typeErrors: 0, lintProblems: 1 });
    expect(outcome.report).toContain('@typescript-eslint/no-floating-promises');
  });
});
