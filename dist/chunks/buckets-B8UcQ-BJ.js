/**
 * Histogram buckets by base unit: statsd_exporter's mapping, the Grafana dashboard's queries and the OTLP
 * sink's histograms use the same bounds, so a distribution reads alike on every route.
 */
/** `n` buckets from `start`, each `factor` times the one before, rounded to 4 significant digits. */
function exponentialBuckets(start, factor, n) {
    return Array.from({ length: n }, (_, i) => Number((start * factor ** i).toPrecision(4)));
}
/** `n` evenly spaced buckets from `start` by `width`. */
function linearBuckets(start, width, n) {
    return Array.from({ length: n }, (_, i) => Number((start + width * i).toPrecision(6)));
}
/**
 * Histogram buckets for a value in base unit `unit`, wide enough for any training job and about 12 %
 * apart (×1.25) where the range is wide, so histogram_quantile stays within a few percent.
 */
function bucketsFor(unit) {
    switch (unit) {
        case 'ratio':
            return linearBuckets(0.025, 0.025, 40); // 2.5 % steps up to 100 %
        case 'seconds':
            return exponentialBuckets(0.005, 1.25, 60); // 5 ms … about 45 min
        case 'bytes':
            return exponentialBuckets(2 ** 28, 1.25, 40); // 256 MiB … about 1.7 TiB
        case 'flops_per_second':
            return exponentialBuckets(1e11, 1.25, 50); // 0.1 … about 5,600 TFLOP/s
        case 'tokens_per_second':
        case 'per_second':
            return exponentialBuckets(0.1, 1.25, 100); // 0.1 … about 5e8 per second
        case 'watts':
            return linearBuckets(25, 25, 60); // 25 … 1,500 W
        case 'celsius':
            return linearBuckets(20, 2.5, 40); // 20 … 117.5 °C
        case 'hertz':
            return exponentialBuckets(1e8, 1.1, 40); // 100 MHz … about 4 GHz
        default:
            return null;
    }
}

export { bucketsFor as b };
