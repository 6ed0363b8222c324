/** Instantiating the project's WebAssembly modules (generated from assembly/ by `npm run build:wasm`). */

/** The part of WebAssembly's JavaScript API used here (Node 20's type declarations leave it out). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports?: object) => { exports: object };
};

/** A module's linear memory: its buffer is replaced (and views on the old one emptied) when it grows. */
export interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}

/**
 * Compile and instantiate a module given as base64. Takes well under a millisecond. The one import a module
 * may have is AssemblyScript's `abort`, which its allocator calls when memory runs out.
 */
export function instantiate<Exports>(base64: string): Exports {
  const imports = {
    env: {
      abort: () => {
        throw new Error('WebAssembly module aborted (out of memory)');
      },
    },
  };
  return new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(base64, 'base64')), imports).exports as Exports;
}

/** Grow `memory` to at least `bytes`. */
export function reserve(memory: WasmMemory, bytes: number): void {
  const have = memory.buffer.byteLength;
  if (bytes > have) memory.grow(Math.ceil((bytes - have) / 65_536));
}
