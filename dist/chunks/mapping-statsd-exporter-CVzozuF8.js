import { s as statsdExporterMapping } from './statsd-exporter-mapping-C8sGrC82.js';
import { V as DEFAULT_OPTIONS, I as InputError } from './run-D1M0bzvF.js';
import { p as parseGeneratorFlags, c as columnsFromFlags } from './run-columns-DihWSBKC.js';
import { M as MAPPING_FLAGS } from '../cli.js';
import './index-D2ITh64m.js';
import 'process';
import 'buffer';
import './prometheus-D8s5-liR.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'node:util';
import 'node:crypto';

/**
 * `mapping statsd-exporter`: the statsd_exporter mapping YAML. With `--csv FILE` (repeatable) it names the
 * columns of those files as a run would send them; without, generic rules apply.
 */
const USAGE = `usage: training-metrics-gate mapping statsd-exporter ${MAPPING_FLAGS}`;
/** The flags after `mapping statsd-exporter` → the YAML. */
async function mappingStatsdExporter(args) {
    const v = parseGeneratorFlags(args, {}, (message) => new InputError('arguments', null, `${message.split('\n')[0]}\n${USAGE}`));
    return statsdExporterMapping(await columnsFromFlags(v), {
        prefix: v.prefix ?? DEFAULT_OPTIONS.prefix,
    });
}

export { mappingStatsdExporter };
