/** GPU-hours = GPUs × wall-clock seconds / 3600: what a cloud bills for an allocation, busy or not. */
export function gpuHours(gpus: number, seconds: number): number {
  return (gpus * seconds) / 3600;
}
