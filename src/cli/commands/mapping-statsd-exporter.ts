/**
 * `mapping statsd-exporter`: the statsd_exporter mapping YAML. With `--csv FILE` (repeatable) it names the
 * columns of those files as a run would send them; without, generic rules apply.
 */
import { statsdExporterMapping } from '../../dashboards/statsd-exporter-mapping.js';
import { InputError } from '../../model.js';
import { DEFAULT_OPTIONS } from '../../options.js';
import { parseGeneratorFlags } from '../generator-flags.js';
import { MAPPING_FLAGS } from '../help.js';
import { columnsFromFlags } from '../run-columns.js';

const USAGE = `usage: training-metrics-gate mapping statsd-exporter ${MAPPING_FLAGS}`;

/** The flags after `mapping statsd-exporter` → the YAML. */
export async function mappingStatsdExporter(args: string[]): Promise<string> {
  const v = parseGeneratorFlags(
    args,
    {},
    (message) => new InputError('arguments', null, `${message.split('\n')[0]}\n${USAGE}`),
  );
  return statsdExporterMapping(await columnsFromFlags(v), {
    prefix: (v.prefix as string | undefined) ?? DEFAULT_OPTIONS.prefix,
  });
}
