import { N as NO_COLUMNS_NOTE, s as statsdExporterMapping } from './statsd-exporter-mapping-vZZGtpwc.js';
import { b0 as DEFAULT_OPTIONS, I as InputError } from './postgres-url-Dtipo0LK.js';
import { p as parseGeneratorFlags, c as columnsFromFlags } from './run-columns-DIfAvvEs.js';
import { M as MAPPING_FLAGS } from '../cli.js';
import './index-D2ITh64m.js';
import 'process';
import 'buffer';
import './prometheus-Lr88gKbi.js';
import './metrics-CWqsLlk9.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:util';
import 'node:crypto';
import './history-DXh-tnaq.js';

/**
 * `mapping statsd-exporter`: the statsd_exporter mapping YAML. With `--csv FILE` (repeatable) it names the
 * columns of those files as a run would send them; without, the columns are named by pattern, with a
 * warning on stderr saying what that cannot see.
 */
const USAGE = `usage: training-metrics-gate mapping statsd-exporter ${MAPPING_FLAGS}`;
/** The flags after `mapping statsd-exporter` → the YAML. */
async function mappingStatsdExporter(args) {
    const v = parseGeneratorFlags(args, {}, (message) => new InputError('arguments', null, `${message.split('\n')[0]}\n${USAGE}`));
    const columns = await columnsFromFlags(v);
    if (columns.length === 0)
        process.stderr.write(`warning: ${NO_COLUMNS_NOTE.join(' ')}\n`);
    return statsdExporterMapping(columns, {
        prefix: v.prefix ?? DEFAULT_OPTIONS.prefix,
        warn: (message) => process.stderr.write(`warning: ${message}\n`),
    });
}

export { mappingStatsdExporter };
