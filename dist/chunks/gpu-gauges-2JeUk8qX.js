/** A run's cost gauges, plus the capture's GPU gauges once (it covers the job), with the first run. */
function gpuGaugesFor(gpu, run, index) {
    return [...(gpu?.costs.find((c) => c.run === run)?.gauges ?? []), ...(index === 0 ? (gpu?.gauges ?? []) : [])];
}

export { gpuGaugesFor as g };
