// Compiles the engine's WebAssembly text files to the TypeScript modules that carry their bytes
// (base64), so nothing compiles or downloads at run time. Run after editing a .wat file; a unit
// test (mlp.test.ts) fails while the committed bytes and the text disagree.
//   node scripts/build-wasm.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { wasmModuleSource } from './wasm-source.mjs';

const modules = [{ wat: 'engine/src/lineart/boundary-simd.wat', out: 'engine/src/lineart/boundary-simd-wasm.ts', name: 'BOUNDARY_SIMD_WASM' }];
for (const { wat, out, name } of modules) {
  const text = await readFile(new URL(`../${wat}`, import.meta.url), 'utf8');
  await writeFile(new URL(`../${out}`, import.meta.url), await wasmModuleSource(wat, text, name));
  console.log(`${wat} → ${out}`);
}
