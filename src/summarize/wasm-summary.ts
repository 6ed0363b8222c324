/**
 * The JavaScript side of the summary module (assembly/summary.ts): its one instance, the regions of its
 * memory this side fills (a batch's steps, a column's values, scratch), and columns loaded into it.
 *
 * Pointers into the module stay valid while the memory grows; views on it do not (the buffer is replaced),
 * so views are made just before they are used and never kept across a call into the module.
 */
import { instantiate, type WasmMemory } from '../wasm.js';
import { SUMMARY_WASM } from './summary-module.js';

export interface SummaryExports {
  memory: WasmMemory;
  alloc(bytes: number): number;
  release(ptr: number): void;
  // sketch-counts.ts
  configure(multiplier: number, minIndexable: number): void;
  create(): number;
  free(sketch: number): void;
  field(sketch: number, which: number): number;
  accept(sketch: number, values: number, n: number): void;
  merge(into: number, from: number): void;
  keysAtRanks(sketch: number, negative: number, ranks: number, n: number, lower: number, keys: number): void;
  // column.ts
  statistics(values: number, steps: number, n: number, steadyFrom: number, state: number): void;
  divergence(
    values: number,
    steps: number,
    from: number,
    to: number,
    alpha: number,
    rise: number,
    sustain: number,
    state: number,
  ): void;
}

let instance: SummaryExports | null = null;

export function summaryModule(): SummaryExports {
  instance ??= instantiate<SummaryExports>(SUMMARY_WASM);
  return instance;
}

/** A block of the module's memory this side writes into, reallocated when more is asked of it. */
class Region {
  private ptr = 0;
  private bytes = 0;
  /** The block's address, with room for at least `bytes`. */
  at(bytes: number): number {
    if (bytes > this.bytes) {
      const wasm = summaryModule();
      if (this.ptr) wasm.release(this.ptr);
      this.bytes = Math.max(bytes, 64 << 10);
      this.ptr = wasm.alloc(this.bytes);
    }
    return this.ptr;
  }
}

const stepsRegion = new Region();
const valuesRegion = new Region();
const scratchRegion = new Region();

/** A view of `n` doubles at `ptr` in the module's memory (valid until the next call into the module). */
export function doubles(ptr: number, n: number): Float64Array {
  return new Float64Array(summaryModule().memory.buffer, ptr, n);
}

/** Scratch space for `n` doubles: its address. */
export function scratch(n: number): number {
  return scratchRegion.at(8 * n);
}

/** A batch's steps in the module (valid until the next loadSteps); every column of the batch is loaded against them. */
export interface StepsInModule {
  steps: Float64Array;
  at: number;
}

/** A batch column in the module, with the arrays it came from (the JavaScript side reads those). */
export interface ModuleColumn {
  steps: Float64Array;
  values: Float64Array;
  stepsAt: number;
  valuesAt: number;
}

/** Copy a batch's steps into the module (one region: the previous batch's are overwritten). */
export function loadSteps(steps: Float64Array): StepsInModule {
  const at = stepsRegion.at(8 * steps.length);
  doubles(at, steps.length).set(steps);
  return { steps, at };
}

/** Copy a column into the module (one region: the previous column is overwritten). */
export function loadColumn(steps: StepsInModule, values: Float64Array): ModuleColumn {
  const at = valuesRegion.at(8 * values.length);
  doubles(at, values.length).set(values);
  return { steps: steps.steps, values, stepsAt: steps.at, valuesAt: at };
}
