/**
 * The summaries' per-value work in WebAssembly (`npm run build:wasm`): sketch counts (sketch-counts.ts)
 * and per-column loops (column.ts). src/summarize/summary-module.ts carries the compiled module and
 * src/summarize/wasm-summary.ts is its JavaScript side.
 *
 * Why: a CLI run summarises every value of a 100k-step file once, and was over before V8 had optimised
 * most of that JavaScript — the loops ran interpreted, boxing every double on the heap meanwhile.
 * WebAssembly is compiled before it runs (`npm run bench:sketch`: 11.1 ms where the JavaScript counts took
 * 16.3 ms, both in a fresh process; `npm run bench`: the whole job).
 */
export * from './sketch-counts';
export * from './column';

/** Memory for the caller's data. */
export function alloc(bytes: usize): usize {
  return heap.alloc(bytes);
}

export function release(ptr: usize): void {
  heap.free(ptr);
}
