import { s as sectionValue } from './section-DkCqgg_o.js';
import { an as findColumn, I as InputError, ao as FIELD_UNIT, ap as parseSampleTime, aq as DMON_COLUMNS, ar as readTextFile, q as metricKey, s as median, as as steadyFromQuantiles, at as quantileSorted } from './postgres-url-BezLfty4.js';
import { G as GPU_FIELDS, S as SeriesBuilder, a as parseCell, B as BadCell, p as parseGpuCsv } from './nvidia-smi-csv-C2YPwX_D.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import './sync-DjlYNjSm.js';

/**
 * `nvidia-smi dmon` output: whitespace-aligned columns under two `#` lines (names, then units), repeated
 * every so often; one row per GPU per interval. Times only with `-o T`/`-o DT` (columns Date, Time).
 */
/** Does this text look like dmon output? (a `# gpu` or `#Date` name line first) */
function looksLikeDmon(text) {
    const first = text.split('\n', 1)[0] ?? '';
    return /^#\s*(gpu|date|time)\b/i.test(first) && !first.includes(',');
}
function parseDmon(source, text) {
    const lines = text.replace(/\r\n/g, '\n').split('\n');
    const warnings = [];
    let truncated = false;
    if (lines.length > 0 && lines[lines.length - 1] !== '') {
        truncated = true;
        warnings.push(`${source}:${lines.length}: the last line is incomplete (file still being written?); it was skipped`);
    }
    lines.pop(); // '' after the final newline, or the cut line
    let names = null;
    let units = null;
    let present = [];
    let gpuCol = -1;
    let dateCol = -1;
    let timeCol = -1;
    let builder = null;
    for (let i = 0; i < lines.length; i++) {
        const line = lines[i].trim();
        const lineNo = i + 1;
        if (line === '')
            continue;
        if (line.startsWith('#')) {
            const words = line.slice(1).trim().split(/\s+/);
            if (names === null) {
                names = words.map((w) => w.toLowerCase());
                for (const field of GPU_FIELDS) {
                    const column = findColumn(names, DMON_COLUMNS[field]);
                    if (column >= 0)
                        present.push({ field, column, unit: '' });
                }
                gpuCol = names.indexOf('gpu');
                dateCol = names.indexOf('date');
                timeCol = names.indexOf('time');
                if (present.length === 0)
                    throw new InputError(source, lineNo, 'dmon header names no column we read (sm, mem, fb, pwr, gtemp, pclk)');
                builder = new SeriesBuilder(present.map((p) => p.field));
            }
            else if (units === null) {
                units = words;
                present = present.map((p) => ({ ...p, unit: units[p.column] ?? '' }));
            }
            continue; // later '#' lines repeat the header
        }
        if (names === null || builder === null)
            throw new InputError(source, lineNo, 'data before the "# gpu …" header line');
        const cells = line.split(/\s+/);
        if (cells.length !== names.length)
            throw new InputError(source, lineNo, `${cells.length} columns, but the header names ${names.length}`);
        const values = present.map((p) => {
            try {
                return parseCell(cells[p.column], FIELD_UNIT[p.field], p.unit);
            }
            catch (err) {
                if (err instanceof BadCell)
                    throw new InputError(source, lineNo, `column "${names[p.column]}": ${err.message}`);
                throw err;
            }
        });
        const time = timeCol >= 0
            ? parseSampleTime(dateCol >= 0 ? `${cells[dateCol]} ${cells[timeCol]}` : `19700101 ${cells[timeCol]}`)
            : Number.NaN;
        const key = gpuCol >= 0 ? cells[gpuCol] : '0';
        builder.add(key, { label: key }, time, values);
    }
    if (builder === null)
        throw new InputError(source, null, 'no dmon header line ("# gpu pwr …")');
    return { source, format: 'nvidia-smi-dmon', gpus: builder.series(), warnings, truncated };
}

function shallowEqualObjects(objA, objB) {
  if (objA === objB) {
    return true;
  }

  if (!objA || !objB) {
    return false;
  }

  var aKeys = Object.keys(objA);
  var bKeys = Object.keys(objB);
  var len = aKeys.length;

  if (bKeys.length !== len) {
    return false;
  }

  for (var i = 0; i < len; i++) {
    var key = aKeys[i];

    if (objA[key] !== objB[key] || !Object.prototype.hasOwnProperty.call(objB, key)) {
      return false;
    }
  }

  return true;
}

function _classCallCheck(instance, Constructor) {
  if (!(instance instanceof Constructor)) {
    throw new TypeError("Cannot call a class as a function");
  }
}

function _inherits(subClass, superClass) {
  if (typeof superClass !== "function" && superClass !== null) {
    throw new TypeError("Super expression must either be null or a function");
  }

  subClass.prototype = Object.create(superClass && superClass.prototype, {
    constructor: {
      value: subClass,
      writable: true,
      configurable: true
    }
  });
  if (superClass) _setPrototypeOf(subClass, superClass);
}

function _getPrototypeOf(o) {
  _getPrototypeOf = Object.setPrototypeOf ? Object.getPrototypeOf : function _getPrototypeOf(o) {
    return o.__proto__ || Object.getPrototypeOf(o);
  };
  return _getPrototypeOf(o);
}

function _setPrototypeOf(o, p) {
  _setPrototypeOf = Object.setPrototypeOf || function _setPrototypeOf(o, p) {
    o.__proto__ = p;
    return o;
  };

  return _setPrototypeOf(o, p);
}

function isNativeReflectConstruct() {
  if (typeof Reflect === "undefined" || !Reflect.construct) return false;
  if (Reflect.construct.sham) return false;
  if (typeof Proxy === "function") return true;

  try {
    Date.prototype.toString.call(Reflect.construct(Date, [], function () {}));
    return true;
  } catch (e) {
    return false;
  }
}

function _construct(Parent, args, Class) {
  if (isNativeReflectConstruct()) {
    _construct = Reflect.construct;
  } else {
    _construct = function _construct(Parent, args, Class) {
      var a = [null];
      a.push.apply(a, args);
      var Constructor = Function.bind.apply(Parent, a);
      var instance = new Constructor();
      if (Class) _setPrototypeOf(instance, Class.prototype);
      return instance;
    };
  }

  return _construct.apply(null, arguments);
}

function _isNativeFunction(fn) {
  return Function.toString.call(fn).indexOf("[native code]") !== -1;
}

function _wrapNativeSuper(Class) {
  var _cache = typeof Map === "function" ? new Map() : undefined;

  _wrapNativeSuper = function _wrapNativeSuper(Class) {
    if (Class === null || !_isNativeFunction(Class)) return Class;

    if (typeof Class !== "function") {
      throw new TypeError("Super expression must either be null or a function");
    }

    if (typeof _cache !== "undefined") {
      if (_cache.has(Class)) return _cache.get(Class);

      _cache.set(Class, Wrapper);
    }

    function Wrapper() {
      return _construct(Class, arguments, _getPrototypeOf(this).constructor);
    }

    Wrapper.prototype = Object.create(Class.prototype, {
      constructor: {
        value: Wrapper,
        enumerable: false,
        writable: true,
        configurable: true
      }
    });
    return _setPrototypeOf(Wrapper, Class);
  };

  return _wrapNativeSuper(Class);
}

function _assertThisInitialized(self) {
  if (self === void 0) {
    throw new ReferenceError("this hasn't been initialised - super() hasn't been called");
  }

  return self;
}

function _possibleConstructorReturn(self, call) {
  if (call && (typeof call === "object" || typeof call === "function")) {
    return call;
  }

  return _assertThisInitialized(self);
}

var InvalidLineError =
/*#__PURE__*/
function (_Error) {
  _inherits(InvalidLineError, _Error);

  function InvalidLineError(message) {
    _classCallCheck(this, InvalidLineError);

    return _possibleConstructorReturn(this, _getPrototypeOf(InvalidLineError).call(this, 'Encountered invalid line: ' + message));
  }

  return InvalidLineError;
}(_wrapNativeSuper(Error));

Object.defineProperty(InvalidLineError.prototype, 'name', {
  value: InvalidLineError.name
});

var STATE_NAME = 0;
var STATE_STARTOFLABELNAME = 1;
var STATE_ENDOFNAME = 2;
var STATE_VALUE = 3;
var STATE_ENDOFLABELS = 4;
var STATE_LABELNAME = 5;
var STATE_LABELVALUEQUOTE = 6;
var STATE_LABELVALUEEQUALS = 7;
var STATE_LABELVALUE = 8;
var STATE_LABELVALUESLASH = 9;
var STATE_NEXTLABEL = 10;
var STATE_TIMESTAMP = 11;
function parseSampleLine(line) {
  var name = '';
  var labelname = '';
  var labelvalue = '';
  var value = '';
  var timestamp = '';
  var labels = undefined;
  var state = STATE_NAME;

  for (var c = 0; c < line.length; ++c) {
    var _char = line.charAt(c);

    if (state === STATE_NAME) {
      if (_char === '{') {
        state = STATE_STARTOFLABELNAME;
      } else if (_char === ' ' || _char === '\t') {
        state = STATE_ENDOFNAME;
      } else {
        name += _char;
      }
    } else if (state === STATE_ENDOFNAME) {
      if (_char === ' ' || _char === '\t') ; else if (_char === '{') {
        state = STATE_STARTOFLABELNAME;
      } else {
        value += _char;
        state = STATE_VALUE;
      }
    } else if (state === STATE_STARTOFLABELNAME) {
      if (_char === ' ' || _char === '\t') ; else if (_char === '}') {
        state = STATE_ENDOFLABELS;
      } else {
        labelname += _char;
        state = STATE_LABELNAME;
      }
    } else if (state === STATE_LABELNAME) {
      if (_char === '=') {
        state = STATE_LABELVALUEQUOTE;
      } else if (_char === '}') {
        state = STATE_ENDOFLABELS;
      } else if (_char === ' ' || _char === '\t') {
        state = STATE_LABELVALUEEQUALS;
      } else {
        labelname += _char;
      }
    } else if (state === STATE_LABELVALUEEQUALS) {
      if (_char === '=') {
        state = STATE_LABELVALUEQUOTE;
      } else if (_char === ' ' || _char === '\t') ; else {
        throw new InvalidLineError(line);
      }
    } else if (state === STATE_LABELVALUEQUOTE) {
      if (_char === '"') {
        state = STATE_LABELVALUE;
      } else if (_char === ' ' || _char === '\t') ; else {
        throw new InvalidLineError(line);
      }
    } else if (state === STATE_LABELVALUE) {
      if (_char === '\\') {
        state = STATE_LABELVALUESLASH;
      } else if (_char === '"') {
        if (!labels) {
          labels = {};
        }

        labels[labelname] = labelvalue;
        labelname = '';
        labelvalue = '';
        state = STATE_NEXTLABEL;
      } else {
        labelvalue += _char;
      }
    } else if (state === STATE_LABELVALUESLASH) {
      state = STATE_LABELVALUE;

      if (_char === '\\') {
        labelvalue += '\\';
      } else if (_char === 'n') {
        labelvalue += '\n';
      } else if (_char === '"') {
        labelvalue += '"';
      } else {
        labelvalue += "\\".concat(_char);
      }
    } else if (state === STATE_NEXTLABEL) {
      if (_char === ',') {
        state = STATE_LABELNAME;
      } else if (_char === '}') {
        state = STATE_ENDOFLABELS;
      } else if (_char === ' ' || _char === '\t') ; else {
        throw new InvalidLineError(line);
      }
    } else if (state === STATE_ENDOFLABELS) {
      if (_char === ' ' || _char === '\t') ; else {
        value += _char;
        state = STATE_VALUE;
      }
    } else if (state === STATE_VALUE) {
      if (_char === ' ' || _char === '\t') {
        state = STATE_TIMESTAMP;
      } else {
        value += _char;
      }
    } else if (state === STATE_TIMESTAMP) {
      if (_char === ' ' || _char === '\t') ; else {
        timestamp += _char;
      }
    }
  }

  var ret = {
    name: name,
    value: value
  };

  if (labels) {
    ret.labels = labels;
  }

  if (timestamp) {
    ret.timestamp_ms = timestamp;
  }

  return ret;
}

/*
Notes:
* Empty line handling is slightly looser than the original implementation.
* Everything else should be similarly strict.
*/

var SUMMARY_TYPE = 'SUMMARY';
var HISTOGRAM_TYPE = 'HISTOGRAM';
function parsePrometheusTextFormat(metrics) {
  var lines = metrics.split('\n'); // Prometheus format defines LF endings

  var converted = [];
  var metric;
  var help;
  var type;
  var samples = [];

  for (var i = 0; i < lines.length; ++i) {
    var line = lines[i].trim();
    var lineMetric = null;
    var lineHelp = null;
    var lineType = null;
    var lineSample = null;

    if (line.length === 0) ; else if (line.startsWith('# ')) {
      // process metadata lines
      var lineData = line.substring(2);
      var instr = null;

      if (lineData.startsWith('HELP ')) {
        instr = 1;
      } else if (lineData.startsWith('TYPE ')) {
        instr = 2;
      }

      if (instr) {
        lineData = lineData.substring(5);
        var spaceIndex = lineData.indexOf(' ');

        if (spaceIndex !== -1) {
          // expect another token
          lineMetric = lineData.substring(0, spaceIndex);
          var remain = lineData.substring(spaceIndex + 1);

          if (instr === 1) {
            // HELP
            lineHelp = unescapeHelp(remain); // remain could be empty
          } else {
            // TYPE
            if (remain.includes(' ')) {
              throw new InvalidLineError(line);
            }

            lineType = remain.toUpperCase();
          }
        } else {
          throw new InvalidLineError(line);
        }
      } // 100% pure comment line, ignore

    } else {
      // process sample lines
      lineSample = parseSampleLine(line);
      lineMetric = lineSample.name;
    }

    if (lineMetric === metric) {
      // metadata always has same name
      if (!help && lineHelp) {
        help = lineHelp;
      } else if (!type && lineType) {
        type = lineType;
      }
    } // different types allow different suffixes


    var suffixedCount = "".concat(metric, "_count");
    var suffixedSum = "".concat(metric, "_sum");
    var suffixedBucket = "".concat(metric, "_bucket");
    var allowedNames = [metric];

    if (type === SUMMARY_TYPE || type === HISTOGRAM_TYPE) {
      allowedNames.push(suffixedCount);
      allowedNames.push(suffixedSum);
    }

    if (type === HISTOGRAM_TYPE) {
      allowedNames.push(suffixedBucket);
    } // encountered new metric family or end of input


    if (i + 1 === lines.length || lineMetric && !allowedNames.includes(lineMetric)) {
      // write current
      if (metric) {
        if (type === SUMMARY_TYPE) {
          samples = flattenMetrics(samples, 'quantiles', 'quantile', 'value');
        } else if (type === HISTOGRAM_TYPE) {
          samples = flattenMetrics(samples, 'buckets', 'le', 'bucket');
        }

        converted.push({
          name: metric,
          help: help ? help : '',
          type: type ? type : 'UNTYPED',
          metrics: samples
        });
      } // reset for new metric family


      metric = lineMetric;
      help = lineHelp ? lineHelp : null;
      type = lineType ? lineType : null;
      samples = [];
    }

    if (lineSample) {
      // key is not called value in official implementation if suffixed count, sum, or bucket
      if (lineSample.name !== metric) {
        if (type === SUMMARY_TYPE || type === HISTOGRAM_TYPE) {
          if (lineSample.name === suffixedCount) {
            lineSample.count = lineSample.value;
          } else if (lineSample.name === suffixedSum) {
            lineSample.sum = lineSample.value;
          }
        }

        if (type === HISTOGRAM_TYPE && lineSample.name === suffixedBucket) {
          lineSample.bucket = lineSample.value;
        }

        delete lineSample.value;
      }

      delete lineSample.name; // merge into existing sample if labels are deep equal

      var samplesLen = samples.length;
      var lastSample = samplesLen === 0 ? null : samples[samplesLen - 1];

      if (lastSample && shallowEqualObjects(lineSample.labels, lastSample.labels)) {
        delete lineSample.labels;

        for (var key in lineSample) {
          lastSample[key] = lineSample[key];
        }
      } else {
        samples.push(lineSample);
      }
    }
  }

  return converted;
}

function flattenMetrics(metrics, groupName, keyName, valueName) {
  var flattened = null;

  for (var i = 0; i < metrics.length; ++i) {
    var sample = metrics[i];

    if (sample.labels && sample.labels[keyName] && sample[valueName]) {
      if (!flattened) {
        flattened = {};
        flattened[groupName] = {};
      }

      flattened[groupName][sample.labels[keyName]] = sample[valueName];
    } else if (!sample.labels) {
      if (!flattened) {
        flattened = {};
      }

      if (sample.count !== undefined) {
        flattened.count = sample.count;
      }

      if (sample.sum !== undefined) {
        flattened.sum = sample.sum;
      }
    }
  }

  if (flattened) {
    return [flattened];
  } else {
    return metrics;
  }
} // adapted from https://github.com/prometheus/client_python/blob/0.0.19/prometheus_client/parser.py


function unescapeHelp(line) {
  var result = '';
  var slash = false;

  for (var c = 0; c < line.length; ++c) {
    var _char = line.charAt(c);

    if (slash) {
      if (_char === '\\') {
        result += '\\';
      } else if (_char === 'n') {
        result += '\n';
      } else {
        result += "\\".concat(_char);
      }

      slash = false;
    } else {
      if (_char === '\\') {
        slash = true;
      } else {
        result += _char;
      }
    }
  }

  if (slash) {
    result += '\\';
  }

  return result;
}

/**
 * One Prometheus text scrape of a GPU exporter: NVIDIA's dcgm-exporter (`DCGM_FI_*`, labels gpu, UUID,
 * modelName, Hostname) or utkuozdemir's nvidia_gpu_exporter (`nvidia_smi_*`, label uuid, names in
 * `nvidia_smi_gpu_info`). Parsed with parse-prometheus-text-format; each file is one sample per GPU.
 */
/** Metric name → field, and the factor from the exporter's unit to ours. */
const SCRAPE_METRICS = {
    DCGM_FI_DEV_GPU_UTIL: ['util', 1],
    DCGM_FI_DEV_MEM_COPY_UTIL: ['memUtil', 1],
    DCGM_FI_DEV_FB_USED: ['memUsedMiB', 1],
    DCGM_FI_DEV_FB_TOTAL: ['memTotalMiB', 1],
    DCGM_FI_DEV_POWER_USAGE: ['powerW', 1],
    DCGM_FI_DEV_GPU_TEMP: ['tempC', 1],
    DCGM_FI_DEV_SM_CLOCK: ['smClockMHz', 1],
    DCGM_FI_PROF_SM_ACTIVE: ['smActive', 100],
    DCGM_FI_PROF_SM_OCCUPANCY: ['smOccupancy', 100],
    DCGM_FI_PROF_PIPE_TENSOR_ACTIVE: ['tensorActive', 100],
    DCGM_FI_PROF_DRAM_ACTIVE: ['dramActive', 100],
    nvidia_smi_utilization_gpu_ratio: ['util', 100],
    nvidia_smi_utilization_memory_ratio: ['memUtil', 100],
    nvidia_smi_memory_used_bytes: ['memUsedMiB', 1 / 1048576],
    nvidia_smi_memory_total_bytes: ['memTotalMiB', 1 / 1048576],
    nvidia_smi_power_draw_watts: ['powerW', 1],
    nvidia_smi_temperature_gpu: ['tempC', 1],
    nvidia_smi_clocks_current_sm_clock_hz: ['smClockMHz', 1e-6],
};
/** dcgm-exporter without FB_TOTAL: total = used + free + reserved. */
const DCGM_FREE = ['DCGM_FI_DEV_FB_FREE', 'DCGM_FI_DEV_FB_RESERVED'];
function parseGpuScrape(source, text) {
    let families;
    try {
        families = parsePrometheusTextFormat(text);
    }
    catch (err) {
        throw new InputError(source, lineOf(text, err), `not Prometheus text format: ${err.message}`);
    }
    const info = new Map();
    for (const s of families.find((f) => f.name === 'nvidia_smi_gpu_info')?.metrics ?? []) {
        if (s.labels?.uuid)
            info.set(s.labels.uuid, s.labels);
    }
    const hosts = new Set();
    for (const f of families)
        for (const s of f.metrics)
            if (s.labels?.Hostname)
                hosts.add(s.labels.Hostname);
    const gpus = new Map();
    const gpuOf = (labels, timestamp) => {
        const uuid = labels.UUID ?? labels.uuid ?? null;
        const host = labels.Hostname ?? '';
        const key = `${host}/${uuid ?? labels.gpu ?? labels.index ?? '0'}`;
        let gpu = gpus.get(key);
        if (!gpu) {
            const known = uuid ? info.get(uuid) : undefined;
            const index = labels.gpu ?? labels.index ?? known?.index ?? String(gpus.size);
            gpu = {
                label: hosts.size > 1 ? `${host}:${index}` : index,
                uuid,
                name: labels.modelName ?? known?.name ?? null,
                busId: labels.pci_bus_id ?? known?.pci_bus_id ?? null,
                time: timestamp === undefined ? Number.NaN : Number(timestamp),
                values: {},
                free: 0,
            };
            gpus.set(key, gpu);
        }
        return gpu;
    };
    for (const family of families) {
        const mapped = SCRAPE_METRICS[family.name];
        const isFree = DCGM_FREE.includes(family.name);
        if (!mapped && !isFree)
            continue;
        for (const sample of family.metrics) {
            const value = Number(sample.value);
            if (sample.value === undefined || (Number.isNaN(value) && sample.value !== 'NaN')) {
                throw new InputError(source, lineOf(text, null, family.name), `${family.name}: "${sample.value}" is not a number`);
            }
            const gpu = gpuOf(sample.labels ?? {}, sample.timestamp_ms);
            if (isFree)
                gpu.free += value;
            else
                gpu.values[mapped[0]] = value * mapped[1];
        }
    }
    if (gpus.size === 0) {
        throw new InputError(source, null, 'no GPU metrics in this scrape (expected DCGM_FI_DEV_GPU_UTIL, DCGM_FI_DEV_FB_USED, … or nvidia_smi_*)');
    }
    for (const gpu of gpus.values()) {
        const used = gpu.values.memUsedMiB;
        if (gpu.values.memTotalMiB === undefined && used !== undefined && gpu.free > 0)
            gpu.values.memTotalMiB = used + gpu.free;
    }
    const fields = GPU_FIELDS.filter((f) => [...gpus.values()].some((g) => g.values[f] !== undefined));
    const builder = new SeriesBuilder(fields);
    for (const [key, gpu] of gpus) {
        builder.add(key, gpu, gpu.time, fields.map((f) => gpu.values[f] ?? Number.NaN));
    }
    return { source, format: 'prometheus', gpus: builder.series(), warnings: [], truncated: false };
}
/** 1-based line of the text the parser complained about (its message quotes the line), or of a metric's first sample. */
function lineOf(text, err, metric) {
    const lines = text.split('\n');
    if (metric) {
        const i = lines.findIndex((l) => l.startsWith(`${metric}{`) || l.startsWith(`${metric} `));
        return i >= 0 ? i + 1 : null;
    }
    const quoted = /invalid line: (.*)$/s.exec(err?.message ?? '')?.[1];
    if (!quoted)
        return null;
    const i = lines.findIndex((l) => l === quoted || l.trim() === quoted.trim());
    return i >= 0 ? i + 1 : null;
}

/** Reading GPU captures from disk: the entry points the CLI (`--gpu-csv`, `--gpu-scrape`) and the action call. */
/** Parse GPU samples from text, telling nvidia-smi/amd-smi CSV from dmon output by content. */
function parseGpuText(source, text) {
    return looksLikeDmon(text) ? parseDmon(source, text) : parseGpuCsv(source, text);
}
/** Read an nvidia-smi `--query-gpu` CSV, an amd-smi metrics CSV, or `nvidia-smi dmon` output (detected by content). */
async function readGpuFile(path) {
    return parseGpuText(path, await readTextFile(path));
}
/** Read one Prometheus text scrape of dcgm-exporter or nvidia_gpu_exporter (one sample per GPU). */
async function readGpuScrape(path) {
    return parseGpuScrape(path, await readTextFile(path));
}
/**
 * Join captures: series with the same uuid (several scrapes of one GPU over time, a sampler restarted into a
 * second file) are concatenated in time order. Without a uuid, scrapes are joined by label, while CSVs are
 * taken as different machines (a file per node): their clashing labels become `<file number>:<label>`.
 */
function mergeGpuSamples(parts) {
    if (parts.length === 1)
        return parts[0];
    const merged = new Map();
    const labels = new Set();
    for (const [p, part] of parts.entries()) {
        for (const original of part.gpus) {
            const key = original.uuid ?? (part.format === 'prometheus' ? `label:${original.label}` : `file:${p}:${original.label}`);
            const clash = !merged.has(key) && labels.has(original.label);
            const gpu = clash ? { ...original, label: `${p}:${original.label}` } : original;
            labels.add(gpu.label);
            const into = merged.get(key);
            if (!into) {
                merged.set(key, {
                    ...gpu,
                    times: [...gpu.times],
                    fields: Object.fromEntries(Object.entries(gpu.fields).map(([f, v]) => [f, [...v]])),
                });
                continue;
            }
            const before = into.times.length;
            // Loops, not push(...array): a day of samples overflows the argument stack.
            for (const t of gpu.times)
                into.times.push(t);
            for (const f of new Set([...Object.keys(into.fields), ...Object.keys(gpu.fields)])) {
                const a = into.fields[f] ?? new Array(before).fill(Number.NaN);
                for (const v of gpu.fields[f] ?? new Array(gpu.times.length).fill(Number.NaN))
                    a.push(v);
                into.fields[f] = a;
            }
        }
    }
    for (const gpu of merged.values())
        sortByTime(gpu);
    return {
        source: parts.map((p) => p.source).join(', '),
        format: parts[0].format,
        gpus: [...merged.values()],
        warnings: parts.flatMap((p) => p.warnings),
        truncated: parts.some((p) => p.truncated),
    };
}
function sortByTime(gpu) {
    if (gpu.times.some(Number.isNaN))
        return; // no times: keep file order
    const order = gpu.times.map((_, i) => i).sort((a, b) => gpu.times[a] - gpu.times[b]);
    gpu.times = order.map((i) => gpu.times[i]);
    for (const f of Object.keys(gpu.fields))
        gpu.fields[f] = order.map((i) => gpu.fields[f][i]);
}
/**
 * Everything given with `--gpu-csv` / `--gpu-scrape` (inputs `gpu-csv`, `gpu-scrape`) as one set of samples,
 * or null when nothing was given. Several files of the same GPUs are joined (see mergeGpuSamples).
 */
async function readGpuInputs(csvPaths, scrapePaths) {
    const parts = [
        ...(await Promise.all(csvPaths.map(readGpuFile))),
        ...(await Promise.all(scrapePaths.map(readGpuScrape))),
    ];
    return parts.length ? mergeGpuSamples(parts) : null;
}

function costWarnings(costs) {
    const byReason = new Map();
    for (const { run, cost } of costs) {
        if (cost.cost !== null || !cost.costMissing.length)
            continue;
        const reason = cost.costMissing.join('; ');
        const runs = byReason.get(reason) ?? [];
        runs.push(run);
        byReason.set(reason, runs);
    }
    return [...byReason].map(([reason, runs]) => {
        const named = runs.filter(Boolean).map((r) => `"${r}"`);
        const who = named.length === 0
            ? ''
            : named.length <= 3
                ? ` for ${named.join(', ')}`
                : ` for ${named.slice(0, 3).join(', ')} and ${named.length - 3} more runs`;
        return `cost not computed${who}: ${reason}`;
    });
}

/** The price entry for a GPU name: the longest key the name contains, case-insensitively; null when none. */
function priceFor(gpuName, prices) {
    const name = gpuName.toLowerCase();
    let best = null;
    for (const [key, price] of Object.entries(prices)) {
        if (name.includes(key.toLowerCase()) && (best === null || key.length > best.key.length))
            best = { key, price };
    }
    return best;
}

const GPU_NAME_KEY = /(^|[._])(gpu|gpu_type|gpu_name|gpu_model|accelerator|device_type)$/i;
const GPU_COUNT_KEY = /(^|[._])(world_size|num_gpus|n_gpus|gpu_count|gpus|total_gpus)$/i;
const NODES_KEY = /(^|[._])(nodes|num_nodes|n_nodes)$/i;
const PER_NODE_KEY = /(^|[._])(gpus_per_node|nproc_per_node)$/i;
const TOKEN_COUNTER = /(^|[._])(consumed|total|num)_tokens$|(^|[._])tokens_(seen|consumed|processed)$/;
const TOKEN_RATE = /(tokens_per_s|tokens_per_sec|tokens_per_second|tok_s$|tokens_s$)/;
/**
 * What the cost needs, from the run (manifest, metrics) and its part of the GPU capture; either may be
 * absent. `jobGpuName` is the GPU type of the job's capture, used when the run has no part of it.
 */
function costInputs(run, gpu, jobGpuName = null) {
    const fp = run?.fingerprint ?? {};
    const find = (re) => Object.entries(fp).find(([k]) => re.test(k))?.[1];
    const manifestCount = positive(find(GPU_COUNT_KEY)) ?? product(positive(find(NODES_KEY)), positive(find(PER_NODE_KEY)));
    const gpuCount = manifestCount ?? (gpu && gpu.gpuCount > 0 ? gpu.gpuCount : null);
    const manifestSeconds = run?.durationSeconds !== undefined && run.durationSeconds > 0 ? run.durationSeconds : null;
    const durationSeconds = manifestSeconds ?? gpu?.durationSeconds ?? null;
    const inputs = {
        gpuName: gpu?.gpuName ?? jobGpuName ?? find(GPU_NAME_KEY) ?? null,
        gpuCount,
        gpuCountFrom: manifestCount !== null ? 'manifest' : gpuCount !== null ? 'gpu-samples' : null,
        durationSeconds,
        durationFrom: manifestSeconds !== null ? 'manifest' : durationSeconds !== null ? 'gpu-samples' : null,
        tokens: null,
        tokensFrom: null,
    };
    const tokens = run ? tokensOf(run.metrics, durationSeconds, gpuCount) : null;
    if (tokens)
        Object.assign(inputs, tokens);
    return inputs;
}
/** Tokens trained: a counter's last value, else throughput × time. Null when neither is there. */
function tokensOf(metrics, durationSeconds, gpuCount) {
    const counter = metrics.find((m) => TOKEN_COUNTER.test(metricKey(m.name)) && Number.isFinite(m.last) && m.last > 0);
    if (counter)
        return { tokens: counter.last, tokensFrom: `${counter.name} (last value)` };
    if (durationSeconds === null)
        return null;
    const rate = metrics.find((m) => TOKEN_RATE.test(metricKey(m.name)) && m.steady && m.steady.mean > 0);
    if (!rate)
        return null;
    const perGpu = /per_gpu|per_device|per_rank/.test(metricKey(rate.name));
    if (perGpu && gpuCount === null)
        return null;
    const tokens = rate.steady.mean * durationSeconds * (perGpu ? gpuCount : 1);
    return { tokens, tokensFrom: `${rate.name} (steady mean × wall time${perGpu ? ' × GPUs' : ''})` };
}
/** GPU-hours = GPUs × wall-clock seconds / 3600: what a cloud bills for an allocation, busy or not. */
function gpuHours(gpus, seconds) {
    return (gpus * seconds) / 3600;
}
function runCost(inputs, prices) {
    const missing = [];
    const hours = inputs.gpuCount !== null && inputs.durationSeconds !== null
        ? gpuHours(inputs.gpuCount, inputs.durationSeconds)
        : null;
    if (inputs.gpuCount === null)
        missing.push('GPU count unknown (no world size in the manifest and no GPU capture of this run)');
    if (inputs.durationSeconds === null)
        missing.push('wall time unknown (no run duration in the manifest and no timed GPU capture of this run)');
    const match = inputs.gpuName ? priceFor(inputs.gpuName, prices) : null;
    if (!inputs.gpuName)
        missing.push('GPU type unknown (no GPU name in the capture and no gpu key in the manifest)');
    else if (!match) {
        const keys = Object.keys(prices);
        missing.push(keys.length ? `no price for "${inputs.gpuName}" (priced: ${keys.join(', ')})` : 'no GPU prices given (gpu-price)');
    }
    const cost = hours !== null && match ? hours * match.price : null;
    // Everything said so far stands between the inputs and a cost; the tokens only block the per-token figure.
    const costMissing = cost === null ? [...missing] : [];
    if (inputs.tokens === null)
        missing.push('tokens unknown (no consumed-tokens counter or tokens-per-second throughput)');
    return {
        ...inputs,
        gpuHours: hours,
        priceKey: match?.key ?? null,
        pricePerGpuHour: match?.price ?? null,
        cost,
        costPerBillionTokens: cost !== null && inputs.tokens ? (cost / inputs.tokens) * 1e9 : null,
        missing,
        costMissing,
    };
}
/** Gauges for the sinks: `cost.gpu_hours`, `cost.total`, `cost.per_billion_tokens` (those that are known). */
function costGauges(cost) {
    const out = [];
    const add = (name, value, unit) => {
        if (value !== null && Number.isFinite(value))
            out.push({ name, value, unit, tags: {} });
    };
    add('cost.gpu_hours', cost.gpuHours, 'hours');
    add('cost.total', cost.cost, 'currency');
    add('cost.per_billion_tokens', cost.costPerBillionTokens, 'currency');
    return out;
}
function positive(text) {
    if (text === undefined)
        return null;
    const n = Number(text);
    return Number.isFinite(n) && n > 0 ? n : null;
}
function product(a, b) {
    return a !== null && b !== null ? a * b : null;
}

function gpuGauges(summary) {
    const out = [];
    for (const d of summary.devices)
        out.push(...deviceGauges('gpu', d, { gpu: d.label }));
    const run = summary.run;
    out.push(...deviceGauges('gpu.run', { ...run, starved: run.starved }, {}));
    out.push({ name: 'gpu.run.count', value: summary.gpuCount, unit: 'count', tags: {} });
    if (run.starved)
        out.push({ name: 'gpu.run.starved_gpus', value: run.starvedGpus.length, unit: 'count', tags: {} });
    if (run.power)
        out.push({ name: 'gpu.run.power.total_mean', value: run.power.totalMeanW, unit: 'watts', tags: {} });
    return out.filter((g) => Number.isFinite(g.value));
}
function deviceGauges(prefix, d, tags) {
    const out = [];
    const add = (name, value, unit) => {
        if (value !== null && value !== undefined)
            out.push({ name: `${prefix}.${name}`, value, unit, tags });
    };
    const act = (name, a) => {
        add(`${name}.mean`, a?.mean, 'percent');
        add(`${name}.p10`, a?.p10, 'percent');
    };
    act('util', d.utilization);
    act('sm_active', d.smActive);
    act('tensor_active', d.tensorActive);
    add('memory.peak', d.memory?.peakMiB, 'mebibytes');
    add('memory.total', d.memory?.totalMiB, 'mebibytes');
    add('memory.peak_fraction', d.memory?.peakFraction, 'ratio');
    add('power.mean', d.power?.meanW, 'watts');
    add('power.max', d.power?.maxW, 'watts');
    add('temperature.max', d.temperature?.maxC, 'celsius');
    if (d.starved)
        add('starved', d.starved.starved ? 1 : 0, 'boolean');
    return out;
}
/** The gateable GPU metrics, their field and default class (a config `metrics:` rule may override them). */
const GPU_METRICS = [
    { name: 'gpu.utilization', field: 'util', class: cls('higher', 'percent', true) },
    { name: 'gpu.sm_active', field: 'smActive', class: cls('higher', 'percent', true) },
    { name: 'gpu.tensor_active', field: 'tensorActive', class: cls('higher', 'percent', true) },
    { name: 'gpu.memory.used', field: 'memUsedMiB', class: cls('lower', 'mebibytes', true) },
    { name: 'gpu.power', field: 'powerW', class: cls('none', 'watts', false) },
    { name: 'gpu.temperature', field: 'tempC', class: cls('none', 'celsius', false) },
];
function cls(direction, unit, gate) {
    return { kind: 'window', direction, unit, gate, minEffect: 0.05 };
}
/**
 * MetricSummary entries over all GPUs' steady-state samples pooled, so the gate compares this run's GPU
 * activity with earlier runs' like any step metric. Sample numbers stand in for steps (there are no steps).
 */
function gpuMetricSummaries(summary, config) {
    const out = [];
    for (const m of GPU_METRICS) {
        const pooled = summary.pooled[m.field];
        if (!pooled)
            continue;
        const override = config?.rules.find((r) => r.matches(m.name))?.override ?? {};
        out.push({
            name: m.name,
            class: { ...m.class, ...override },
            count: pooled.steady.n,
            nan: 0,
            inf: 0,
            firstNonFiniteStep: null,
            first: pooled.first,
            last: pooled.last,
            lastStep: pooled.steady.n - 1,
            min: pooled.min,
            max: pooled.max,
            steady: pooled.steady,
            windows: [],
        });
    }
    return out;
}

/** Whether every GPU's samples carry a time (a capture that can be placed on a time line). */
function isTimed(samples) {
    return samples.gpus.some((g) => g.times.length > 0) && samples.gpus.every((g) => g.times.every(Number.isFinite));
}
/** First and last sample time over all GPUs, or null for an untimed or empty capture. */
function timeSpan(samples) {
    if (!isTimed(samples))
        return null;
    let start = Number.POSITIVE_INFINITY;
    let end = Number.NEGATIVE_INFINITY;
    for (const g of samples.gpus)
        for (const t of g.times) {
            if (t < start)
                start = t;
            if (t > end)
                end = t;
        }
    return Number.isFinite(start) ? { start, end } : null;
}
/** The samples with `start <= time <= end` (ms since the epoch); GPUs with none left are dropped. Null when none is left. */
function samplesWithin(samples, start, end) {
    const gpus = [];
    for (const g of samples.gpus) {
        const keep = [];
        for (const [i, t] of g.times.entries())
            if (t >= start && t <= end)
                keep.push(i);
        if (!keep.length)
            continue;
        const fields = {};
        for (const [f, values] of Object.entries(g.fields))
            fields[f] = keep.map((i) => values[i]);
        gpus.push({ ...g, times: keep.map((i) => g.times[i]), fields });
    }
    return gpus.length ? { ...samples, gpus } : null;
}

const iso = (ms) => new Date(ms).toISOString().replace('.000Z', 'Z');
const range = (r) => `${iso(r.start)} – ${iso(r.end)}`;
function placeCapture(samples, runs) {
    const timed = isTimed(samples);
    const ranged = runs.filter((r) => r.timeRange);
    if (runs.length === 1 && !(timed && ranged.length))
        return { rule: 'single-run', parts: [samples], warnings: [] };
    if (runs.length === 0)
        return { rule: 'job', parts: [], warnings: [] };
    if (!timed || !ranged.length)
        return jobOnly(samples, runs, timed);
    const warnings = [];
    const parts = runs.map((r) => (r.timeRange ? samplesWithin(samples, r.timeRange.start, r.timeRange.end) : null));
    const span = timeSpan(samples);
    if (parts.every((p) => p === null)) {
        warnings.push(`GPU capture ${samples.source} (${range(span)}) overlaps no run's time range; it is joined to no run (are the capture and the runs' times on one clock?)`);
        return { rule: 'time-range', parts, warnings };
    }
    const empty = runs.filter((r, i) => r.timeRange && parts[i] === null);
    for (const r of empty)
        warnings.push(`GPU capture ${samples.source} has no samples in run "${r.name}"'s time range (${range(r.timeRange)})`);
    const unranged = runs.filter((r) => !r.timeRange).map((r) => `"${r.name}"`);
    if (unranged.length)
        warnings.push(`GPU capture ${samples.source} not joined to run${unranged.length > 1 ? 's' : ''} ${unranged.join(', ')}: no start and end time in the manifest`);
    return { rule: 'time-range', parts, warnings };
}
function jobOnly(samples, runs, timed) {
    const why = timed
        ? 'none has a start and end time (manifest start_time/end_time, or start_time and a duration)'
        : 'the capture has no sample times';
    return {
        rule: 'job',
        parts: runs.map(() => null),
        warnings: [
            `GPU capture ${samples.source} covers a batch of ${runs.length} runs and ${why}: it is reported for the job as a whole and joined to no run (not gated, not sent with any run)`,
        ],
    };
}

/**
 * Share of the finite values strictly below a threshold: #{x < t} / #{x finite}. NaN when no value is finite.
 * The "starved" rule: a GPU is starved when this share of its steady-state activity exceeds a fraction.
 */
function fractionBelow(values, threshold) {
    let below = 0;
    let n = 0;
    for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (!Number.isFinite(v))
            continue;
        n++;
        if (v < threshold)
            below++;
    }
    return n === 0 ? Number.NaN : below / n;
}

function steadySpan(input, idleThreshold, warmupFraction) {
    let a = Number.POSITIVE_INFINITY;
    let b = Number.NEGATIVE_INFINITY;
    input.activity.forEach((activity, g) => {
        if (!activity)
            return;
        const positions = input.positions[g];
        for (let i = 0; i < activity.length; i++) {
            if (activity[i] > idleThreshold) {
                a = Math.min(a, positions[i]);
                b = Math.max(b, positions[i]);
            }
        }
    });
    if (!Number.isFinite(a))
        return { from: null, to: null };
    return { from: a + warmupFraction * (b - a), to: b };
}
/** Is the sample at `position` steady? */
function inSpan(span, position) {
    return span.from === null || (position >= span.from && position <= span.to);
}

/**
 * The sampler's period: the median of the positive differences between consecutive distinct times
 * (interleaved GPUs share a time, so zero differences are skipped). NaN with fewer than two distinct times.
 * The median, not the mean, so one stall of the sampler does not stretch every sample.
 */
function sampleInterval(times) {
    const deltas = [];
    for (let i = 1; i < times.length; i++) {
        const d = times[i] - times[i - 1];
        if (d > 0 && Number.isFinite(d))
            deltas.push(d);
    }
    return deltas.length ? median(deltas) : Number.NaN;
}

/**
 * Steady-state statistics of a plain list of samples, the same shape summarizeRun gives step metrics:
 * median, p10, p90 and spread (steady-state.ts) from simple-statistics' quantileSorted, linear between order
 * statistics, and the mean. Non-finite values are left out. Null when none is finite.
 */
function steadyOfSamples(values, fromStep) {
    const sorted = [];
    let sum = 0;
    for (let i = 0; i < values.length; i++) {
        const v = values[i];
        if (Number.isFinite(v)) {
            sorted.push(v);
            sum += v;
        }
    }
    if (sorted.length === 0)
        return null;
    sorted.sort((a, b) => a - b);
    return steadyFromQuantiles((p) => quantileSorted(sorted, p), sum / sorted.length, sorted.length, fromStep);
}

const DEFAULT_GPU_SUMMARY_OPTIONS = {
    starvedThreshold: 50,
    starvedFraction: 0.5,
    idleThreshold: 5,
    warmupFraction: 0.1,
};
function summarizeGpu(samples, options = {}) {
    const opt = { ...DEFAULT_GPU_SUMMARY_OPTIONS, ...options };
    const gpus = samples.gpus;
    const timed = gpus.length > 0 && gpus.every((g) => g.times.length > 0 && g.times.every(Number.isFinite));
    const positions = gpus.map((g) => (timed ? g.times : g.times.map((_, i) => i)));
    const activityOf = (g) => hasValues(g.fields.smActive) ? g.fields.smActive : hasValues(g.fields.util) ? g.fields.util : null;
    const span = steadySpan({ positions, activity: gpus.map(activityOf) }, opt.idleThreshold, opt.warmupFraction);
    const pooled = {};
    const devices = gpus.map((g, gi) => summarizeDevice(g, positions[gi].map((p) => inSpan(span, p)), pooled, opt));
    const { interval, durationMs } = sampling(gpus, timed);
    // Each pooled field is sorted once: its steady state also gives the run's activity figures.
    const pooledFields = {};
    for (const [field, values] of Object.entries(pooled)) {
        const p = pooledField(values);
        if (p)
            pooledFields[field] = p;
    }
    return {
        source: samples.source,
        format: samples.format,
        gpuName: mostCommon(gpus.map((g) => g.name).filter((n) => !!n)),
        gpuCount: gpus.length,
        durationSeconds: Number.isFinite(durationMs) ? durationMs / 1000 : null,
        sampleIntervalSeconds: Number.isFinite(interval) ? interval / 1000 : null,
        run: runFigures(devices, pooled, pooledFields, opt),
        devices,
        pooled: pooledFields,
        truncated: samples.truncated,
        warnings: [...samples.warnings],
    };
}
/**
 * One GPU's figures; its steady-state samples of each field are added to `pooled` (fields in a fixed order,
 * which is the order of the pooled fields in the summary).
 */
function summarizeDevice(g, steady, pooled, opt) {
    const steadyOf = (field) => {
        const values = g.fields[field];
        if (!hasValues(values))
            return null;
        const kept = values.filter((_, i) => steady[i]);
        const into = pooled[field] ?? [];
        pooled[field] = into;
        for (const v of kept)
            into.push(v);
        return kept;
    };
    const util = steadyOf('util');
    const sm = steadyOf('smActive');
    const tensor = steadyOf('tensorActive');
    const power = steadyOf('powerW');
    steadyOf('memUsedMiB');
    steadyOf('tempC');
    return {
        label: g.label,
        uuid: g.uuid,
        name: g.name,
        samples: g.times.length,
        steadySamples: steady.filter(Boolean).length,
        utilization: activity(util),
        smActive: activity(sm),
        tensorActive: activity(tensor),
        memory: memory(g.fields.memUsedMiB, g.fields.memTotalMiB),
        power: power && hasValues(power) ? { meanW: meanOf(power), maxW: maxOf(g.fields.powerW) } : null,
        temperature: hasValues(g.fields.tempC) ? { maxC: maxOf(g.fields.tempC) } : null,
        starved: starvedFlag(sm, util, opt),
    };
}
/** The sampler's period and the sampled wall time, in ms; NaN without times. */
function sampling(gpus, timed) {
    const allTimes = timed ? gpus.flatMap((g) => g.times).sort((a, b) => a - b) : [];
    const interval = timed ? sampleInterval(allTimes) : Number.NaN;
    // One sampling instant gives no duration (not zero: a zero would price the run at nothing).
    const durationMs = Number.isFinite(interval) ? allTimes[allTimes.length - 1] - allTimes[0] + interval : Number.NaN;
    return { interval, durationMs };
}
/** The run's figures over all GPUs: activity from the pooled samples, the peaks from the devices. */
function runFigures(devices, pooled, pooledFields, opt) {
    const powered = devices.filter((d) => d.power);
    const memories = devices.map((d) => d.memory).filter((m) => m !== null);
    const peak = memories.reduce((best, m) => (best === null || (m.peakFraction ?? m.peakMiB) > (best.peakFraction ?? best.peakMiB) ? m : best), null);
    const temps = devices.map((d) => d.temperature?.maxC).filter((t) => t !== undefined);
    const runActivity = (field) => {
        const p = pooledFields[field];
        return p ? activityStats(p.steady) : null;
    };
    return {
        utilization: runActivity('util'),
        smActive: runActivity('smActive'),
        tensorActive: runActivity('tensorActive'),
        memory: peak,
        power: powered.length
            ? {
                meanW: meanOf(powered.map((d) => d.power.meanW)),
                totalMeanW: powered.reduce((s, d) => s + d.power.meanW, 0),
                maxW: Math.max(...powered.map((d) => d.power.maxW)),
            }
            : null,
        temperature: temps.length ? { maxC: Math.max(...temps) } : null,
        starved: starvedFlag(pooled.smActive ?? null, pooled.util ?? null, opt),
        starvedGpus: devices.filter((d) => d.starved?.starved).map((d) => d.label),
    };
}
function pooledField(values) {
    const steady = steadyOfSamples(values, 0);
    if (!steady)
        return null;
    const finite = values.filter(Number.isFinite);
    return {
        steady,
        min: finite.reduce((a, b) => Math.min(a, b)),
        max: finite.reduce((a, b) => Math.max(a, b)),
        first: finite[0],
        last: finite[finite.length - 1],
    };
}
function starvedFlag(sm, util, opt) {
    const basis = hasValues(sm) ? 'sm_active' : hasValues(util) ? 'utilization' : null;
    if (basis === null)
        return null;
    const share = fractionBelow(basis === 'sm_active' ? sm : util, opt.starvedThreshold);
    return { starved: share > opt.starvedFraction, basis, threshold: opt.starvedThreshold, fractionBelow: share };
}
function activity(values) {
    const s = values ? steadyOfSamples(values, 0) : null;
    return s ? activityStats(s) : null;
}
function activityStats(s) {
    return { mean: s.mean, p10: s.p10, median: s.median, n: s.n };
}
function memory(used, total) {
    if (!hasValues(used))
        return null;
    const peakMiB = maxOf(used);
    const totalMiB = hasValues(total) ? maxOf(total) : null;
    return { peakMiB, totalMiB, peakFraction: totalMiB ? peakMiB / totalMiB : null };
}
function hasValues(values) {
    if (!values)
        return false;
    for (let i = 0; i < values.length; i++)
        if (Number.isFinite(values[i]))
            return true;
    return false;
}
function maxOf(values) {
    let m = Number.NEGATIVE_INFINITY;
    for (const v of values)
        if (v > m)
            m = v;
    return m;
}
function meanOf(values) {
    let s = 0;
    let n = 0;
    for (const v of values) {
        if (Number.isFinite(v)) {
            s += v;
            n++;
        }
    }
    return n ? s / n : Number.NaN;
}
function mostCommon(names) {
    const counts = new Map();
    for (const n of names)
        counts.set(n, (counts.get(n) ?? 0) + 1);
    let best = null;
    for (const [n, c] of counts)
        if (best === null || c > counts.get(best))
            best = n;
    return best;
}

function gpuReport(samples, runs, options) {
    const gpu = samples ? summarizeGpu(samples, options.summary) : null;
    const placement = samples ? placeCapture(samples, runs) : null;
    const perRun = runs.map((run, i) => {
        const part = placement?.parts[i] ?? null;
        const summary = part === samples ? gpu : part ? summarizeGpu(part, options.summary) : null;
        return {
            run: run.name,
            gpu: summary,
            gauges: summary ? gpuGauges(summary) : [],
            metrics: summary ? gpuMetricSummaries(summary, options.config) : [],
        };
    });
    const costs = (runs.length ? runs : [null]).map((run, i) => {
        // A run's GPU count and wall time come from its own part of the capture; the GPU type is the job's.
        const own = run ? (perRun[i].gpu ?? null) : gpu;
        const cost = runCost(costInputs(run, own, gpu?.gpuName ?? null), options.prices);
        return { run: run?.name ?? '', cost, gauges: costGauges(cost) };
    });
    return {
        gpu,
        gauges: gpu ? gpuGauges(gpu) : [],
        metrics: gpu ? gpuMetricSummaries(gpu, options.config) : [],
        placement: placement?.rule ?? null,
        runs: perRun,
        costs,
        warnings: placement?.warnings ?? [],
    };
}

/**
 * The GPU report, or null when there is neither a capture nor a price (or a capture could not be read).
 * A capture that could not be placed on a run, and a cost that could not be computed where prices were
 * given, are each said once on the console.
 */
async function readGpu(ctx, runs, config) {
    const { options } = ctx;
    try {
        const samples = await readGpuInputs(options.gpuCsv, options.gpuScrape);
        const prices = sectionValue(config.gpuPrices);
        if (!samples && !Object.keys(prices).length)
            return null;
        const report = gpuReport(samples, runs, { prices, config });
        for (const w of report.warnings)
            ctx.warn(w);
        if (config.gpuPricesGiven)
            for (const w of costWarnings(report.costs))
                ctx.warn(w);
        return report;
    }
    catch (e) {
        ctx.recordError(e);
        return null;
    }
}

export { readGpu };
