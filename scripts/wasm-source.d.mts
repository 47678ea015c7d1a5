/** Source of a module exporting the compiled bytes of WebAssembly text `text` as a base64 string constant `name`. */
export function wasmModuleSource(path: string, text: string, name: string): Promise<string>;
