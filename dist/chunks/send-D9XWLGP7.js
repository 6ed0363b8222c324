import { isIPv6, connect, isIP } from 'node:net';
import { setTimeout as setTimeout$1 } from 'node:timers/promises';
import { bd as commonjsGlobal, ab as getDefaultExportFromCjs, bf as withinBudget, aE as metricNameTooLong } from './postgres-url-BezLfty4.js';
import require$$0 from 'process';
import require$$0$1 from 'util';
import os__default from 'os';
import fs__default from 'fs';
import require$$5 from 'assert';
import require$$1$1 from 'dgram';
import require$$0$2 from 'net';
import require$$3 from 'dns';
import { l as lookupBy } from './bounded-lookup-C-gbgogV.js';
import { f as formatValue } from './metrics-1pr649UD.js';
import { createSocket } from 'node:dgram';
import { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import { constants as constants$1 } from 'node:os';

/** hot-shots' names for the variables it maps (lib/statsd.js, DD_ENV_GLOBAL_TAGS_MAPPING). */
const SERVICE_TAGS = [
    ['DD_ENV', 'env'],
    ['DD_SERVICE', 'service'],
    ['DD_VERSION', 'version'],
];
const PER_POD_TAGS = [['DD_ENTITY_ID', 'dd.internal.entity_id']];
function defaultEnvTagLevel(flavor) {
    return flavor === 'datadog' ? 'all' : 'none';
}
/**
 * `k:v` tags for every line, in hot-shots' order: DD_TAGS first (comma- or space-separated), then the
 * mapped variables, each replacing a DD_TAGS entry of the same key.
 */
function envTags(env, level) {
    if (level === 'none')
        return [];
    const raw = env.DD_TAGS || env.DATADOG_TAGS || '';
    let tags = raw
        .split(raw.includes(',') ? ',' : /\s+/)
        .map((t) => t.trim())
        .filter(Boolean);
    const mapped = [...SERVICE_TAGS, ...(level === 'all' ? PER_POD_TAGS : [])].filter(([v]) => env[v]);
    tags = tags.filter((t) => !mapped.some(([, key]) => t.startsWith(`${key}:`)));
    return [...tags, ...mapped.map(([v, key]) => `${key}:${env[v]}`)];
}

var statsd = {exports: {}};

var constants = {};

var hasRequiredConstants;

function requireConstants () {
	if (hasRequiredConstants) return constants;
	hasRequiredConstants = 1;
	const os = os__default;
	const process = require$$0;

	constants.PROTOCOL = {
	  TCP: 'tcp',
	  UDS: 'uds',
	  UDP: 'udp',
	  STREAM: 'stream'
	};

	/**
	 * Determines error codes that signify a connection to a TCP socket
	 * has failed in a way that can be retried. These are string error codes
	 * matching Node.js socket error.code values (e.g., 'EPIPE', 'ECONNRESET').
	 * @returns {string[]} An array of the error codes.
	 */
	function tcpErrors() {
	  return [
	    'WSAENOTCONN',
	    'WSAECONNREFUSED',
	    'WSAECONNRESET',
	    'EDESTADDRREQ',
	    'ECONNRESET',
	    'EPIPE',
	    'ENOTCONN',
	    'ECONNREFUSED',
	  ];
	}

	/**
	 * Determines error codes that signify a connection to a Unix Domain Socket (UDS)
	 * has failed in a way that can be retried. OS-specific.
	 *
	 * Includes both:
	 * - string Node.js-style codes (e.g. 'ENOTCONN'), and
	 * - negative numeric errnos from unix-dgram (e.g. -107 on Linux for ENOTCONN),
	 *   which sets `err.code = errorno` rather than a string name.
	 *
	 * The numeric errnos are derived from `os.constants.errno` rather than
	 * hardcoded, so they stay correct on architectures whose errno values differ
	 * from the common x86/arm ones (e.g. mips/sparc Linux).
	 *
	 * @returns {Array<string|number>} An array of the error codes.
	 */
	function udsErrors() {
	  const errno = os.constants.errno;

	  if (process.platform === 'linux') {
	    // unix-dgram reports negative numeric errnos, not string codes
	    return ['ENOTCONN', 'ECONNREFUSED', -errno.ENOTCONN, -errno.ECONNREFUSED];
	  }

	  if (process.platform === 'darwin') {
	    // unix-dgram reports negative numeric errnos, not string codes
	    return ['EDESTADDRREQ', 'ECONNRESET', -errno.EDESTADDRREQ, -errno.ECONNRESET];
	  }

	  // Unknown / not yet implemented
	  return [];
	}

	// StatsD/DogStatsD metric type codes as they appear on the wire.
	constants.METRIC_TYPES = {
	  TIMING: 'ms',
	  COUNT: 'c',
	  HISTOGRAM: 'h',
	  DISTRIBUTION: 'd',
	  GAUGE: 'g',
	  SET: 's',
	};

	// Valid Datadog tag cardinality values (DogStatsD `|card:` field).
	constants.CARDINALITY_VALUES = ['none', 'low', 'orchestrator', 'high'];

	// Env var values that mean "disabled" for DD_ORIGIN_DETECTION_ENABLED.
	constants.FALSEY_ENV_VALUES = ['no', 'false', '0', 'n', 'off'];

	// Env vars whose presence signals the client is talking to a Datadog Agent.
	constants.DATADOG_SIGNAL_ENV_VARS = [
	  'DD_AGENT_HOST',
	  'DD_DOGSTATSD_PORT',
	  'DD_ENTITY_ID',
	  'DD_ENV',
	  'DD_SERVICE',
	  'DD_VERSION',
	  'DD_EXTERNAL_ENV',
	  'DD_CARDINALITY',
	  'DD_TAGS',
	  'DD_DOGSTATSD_URL',
	  'DD_DOGSTATSD_SOCKET',
	];

	// Origin detection (container ID) constants. Linux-only paths.
	constants.ORIGIN_DETECTION = {
	  // Inode of /proc/self/ns/cgroup when in the host cgroup namespace.
	  HOST_CGROUP_NAMESPACE_INODE: 0xEFFFFFFB,
	  CGROUP_PATH: '/proc/self/cgroup',
	  CGROUP_NS_PATH: '/proc/self/ns/cgroup',
	  MOUNTINFO_PATH: '/proc/self/mountinfo',
	  CGROUP_MOUNT_PATH: '/sys/fs/cgroup',
	  CGROUPV1_BASE_CONTROLLER: 'memory',
	  // Matches Docker (64 hex), ECS (32 hex + task id), and UUID/Garden container ids.
	  // The UUID branch is a full 8-4-4-4-12 UUID; using {4} for the final group would
	  // truncate real UUIDs to 28 chars and emit an invalid |c: value.
	  CONTAINER_ID_RE: /([0-9a-f]{64})|([0-9a-f]{32}-\d+)|([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})/,
	};

	constants.tcpErrors = tcpErrors;
	constants.udsErrors = udsErrors;
	return constants;
}

var helpers;
var hasRequiredHelpers;

function requireHelpers () {
	if (hasRequiredHelpers) return helpers;
	hasRequiredHelpers = 1;
	const constants = requireConstants();
	const fs = fs__default;

	/**
	 * Replace any characters that can't be sent on with an underscore.
	 * Used for tag keys where colons are not allowed (colon separates key from value).
	 */
	function sanitizeTags(value, telegraf) {
	  // Characters that break the protocol in tag keys:
	  // : - separates tag key from value (not allowed in keys)
	  // | - separates metric components
	  // , - separates tags
	  // @ - used for sample rate (StatsD only)
	  // # - tag prefix character (DogStatsD only)
	  // \n, \r - break the line protocol (some receivers split on \r as well as \n)
	  const blocklist = telegraf ? /:|\||,|\n|\r/g : /:|\||@|,|#|\n|\r/g;
	  // Replace reserved chars with underscores.
	  let sanitized = String(value).replace(blocklist, '_');

	  // For telegraf, replace trailing backslashes as they break the line protocol
	  // by escaping the delimiter that comes after the tag value
	  if (telegraf && sanitized.endsWith('\\')) {
	    sanitized = sanitized.slice(0, -1) + '_';
	  }

	  return sanitized;
	}

	/**
	 * Replace any characters that can't be sent on with an underscore.
	 * Used for tag values where colons ARE allowed (e.g., URLs).
	 */
	function sanitizeTagValue(value, telegraf) {
	  // Characters that break the protocol in tag values:
	  // | - separates metric components
	  // , - separates tags
	  // @ - used for sample rate (StatsD only)
	  // # - tag prefix character (DogStatsD only)
	  // \n, \r - break the line protocol (some receivers split on \r as well as \n)
	  // Note: colons ARE allowed in tag values
	  const blocklist = telegraf ? /\||,|\n|\r/g : /\||@|,|#|\n|\r/g;
	  // Replace reserved chars with underscores.
	  let sanitized = String(value).replace(blocklist, '_');

	  // For telegraf, replace trailing backslashes as they break the line protocol
	  // by escaping the delimiter that comes after the tag value
	  if (telegraf && sanitized.endsWith('\\')) {
	    sanitized = sanitized.slice(0, -1) + '_';
	  }

	  return sanitized;
	}

	/**
	 * Replace any characters in metric names that can't be sent on with an underscore
	 */
	function sanitizeMetricName(value) {
	  // Characters that break the protocol in metric names:
	  // : - separates metric name from value
	  // | - separates metric components
	  // \n, \r - break the line protocol (some receivers split on \r as well as \n)
	  const blocklist = /:|\||\n|\r/g;
	  return String(value).replace(blocklist, '_');
	}

	/**
	 * Format tags properly before sending on
	 */
	function formatTags(tags, telegraf) {
	  if (Array.isArray(tags)) {
	    // Sanitize each tag in the array
	    return tags.map(tag => {
	      // If tag contains a colon (not at position 0), sanitize key and value separately
	      const colonIndex = typeof tag === 'string' ? tag.indexOf(':') : -1;
	      if (colonIndex > 0) {
	        const key = tag.substring(0, colonIndex);
	        const value = tag.substring(colonIndex + 1);
	        return `${sanitizeTags(key, telegraf)}:${sanitizeTagValue(value, telegraf)}`;
	      }
	      // For tags without colons (or colon at start), sanitize as a key (most restrictive)
	      return sanitizeTags(tag, telegraf);
	    });

	  } else {
	    return Object.keys(tags).map(key => {
	      return `${sanitizeTags(key, telegraf)}:${sanitizeTagValue(tags[key], telegraf)}`;
	    });
	  }
	}

	/**
	 * Overrides tags in parent with tags from child with the same name (case sensitive) and return the result as new
	 * array. parent and child are not mutated.
	 */
	function overrideTags (parent, child, telegraf) {
	  if (! child) {
	    return parent;
	  }

	  const formattedChild = formatTags(child, telegraf);
	  const childCopy = new Map();
	  const toAppend = [];

	  formattedChild.forEach(tag => {
	    const idx = typeof tag === 'string' ? tag.indexOf(':') : -1;
	    if (idx < 1) {
	      toAppend.push(tag);
	    } else {
	      const key = tag.substring(0, idx);
	      if (!childCopy.has(key)) {
	        childCopy.set(key, []);
	      }
	      childCopy.get(key).push(tag);
	    }
	  });

	  const result = parent.filter(tag => {
	    const idx = typeof tag === 'string' ? tag.indexOf(':') : -1;
	    if (idx < 1) {
	      return true;
	    }
	    const key = tag.substring(0, idx);
	    return !childCopy.has(key);
	  });

	  for (const tags of childCopy.values()) {
	    for (const tag of tags) {
	      result.push(tag);
	    }
	  }
	  result.push(...toAppend);
	  return result;
	}

	/**
	 * Formats a date for use with DataDog
	 */
	function formatDate(date) {
	  let timestamp;
	  if (date instanceof Date) {
	    // Datadog expects seconds.
	    timestamp = Math.round(date.getTime() / 1000);
	  } else if (date instanceof Number || typeof date === 'number') {
	    // Make sure it is an integer, not a float.
	    timestamp = Math.round(date);
	  }
	  return timestamp;
	}

	/**
	 * Converts int to a string IP
	 */
	function intToIP(int) {
	  const part1 = int & 255;
	  const part2 = ((int >> 8) & 255);
	  const part3 = ((int >> 16) & 255);
	  const part4 = ((int >> 24) & 255);

	  return `${part4}.${part3}.${part2}.${part1}`;
	}

	/**
	 * Returns the system default interface on Linux
	 */
	function getDefaultRoute() {
	  try {
	    const fileContents = fs.readFileSync('/proc/net/route', 'utf8'); // eslint-disable-line no-sync
	    const routes = fileContents.split('\n');
	    for (const route of routes) {
	      const fields = route.trim().split('\t');
	      if (fields[1] === '00000000') {
	        const address = fields[2];
	        // Convert to little endian by splitting every 2 digits and reversing that list
	        const littleEndianAddress = address.match(/.{2}/g).reverse().join('');
	        return intToIP(parseInt(littleEndianAddress, 16));
	      }
	    }
	  } catch (e) {
	    console.error('Could not get default route from /proc/net/route');
	  }
	  return null;
	}

	/**
	 * Normalize prefix to ensure it ends with a period separator if non-empty
	 */
	function normalizePrefix(prefix) {
	  if (prefix && !prefix.endsWith('.')) {
	    return prefix + '.';
	  }
	  return prefix || '';
	}

	/**
	 * Normalize suffix to ensure it starts with a period separator if non-empty
	 */
	function normalizeSuffix(suffix) {
	  if (suffix && !suffix.startsWith('.')) {
	    return '.' + suffix;
	  }
	  return suffix || '';
	}

	/**
	 * Validates a cardinality value against the allowed set, returning the
	 * normalized lowercase value or undefined (with a console.error on invalid).
	 */
	function validateCardinality(value) {
	  if (value === undefined || value === null || value === '') {
	    return undefined;
	  }
	  const normalized = String(value).toLowerCase();
	  if (constants.CARDINALITY_VALUES.indexOf(normalized) === -1) {
	    console.error(`hot-shots: invalid cardinality '${value}' — expected one of ` +
	      `${constants.CARDINALITY_VALUES.join(', ')}; ignoring`);
	    return undefined;
	  }
	  return normalized;
	}

	/**
	 * Sanitizes External Data (DD_EXTERNAL_ENV) by trimming and stripping control
	 * characters and pipe characters. Returns undefined for empty input.
	 */
	function sanitizeExternalData(value) {
	  if (!value) {
	    return undefined;
	  }
	  // Strip control characters and the pipe delimiter, matching the C# client.
	  const sanitized = String(value).trim().replace(/[\x00-\x1f|]+/g, ''); // eslint-disable-line no-control-regex
	  return sanitized === '' ? undefined : sanitized;
	}

	/**
	 * Returns true if an env var value represents a disabled/false setting.
	 */
	function isFalseyEnvValue(value) {
	  if (value === undefined || value === null) {
	    return false;
	  }
	  return constants.FALSEY_ENV_VALUES.indexOf(String(value).toLowerCase()) !== -1;
	}

	/**
	 * Determines whether Datadog mode should auto-enable. True when not telegraf and
	 * a Datadog signal env var is set. The `uds` protocol alone does NOT enable it.
	 */
	function detectDatadogMode(telegraf) {
	  if (telegraf) {
	    return false;
	  }
	  return constants.DATADOG_SIGNAL_ENV_VARS.some(name => process.env[name]);
	}

	/**
	 * Parses a DD_DOGSTATSD_URL-style transport URL into hot-shots transport options.
	 * Supports udp://host[:port], unix:///path/to/socket and unixgram:///path/to/socket.
	 * Returns null (with a console.error) for unsupported or malformed URLs.
	 */
	function parseDogstatsdUrl(url) {
	  const value = String(url);
	  if (value.startsWith('unixstream://')) {
	    console.error(`hot-shots: unsupported DD_DOGSTATSD_URL '${value}' — stream Unix sockets are not supported; ignoring`);
	    return null;
	  }
	  const udsPrefix = ['unixgram://', 'unix://'].find(prefix => value.startsWith(prefix));
	  if (udsPrefix) {
	    const path = value.substring(udsPrefix.length);
	    if (path === '') {
	      console.error(`hot-shots: invalid DD_DOGSTATSD_URL '${value}' — missing socket path; ignoring`);
	      return null;
	    }
	    return { protocol: constants.PROTOCOL.UDS, path: path };
	  }
	  if (value.startsWith('udp://')) {
	    const rest = value.substring('udp://'.length);
	    let host = rest;
	    let portStr;
	    const bracketMatch = rest.match(/^\[(.+)\](?::(\d+))?$/);
	    if (bracketMatch) {
	      host = bracketMatch[1];
	      portStr = bracketMatch[2];
	    } else {
	      const firstColon = rest.indexOf(':');
	      // A single colon separates host from port. Multiple colons without
	      // brackets means a bare IPv6 address with no port.
	      if (firstColon !== -1 && firstColon === rest.lastIndexOf(':')) {
	        host = rest.substring(0, firstColon);
	        portStr = rest.substring(firstColon + 1);
	      }
	    }
	    if (host === '') {
	      console.error(`hot-shots: invalid DD_DOGSTATSD_URL '${value}' — missing host; ignoring`);
	      return null;
	    }
	    const config = { protocol: constants.PROTOCOL.UDP, host: host };
	    if (portStr !== undefined) {
	      if (!(/^\d+$/).test(portStr)) {
	        console.error(`hot-shots: invalid port in DD_DOGSTATSD_URL '${value}'; ignoring`);
	        return null;
	      }
	      const port = parseInt(portStr, 10);
	      if (port < 1 || port > 65535) {
	        console.error(`hot-shots: invalid port in DD_DOGSTATSD_URL '${value}'; ignoring`);
	        return null;
	      }
	      config.port = port;
	    } else {
	      // Default to the standard DogStatsD port so the URL stays authoritative and
	      // DD_DOGSTATSD_PORT is not consulted when a URL without a port is given.
	      config.port = 8125;
	    }
	    return config;
	  }
	  console.error(`hot-shots: unsupported scheme in DD_DOGSTATSD_URL '${value}' — expected udp://, unix:// or unixgram://; ignoring`);
	  return null;
	}

	/**
	 * Resolves transport configuration from the DD_DOGSTATSD_URL env var or the
	 * legacy DD_DOGSTATSD_SOCKET env var. Returns null when neither yields a config.
	 */
	function getDogstatsdEnvTransport() {
	  if (process.env.DD_DOGSTATSD_URL) {
	    const parsed = parseDogstatsdUrl(process.env.DD_DOGSTATSD_URL);
	    if (parsed) {
	      return parsed;
	    }
	    // The URL was set but invalid/unsupported (parseDogstatsdUrl already logged
	    // why). Fall through to DD_DOGSTATSD_SOCKET rather than silently defaulting to
	    // UDP localhost — e.g. a unixstream:// URL we reject paired with a usable
	    // DD_DOGSTATSD_SOCKET should still reach the agent over UDS.
	  }
	  if (process.env.DD_DOGSTATSD_SOCKET) {
	    // Trim and reject empty/whitespace-only paths so a stray blank value does not
	    // silently route the client to an invalid socket (mirrors the URL parser's
	    // missing-path validation).
	    const socketPath = process.env.DD_DOGSTATSD_SOCKET.trim();
	    if (socketPath === '') {
	      console.error('hot-shots: invalid DD_DOGSTATSD_SOCKET — empty or whitespace-only socket path; ignoring');
	      return null;
	    }
	    return { protocol: constants.PROTOCOL.UDS, path: socketPath };
	  }
	  return null;
	}

	/**
	 * Clones caller-provided tags so later mutation of the original array/object
	 * does not change what gets emitted at flush time.
	 * @param tags {Array|Object=} Per-call tags, exactly as passed by the caller.
	 * @returns {Array|Object=} A shallow copy of the tags, or the value unchanged
	 *   when there is nothing to copy.
	 */
	function cloneTags(tags) {
	  if (Array.isArray(tags)) {
	    return tags.slice();
	  }
	  if (tags && typeof tags === 'object') {
	    return Object.assign({}, tags);
	  }
	  return tags;
	}

	helpers = {
	  formatTags: formatTags,
	  cloneTags: cloneTags,
	  overrideTags: overrideTags,
	  formatDate: formatDate,
	  getDefaultRoute: getDefaultRoute,
	  sanitizeTags: sanitizeTags,
	  sanitizeTagValue: sanitizeTagValue,
	  sanitizeMetricName: sanitizeMetricName,
	  normalizePrefix: normalizePrefix,
	  normalizeSuffix: normalizeSuffix,
	  validateCardinality: validateCardinality,
	  sanitizeExternalData: sanitizeExternalData,
	  isFalseyEnvValue: isFalseyEnvValue,
	  detectDatadogMode: detectDatadogMode,
	  parseDogstatsdUrl: parseDogstatsdUrl,
	  getDogstatsdEnvTransport: getDogstatsdEnvTransport,
	  // Expose intToIP for testing purposes
	  intToIP: intToIP
	};
	return helpers;
}

var statsFunctions;
var hasRequiredStatsFunctions;

function requireStatsFunctions () {
	if (hasRequiredStatsFunctions) return statsFunctions;
	hasRequiredStatsFunctions = 1;
	const helpers = requireHelpers();
	const util = require$$0$1;
	const debug = util.debuglog('hot-shots');
	const METRIC_TYPES = requireConstants().METRIC_TYPES;

	/**
	 * Separated out of statsd.js for clarity, these are the timing and other stats functions that are what are called the most
	 * when using hot-shots
	 */
	function applyStatsFns (Client) {

	  /**
	   * Represents the timing stat
	   * @param stat {String|Array} The stat(s) to send
	   * @param time {Number|Date} The time in milliseconds to send or Date object of which the difference is calculated
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.timing = function (stat, time, sampleRate, tags, callback) {
	    const t = time instanceof Date ? new Date() - time : time;
	    debug('timing: stat=%s, time=%s, sampleRate=%s, tags=%j', stat, t, sampleRate, tags);
	    this.sendAll(stat, t, METRIC_TYPES.TIMING, sampleRate, tags, callback);
	  };

	  /**
	   * Represents the timing stat by recording the duration a function takes to run (in milliseconds)
	   * @param func {Function} The function to run. Receives a context object as the last argument
	   *   with an `addTags(tags)` method to add tags dynamically during execution.
	   * @param stat {String|Array} The stat(s) to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.timer = function (func, stat, sampleRate, tags, callback) {
	    const _this = this;

	    return (...args) => {
	      const ctx = createTimerContext();
	      const start = process.hrtime.bigint();
	      try {
	        return func(...args, ctx);
	      } finally {
	        const duration = Number(process.hrtime.bigint() - start) / 1e6;

	        const finalTags = mergeTags(tags, ctx.getTags(), _this.telegraf);
	        _this.timing(
	          stat,
	          duration,
	          sampleRate,
	          finalTags,
	          callback
	        );
	      }
	    };
	  };

	  /**
	   * Decorates an async function with timing recording behaviour.
	   *
	   * This version of `timer` will record the time take for the asynchronous action returned by `func`
	   * not just the execution time of `func` itself.
	   *
	   * @param func {<T,A>(...A):Promise<T>} The function to run. Receives a context object as the last
	   *   argument with an `addTags(tags)` method to add tags dynamically during execution.
	   * @param stat {String|Array} The stat(s) to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.asyncTimer = function (func, stat, sampleRate, tags, callback) {
	    const self = this;
	    return (...args) => {
	      const ctx = createTimerContext();
	      const end = hrtimer();
	      const p = func(...args, ctx);
	      const recordStat = () => {
	        const finalTags = mergeTags(tags, ctx.getTags(), self.telegraf);
	        self.timing(stat, end(), sampleRate, finalTags, callback);
	      };
	      p.then(recordStat, recordStat);
	      return p;
	    };
	  };

	  /**
	   * Decorates an async function with timing recording behaviour, reported as a distribution.
	   *
	   * This version of `timer` will record the time take for the asynchronous action returned by `func`
	   * not just the execution time of `func` itself.
	   *
	   * @param func {<T,A>(...A):Promise<T>} The function to run. Receives a context object as the last
	   *   argument with an `addTags(tags)` method to add tags dynamically during execution.
	   * @param stat {String|Array} The stat(s) to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.asyncDistTimer = function (func, stat, sampleRate, tags, callback) {
	    const self = this;
	    return (...args) => {
	      const ctx = createTimerContext();
	      const end = hrtimer();
	      const p = func(...args, ctx);
	      const recordStat = () => {
	        const finalTags = mergeTags(tags, ctx.getTags(), self.telegraf);
	        self.distribution(stat, end(), sampleRate, finalTags, callback);
	      };
	      p.then(recordStat, recordStat);
	      return p;
	    };
	  };

	  /**
	   * High-resolution timer
	   */
	  function hrtimer() {
	    const start = process.hrtime.bigint();

	    return () => {
	      return Number(process.hrtime.bigint() - start) / 1e6;
	    };
	  }

	  /**
	   * Creates a timer context object that allows adding tags during function execution
	   */
	  function createTimerContext() {
	    const dynamicTags = [];
	    return {
	      /**
	       * Add tags to be included when the metric is recorded
	       * @param tags {Object|Array} Tags to add. Can be an object like {key: 'value'} or array like ['key:value']
	       */
	      addTags: function (tags) {
	        // Guard against null/undefined to prevent crashes
	        if (!tags) {
	          return;
	        }
	        if (Array.isArray(tags)) {
	          dynamicTags.push(...tags);
	        } else if (typeof tags === 'object') {
	          // Convert object tags to array format
	          Object.keys(tags).forEach(key => {
	            dynamicTags.push(`${key}:${tags[key]}`);
	          });
	        }
	      },
	      /**
	       * Get all accumulated tags
	       */
	      getTags: function () {
	        return dynamicTags;
	      }
	    };
	  }

	  /**
	   * Merge original tags with dynamically added tags.
	   * Uses helpers.formatTags to ensure consistent tag formatting.
	   */
	  function mergeTags(originalTags, dynamicTags, telegraf) {
	    if (!dynamicTags || dynamicTags.length === 0) {
	      return originalTags;
	    }
	    if (!originalTags) {
	      return dynamicTags;
	    }
	    // Use the canonical formatTags helper for consistent formatting
	    const tagsArray = helpers.formatTags(originalTags, telegraf);
	    return tagsArray.concat(dynamicTags);
	  }

	  /**
	   * Increments a stat by a specified amount
	   * @param stat {String|Array} The stat(s) to send
	   * @param value The value to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.increment = function (stat, value, sampleRate, tags, callback) {
	    // allow use of tags without explicit value or sampleRate
	    if (typeof value !== 'number') {
	      // Shift parameters if: less than 3 args, OR sampleRate looks like a callback
	      // and tags wasn't explicitly provided (issue #139)
	      if (arguments.length < 3 || (typeof sampleRate === 'function' && tags === undefined)) {
	        callback = sampleRate;
	        tags = value;
	        sampleRate = undefined;
	        value = undefined;
	      }
	    }
	    // we explicitly check for undefined and null (and don't do a "! value" check)
	    // so that 0 values are allowed and sent through as-is
	    if (value === undefined || value === null) {
	      value = 1;
	    }
	    debug('hot-shots increment: stat=%s, value=%s, sampleRate=%s, tags=%j', stat, value, sampleRate, tags);
	    this.sendAll(stat, value, METRIC_TYPES.COUNT, sampleRate, tags, callback);
	  };

	  /**
	   * Decrements a stat by a specified amount
	   * @param stat {String|Array} The stat(s) to send
	   * @param value The value to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.decrement = function (stat, value, sampleRate, tags, callback) {
	    // allow use of tags without explicit value or sampleRate
	    if (typeof value !== 'number') {
	      // Shift parameters if: less than 3 args, OR sampleRate looks like a callback
	      // and tags wasn't explicitly provided (issue #139)
	      if (arguments.length < 3 || (typeof sampleRate === 'function' && tags === undefined)) {
	        callback = sampleRate;
	        tags = value;
	        sampleRate = undefined;
	        value = undefined;
	      }
	    }
	    // we explicitly check for undefined and null (and don't do a "! value" check)
	    // so that 0 values are allowed and sent through as-is
	    if (value === undefined || value === null) {
	      value = 1;
	    }

	    this.sendAll(stat, -value, METRIC_TYPES.COUNT, sampleRate, tags, callback);
	  };

	  /**
	   * Represents the histogram stat
	   * @param stat {String|Array} The stat(s) to send
	   * @param value The value to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.histogram = function (stat, value, sampleRate, tags, callback) {
	    debug('hot-shots histogram: stat=%s, value=%s, sampleRate=%s, tags=%j', stat, value, sampleRate, tags);
	    this.sendAll(stat, value, METRIC_TYPES.HISTOGRAM, sampleRate, tags, callback);
	  };

	  /**
	   * Represents the distribution stat
	   * @param stat {String|Array} The stat(s) to send
	   * @param value The value to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.distribution = function (stat, value, sampleRate, tags, callback) {
	    debug('hot-shots distribution: stat=%s, value=%s, sampleRate=%s, tags=%j', stat, value, sampleRate, tags);
	    this.sendAll(stat, value, METRIC_TYPES.DISTRIBUTION, sampleRate, tags, callback);
	  };


	  /**
	   * Gauges a stat by a specified amount
	   * @param stat {String|Array} The stat(s) to send
	   * @param value The value to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.gauge = function (stat, value, sampleRate, tags, callback) {
	    debug('hot-shots gauge: stat=%s, value=%s, sampleRate=%s, tags=%j', stat, value, sampleRate, tags);
	    this.sendAll(stat, value, METRIC_TYPES.GAUGE, sampleRate, tags, callback);
	  };

	  /**
	   * Gauges a stat by a delta
	   * @param stat {String|Array} The stat(s) to send
	   * @param value The value to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	    Client.prototype.gaugeDelta = function (stat, value, sampleRate, tags, callback) {
	      const sign = value >= 0 ? '+' : '-';
	      debug('hot-shots gaugeDelta: stat=%s, value=%s, sampleRate=%s, tags=%j', stat, value, sampleRate, tags);
	      this.sendAll(stat, `${sign}${Math.abs(value)}`, METRIC_TYPES.GAUGE, sampleRate, tags, callback);
	    };

	  /**
	   * Counts unique values by a specified amount
	   * @param stat {String|Array} The stat(s) to send
	   * @param value The value to send
	   * @param sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.unique = Client.prototype.set = function (stat, value, sampleRate, tags, callback) {
	    debug('hot-shots unique/set: stat=%s, value=%s, sampleRate=%s, tags=%j', stat, value, sampleRate, tags);
	    this.sendAll(stat, value, METRIC_TYPES.SET, sampleRate, tags, callback);
	  };

	  /**
	   * Send a service check
	   * @param name {String} The name of the service check
	   * @param status {Number=} The status of the service check (0 to 3).
	   * @param options
	   *   @option date_happened {Date} Assign a timestamp to the event. Default is now.
	   *   @option hostname {String} Assign a hostname to the check.
	   *   @option message {String} Assign a message to the check.
	   *   @option cardinality {String} Tag cardinality for this check (DogStatsD datadog mode only).
	   * @param tags {Array=} The Array of tags to add to the check. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.check = function (name, status, options, tags, callback) {
	    if (this.telegraf) {
	      const err = new Error('Not supported by Telegraf / InfluxDB');
	      if (callback) {
	        return callback(err);
	      }
	      else if (this.errorHandler) {
	        return this.errorHandler(err);
	      }

	      throw err;
	    }

	    // Track service check in telemetry
	    if (this.telemetry) {
	      this.telemetry.recordServiceCheck();
	    }

	    const check = ['_sc', this.prefix + name + this.suffix, status], metadata = options || {};

	    if (metadata.date_happened) {
	      const timestamp = helpers.formatDate(metadata.date_happened);
	      if (timestamp) {
	        check.push(`d:${timestamp}`);
	      }
	    }
	    if (metadata.hostname) {
	      check.push(`h:${metadata.hostname}`);
	    }

	    let mergedTags = this.globalTags;
	    if (tags && typeof(tags) === 'object') {
	      mergedTags = helpers.overrideTags(mergedTags, tags, this.telegraf);
	    }
	    if (mergedTags.length > 0) {
	      check.push(`#${mergedTags.join(',')}`);
	    }

	    // DogStatsD extension fields must come before the trailing message (m:) field.
	    const checkExtensionFields = this.getDatadogExtensionFields(metadata.cardinality);
	    for (const field of checkExtensionFields) {
	      check.push(field);
	    }

	    // message has to be the last part of a service check
	    if (metadata.message) {
	      check.push(`m:${metadata.message}`);
	    }

	    // allow for tags to be omitted and callback to be used in its place
	    if (typeof tags === 'function' && callback === undefined) {
	      callback = tags;
	    }

	    const message = check.join('|');
	    // Service checks are unique in that message has to be the last element in
	    // the stat if provided, so we can't append tags like other checks. This
	    // directly calls the `_send` method to avoid appending tags, since we've
	    // already added them.
	    this._send(message, callback);
	  };

	  /**
	   * Send on an event
	   * @param title {String} The title of the event
	   * @param text {String} The description of the event.  Optional- title is used if not given.
	   * @param options
	   *   @option date_happened {Date} Assign a timestamp to the event. Default is now.
	   *   @option hostname {String} Assign a hostname to the event.
	   *   @option aggregation_key {String} Assign an aggregation key to the event, to group it with some others.
	   *   @option priority {String} Can be 'normal' or 'low'. Default is 'normal'.
	   *   @option source_type_name {String} Assign a source type to the event.
	   *   @option alert_type {String} Can be 'error', 'warning', 'info' or 'success'. Default is 'info'.
	   *   @option cardinality {String} Tag cardinality for this event (DogStatsD datadog mode only).
	   * @param tags {Array=} The Array of tags to add to metrics. Optional.
	   * @param callback {Function=} Callback when message is done being delivered. Optional.
	   */
	  Client.prototype.event = function (title, text, options, tags, callback) {
	    if (this.telegraf) {
	      const err = new Error('Not supported by Telegraf / InfluxDB');
	      if (callback) {
	        return callback(err);
	      }
	      else if (this.errorHandler) {
	        return this.errorHandler(err);
	      }

	      throw err;
	    }

	    // Track event in telemetry
	    if (this.telemetry) {
	      this.telemetry.recordEvent();
	    }

	    // Convert to strings
	    let message;

	    // Apply prefix and suffix to the title, similar to how check() does it
	    const rawTitle = String(title ? title : '');
	    const msgTitle = this.prefix + rawTitle + this.suffix;
	    let msgText = String(text ? text : rawTitle);
	    // Escape new lines (unescaping is supported by DataDog)
	    msgText = msgText.replace(/\n/g, '\\n');

	    // start out the message with the event-specific title and text info
	    message = `_e{${msgTitle.length},${msgText.length}}:${msgTitle}|${msgText}`;

	    // add in the event-specific options
	    if (options) {
	      if (options.date_happened) {
	        const timestamp = helpers.formatDate(options.date_happened);
	        if (timestamp) {
	          message += `|d:${timestamp}`;
	        }
	      }
	      if (options.hostname) {
	        message += `|h:${options.hostname}`;
	      }
	      if (options.aggregation_key) {
	        message += `|k:${options.aggregation_key}`;
	      }
	      if (options.priority) {
	        message += `|p:${options.priority}`;
	      }
	      if (options.source_type_name) {
	        message += `|s:${options.source_type_name}`;
	      }
	      if (options.alert_type) {
	        message += `|t:${options.alert_type}`;
	      }
	    }

	    // allow for tags to be omitted and callback to be used in its place
	    if (typeof tags === 'function' && callback === undefined) {
	      callback = tags;
	    }

	    this.send(message, tags, options && options.cardinality, callback);
	  };
	}

	statsFunctions = applyStatsFns;
	return statsFunctions;
}

var transport;
var hasRequiredTransport;

function requireTransport () {
	if (hasRequiredTransport) return transport;
	hasRequiredTransport = 1;
	const assert = require$$5;
	const dgram = require$$1$1;
	const net = require$$0$2;
	const dns = require$$3;
	const os = os__default;
	const util = require$$0$1;
	const { PROTOCOL } = requireConstants();

	const debug = util.debuglog('hot-shots');

	// Imported below, only if needed
	let unixDgram;

	const UDS_PATH_DEFAULT = '/var/run/datadog/dsd.socket';

	/**
	 * Ensures a buffer ends with a newline character for line-based protocols.
	 * @param {Buffer} buf - The buffer to check and modify
	 * @returns {string} The buffer content as a string with newline appended if needed
	 */
	const addEol = (buf) => {
	  let msg = buf.toString();
	  if (msg.length > 0 && msg[msg.length - 1] !== '\n') {
	    msg += '\n';
	  }
	  return msg;
	};

	/**
	 * Attach a default no-op debug listener for 'error' events so that an emit with no
	 * user-supplied listener does not crash the host process.
	 * @param {EventEmitter} socket
	 * @param {string} label
	 */
	const attachDefaultErrorListener = (socket, label) => {
	  if (socket && typeof socket.on === 'function') {
	    socket.on('error', (err) => {
	      debug('hot-shots %s default error listener: %s', label, err && err.message ? err.message : err);
	    });
	  }
	};

	// interface Transport {
	//   emit(name: string, payload: any):void;
	//   on(name: string, listener: Function):void;
	//   removeListener(name: string, listener: Function):void;
	//   send(buf: Buffer, callback: Function):void;
	//   close():void;
	//   unref(): void;
	// }
	/**
	 * Creates a TCP transport for persistent connection-based metric delivery.
	 * Automatically adds newlines to messages and maintains keep-alive connection.
	 * @param {Object} args - Configuration options including host and port
	 * @returns {Transport} A transport object implementing the Transport interface
	 */
	const createTcpTransport = args => {
	  debug('hot-shots createTcpTransport: connecting to %s:%s', args.host, args.port);
	  const socket = net.connect(args.port, args.host);
	  socket.setKeepAlive(true);
	  // do not block node from shutting down
	  socket.unref();
	  attachDefaultErrorListener(socket, 'tcp');
	  return {
	    emit: socket.emit.bind(socket),
	    on: socket.on.bind(socket),
	    removeListener: socket.removeListener.bind(socket),
	    send: (buf, callback) => {
	      debug('hot-shots createTcpTransport: sending %d bytes to %s:%s', Buffer.byteLength(buf), args.host, args.port);
	      // Check if socket is destroyed before attempting to write
	      // This prevents ERR_STREAM_DESTROYED and "socket ended" errors (issue #247)
	      if (socket.destroyed) {
	        const err = new Error('Socket is destroyed');
	        err.code = 'ERR_SOCKET_DESTROYED';
	        debug('hot-shots createTcpTransport: socket destroyed, skipping send');
	        if (callback) {
	          callback(err);
	        }
	        return;
	      }
	      socket.write(addEol(buf), 'ascii', (err) => {
	        if (err) {
	          debug('hot-shots createTcpTransport: send error - %s', err.message);
	        } else {
	          debug('hot-shots createTcpTransport: send successful');
	        }
	        if (callback) {
	          callback(err);
	        }
	      });
	    },
	    close: () => {
	      debug('hot-shots createTcpTransport: closing connection');
	      socket.destroy();
	    },
	    unref: socket.unref.bind(socket)

	  };
	};

	/**
	 * Creates a UDP transport for connectionless metric delivery with optional DNS caching.
	 * Optimizes for IP addresses to avoid unnecessary DNS lookups and APM instrumentation overhead.
	 * Auto-detects IPv6 addresses and uses the appropriate socket type (udp4 or udp6).
	 * @param {Object} args - Configuration options including host, port, cacheDns, cacheDnsTtl, and udpSocketOptions
	 * @returns {Transport} A transport object implementing the Transport interface
	 */
	const createUdpTransport = args => {
	  debug('hot-shots createUdpTransport: creating socket for %s:%s (cacheDns=%s)', args.host, args.port, args.cacheDns);

	  // Optimize for IP addresses to avoid unnecessary dns.lookup calls
	  // This prevents APM tools from instrumenting dns.lookup for IP addresses
	  const socketOptions = Object.assign({}, args.udpSocketOptions);

	  // Auto-detect socket type based on host IP version if not explicitly set
	  // This fixes issues on Node.js 17+ where localhost may resolve to ::1 (IPv6)
	  const ipVersion = args.host ? net.isIP(args.host) : 0;
	  if (ipVersion && !socketOptions.type) {
	    socketOptions.type = ipVersion === 6 ? 'udp6' : 'udp4';
	    debug('hot-shots createUdpTransport: auto-detected socket type %s for IP version %d', socketOptions.type, ipVersion);
	  } else if (!socketOptions.type) {
	    // Default to udp4 for hostnames when no type is specified
	    socketOptions.type = 'udp4';
	  }

	  if (!socketOptions.lookup && ipVersion) {
	    debug('hot-shots createUdpTransport: detected IP address (v%d), using optimized lookup', ipVersion);
	    socketOptions.lookup = (hostname, options, callback) => {
	      // Handle both lookup(hostname, callback) and lookup(hostname, options, callback) signatures
	      if (typeof options === 'function') {
	        callback = options;
	      }
	      // Bypass dns.lookup for IP addresses to avoid APM instrumentation overhead
	      callback(null, hostname, ipVersion);
	    };
	  }

	  const socket = dgram.createSocket(socketOptions);
	  // do not block node from shutting down
	  socket.unref();
	  attachDefaultErrorListener(socket, 'udp');

	  const dnsResolutionData = {
	    timestamp: new Date(0),
	    resolvedAddress: undefined
	  };

	  /**
	   * Sends a buffer to the UDP socket at the specified address with error handling.
	   * @param {Buffer} buf - The data buffer to send
	   * @param {string} address - The resolved IP address to send to
	   * @param {Function} callback - Callback function to invoke after send completes
	   */
	  const sendToSocket = (buf, address, callback) => {
	    try {
	      debug('hot-shots UDP transport: sending %d bytes to %s:%s', Buffer.byteLength(buf), address, args.port);
	      socket.send(buf, 0, buf.length, args.port, address, (err) => {
	        if (err) {
	          debug('hot-shots UDP transport: send error - %s', err.message);
	        } else {
	          debug('hot-shots UDP transport: send successful (note: UDP does not guarantee delivery)');
	        }
	        if (callback) {
	          callback(err);
	        }
	      });
	    } catch (socketError) {
	      debug('hot-shots UDP transport: send exception - %s', socketError.message);
	      if (callback) {
	        callback(socketError);
	      }
	    }
	  };

	  /**
	   * Sends data using cached DNS resolution to avoid repeated lookups.
	   * Caches resolved addresses for the configured TTL duration.
	   * @param {Function} callback - Callback function to invoke after send completes
	   * @param {Buffer} buf - The data buffer to send
	   */
	  const sendUsingDnsCache = (callback, buf) => {
	    const now = Date.now();
	    if (dnsResolutionData.resolvedAddress === undefined || (now - dnsResolutionData.timestamp > args.cacheDnsTtl)) {
	      debug('hot-shots UDP transport: performing DNS lookup for %s', args.host);

	      // Optimize: if host is already an IP, skip dns.lookup
	      const hostIpVersion = net.isIP(args.host);
	      if (hostIpVersion) {
	        debug('hot-shots UDP transport: host is already an IP address (v%d), skipping DNS lookup', hostIpVersion);
	        dnsResolutionData.resolvedAddress = args.host;
	        dnsResolutionData.timestamp = now;
	        sendToSocket(buf, dnsResolutionData.resolvedAddress, callback);
	        return;
	      }

	      dns.lookup(args.host, (error, address) => {
	        if (error) {
	          debug('hot-shots UDP transport: DNS lookup error - %s', error.message);
	          callback(error);
	          return;
	        }
	        debug('hot-shots UDP transport: DNS resolved %s to %s', args.host, address);
	        dnsResolutionData.resolvedAddress = address;
	        dnsResolutionData.timestamp = now;
	        sendToSocket(buf, dnsResolutionData.resolvedAddress, callback);
	      });
	    } else {
	      debug('hot-shots UDP transport: using cached DNS address %s', dnsResolutionData.resolvedAddress);
	      sendToSocket(buf, dnsResolutionData.resolvedAddress, callback);
	    }
	  };

	  return {
	    emit: socket.emit.bind(socket),
	    on: socket.on.bind(socket),
	    removeListener: socket.removeListener.bind(socket),
	    send: function (buf, callback) {
	      if (args.cacheDns) {
	        sendUsingDnsCache(callback, buf);
	      } else {
	        try {
	          debug('hot-shots UDP transport: sending %d bytes to %s:%s (no DNS cache)', Buffer.byteLength(buf), args.host, args.port);
	          socket.send(buf, 0, buf.length, args.port, args.host, (err) => {
	            if (err) {
	              debug('hot-shots UDP transport: send error - %s', err.message);
	            } else {
	              debug('hot-shots UDP transport: send successful (note: UDP does not guarantee delivery)');
	            }
	            if (callback) {
	              callback(err);
	            }
	          });
	        } catch (socketError) {
	          debug('hot-shots UDP transport: send exception - %s', socketError.message);
	          callback(socketError);
	        }
	      }
	    },
	    close: () => {
	      debug('hot-shots UDP transport: closing socket');
	      socket.close();
	    },
	    unref: socket.unref.bind(socket)
	  };
	};

	/**
	 * Creates a Unix Domain Socket (UDS) transport for local IPC metric delivery.
	 * Implements automatic retry logic with exponential backoff for EAGAIN and congestion errors.
	 * Requires the optional unix-dgram dependency to be installed.
	 * @param {Object} args - Configuration options including path and udsRetryOptions
	 * @returns {Transport} A transport object implementing the Transport interface
	 */
	const createUdsTransport = args => {
	  try {
	    // This will not always be available, as noted in the error message below
	    unixDgram = require('unix-dgram'); // eslint-disable-line global-require
	  } catch (err) {
	    throw new Error(
	      'The library `unix_dgram`, needed for the uds protocol to work, is not installed. ' +
	      'You need to pick another protocol to use hot-shots. ' +
	      'See the hot-shots README for additional details.'
	    );
	  }
	  // Only retry-related options live here now
	  const udsOpts = args.udsRetryOptions || {};
	  const udsPath = args.path ? args.path : UDS_PATH_DEFAULT;
	  debug('hot-shots createUdsTransport: connecting to %s', udsPath);
	  const socket = unixDgram.createSocket('unix_dgram');

	  try {
	    socket.connect(udsPath);
	    debug('hot-shots createUdsTransport: connected successfully');
	  } catch (err) {
	    debug('hot-shots createUdsTransport: connection failed - %s', err.message);
	    socket.close();
	    throw err;
	  }

	  attachDefaultErrorListener(socket, 'uds');

	  // Retry configuration with defaults (milliseconds)
	  const maxRetries = (udsOpts.retries === undefined || udsOpts.retries === null) ? 3 : udsOpts.retries;
	  const initialDelayMs = (udsOpts.retryDelayMs === undefined || udsOpts.retryDelayMs === null) ? 100 : udsOpts.retryDelayMs;
	  const maxDelayMs = (udsOpts.maxRetryDelayMs === undefined || udsOpts.maxRetryDelayMs === null) ? 1000 : udsOpts.maxRetryDelayMs;
	  const backoffFactor = (udsOpts.backoffFactor === undefined || udsOpts.backoffFactor === null) ? 2 : udsOpts.backoffFactor;
	  const EAGAIN = os.constants.errno.EAGAIN;

	  /**
	   * Checks if an error is an EAGAIN error (resource temporarily unavailable).
	   * @param {Error} err - The error to check
	   * @returns {boolean} True if the error is EAGAIN
	   */
	  const isEagain = (err) => {
	    if (!err) {
	      return false;
	    }
	    if (err.code === 'EAGAIN') {
	      return true;
	    }
	    return typeof err.errno === 'number' && err.errno === EAGAIN;
	  };

	  /**
	   * Checks if an error is a congestion error from unix-dgram.
	   * unix-dgram returns an internal 'congestion' error (err === 1) via callback.
	   * @param {Error} err - The error to check
	   * @returns {boolean} True if the error is a congestion error
	   */
	  const isCongestion = (err) => {
	    if (!err) {
	      return false;
	    }
	    if (err.code === 'congestion' || err.message === 'congestion') {
	      return true;
	    }
	    // Some builds may expose the sentinel as errno===1
	    return err.errno === 1;
	  };

	  /**
	   * Checks if an error is retryable for UDS transport (EAGAIN or congestion).
	   * @param {Error} err - The error to check
	   * @returns {boolean} True if the error should be retried
	   */
	  const isRetryableUdsError = (err) => isEagain(err) || isCongestion(err);

	  /**
	   * Sends data to UDS socket with automatic retry logic using exponential backoff.
	   * Retries on EAGAIN and congestion errors up to the configured maximum retry count.
	   * @param {Buffer} buf - The data buffer to send
	   * @param {Function} callback - Callback function to invoke after send completes or fails
	   * @param {number} attempt - Current retry attempt number (default: 0)
	   */
	  const sendWithRetry = (buf, callback, attempt = 0) => {
	    if (attempt === 0) {
	      debug('hot-shots UDS transport: sending %d bytes', buf.length);
	    } else {
	      debug('hot-shots UDS transport: retry attempt %d/%d', attempt, maxRetries);
	    }
	    socket.send(buf, (err) => {
	      if (err && isRetryableUdsError(err) && attempt < maxRetries) {
	        const delay = Math.min(initialDelayMs * Math.pow(backoffFactor, attempt), maxDelayMs);
	        debug('hot-shots UDS transport: retryable error (%s), retrying after %dms', err.message || err.code || err, delay);
	        setTimeout(() => sendWithRetry(buf, callback, attempt + 1), delay);
	      } else if (err) {
	        debug('hot-shots UDS transport: send error - %s (attempts: %d)', err.message || err.code || err, attempt + 1);
	        if (typeof callback === 'function') {
	          callback(err);
	        }
	      } else {
	        debug('hot-shots UDS transport: send successful (attempts: %d)', attempt + 1);
	        if (typeof callback === 'function') {
	          callback(err);
	        }
	      }
	    });
	  };

	  return {
	    emit: socket.emit.bind(socket),
	    on: socket.on.bind(socket),
	    removeListener: socket.removeListener.bind(socket),
	    send: sendWithRetry,
	    close: () => {
	      socket.close();
	      // close is synchronous, and the socket will not emit a
	      // close event, hence emulating standard behaviour by doing this:
	      socket.emit('close');
	    },
	    unref: () => {
	      throw new Error('unix-dgram does not implement unref for sockets');
	    }
	  };
	};

	/**
	 * Creates a stream transport using a provided raw stream for metric delivery.
	 * Automatically adds newlines to messages. Useful for custom transport implementations.
	 * @param {Object} args - Configuration options, must include a stream property
	 * @returns {Transport} A transport object implementing the Transport interface
	 */
	const createStreamTransport = (args) => {
	  const stream = args.stream;
	  assert(stream, '`stream` option required');
	  debug('hot-shots createStreamTransport: using provided stream');

	  // Attach a named error listener so it can be removed on close. Without this,
	  // `Client.sendMessage`'s legacy `socket.emit('error', ...)` re-emit path on a
	  // user-supplied stream with no listener crashes the process.
	  const defaultErrorListener = (err) => {
	    debug('hot-shots stream default error listener: %s',
	      err && err.message ? err.message : err);
	  };
	  stream.on('error', defaultErrorListener);

	  return {
	    emit: stream.emit.bind(stream),
	    on: stream.on.bind(stream),
	    removeListener: stream.removeListener.bind(stream),
	    send: (buf, callback) => {
	      debug('hot-shots stream transport: sending %d bytes', buf.length);
	      // Check if stream is destroyed before attempting to write
	      // This prevents ERR_STREAM_DESTROYED errors (issue #247)
	      if (stream.destroyed) {
	        const err = new Error('Stream is destroyed');
	        err.code = 'ERR_STREAM_DESTROYED';
	        debug('hot-shots stream transport: stream destroyed, skipping send');
	        if (callback) {
	          callback(err);
	        }
	        return;
	      }
	      stream.write(addEol(buf), (err) => {
	        if (err) {
	          debug('hot-shots stream transport: send error - %s', err.message);
	        } else {
	          debug('hot-shots stream transport: send successful');
	        }
	        if (callback) {
	          callback(err);
	        }
	      });
	    },
	    close: () => {
	      debug('hot-shots stream transport: closing stream');
	      stream.removeListener('error', defaultErrorListener);
	      try {
	        stream.destroy();
	      } catch (err) {
	        // If destroy throws synchronously the stream survives. Re-attach the
	        // default error listener so future 'error' emits don't crash the host
	        // process when no other listener is installed.
	        stream.on('error', defaultErrorListener);
	        throw err;
	      }

	      // Node v8 doesn't fire `close` event on stream destroy.
	      if (process.version.split('.').shift() === 'v8') {
	        stream.emit('close');
	      }
	    },
	    unref: () => {
	      throw new Error('stream transport does not support unref');
	    }
	  };
	};

	/**
	 * Creates a mock transport that doesn't create actual sockets.
	 * Used when mock mode is enabled to avoid unnecessary socket creation and connection attempts.
	 * @returns {Transport} A mock transport object implementing the Transport interface
	 */
	const createMockTransport = () => {
	  debug('hot-shots createMockTransport: creating mock transport (no actual socket)');
	  const listeners = {};
	  const mockSocket = {
	    emit: (event, ...args) => {
	      debug('hot-shots mock transport: emit called for event=%s', event);
	      if (listeners[event]) {
	        listeners[event].forEach(listener => listener(...args));
	      }
	    },
	    on: (event, listener) => {
	      debug('hot-shots mock transport: on called for event=%s', event);
	      if (!listeners[event]) {
	        listeners[event] = [];
	      }
	      listeners[event].push(listener);
	    },
	    removeListener: (event, listener) => {
	      debug('hot-shots mock transport: removeListener called for event=%s', event);
	      if (listeners[event]) {
	        listeners[event] = listeners[event].filter(l => l !== listener);
	      }
	    },
	    send: (buf, callback) => {
	      debug('hot-shots mock transport: send called with %d bytes', buf.length);
	      if (typeof callback === 'function') {
	        callback(null, buf.length);
	      }
	    },
	    close: () => {
	      debug('hot-shots mock transport: close called');
	      // Emit close event asynchronously to match real socket behavior
	      setImmediate(() => {
	        mockSocket.emit('close');
	      });
	    },
	    unref: () => {
	      debug('hot-shots mock transport: unref called');
	    }
	  };
	  return mockSocket;
	};

	/**
	 * Factory function that creates the appropriate transport based on the protocol specified in args.
	 * Handles errors by invoking the instance's errorHandler or logging to console.
	 * @param {Object} instance - The StatsD client instance
	 * @param {Object} args - Configuration options including protocol, host, port, and protocol-specific options
	 * @returns {Transport|null} A transport object with a type property, or null if creation failed
	 */
	transport = (instance, args) => {
	  let transport = null;
	  const protocol = args.protocol || PROTOCOL.UDP;

	  try {
	    if (args.mock) {
	      // In mock mode, create a mock transport that doesn't create actual sockets
	      transport = createMockTransport(args);
	      transport.type = 'mock';
	    } else if (protocol === PROTOCOL.TCP) {
	      transport = createTcpTransport(args);
	      transport.type = protocol;
	    } else if (protocol === PROTOCOL.UDS) {
	      transport = createUdsTransport(args);
	      transport.type = protocol;
	    } else if (protocol === PROTOCOL.UDP) {
	      transport = createUdpTransport(args);
	      transport.type = protocol;
	    } else if (protocol === PROTOCOL.STREAM) {
	      transport = createStreamTransport(args);
	      transport.type = protocol;
	    } else {
	      throw new Error(`Unsupported protocol '${protocol}'`);
	    }
	    transport.createdAt = Date.now();
	  } catch (e) {
	    if (instance.errorHandler) {
	      instance.errorHandler(e);
	    } else {
	      console.error(e);
	    }
	  }

	  return transport;
	};
	return transport;
}

var originDetection;
var hasRequiredOriginDetection;

function requireOriginDetection () {
	if (hasRequiredOriginDetection) return originDetection;
	hasRequiredOriginDetection = 1;
	const fs = fs__default;
	const process = require$$0;
	const constants = requireConstants();
	const util = require$$0$1;

	const debug = util.debuglog('hot-shots');
	const OD = constants.ORIGIN_DETECTION;

	/**
	 * Builds the default dependency set (real fs / platform). Tests inject fakes.
	 * @returns {Object} deps with platform, readFileSync, statSync
	 */
	function defaultDeps() {
	  return {
	    platform: process.platform,
	    readFileSync: (p) => fs.readFileSync(p, 'utf8'), // eslint-disable-line no-sync
	    statSync: (p) => fs.statSync(p), // eslint-disable-line no-sync
	  };
	}

	/**
	 * Returns true if /proc/self/ns/cgroup matches the host cgroup namespace inode.
	 * @param {Function} statSync Stat function
	 * @returns {boolean} Whether we are in the host cgroup namespace
	 */
	function isHostCgroupNamespace(statSync) {
	  try {
	    const stat = statSync(OD.CGROUP_NS_PATH);
	    return stat.ino === OD.HOST_CGROUP_NAMESPACE_INODE;
	  } catch (e) {
	    debug('hot-shots originDetection: cannot stat cgroup ns: %s', e && e.message);
	    return false;
	  }
	}

	/**
	 * Scans text for a container id using the shared regex, returning the RIGHTMOST
	 * match on the first line that contains one. Rightmost matters because a cgroup
	 * path can contain a pod/task UUID before the actual container id
	 * (e.g. /kubepods/.../pod<uuid>/<container-id>); the container id is always last.
	 * @param {String} text Text to scan (cgroup or mountinfo contents)
	 * @returns {String|undefined} The matched container id
	 */
	function matchContainerID(text) {
	  const re = new RegExp(OD.CONTAINER_ID_RE.source, 'g');
	  const lines = text.split('\n');
	  for (const line of lines) {
	    if (line.indexOf('sandboxes') === -1) {
	      const matches = line.match(re);
	      if (matches && matches.length > 0) {
	        return matches[matches.length - 1];
	      }
	    }
	  }
	  return undefined;
	}

	/**
	 * Reads /proc/self/cgroup and returns a matched container id, if any.
	 * @param {Function} readFileSync Read function
	 * @returns {String|undefined} The container id
	 */
	function readContainerIDFromCgroup(readFileSync) {
	  try {
	    return matchContainerID(readFileSync(OD.CGROUP_PATH));
	  } catch (e) {
	    debug('hot-shots originDetection: cannot read cgroup: %s', e && e.message);
	    return undefined;
	  }
	}

	/**
	 * Reads /proc/self/mountinfo and returns a matched container id, if any.
	 * @param {Function} readFileSync Read function
	 * @returns {String|undefined} The container id
	 */
	function readContainerIDFromMountInfo(readFileSync) {
	  try {
	    return matchContainerID(readFileSync(OD.MOUNTINFO_PATH));
	  } catch (e) {
	    debug('hot-shots originDetection: cannot read mountinfo: %s', e && e.message);
	    return undefined;
	  }
	}

	/**
	 * cgroup v2 inode fallback: stats the controller path under /sys/fs/cgroup and
	 * returns "in-<inode>" for inodes greater than 2.
	 * @param {Function} readFileSync Read function
	 * @param {Function} statSync Stat function
	 * @returns {String|undefined} The inode-based id
	 */
	function getCgroupInode(readFileSync, statSync) {
	  let content;
	  try {
	    content = readFileSync(OD.CGROUP_PATH);
	  } catch (e) {
	    debug('hot-shots originDetection: cannot read cgroup for inode: %s', e && e.message);
	    return undefined;
	  }
	  const lines = content.split('\n');
	  for (const line of lines) {
	    const parts = line.split(':');
	    if (parts.length >= 3) {
	      const controller = parts[1];
	      const cgroupNodePath = parts.slice(2).join(':');
	      // cgroup v2 uses an empty controller; cgroup v1 uses the memory controller.
	      let controllerSegment;
	      if (controller === '') {
	        controllerSegment = '';
	      } else if (controller.split(',').indexOf(OD.CGROUPV1_BASE_CONTROLLER) !== -1) {
	        controllerSegment = `/${OD.CGROUPV1_BASE_CONTROLLER}`;
	      }
	      if (controllerSegment !== undefined) {
	        const fullPath = `${OD.CGROUP_MOUNT_PATH}${controllerSegment}${cgroupNodePath}`;
	        try {
	          const stat = statSync(fullPath);
	          if (stat && stat.ino > 2) {
	            return `in-${stat.ino}`;
	          }
	        } catch (e) {
	          debug('hot-shots originDetection: cannot stat %s: %s', fullPath, e && e.message);
	        }
	      }
	    }
	  }
	  return undefined;
	}

	/**
	 * Resolves a container id for Datadog origin detection. Linux-only; returns
	 * undefined on other platforms or when nothing can be detected. Never throws.
	 * Absence of a container id is expected (not an error), so failures are only
	 * debug-logged.
	 * @param {Object=} deps Optional injected dependencies (platform, readFileSync, statSync)
	 * @returns {String|undefined} The container id, or undefined
	 */
	function getContainerID(deps) {
	  const d = deps || defaultDeps();
	  if (d.platform !== 'linux') {
	    return undefined;
	  }
	  if (isHostCgroupNamespace(d.statSync)) { // eslint-disable-line no-sync
	    const id = readContainerIDFromCgroup(d.readFileSync) || // eslint-disable-line no-sync
	      readContainerIDFromMountInfo(d.readFileSync); // eslint-disable-line no-sync
	    if (id) {
	      return id;
	    }
	  }
	  return getCgroupInode(d.readFileSync, d.statSync); // eslint-disable-line no-sync
	}

	originDetection = {
	  getContainerID: getContainerID,
	};
	return originDetection;
}

var telemetry = {exports: {}};

var name = "hot-shots";
var description = "Node.js client for StatsD, DogStatsD, and Telegraf";
var version = "17.1.1";
var author = "Steve Ivy";
var main = "./index.js";
var types = "./types.d.ts";
var files = [
	"index.js",
	"index.mjs",
	"lib/",
	"types.d.ts",
	"types.d.mts"
];
var exports$1 = {
	".": {
		"import": {
			types: "./types.d.mts",
			"default": "./index.mjs"
		},
		require: {
			types: "./types.d.ts",
			"default": "./index.js"
		}
	},
	"./*": "./*"
};
var contributors = [
	"Russ Bradberry <rbradberry@gmail.com>",
	"Brian Deitte <bdeitte@gmail.com>"
];
var keywords = [
	"statsd",
	"dogstatsd",
	"datadog",
	"metrics",
	"telegraf",
	"backend"
];
var repository = {
	type: "git",
	url: "git://github.com/bdeitte/hot-shots.git"
};
var bugs = {
	url: "https://github.com/bdeitte/hot-shots/issues"
};
var directories = {
	lib: "./lib/"
};
var engines = {
	node: ">=18.0.0"
};
var scripts = {
	coverage: "nyc --reporter=lcov --reporter=text npm test",
	test: "mocha -R spec --timeout 5000 test/*.js && node test/esm-import.mjs",
	lint: "eslint \"./lib/**/*.js\" \"./test/**/*.{js,mjs}\" \"./*.mjs\"",
	perf: "node perfTest/test.js",
	pretest: "npm run lint"
};
var optionalDependencies = {
	"unix-dgram": "2.x"
};
var devDependencies = {
	"@types/node": "25.x",
	eslint: "8.x",
	mocha: "11.x",
	nyc: "15.x",
	sinon: "19.x",
	typescript: "5.x"
};
var license = "MIT";
var overrides = {
	diff: "^8.0.3",
	"serialize-javascript": "7.x",
	uuid: "14.x"
};
var require$$1 = {
	name: name,
	description: description,
	version: version,
	author: author,
	main: main,
	types: types,
	files: files,
	exports: exports$1,
	contributors: contributors,
	keywords: keywords,
	repository: repository,
	bugs: bugs,
	directories: directories,
	engines: engines,
	scripts: scripts,
	optionalDependencies: optionalDependencies,
	devDependencies: devDependencies,
	license: license,
	overrides: overrides
};

var hasRequiredTelemetry;

function requireTelemetry () {
	if (hasRequiredTelemetry) return telemetry.exports;
	hasRequiredTelemetry = 1;
	const util = require$$0$1;
	const debug = util.debuglog('hot-shots');

	// Version is read from package.json (with fallback if unavailable or malformed)
	let version = 'unknown';
	try {
	  const pkg = require$$1; // eslint-disable-line global-require
	  if (pkg && typeof pkg.version === 'string') {
	    version = pkg.version;
	  }
	} catch (err) {
	  debug('hot-shots telemetry: failed to load package.json version: %s', err && err.message ? err.message : err);
	}

	// Default flush interval matches official Datadog clients (10 seconds)
	const DEFAULT_TELEMETRY_FLUSH_INTERVAL = 10000;

	// Metric type code to telemetry type name mapping
	const TYPE_MAP = {
	  'c': 'count',
	  'g': 'gauge',
	  'ms': 'timing',
	  'h': 'histogram',
	  'd': 'distribution',
	  's': 'set'
	};

	/**
	 * Telemetry class for tracking client-side metrics about the StatsD client itself.
	 * This helps diagnose high-throughput metric delivery issues by tracking:
	 * - Number of metrics/events/service checks sent
	 * - Bytes and packets sent successfully
	 * - Bytes and packets dropped (due to queue overflow or writer errors)
	 *
	 * Telemetry metrics are prefixed with 'datadog.dogstatsd.client.' and are not billed
	 * as custom metrics by Datadog.
	 */
	class Telemetry {
	  /**
	   * @param {Object} options
	   * @param {string} options.protocol - Transport protocol (udp, tcp, uds, stream)
	   * @param {number} options.flushInterval - Interval in ms between telemetry flushes (default: 10000)
	   * @param {Object} options.globalTags - Global tags from the client (not used for telemetry)
	   * @param {string} options.tagPrefix - Tag prefix from the client
	   * @param {string} options.tagSeparator - Tag separator from the client
	   * @param {Function} [options.errorHandler] - Optional callback for telemetry flush errors
	   */
	  constructor(options) {
	    this.protocol = options.protocol || 'udp';
	    this.flushInterval = options.flushInterval || DEFAULT_TELEMETRY_FLUSH_INTERVAL;
	    this.tagPrefix = options.tagPrefix || '#';
	    this.tagSeparator = options.tagSeparator || ',';
	    this.errorHandler = options.errorHandler;

	    // Build telemetry-specific tags (not user's globalTags)
	    this.telemetryTags = [
	      'client:nodejs',
	      `client_version:${version}`,
	      `client_transport:${this.protocol}`
	    ];

	    // Initialize counters
	    this.resetCounters();

	    // Reference to the client's send function (set via setSendFunction)
	    this.sendFn = null;

	    // Interval handle for periodic flushing
	    this.intervalHandle = null;

	    debug('hot-shots telemetry: initialized with protocol=%s, flushInterval=%d', this.protocol, this.flushInterval);
	  }

	  /**
	   * Reset all telemetry counters to zero.
	   * Called after each flush to report differential values.
	   */
	  resetCounters() {
	    // Metric counters
	    this.metrics = 0;
	    this.metricsByType = {
	      count: 0,
	      gauge: 0,
	      timing: 0,
	      histogram: 0,
	      distribution: 0,
	      set: 0
	    };
	    this.events = 0;
	    this.serviceChecks = 0;

	    // Transmission counters
	    this.bytesSent = 0;
	    this.bytesDropped = 0;
	    this.bytesDroppedWriter = 0;
	    this.packetsSent = 0;
	    this.packetsDropped = 0;
	    this.packetsDroppedQueue = 0;
	    this.packetsDroppedWriter = 0;
	  }

	  /**
	   * Set the send function to use for flushing telemetry.
	   * This is called by the client after initialization.
	   * @param {Function} sendFn - Function that sends a message (message, callback)
	   */
	  setSendFunction(sendFn) {
	    this.sendFn = sendFn;
	  }

	  /**
	   * Start the telemetry flush interval.
	   * Should be called after the client is fully initialized.
	   */
	  start() {
	    if (this.intervalHandle) {
	      return; // Already started
	    }

	    this.intervalHandle = setInterval(() => {
	      try {
	        this.flush();
	      } catch (err) {
	        if (this.errorHandler) {
	          try {
	            this.errorHandler(err);
	          } catch (handlerErr) {
	            // Preserve the original flush error so the root cause is not masked by a buggy handler.
	            console.error('hot-shots telemetry: errorHandler threw inside flush interval; ' +
	              `original error: ${err && err.message}; handler error: ${handlerErr && handlerErr.message}`);
	          }
	        } else {
	          console.error(`hot-shots telemetry: flush interval threw: ${err && err.message}`);
	        }
	      }
	    }, this.flushInterval);

	    // Do not block node from shutting down
	    this.intervalHandle.unref();

	    debug('hot-shots telemetry: started flush interval (every %dms)', this.flushInterval);
	  }

	  /**
	   * Stop the telemetry flush interval.
	   */
	  stop() {
	    if (this.intervalHandle) {
	      clearInterval(this.intervalHandle);
	      this.intervalHandle = null;
	      debug('hot-shots telemetry: stopped flush interval');
	    }
	  }

	  /**
	   * Record a metric being sent.
	   * @param {string} type - The metric type code (c, g, ms, h, d, s)
	   */
	  recordMetric(type) {
	    this.metrics++;
	    const typeName = TYPE_MAP[type];
	    if (typeName && this.metricsByType[typeName] !== undefined) {
	      this.metricsByType[typeName]++;
	    }
	    debug('hot-shots telemetry: recordMetric type=%s, total=%d', type, this.metrics);
	  }

	  /**
	   * Record an event being sent.
	   */
	  recordEvent() {
	    this.events++;
	    debug('hot-shots telemetry: recordEvent total=%d', this.events);
	  }

	  /**
	   * Record a service check being sent.
	   */
	  recordServiceCheck() {
	    this.serviceChecks++;
	    debug('hot-shots telemetry: recordServiceCheck total=%d', this.serviceChecks);
	  }

	  /**
	   * Record bytes successfully sent.
	   * @param {number} bytes - Number of bytes sent
	   */
	  recordBytesSent(bytes) {
	    this.bytesSent += bytes;
	    this.packetsSent++;
	    debug('hot-shots telemetry: recordBytesSent bytes=%d, totalBytes=%d, totalPackets=%d',
	      bytes, this.bytesSent, this.packetsSent);
	  }

	  /**
	   * Record bytes dropped due to writer/transport errors.
	   * @param {number} bytes - Number of bytes dropped
	   */
	  recordBytesDroppedWriter(bytes) {
	    this.bytesDropped += bytes;
	    this.bytesDroppedWriter += bytes;
	    this.packetsDropped++;
	    this.packetsDroppedWriter++;
	    debug('hot-shots telemetry: recordBytesDroppedWriter bytes=%d, totalDropped=%d', bytes, this.bytesDropped);
	  }

	  /**
	   * Format a telemetry metric message.
	   * @param {string} name - Metric name (without prefix)
	   * @param {number} value - Metric value
	   * @param {Array} extraTags - Additional tags to include
	   * @returns {string} Formatted metric message
	   */
	  formatMetric(name, value, extraTags = []) {
	    const fullName = `datadog.dogstatsd.client.${name}`;
	    const allTags = extraTags.length > 0 ?
	      [...this.telemetryTags, ...extraTags] :
	      this.telemetryTags;
	    return `${fullName}:${value}|c|${this.tagPrefix}${allTags.join(this.tagSeparator)}`;
	  }

	  /**
	   * Flush all telemetry metrics.
	   * Sends accumulated counters and resets them.
	   * @param {Function} callback - Optional callback when flush is complete
	   */
	  flush(callback) {
	    if (!this.sendFn) {
	      debug('hot-shots telemetry: flush skipped - no send function set');
	      if (callback) {
	        callback();
	      }
	      return;
	    }

	    const messages = [];

	    // Metrics count
	    if (this.metrics > 0) {
	      messages.push(this.formatMetric('metrics', this.metrics));
	    }

	    // Metrics by type
	    for (const [typeName, count] of Object.entries(this.metricsByType)) {
	      if (count > 0) {
	        messages.push(this.formatMetric('metrics_by_type', count, [`metrics_type:${typeName}`]));
	      }
	    }

	    // Events count
	    if (this.events > 0) {
	      messages.push(this.formatMetric('events', this.events));
	    }

	    // Service checks count
	    if (this.serviceChecks > 0) {
	      messages.push(this.formatMetric('service_checks', this.serviceChecks));
	    }

	    // Bytes sent
	    if (this.bytesSent > 0) {
	      messages.push(this.formatMetric('bytes_sent', this.bytesSent));
	    }

	    // Bytes dropped
	    if (this.bytesDropped > 0) {
	      messages.push(this.formatMetric('bytes_dropped', this.bytesDropped));
	    }

	    // Bytes dropped by writer
	    if (this.bytesDroppedWriter > 0) {
	      messages.push(this.formatMetric('bytes_dropped_writer', this.bytesDroppedWriter));
	    }

	    // Packets sent
	    if (this.packetsSent > 0) {
	      messages.push(this.formatMetric('packets_sent', this.packetsSent));
	    }

	    // Packets dropped
	    if (this.packetsDropped > 0) {
	      messages.push(this.formatMetric('packets_dropped', this.packetsDropped));
	    }

	    // Packets dropped by queue
	    if (this.packetsDroppedQueue > 0) {
	      messages.push(this.formatMetric('packets_dropped_queue', this.packetsDroppedQueue));
	    }

	    // Packets dropped by writer
	    if (this.packetsDroppedWriter > 0) {
	      messages.push(this.formatMetric('packets_dropped_writer', this.packetsDroppedWriter));
	    }

	    // Reset counters before sending (to capture new activity during send)
	    this.resetCounters();

	    if (messages.length === 0) {
	      debug('hot-shots telemetry: flush - no metrics to send');
	      if (callback) {
	        callback();
	      }
	      return;
	    }

	    debug('hot-shots telemetry: flushing %d telemetry metrics', messages.length);

	    // Send all telemetry messages
	    const message = messages.join('\n');
	    this.sendFn(message, callback);
	  }
	}

	telemetry.exports = Telemetry;
	telemetry.exports.DEFAULT_TELEMETRY_FLUSH_INTERVAL = DEFAULT_TELEMETRY_FLUSH_INTERVAL;
	return telemetry.exports;
}

var aggregator;
var hasRequiredAggregator;

function requireAggregator () {
	if (hasRequiredAggregator) return aggregator;
	hasRequiredAggregator = 1;
	const helpers = requireHelpers();
	const util = require$$0$1;
	const debug = util.debuglog('hot-shots');
	const METRIC_TYPES = requireConstants().METRIC_TYPES;

	const DEFAULT_AGGREGATION_FLUSH_INTERVAL = 2000;
	const DEFAULT_MAX_CONTEXTS = 5000;

	/**
	 * Client-side metric aggregator for counts, gauges and sets. Samples recorded
	 * here are combined per context (type + full metric name + per-call tags +
	 * cardinality + recording client's global tags) and flushed on an interval,
	 * reducing packet volume for hot metrics. Matches the basic client-side
	 * aggregation in the official DogStatsD clients.
	 * @constructor
	 * @param options
	 *   @option flushInterval {Number=} Interval in ms between flushes. Default 2000.
	 *   @option maxContexts {Number=} Max distinct contexts held per flush window; new contexts beyond this are sent directly. Default 5000.
	 */
	const Aggregator = function (options) {
	  options = options || {};
	  this.flushInterval = options.flushInterval || DEFAULT_AGGREGATION_FLUSH_INTERVAL;
	  this.maxContexts = options.maxContexts || DEFAULT_MAX_CONTEXTS;
	  this.overflowSignaled = false;
	  this.contexts = new Map();
	  // Clients that currently have an in-flight send a flush routed through them.
	  // close()/flush() drain these before signaling completion so an interval-driven
	  // flush can't leave a child's send in flight. Entries are pruned as soon as the
	  // client drains (see trackActive), so this stays bounded to genuinely-active
	  // clients rather than accumulating every child ever routed through.
	  this.activeClients = new Set();
	  // Set true by close() once the aggregator's contexts have been flushed for the
	  // last time. sendStat checks this so post-close records fall through to the
	  // normal send path (which surfaces the closed-socket error) instead of being
	  // silently aggregated into a window that will never flush.
	  this.closed = false;
	  debug('hot-shots aggregator initialized: flushInterval=%d, maxContexts=%d',
	    this.flushInterval, this.maxContexts);
	};

	/**
	 * Tracks a client that a flush just routed a send through, but only while that
	 * send is genuinely in flight. The entry removes itself once the client fully
	 * drains, re-hooking across any intervening sends, so activeClients never grows
	 * without bound for long-lived parents that create child clients dynamically.
	 * @param client The client a context was just sent through.
	 */
	Aggregator.prototype.trackActive = function (client) {
	  // No in-flight send (buffered, mock, or already drained) — nothing to wait for.
	  if (!client.drainPromise || client.messagesInFlight === 0) {
	    return;
	  }
	  this.activeClients.add(client);
	  const recheck = () => {
	    if (client.messagesInFlight === 0) {
	      this.activeClients.delete(client);
	    } else if (client.drainPromise) {
	      // A later send is still in flight; follow its drain promise instead.
	      client.drainPromise.then(recheck);
	    }
	  };
	  client.drainPromise.then(recheck);
	};

	/**
	 * Returns the client-specific portion of the context key (global tags plus
	 * datadog origin fields), memoized on the client. These are fixed at
	 * construction time, so the serialized form is computed once per client.
	 * @param client The client the metric was recorded through.
	 * @returns {String} The cached per-client key suffix.
	 */
	function clientContextSuffix(client) {
	  if (client._aggContextSuffix === undefined) {
	    // Canonicalize global tags to their emitted form (the same way per-call tags
	    // are keyed) so child clients sharing an aggregator do not split contexts for
	    // global tags that differ only in a way that disappears on the wire — e.g.
	    // Telegraf `route:a` vs `route=a`, which both emit as `route=a`.
	    client._aggContextSuffix =
	      `${canonicalTagsKey(client, client.globalTags)}|${client.containerID || ''}|${client.externalData || ''}`;
	  }
	  return client._aggContextSuffix;
	}

	/**
	 * Serializes per-call tags into the canonical form they will actually be emitted
	 * as, so two tag inputs that reach the wire identically map to one context. Keys
	 * on the emitted form via the same `formatTags` path `send()` uses, plus
	 * Telegraf's `key:value`→`key=value` rewrite, then order-normalizes. This folds
	 * together inputs that differ only in a way that disappears on the wire:
	 *   - array vs object form (`['a:1']` and `{a: 1}` both emit `a:1`)
	 *   - tag order (the server treats tag sets as unordered)
	 *   - Telegraf `a:1` vs `a=1` (both emit `a=1`)
	 * Keying on the raw caller form instead would let two contexts that emit as
	 * identical tags flush in creation rather than update order, settling a gauge on
	 * a stale value. Value stringification is handled by `sanitizeTagValue`'s
	 * `String()`, so `undefined`/`null` and `NaN`/`Infinity`/`-Infinity` stay
	 * distinct (they emit as distinct tags) rather than collapsing as they would
	 * through a bare `JSON.stringify`.
	 * @param client The client the metric was recorded through.
	 * @param tags {Array|Object=} Per-call tags, exactly as passed by the caller.
	 * @returns {String} The canonical tag key.
	 */
	function canonicalTagsKey(client, tags) {
	  if (tags === undefined || tags === null) {
	    return '';
	  }
	  // Non-array, non-object tags are emitted as-is; key on the raw value.
	  if (typeof tags !== 'object') {
	    return JSON.stringify(tags);
	  }
	  let formatted = helpers.formatTags(tags, client.telegraf);
	  if (client.telegraf) {
	    // Mirror send()'s telegraf rewrite: the first colon becomes the key/value
	    // separator `=`, so `a:1` and `a=1` both emit — and now key — as `a=1`.
	    formatted = formatted.map(tag => {
	      const idx = tag.indexOf(':');
	      if (idx < 1) {
	        return tag;
	      }
	      return `${tag.substring(0, idx)}=${tag.substring(idx + 1)}`;
	    });
	  }
	  // Sort a copy so tag sets that differ only in order map to one context.
	  // Emission keeps caller order via cloneTags — only the key is normalized.
	  return JSON.stringify(formatted.slice().sort());
	}

	/**
	 * Builds the aggregation context key for a metric. Includes the recording
	 * client's global tags so parent and child clients with different global tags
	 * never merge into one context.
	 * @param client The client the metric was recorded through.
	 * @param name {String} Full metric name (prefix and suffix already applied).
	 * @param type {String} Metric type code: 'c', 'g' or 's'.
	 * @param tags {Array|Object=} Per-call tags, exactly as passed by the caller.
	 * @param cardinality {String=} Per-call cardinality.
	 * @returns {String} The context key.
	 */
	function contextKey(client, name, type, tags, cardinality) {
	  const tagsKey = canonicalTagsKey(client, tags);
	  // Key on the cardinality that will actually be emitted (validated/lowercased,
	  // falling back to the client default), and only in datadog mode where it is
	  // emitted at all. Mirrors getDatadogExtensionFields so contexts that emit
	  // byte-identical cardinality never split.
	  const effectiveCardinality = client.datadog ?
	    (helpers.validateCardinality(cardinality) || client.cardinality || '') :
	    '';
	  // Include the recording client's emission-affecting defaults (its global tags
	  // plus container id / external data) so two clients — e.g. a parent and a child
	  // with different cardinality — never merge into one context that is then
	  // emitted with only the first recorder's settings.
	  return `${type}|${name}|${tagsKey}|${effectiveCardinality}|${clientContextSuffix(client)}`;
	}

	/**
	 * Signals — at most once for the aggregator's lifetime — that the context cap
	 * was reached and further new contexts are being sent directly. Routed through
	 * the recording client's errorHandler if set, else console.error.
	 * @param client The client whose record triggered the overflow.
	 */
	Aggregator.prototype.signalOverflow = function (client) {
	  if (this.overflowSignaled) {
	    return;
	  }
	  this.overflowSignaled = true;
	  const message = `hot-shots: aggregation context limit (${this.maxContexts}) reached; ` +
	    'further new contexts are sent directly without aggregation';
	  if (client.errorHandler) {
	    try {
	      client.errorHandler(new Error(message));
	    } catch (handlerErr) {
	      console.error(`hot-shots: errorHandler threw inside aggregation overflow signal: ${handlerErr && handlerErr.message}`);
	    }
	  } else {
	    console.error(message);
	  }
	};

	/**
	 * Records a metric sample into the aggregator. Counts are summed, gauges keep
	 * the most recent value, and sets accumulate unique values. Returns true when
	 * the sample was aggregated (new or existing context), false when a new context
	 * is rejected because the context cap has been reached.
	 * @param client The client the metric was recorded through (used at flush time).
	 * @param name {String} Full metric name (prefix and suffix already applied).
	 * @param value The metric value.
	 * @param type {String} Metric type code: 'c', 'g' or 's'.
	 * @param tags {Array|Object=} Per-call tags, exactly as passed by the caller.
	 * @param cardinality {String=} Per-call cardinality.
	 * @returns {boolean} True if aggregated, false if rejected due to the context cap.
	 */
	Aggregator.prototype.record = function (client, name, value, type, tags, cardinality) {
	  const key = contextKey(client, name, type, tags, cardinality);
	  let context = this.contexts.get(key);
	  if (!context) {
	    // Cap the number of live contexts: a high-cardinality tag would otherwise
	    // grow memory for the whole flush window while aggregation saves nothing.
	    // A rejected sample falls through to the caller's direct-send path.
	    if (this.contexts.size >= this.maxContexts) {
	      debug('hot-shots aggregator record: context cap reached (%d), rejecting - name=%s, type=%s',
	        this.maxContexts, name, type);
	      this.signalOverflow(client);
	      return false;
	    }
	    debug('hot-shots aggregator record: new context - name=%s, type=%s', name, type);
	    context = {
	      client: client,
	      name: name,
	      type: type,
	      tags: helpers.cloneTags(tags),
	      cardinality: cardinality,
	      value: type === METRIC_TYPES.SET ? new Set() : 0,
	    };
	    this.contexts.set(key, context);
	  }
	  if (type === METRIC_TYPES.COUNT) {
	    context.value += value;
	  } else if (type === METRIC_TYPES.GAUGE) {
	    context.value = value;
	  } else {
	    context.value.add(value);
	  }
	  debug('hot-shots aggregator record: aggregated - name=%s, type=%s, value=%s', name, type, value);
	  return true;
	};

	/**
	 * Sends a single aggregated context through its recording client's send path,
	 * then records that client if its send is left in flight. May throw if the
	 * client's send throws synchronously; callers isolate that.
	 * @param context The aggregated context to send.
	 */
	Aggregator.prototype.sendContext = function (context) {
	  try {
	    if (context.type === METRIC_TYPES.SET) {
	      for (const value of context.value) {
	        context.client.send(`${context.name}:${value}|${METRIC_TYPES.SET}`, context.tags, context.cardinality);
	      }
	    } else {
	      context.client.send(`${context.name}:${context.value}|${context.type}`, context.tags, context.cardinality);
	    }
	  } finally {
	    // Track the client even if a send threw partway through a multi-value set:
	    // an earlier value may already be in flight, and close()/flush() must wait
	    // for it. trackActive no-ops when nothing is actually in flight.
	    this.trackActive(context.client);
	  }
	};

	/**
	 * If a context matching the given key components is currently pending, remove it
	 * and send it immediately. Used to preserve call order when a same-context
	 * metric bypasses aggregation (e.g. a delta/NaN/timestamped gauge) and would
	 * otherwise reach the wire before the earlier aggregated value.
	 * @param client The client the metric was recorded through.
	 * @param name {String} Full metric name (prefix and suffix already applied).
	 * @param type {String} Metric type code.
	 * @param tags {Array|Object=} Per-call tags.
	 * @param cardinality {String=} Per-call cardinality.
	 */
	Aggregator.prototype.flushContext = function (client, name, type, tags, cardinality) {
	  const key = contextKey(client, name, type, tags, cardinality);
	  const context = this.contexts.get(key);
	  if (!context) {
	    return;
	  }
	  this.contexts.delete(key);
	  debug('hot-shots aggregator flushContext: sending pending context early - name=%s, type=%s', name, type);
	  try {
	    this.sendContext(context);
	  } catch (err) {
	    if (context.client.errorHandler) {
	      try {
	        context.client.errorHandler(err);
	      } catch (handlerErr) {
	        console.error('hot-shots: errorHandler threw inside aggregator flushContext; ' +
	          `original error: ${err && err.message}; handler error: ${handlerErr && handlerErr.message}`);
	      }
	    } else {
	      console.error(`hot-shots: aggregator flushContext send threw: ${err && err.message}`);
	    }
	  }
	};

	/**
	 * Flushes all aggregated contexts through each context's client send path,
	 * which applies tags, datadog extension fields and buffering as usual. Each
	 * client whose send is left in flight is recorded in `activeClients` (and pruned
	 * once it drains) so close()/flush() can wait for it — including for the
	 * interval-driven flushes that pass no arguments.
	 */
	Aggregator.prototype.flush = function () {
	  if (this.contexts.size === 0) {
	    return;
	  }
	  debug('hot-shots aggregator: flushing %d contexts', this.contexts.size);
	  const contexts = this.contexts;
	  this.contexts = new Map();
	  for (const context of contexts.values()) {
	    // Isolate each context: a synchronous throw from one client's send must not
	    // abort the loop and silently drop every remaining context (their per-metric
	    // callbacks already reported success at record time).
	    try {
	      this.sendContext(context);
	    } catch (err) {
	      if (context.client.errorHandler) {
	        try {
	          context.client.errorHandler(err);
	        } catch (handlerErr) {
	          console.error('hot-shots: errorHandler threw inside aggregator flush; ' +
	            `original error: ${err && err.message}; handler error: ${handlerErr && handlerErr.message}`);
	        }
	      } else {
	        console.error(`hot-shots: aggregator flush send threw: ${err && err.message}`);
	      }
	    }
	  }
	};

	aggregator = Aggregator;
	return aggregator;
}

var hasRequiredStatsd;

function requireStatsd () {
	if (hasRequiredStatsd) return statsd.exports;
	hasRequiredStatsd = 1;
	(function (module, exports) {
		const process = require$$0,
		  util = require$$0$1,
		  helpers = requireHelpers(),
		  applyStatsFns = requireStatsFunctions();

		const constants = requireConstants();
		const createTransport = requireTransport();
		const originDetection = requireOriginDetection();
		const debug = util.debuglog('hot-shots');
		const Telemetry = requireTelemetry();
		const Aggregator = requireAggregator();

		const PROTOCOL = constants.PROTOCOL;
		const TCP_ERROR_CODES = constants.tcpErrors();
		const UDS_ERROR_CODES = constants.udsErrors();
		const TCP_DEFAULT_GRACEFUL_RESTART_LIMIT = 1000;
		const UDS_DEFAULT_GRACEFUL_RESTART_LIMIT = 1000;
		const CACHE_DNS_TTL_DEFAULT = 60000;
		const METRIC_TYPES = constants.METRIC_TYPES;
		// DD_ENV_GLOBAL_TAGS_MAPPING is a mapping of each "DD_" prefixed environment variable to a specific tag name.
		const DD_ENV_GLOBAL_TAGS_MAPPING = {
		  DD_ENTITY_ID: 'dd.internal.entity_id', // Client-side entity ID injection for container tagging.
		  DD_ENV: 'env', // The name of the env in which the service runs.
		  DD_SERVICE: 'service', // The name of the running service.
		  DD_VERSION: 'version', // The current version of the running service.
		};

		/**
		 * The Client for StatsD.  The main entry-point for hot-shots.  Note adding new parameters
		 * to the constructor is deprecated- please use the constructor as one options object.
		 * @constructor
		 */
		const Client = function (host, port, prefix, suffix, globalize, cacheDns, mock,
		    globalTags, maxBufferSize, bufferFlushInterval, telegraf, sampleRate, protocol) {
		  let options = host || {};

		  // Adding options below is DEPRECATED.  Use the options object instead.
		  if (arguments.length > 1 || typeof(host) === 'string') {
		    options = {
		      host        : host,
		      port        : port,
		      prefix      : prefix,
		      suffix      : suffix,
		      globalize   : globalize,
		      cacheDns    : cacheDns,
		      mock        : mock === true,
		      globalTags  : globalTags,
		      maxBufferSize : maxBufferSize,
		      bufferFlushInterval: bufferFlushInterval,
		      telegraf    : telegraf,
		      sampleRate  : sampleRate,
		      protocol    : protocol
		    };
		  }

		  // Transport configuration from DD_DOGSTATSD_URL / DD_DOGSTATSD_SOCKET. Explicit
		  // transport options always win — env config applies only when none are given.
		  // Skipped for telegraf: these are Datadog-agent env vars and must not silently
		  // reroute a Telegraf client to the Datadog socket (mirrors detectDatadogMode,
		  // which also excludes telegraf).
		  if (!options.telegraf && !options.useDefaultRoute &&
		      !options.protocol && !options.host && !options.port && !options.path && !options.stream) {
		    const envTransport = helpers.getDogstatsdEnvTransport();
		    if (envTransport) {
		      options.protocol = envTransport.protocol;
		      options.host = envTransport.host;
		      options.port = envTransport.port;
		      options.path = envTransport.path;
		    }
		  }

		  // Warn on clearly-invalid options. Invalid values are then cleared to undefined so
		  // the existing `|| <default>` chains downstream pick up the safe fallback
		  if (options.port !== undefined && options.port !== null) {
		    const p = options.port;
		    if (typeof p !== 'number' || !Number.isInteger(p) || p < 1 || p > 65535) {
		      console.error(`hot-shots: 'port' should be an integer in [1, 65535], got ${p} — using default`);
		      options.port = undefined;
		    }
		  }
		  if (options.sampleRate !== undefined && options.sampleRate !== null) {
		    const s = options.sampleRate;
		    // sampleRate <= 0 (dropping every metric — just don't call the method) and > 1
		    // are nonsense. Warn and reset to default.
		    if (typeof s !== 'number' || Number.isNaN(s) || s <= 0 || s > 1) {
		      console.error(`hot-shots: 'sampleRate' should be a number in (0, 1], got ${s} — using default`);
		      options.sampleRate = undefined;
		    }
		  }
		  options.bufferFlushInterval = validateInterval(options.bufferFlushInterval, 'bufferFlushInterval');

		  // hidden global_tags option for backwards compatibility
		  options.globalTags = options.globalTags || options.global_tags;

		  this.protocol = (options.protocol && options.protocol.toLowerCase());
		  if (! this.protocol) {
		    this.protocol = PROTOCOL.UDP;
		  }
		  this.cacheDns = options.cacheDns === true;
		  this.cacheDnsTtl = options.cacheDnsTtl || CACHE_DNS_TTL_DEFAULT;
		  this.host = options.host || (process.env.DD_AGENT_HOST  || undefined);
		  this.port = options.port || parseInt(process.env.DD_DOGSTATSD_PORT, 10) || 8125;
		  this.path = options.path;
		  // Retry-only options for UDS
		  this.udsRetryOptions = options.udsRetryOptions;
		  this.stream = options.stream;
		  this.prefix = helpers.normalizePrefix(options.prefix);
		  this.suffix = helpers.normalizeSuffix(options.suffix);
		  this.tagPrefix = options.tagPrefix || '#';
		  this.tagSeparator = options.tagSeparator || ',';
		  this.mock        = options.mock;
		  this.globalTags  = typeof options.globalTags === 'object' ?
		      helpers.formatTags(options.globalTags, options.telegraf) : [];
		  setupDatadogGlobalTags(this, options);
		  this.telegraf = options.telegraf || false;
		  setupDatadogMode(this, options);
		  if (options.maxBufferSize !== undefined) {
		    this.maxBufferSize = options.maxBufferSize;
		    // For UDS protocol, enforce 8k limit
		    if (this.protocol === PROTOCOL.UDS && this.maxBufferSize > 8192) {
		      console.warn(`hot-shots: maxBufferSize (${this.maxBufferSize}) exceeds the 8192 byte limit for UDS protocol. ` +
		        'Setting maxBufferSize to 8192.');
		      this.maxBufferSize = 8192;
		    }
		  } else if (this.protocol === PROTOCOL.UDS) {
		    this.maxBufferSize = 8192; // 8KiB as recommended by Datadog for UDS
		  } else {
		    this.maxBufferSize = 0;
		  }
		  this.sampleRate = options.sampleRate || 1;
		  this.bufferFlushInterval = options.bufferFlushInterval || 1000;
		  this.bufferHolder = options.isChild ? options.bufferHolder : { buffer: '' };
		  this.bufferLength = Buffer.byteLength(this.bufferHolder.buffer);
		  this.errorHandler = options.errorHandler;
		  // Construction-time only: true iff this.errorHandler was the same function
		  // attached as the shared socket's 'error' listener at construction time. This
		  // flag does NOT track runtime changes — _close() removes the listener from the
		  // socket while close runs, after which this flag is stale. Code in _close that
		  // needs the live state must use the local errorHandlerOnSocketDuringClose
		  // variable, not this flag.
		  this._errorHandlerInitiallyOnSocket = options._errorHandlerInitiallyOnSocket !== undefined ?
		    options._errorHandlerInitiallyOnSocket :
		    (!options.isChild && Boolean(options.errorHandler));
		  this.tcpGracefulErrorHandling = 'tcpGracefulErrorHandling' in options ? options.tcpGracefulErrorHandling : true;
		  this.tcpGracefulRestartRateLimit = options.tcpGracefulRestartRateLimit || TCP_DEFAULT_GRACEFUL_RESTART_LIMIT; // only recreate once per second
		  this.udsGracefulErrorHandling = 'udsGracefulErrorHandling' in options ? options.udsGracefulErrorHandling : true;
		  this.udsGracefulRestartRateLimit = options.udsGracefulRestartRateLimit || UDS_DEFAULT_GRACEFUL_RESTART_LIMIT; // only recreate once per second
		  this.isChild = options.isChild;
		  this.closingFlushInterval = options.closingFlushInterval || 50;
		  // Don't set a default type here - let transport.js auto-detect based on host IP version
		  this.udpSocketOptions = options.udpSocketOptions || {};

		  setupDatadogTelemetry(this, options);
		  setupAggregation(this, options);

		  // If we're mocking the client, create a buffer to record the outgoing calls.
		  if (this.mock) {
		    this.mockBuffer = [];
		  }

		  // We only want a single flush event per parent and all its child clients
		  if (!options.isChild && this.maxBufferSize > 0) {
		    this.intervalHandle = setInterval(() => {
		      try {
		        this.onBufferFlushInterval();
		      } catch (err) {
		        if (this.errorHandler) {
		          try {
		            this.errorHandler(err);
		          } catch (handlerErr) {
		            // Preserve the original flush error so the root cause is not masked by a buggy handler.
		            console.error('hot-shots: errorHandler threw inside buffer flush interval; ' +
		              `original error: ${err && err.message}; handler error: ${handlerErr && handlerErr.message}`);
		          }
		        } else {
		          console.error(`hot-shots: buffer flush interval threw: ${err && err.message}`);
		        }
		      }
		    }, this.bufferFlushInterval);
		    // do not block node from shutting down
		    this.intervalHandle.unref();
		  }

		  if (options.isChild) {
		    if (options.dnsError) {
		      this.dnsError = options.dnsError;
		    }
		    this.socket = options.socket;
		  } else if (options.useDefaultRoute) {
		    const defaultRoute = helpers.getDefaultRoute();
		    if (defaultRoute) {
		      console.log(`Got ${defaultRoute} for the system's default route`);
		      this.host = defaultRoute;
		    }
		  }

		  if (!this.socket) {
		    trySetNewSocket(this);
		  }

		  if (this.socket && !options.isChild && options.errorHandler) {
		    this.socket.on('error', options.errorHandler);
		  }

		  if (options.globalize) {
		    commonjsGlobal.statsd = this;
		  }

		  // Start telemetry if enabled (only for parent clients)
		  startDatadogTelemetry(this);

		  debug('hot-shots client initialized: protocol=%s, host=%s, port=%s, prefix=%s, maxBufferSize=%s, mock=%s',
		    this.protocol, this.host, this.port, this.prefix, this.maxBufferSize, this.mock);

		  // only for TCP/UDS (options.protocol tcp/uds)
		  // enabled with the extra flag options.tcpGracefulErrorHandling/options.udsGracefulErrorHandling
		  // will gracefully (attempt) to re-open the socket with a small delay
		  // options.tcpGracefulRestartRateLimit/options.udsGracefulRestartRateLimit is the minimum time (ms) between creating sockets
		  // does not support options.isChild (how to re-create a socket you didn't create?)
		  if (this.socket) {
		    maybeAddProtocolErrorHandler(this, options.protocol);
		  }

		  this.messagesInFlight = 0;
		  // Drain signaling for graceful close: when messagesInFlight transitions 0 -> 1,
		  // we lazily allocate a Promise; the 1 -> 0 transition resolves it.
		  this.drainResolve = null;
		  this.drainPromise = null;
		  this.CHECKS = {
		    OK: 0,
		    WARNING: 1,
		    CRITICAL: 2,
		    UNKNOWN: 3,
		  };
		};

		applyStatsFns(Client);

		/**
		 * Builds the DogStatsD extension fields (container id, external data, cardinality)
		 * to append to a metric/event/check when datadog mode is active. Returns an array
		 * of field strings WITHOUT leading pipes (e.g. ['c:abc', 'e:xyz', 'card:low']).
		 * @param {String=} cardinality Per-call cardinality override. Optional.
		 * @returns {String[]} The extension fields, possibly empty.
		 */
		Client.prototype.getDatadogExtensionFields = function (cardinality) {
		  const fields = [];
		  if (!this.datadog) {
		    return fields;
		  }
		  if (this.containerID) {
		    fields.push(`c:${this.containerID}`);
		  }
		  if (this.externalData) {
		    fields.push(`e:${this.externalData}`);
		  }
		  const card = helpers.validateCardinality(cardinality) || this.cardinality;
		  if (card) {
		    fields.push(`card:${card}`);
		  }
		  return fields;
		};

		/**
		 * Checks if stats is an array and sends all stats calling back once all have sent
		 * @param stat {String|Array} The stat(s) to send
		 * @param value The value to send
		 * @param type The type of the metric
		 * @param sampleRate {Number|Object=} The Number of times to sample (0 to 1), or an options object. Optional.
		 *   @option sampleRate {Number=} The Number of times to sample (0 to 1). Optional.
		 *   @option tags {Array=} The Array of tags to add to metrics. Optional.
		 *   @option timestamp {Date|Number=} Timestamp to send with the metric (DogStatsD only). Optional.
		 *   @option cardinality {String=} Tag cardinality for this metric (DogStatsD datadog mode only). Optional.
		 * @param tags {Array=} The Array of tags to add to metrics. Optional.
		 * @param callback {Function=} Callback when message is done being delivered. Optional.
		 */
		Client.prototype.sendAll = function (stat, value, type, sampleRate, tags, callback) {
		  let completed = 0;
		  let calledback = false;
		  let sentBytes = 0;
		  let timestamp;
		  let cardinality;
		  const self = this;

		  // Handle options object: sendAll(stat, value, type, { sampleRate, tags, timestamp }, callback)
		  // Check for known option keys to distinguish from a tags object
		  if (sampleRate && typeof sampleRate === 'object' && !Array.isArray(sampleRate) &&
		      ('sampleRate' in sampleRate || 'tags' in sampleRate || 'timestamp' in sampleRate ||
		        'cardinality' in sampleRate)) {
		    callback = tags;
		    timestamp = sampleRate.timestamp;
		    cardinality = sampleRate.cardinality;
		    tags = sampleRate.tags;
		    sampleRate = sampleRate.sampleRate;
		  }

		  if (sampleRate && typeof sampleRate !== 'number') {
		    // Only shift parameters if tags wasn't provided as a separate argument.
		    // If tags is present and is an object (array or object), keep it as tags.
		    // This fixes the case where an empty object {} is passed for sampleRate.
		    if (tags !== undefined && tags !== null && typeof tags === 'object') {
		      // sampleRate is invalid (not a number), but tags looks valid - don't shift
		      debug('hot-shots sendAll: sampleRate is not a number but tags parameter present, ignoring invalid sampleRate');
		      sampleRate = undefined;
		    } else {
		      callback = tags;
		      tags = sampleRate;
		      sampleRate = undefined;
		    }
		  }

		  if (tags && typeof tags !== 'object') {
		    callback = tags;
		    tags = undefined;
		  }

		  /**
		   * Gets called once for each callback, when all callbacks return we will
		   * call back from the function
		   * @private
		   */
		  function onSend(error, bytes) {
		    completed += 1;
		    if (calledback) {
		      return;
		    }

		    if (error) {
		      if (typeof callback === 'function') {
		        calledback = true;
		        callback(error);
		      } else if (self.errorHandler) {
		        calledback = true;
		        self.errorHandler(error);
		      }
		      return;
		    }

		    if (bytes) {
		      sentBytes += bytes;
		    }

		    if (completed === stat.length && typeof callback === 'function') {
		      callback(null, sentBytes);
		    }
		  }

		  if (Array.isArray(stat)) {
		    stat.forEach(item => {
		      self.sendStat(item, value, type, sampleRate, tags, timestamp, cardinality, onSend);
		    });
		  } else {
		    this.sendStat(stat, value, type, sampleRate, tags, timestamp, cardinality, callback);
		  }
		};

		/**
		 * Sends a stat across the wire
		 * @param stat {String|Array} The stat(s) to send
		 * @param value The value to send
		 * @param type {String} The type of message to send to statsd
		 * @param sampleRate {Number} The Number of times to sample (0 to 1)
		 * @param tags {Array} The Array of tags to add to metrics
		 * @param timestamp {Date|Number} The timestamp to send with the metric (DogStatsD only). Optional.
		 * @param cardinality {String=} The cardinality to send with the metric (DogStatsD only). Optional.
		 * @param callback {Function=} Callback when message is done being delivered. Optional.
		 */
		Client.prototype.sendStat = function (stat, value, type, sampleRate, tags, timestamp, cardinality, callback) {
		  // Track metric in telemetry (even if sampled out, matching official Datadog behavior)
		  if (this.telemetry) {
		    this.telemetry.recordMetric(type);
		  }

		  // Sanitize metric name to prevent protocol-breaking characters
		  const sanitizedStat = helpers.sanitizeMetricName(stat);
		  // The per-call sample rate, captured before applying the client default below.
		  // Aggregation keys off this, not the default: a client constructed with a
		  // default sampleRate < 1 must not silently disable aggregation entirely — only
		  // an explicit per-call sample rate bypasses aggregation (as documented).
		  const callSampleRate = sampleRate;
		  sampleRate = sampleRate || this.sampleRate;

		  // Client-side aggregation: counts, gauges and sets with no timestamp and no
		  // per-call sampling are combined per context and sent on the aggregation flush
		  // interval. Delta gauges (string values like '+5'), non-numeric counts and NaN
		  // values pass through unaggregated (NaN would otherwise poison the whole
		  // window's sum). Records after close() are not aggregated either — the closed
		  // aggregator never flushes again — so they fall through to surface the normal
		  // closed-socket error instead of reporting a silent success. The callback fires
		  // synchronously as a "queued" signal, like buffered mode.
		  if (this.aggregator && !this.aggregator.closed &&
		      (type === METRIC_TYPES.COUNT || type === METRIC_TYPES.GAUGE || type === METRIC_TYPES.SET) &&
		      timestamp === undefined &&
		      (!callSampleRate || callSampleRate >= 1) &&
		      (type === METRIC_TYPES.SET || (typeof value === 'number' && !Number.isNaN(value)))) {
		    debug('hot-shots sendStat: aggregating - stat=%s, type=%s', stat, type);
		    if (this.aggregator.record(this, this.prefix + sanitizedStat + this.suffix, value, type, tags, cardinality)) {
		      return callback ? callback() : undefined;
		    }
		    // Context cap reached for a new context: fall through to the direct-send path below.
		  }

		  let message = `${this.prefix + sanitizedStat + this.suffix}:${value}|${type}`;
		  if (sampleRate && sampleRate < 1) {
		    if (Math.random() < sampleRate) {
		      message += `|@${sampleRate}`;
		      debug('hot-shots sendStat: sampled in - stat=%s, type=%s, sampleRate=%s', stat, type, sampleRate);
		    } else {
		      // don't want to send if we don't meet the sample ratio
		      debug('hot-shots sendStat: sampled out - stat=%s, type=%s, sampleRate=%s', stat, type, sampleRate);
		      return callback ? callback() : undefined;
		    }
		  }
		  // Timestamp support for DogStatsD (not supported by Telegraf)
		  if (timestamp !== undefined) {
		    if (this.telegraf) {
		      debug('hot-shots sendStat: timestamp provided but not supported for Telegraf, ignoring');
		    } else {
		      const ts = helpers.formatDate(timestamp);
		      if (ts) {
		        message += `|T${ts}`;
		      }
		    }
		  }
		  // A gauge that bypasses aggregation (delta, NaN, timestamped, or per-call
		  // sampled) must not reach the wire before an earlier same-context aggregated
		  // gauge still pending in the aggregator — the server would apply them out of
		  // order and settle on the stale aggregated value. Flush the pending one first,
		  // but only now that this gauge will actually be sent: a sampled-out gauge is
		  // dropped above and must not force the pending aggregate onto the wire.
		  if (type === METRIC_TYPES.GAUGE && this.aggregator && !this.aggregator.closed) {
		    this.aggregator.flushContext(this, this.prefix + sanitizedStat + this.suffix, METRIC_TYPES.GAUGE, tags, cardinality);
		  }

		  debug('hot-shots sendStat: sending message=%s, tags=%j', message, tags);
		  this.send(message, tags, cardinality, callback);
		};

		/**
		 * Send a stat or event across the wire
		 * @param message {String} The constructed message without tags
		 * @param tags {Array} The tags to include (along with global tags). Optional.
		 * @param cardinality {String=} The cardinality to send with the metric (DogStatsD only). Optional.
		 * @param callback {Function=} Callback when message is done being delivered (only if maxBufferSize == 0). Optional.
		 */
		Client.prototype.send = function (message, tags, cardinality, callback) {
		  // Backward-compat: support the older send(message, tags, callback) call shape.
		  if (typeof cardinality === 'function' && callback === undefined) {
		    callback = cardinality;
		    cardinality = undefined;
		  }
		  // mergedTags must stay read-only after assignment. When tags are empty we alias
		  // this.globalTags directly (skipping overrideTags' fresh-copy allocation); any
		  // mutation here would corrupt the shared globalTags array.
		  let mergedTags = this.globalTags;
		  if (tags && typeof tags === 'object' &&
		      (Array.isArray(tags) ? tags.length > 0 : Object.keys(tags).length > 0)) {
		    mergedTags = helpers.overrideTags(mergedTags, tags, this.telegraf);
		  }
		  if (mergedTags.length > 0) {
		    if (this.telegraf) {
		      message = message.split(':');
		      const tagStr = mergedTags.map(tag => {
		        const idx = tag.indexOf(':');
		        if (idx < 1) {
		          return tag;
		        }
		        return tag.substring(0, idx) + '=' + tag.substring(idx + 1);
		      }).join(',');
		      message = `${message[0]},${tagStr}:${message.slice(1).join(':')}`;
		    } else {
		      message += `|${this.tagPrefix}${mergedTags.join(this.tagSeparator)}`;
		    }
		  }

		  // DogStatsD extension fields (container id / external data / cardinality),
		  // appended after tags. Only present in datadog mode.
		  const extensionFields = this.getDatadogExtensionFields(cardinality);
		  if (extensionFields.length > 0) {
		    message += `|${extensionFields.join('|')}`;
		  }

		  this._send(message, callback);
		};

		/**
		 * Send a stat or event across the wire
		 * @param message {String} The constructed message without tags
		 * @param callback {Function=} Callback when message is done being delivered (only if maxBufferSize == 0). Optional.
		 */
		Client.prototype._send = function (message, callback) {
		  // we may have a cached error rather than a cached lookup, so
		  // throw it on
		  if (this.dnsError) {
		    debug('hot-shots send: DNS error - %s', this.dnsError);
		    if (callback) {
		      return callback(this.dnsError);
		    } else if (this.errorHandler) {
		      return this.errorHandler(this.dnsError);
		    }
		    throw this.dnsError;
		  }

		  // Only send this stat if we're not a mock Client.
		  if (!this.mock) {
		    if (this.maxBufferSize === 0) {
		      debug('hot-shots sending immediately (no buffering) - message=%s', message);
		      this.sendMessage(message, callback);
		    } else {
		      debug('hot-shots _send: enqueueing for buffer - message=%s', message);
		      this.enqueue(message, callback);
		    }
		  } else {
		    debug('hot-shots send: mock mode - buffering message=%s', message);
		    this.mockBuffer.push(message);
		    if (typeof callback === 'function') {
		      callback(null, 0);
		    }
		  }
		};

		/**
		 * Add the message to the buffer and flush the buffer if needed.
		 *
		 * @param message {String} The constructed message without tags
		 * @param callback {Function=} Invoked synchronously with no arguments once the
		 *   message is queued. This is a "queued" signal, not a "delivered" signal — it
		 *   does not report errors from any prior buffer's overflow-triggered flush, which
		 *   are surfaced via errorHandler / the socket error path like any other buffered
		 *   send failure. Optional.
		 */
		Client.prototype.enqueue = function (message, callback) {
		  const messageToAdd = (this.bufferHolder.buffer === '' ? '' : '\n') + message;
		  const messageBytes = Buffer.byteLength(messageToAdd);

		  if (this.bufferLength + messageBytes > this.maxBufferSize) {
		    debug('hot-shots enqueue: buffer full (%d + %d > %d), flushing',
		      this.bufferLength, messageBytes, this.maxBufferSize);
		    // Flush the *prior* buffer with no callback — the callback belongs to the new
		    // message we are about to enqueue, not to the bytes already buffered.
		    this.flushQueue();

		    // Do not re-use messageToAdd, it ends with '\n' which we don't want.
		    this.bufferHolder.buffer = message;
		    this.bufferLength = Buffer.byteLength(this.bufferHolder.buffer);
		    if (callback) {
		      callback();
		    }
		  }
		  else {
		    this.bufferHolder.buffer += messageToAdd;
		    this.bufferLength = Buffer.byteLength(this.bufferHolder.buffer);
		    debug('hot-shots enqueue: added to buffer, new size=%d', this.bufferLength);
		    if (callback) {
		      callback();
		    }
		  }
		};

		/**
		 * Flush the buffer, sending on the messages
		 */
		Client.prototype.flushQueue = function (callback) {
		  if (this.bufferLength > 0) {
		    debug('hot-shots flushQueue: flushing %d bytes', this.bufferLength);
		  }
		  this.sendMessage(this.bufferHolder.buffer, callback);
		  this.bufferHolder.buffer = '';
		  this.bufferLength = 0;
		};

		/**
		 * Send on the message through the socket
		 *
		 * @param message {String} The constructed message without tags
		 * @param callback {Function=} Callback when message is done being delivered. Optional.
		 * @param isTelemetry {Boolean=} Whether this is a telemetry message (to avoid tracking telemetry). Optional.
		 */
		Client.prototype.sendMessage = function (message, callback, isTelemetry) {
		  // don't waste the time if we aren't sending anything
		  if (message === '' || this.mock) {
		    if (callback) {
		      callback();
		    }
		    return;
		  }

		  const messageBytes = Buffer.byteLength(message);
		  debug('hot-shots sendMessage: message size in bytes is %d', messageBytes);

		  const socketWasMissing = !this.socket;
		  if (socketWasMissing && (this.protocol === PROTOCOL.TCP || this.protocol === PROTOCOL.UDS)) {
		    debug('hot-shots sendMessage: socket missing, attempting to recreate for protocol=%s', this.protocol);
		    trySetNewSocket(this);
		    if (this.socket) {
		      // On success, add custom TCP/UDS error handling.
		      maybeAddProtocolErrorHandler(this, this.protocol);
		      debug('hot-shots sendMessage: socket recreated successfully');
		    }
		  }

		  if (socketWasMissing) {
		    const error = new Error('Socket not created properly. Check previous errors for details.');
		    debug('hot-shots sendMessage: socket creation failed - %s', error.message);
		    // Track bytes dropped due to socket error (only for non-telemetry messages)
		    if (this.telemetry && !isTelemetry) {
		      this.telemetry.recordBytesDroppedWriter(messageBytes);
		    }
		    if (callback) {
		      return callback(error);
		    } else if (this.errorHandler) {
		      return this.errorHandler(error);
		    } else {
		      return console.error(String(error));
		    }
		  }

		  const handleCallback = (err, bytes) => {
		    this.messagesInFlight--;
		    if (this.messagesInFlight === 0 && this.drainResolve) {
		      const resolve = this.drainResolve;
		      this.drainResolve = null;
		      this.drainPromise = null;
		      resolve();
		    }
		    const errFormatted = err ? new Error(`Error sending hot-shots message: ${err}`) : null;
		    if (errFormatted) {
		      errFormatted.code = err.code;
		      debug('hot-shots sendMessage: error sending - %s (code: %s)', err.message, err.code);
		      // Track bytes dropped due to writer error (only for non-telemetry messages)
		      if (this.telemetry && !isTelemetry) {
		        this.telemetry.recordBytesDroppedWriter(messageBytes);
		      }
		      // handle TCP/UDS error that requires socket replacement when we are not
		      // emitting the `error` event on `this.socket`
		      if ((this.protocol === PROTOCOL.TCP || this.protocol === PROTOCOL.UDS) && (callback || this.errorHandler)) {
		        protocolErrorHandler(this, this.protocol, err);
		      }
		    } else {
		      debug('hot-shots sendMessage: successfully sent %d bytes', messageBytes);
		      // Track bytes sent successfully (only for non-telemetry messages)
		      if (this.telemetry && !isTelemetry) {
		        this.telemetry.recordBytesSent(messageBytes);
		      }
		    }
		    if (callback) {
		      callback(errFormatted, bytes);
		    } else if (errFormatted) {
		      if (this.errorHandler) {
		        this.errorHandler(errFormatted);
		      } else {
		        console.error(String(errFormatted));
		        // emit error ourselves on the socket for backwards compatibility
		        this.socket.emit('error', errFormatted);
		      }
		    }
		  };

		  try {
		    if (this.messagesInFlight === 0) {
		      this.drainPromise = new Promise(resolve => { this.drainResolve = resolve; });
		    }
		    this.messagesInFlight++;
		    debug('hot-shots sendMessage: sending %d bytes via %s transport (messagesInFlight=%d)',
		      messageBytes, this.protocol, this.messagesInFlight);
		    this.socket.send(Buffer.from(message), handleCallback);
		  } catch (err) {
		    debug('hot-shots sendMessage: exception during send - %s', err.message);
		    handleCallback(err);
		  }
		};

		/**
		 * Called every bufferFlushInterval to flush any buffer that is around
		 */
		Client.prototype.onBufferFlushInterval = function () {
		  this.flushQueue();
		};

		/**
		 * Flushes any buffered metrics to the transport immediately, without waiting for
		 * the buffer flush interval. With client-side aggregation enabled, pending
		 * aggregated metrics are flushed first. Useful for serverless and other
		 * short-lived environments.
		 * @param callback {Function=} Called when the buffered payload has been handed
		 *   to the transport. Optional.
		 */
		Client.prototype.flush = function (callback) {
		  safeAggregatorFlush(this, 'flush aggregation flush');
		  if (!callback) {
		    this.flushQueue();
		    return;
		  }
		  this.flushQueue(err => {
		    if (err) {
		      return callback(err);
		    }
		    // The aggregator may have routed metrics through this and/or child clients —
		    // including from an earlier interval-driven flush whose send is still in
		    // flight. In unbuffered mode (maxBufferSize === 0) those sends are
		    // asynchronous, as is any earlier unbuffered send, so wait for every client
		    // with an in-flight aggregator-routed send (plus this one) to drain before
		    // signaling completion. This keeps the documented serverless "flush then exit"
		    // use case correct rather than firing the callback early.
		    const drainClients = collectDrainClients(this);
		    const pending = [];
		    drainClients.forEach(client => {
		      if (client.drainPromise) {
		        pending.push(client.drainPromise);
		      }
		    });
		    if (pending.length === 0) {
		      return callback();
		    }
		    Promise.all(pending).then(() => callback(), () => callback());
		  });
		};

		/**
		 * Close the underlying socket and stop listening for data on it.
		 */
		Client.prototype.close = function (callback) {
		  // stop trying to flush the queue on an interval
		  if (this.intervalHandle) {
		    clearInterval(this.intervalHandle);
		  }

		  // stop the aggregation flush interval (parent only) and flush any aggregated
		  // metrics into the send path before the final buffer flush below. Children
		  // share the parent's aggregator, so a child closing directly still flushes its
		  // recorded metrics rather than dropping them.
		  if (this.aggregationIntervalHandle) {
		    clearInterval(this.aggregationIntervalHandle);
		  }
		  // Aggregated contexts are sent through their recording client (which may be a
		  // child); the aggregator records each client whose send is still in flight in
		  // activeClients, which we drain below before closing the shared socket —
		  // otherwise child-recorded metrics could be dropped.
		  if (this.aggregator) {
		    safeAggregatorFlush(this, 'close aggregation flush');
		    // Mark closed so post-close records (through this client or any child sharing
		    // the aggregator) are not silently aggregated into a window that will never
		    // flush — they fall through to the normal send path and surface an error.
		    this.aggregator.closed = true;
		  }

		  // Stop telemetry and flush one last time. Guard the final flush so a synchronous
		  // failure during shutdown can't abort close() and skip the caller's callback.
		  if (this.includeDatadogTelemetry && this.telemetry) {
		    this.telemetry.stop();
		    try {
		      this.telemetry.flush();
		    } catch (err) {
		      if (this.errorHandler) {
		        try {
		          this.errorHandler(err);
		        } catch (handlerErr) {
		          // Preserve the original flush error so the root cause is not masked by a buggy handler.
		          console.error('hot-shots: errorHandler threw inside final telemetry flush; ' +
		            `original error: ${err && err.message}; handler error: ${handlerErr && handlerErr.message}`);
		        }
		      } else {
		        console.error(`hot-shots: final telemetry flush threw: ${err && err.message}`);
		      }
		    }
		  }

		  // flush the queue one last time, if needed
		  this.flushQueue((err) => {
		    if (err) {
		      if (callback) {
		        return callback(err);
		      }
		      else if (this.errorHandler) {
		        try {
		          this.errorHandler(err);
		        } catch (handlerErr) {
		          // Preserve the original flush error so the root cause is not masked by a buggy handler.
		          console.error('hot-shots: errorHandler threw inside final buffer flush; ' +
		            `original error: ${err && err.message}; handler error: ${handlerErr && handlerErr.message}`);
		        }
		        return;
		      }
		      else {
		        return console.error(err);
		      }
		    }

		    // Wait for in-flight messages to drain. Match the existing polling implementation's
		    // budget exactly: it increments intervalAttempts before checking `> 10`, so the
		    // force-close fires on the 11th tick — i.e. closingFlushInterval * 11 ms after close().
		    // Using * 10 would shorten the grace period by one tick and could force-close a
		    // message that would have drained under the prior implementation.
		    const drainTimeoutMs = this.closingFlushInterval * 11;
		    const closeStart = Date.now();

		    // Drain this client plus any other client with an in-flight aggregator-routed
		    // send (child clients track their own messagesInFlight) — including from an
		    // interval-driven flush that ran before close(). Closing the shared socket
		    // before these drain would drop their in-flight aggregated metrics.
		    const drainClients = collectDrainClients(this);
		    const totalInFlight = () => drainClients.reduce((sum, client) => sum + client.messagesInFlight, 0);

		    const finish = () => {
		      if (totalInFlight() > 0) {
		        // Match the prior force-close behavior: zero out and proceed. Resolve any
		        // pending drain promise rather than just nulling it — a concurrent
		        // flush(callback) may be awaiting it, and dropping the resolver would hang
		        // that callback forever (the later transport callback can't resolve it
		        // either once messagesInFlight has been forced to 0).
		        console.error('hot-shots could not clear out messages in flight but closing anyways');
		        drainClients.forEach(client => {
		          client.messagesInFlight = 0;
		          const resolve = client.drainResolve;
		          client.drainResolve = null;
		          client.drainPromise = null;
		          if (resolve) {
		            resolve();
		          }
		        });
		      }
		      // Use setImmediate to ensure _close is never called synchronously from within
		      // a native socket send callback (e.g. unix-dgram crashes if close() is called
		      // from inside a send completion callback on the same tick).
		      setImmediate(() => { this._close(callback); });
		    };

		    // Wait for drain with re-check after each cycle. If a send completes and its
		    // user callback synchronously issues a new send, messagesInFlight goes 0→1 again
		    // and a fresh drainPromise is allocated. Without the re-check loop we'd snapshot
		    // the original drain promise, see it resolve, then force-close the new in-flight
		    // message. This matches the prior polling implementation's "wait until messagesInFlight
		    // actually stays at zero" semantics, capped by the same overall timeout budget.
		    const waitForDrain = () => {
		      const remaining = drainTimeoutMs - (Date.now() - closeStart);
		      if (remaining <= 0) {
		        finish();
		        return;
		      }

		      if (totalInFlight() === 0) {
		        // Provisional drain. Reaching zero synchronously is not enough — a user callback
		        // might have queued a follow-up send via process.nextTick / Promise.then /
		        // setImmediate / setTimeout that has not run yet. Wait one closingFlushInterval
		        // tick to match the prior polling implementation's tolerance for delayed
		        // follow-ups (which observed the counter every closingFlushInterval ms). Using
		        // a real setTimeout — not setImmediate — covers the timer phase too. Cap the
		        // wait at the remaining budget so we never exceed the overall close timeout.
		        // If a queued send fires during this window, messagesInFlight will be > 0 and
		        // we loop.
		        const provisionalWait = Math.min(this.closingFlushInterval, remaining);
		        setTimeout(() => {
		          if (totalInFlight() === 0) {
		            finish();
		          } else {
		            waitForDrain();
		          }
		        }, provisionalWait);
		        return;
		      }

		      // Note: deliberately do NOT unref the timer. close() may be the last referenced
		      // work in the process (UDP/TCP transports unref their own sockets), and an unref'd
		      // timer would let Node exit before the timeout fires — the force-close path and
		      // the caller's close callback would never run.
		      let timer = null;
		      const timeoutPromise = new Promise(resolve => {
		        timer = setTimeout(resolve, remaining);
		      });

		      // Defensive: if no client has a drainPromise while messages are in flight
		      // (possible if a caller mutates messagesInFlight directly without going through
		      // sendMessage — see close.js: the existing 'force close after 10 attempts' test
		      // does exactly this), fall back to waiting on the timeout alone. We must NOT pass
		      // `null` to Promise.race — non-thenables are treated as already-resolved and would
		      // skip the wait entirely.
		      const racers = [timeoutPromise];
		      drainClients.forEach(client => {
		        if (client.drainPromise) {
		          racers.push(client.drainPromise);
		        }
		      });

		      Promise.race(racers).then(() => {
		        if (timer) {
		          clearTimeout(timer);
		        }
		        // Re-check: a new send may have started during this wait cycle.
		        waitForDrain();
		      });
		    };

		    waitForDrain();
		  });
		};

		/**
		 * Really close the socket and handle any errors related to it
		 */
		Client.prototype._close = function (callback) {
		  // If there was an error creating it, nothing to do here
		  if (! this.socket) {
		    if (callback) {
		      callback();
		    }
		    return;
		  }

		  // error function to use in callback and catch below
		  let handledError = false;

		  // Called explicitly from the synchronous catch path. The catch path is NOT a socket
		  // 'error' emit, so existing socket listeners (e.g. parent's errorHandler on a shared
		  // socket) do NOT fire. Always try every fallback here.
		  const handleErr = (err) => {
		    const errMessage = `Error closing hot-shots socket: ${err}`;
		    if (handledError) {
		      console.error(errMessage);
		      return;
		    }
		    // The combination of catch and error can lead to some errors showing up twice.
		    // So we just show one of the errors that occur on close.
		    handledError = true;
		    if (callback) {
		      callback(new Error(errMessage));
		    } else if (this.errorHandler) {
		      try {
		        this.errorHandler(new Error(errMessage));
		      } catch (handlerErr) {
		        // Preserve the original close error so the root cause is not masked by a buggy handler.
		        console.error('hot-shots: errorHandler threw inside close handleErr; ' +
		          `original error: ${errMessage}; handler error: ${handlerErr && handlerErr.message}`);
		      }
		    } else {
		      console.error(errMessage);
		    }
		  };

		  // Attached as a socket 'error' listener. Differs from handleErr in one place: when
		  // this.errorHandler is the SAME function CURRENTLY attached as a socket listener
		  // (typical for child clients that inherit the parent's handler), the socket emit
		  // will already invoke it, so we must NOT call it again here. We track this with a
		  // local flag — NOT the construction-time this._errorHandlerInitiallyOnSocket —
		  // because non-child clients remove their errorHandler from the socket below,
		  // which makes the construction-time flag stale during close.
		  let errorHandlerOnSocketDuringClose = this._errorHandlerInitiallyOnSocket;
		  const handleSocketErr = (err) => {
		    const errMessage = `Error closing hot-shots socket: ${err}`;
		    if (handledError) {
		      console.error(errMessage);
		      return;
		    }
		    handledError = true;
		    if (callback) {
		      callback(new Error(errMessage));
		    } else if (this.errorHandler && !errorHandlerOnSocketDuringClose) {
		      try {
		        this.errorHandler(new Error(errMessage));
		      } catch (handlerErr) {
		        // Preserve the original close error so the root cause is not masked by a buggy handler.
		        console.error('hot-shots: errorHandler threw inside close handleSocketErr; ' +
		          `original error: ${errMessage}; handler error: ${handlerErr && handlerErr.message}`);
		      }
		    } else if (!this.errorHandler) {
		      console.error(errMessage);
		    }
		    // else: errorHandler is on the socket; the emit already routed to it.
		  };

		  // Capability-checked listener helpers. Incomplete socket mocks in tests may not
		  // implement on/removeListener — guard every call so an attempted cleanup never
		  // becomes a separate TypeError that masks the real close failure.
		  const safeOn = (event, fn) => {
		    if (typeof this.socket.on === 'function') {
		      this.socket.on(event, fn);
		    }
		  };
		  const safeRemoveListener = (event, fn) => {
		    if (typeof this.socket.removeListener === 'function') {
		      this.socket.removeListener(event, fn);
		    }
		  };

		  // For non-child clients we removed the user's errorHandler from the socket while
		  // close runs (handleErr replaces it for the close-related events). Children share
		  // the parent's socket and never attached their own errorHandler to it, so they
		  // must NOT touch the parent's listeners — otherwise a child's close() can strip
		  // the parent's error routing permanently.
		  if (this.errorHandler && this.socket && !this.isChild) {
		    // Only flip the flag if removeListener actually existed and ran. If the socket
		    // is an incomplete mock without removeListener, safeRemoveListener is a no-op
		    // and the original handler is still attached — leaving the flag at its initial
		    // value preserves the double-delivery suppression in handleSocketErr.
		    if (typeof this.socket.removeListener === 'function') {
		      this.socket.removeListener('error', this.errorHandler);
		      errorHandlerOnSocketDuringClose = false;
		    }
		  }

		  // handle error and close events. Always attach a self-removing 'close' listener —
		  // even when no caller callback was supplied — so we can remove handleSocketErr after
		  // close completes. Without this cleanup, caller-owned streams (which outlive our
		  // client) would accumulate handleSocketErr listeners every time a client is created
		  // and closed against the same stream. (The transport interface does not expose
		  // `once`, so we emulate one-shot semantics by removing the listener inside its own
		  // handler.)
		  //
		  // handleSocketErr (not handleErr) is the listener: it knows when this.errorHandler
		  // is the same function already on the socket (inherited child case) and skips the
		  // redundant call. The async-emit path is critical for delivering errors to a
		  // close callback, so we always attach this listener — regardless of whether the
		  // errorHandler is inherited.
		  safeOn('error', handleSocketErr);
		  const onClose = (err) => {
		    safeRemoveListener('close', onClose);
		    safeRemoveListener('error', handleSocketErr);
		    if (callback && ! handledError) {
		      callback(err);
		    }
		  };
		  safeOn('close', onClose);

		  try {
		    this.socket.close();
		  } catch (err) {
		    // Synchronous failure — the 'close' event will not fire, so onClose will not run.
		    // Remove the temporary listeners we just attached so caller-owned streams don't
		    // accumulate them across repeated client lifecycles or close retries.
		    safeRemoveListener('close', onClose);
		    safeRemoveListener('error', handleSocketErr);
		    // The socket survived a failed close. Restore the user's errorHandler so future
		    // 'error' events on it still reach their original handler — without this, a stream
		    // that survives a synchronous close failure would lose its error routing entirely.
		    // Skip for child clients (we never removed the parent's handler above).
		    if (this.errorHandler && !this.isChild) {
		      safeOn('error', this.errorHandler);
		    }
		    handleErr(err);
		  }
		};

		const ChildClient = function (parent, options) {
		  options = options || {};
		  Client.call(this, {
		    isChild     : true,
		    socket      : parent.socket, // Child inherits socket from parent. Parent itself can be a child.
		    // All children and parent share the same buffer via sharing an object (cannot mutate strings)
		    bufferHolder: parent.bufferHolder,
		    dnsError    : parent.dnsError, // Child inherits an error from parent (if it is there)
		    errorHandler: options.errorHandler || parent.errorHandler, // Handler for callback errors
		    // Carry forward whether THIS client's errorHandler is the same function attached
		    // as the shared socket's 'error' listener. If we inherit (no options.errorHandler),
		    // we share the parent's value: same fn → same socket-listener status. If we
		    // override, the override is never on the socket → false. This propagates through
		    // grandchildren correctly: a grandchild inheriting from a child that overrode
		    // gets false (its handler is the child's override, not on the socket); a
		    // grandchild inheriting from an inheriting child gets the root's value.
		    _errorHandlerInitiallyOnSocket: options.errorHandler ?
		      false :
		      Boolean(parent._errorHandlerInitiallyOnSocket),
		    host        : parent.host,
		    port        : parent.port,
		    tagPrefix   : parent.tagPrefix,
		    tagSeparator : parent.tagSeparator,
		    prefix      : helpers.normalizePrefix(options.prefix) + parent.prefix, // Child has its prefix prepended to parent's prefix
		    suffix      : parent.suffix + helpers.normalizeSuffix(options.suffix), // Child has its suffix appended to parent's suffix
		    globalize   : false, // Only 'root' client can be global
		    mock        : parent.mock,
		    // Append child's tags to parent's tags
		    globalTags  : typeof options.globalTags === 'object' ?
		        helpers.overrideTags(parent.globalTags, options.globalTags, parent.telegraf) : parent.globalTags,
		    includeDataDogTags: parent.includeDataDogTags,
		    maxBufferSize : parent.maxBufferSize,
		    bufferFlushInterval: parent.bufferFlushInterval,
		    telegraf    : parent.telegraf,
		    protocol    : parent.protocol,
		    closingFlushInterval : parent.closingFlushInterval,
		    // Child inherits telemetry from parent (for metric tracking)
		    telemetry   : parent.telemetry,
		    // Child shares the parent's aggregator instance
		    aggregator  : parent.aggregator,
		    datadog        : parent.datadog,
		    originDetection: parent.originDetection,
		    containerID    : parent.containerID,
		    externalData   : parent.externalData,
		    cardinality    : options.cardinality ?
		        helpers.validateCardinality(options.cardinality) :
		        parent.cardinality,
		  });
		};
		util.inherits(ChildClient, Client);

		/**
		 * Creates a child client that adds prefix, suffix and/or tags to this client. Child client can itself have children.
		 * @param options
		 *   @option prefix      {String}  An optional prefix to assign to each stat name sent
		 *   @option suffix      {String}  An optional suffix to assign to each stat name sent
		 *   @option globalTags {Array=} Optional tags that will be added to every metric
		 */
		Client.prototype.childClient = function (options) {
		  return new ChildClient(this, options);
		};

		exports = module.exports = Client;
		exports.StatsD = Client;

		/**
		 * Flushes a client's aggregator (if any), isolating a synchronous throw so it
		 * cannot escape close()/flush()/the interval and orphan a callback or drop the
		 * remaining aggregated metrics. Errors route through errorHandler else console.error.
		 * @param client The client whose aggregator should be flushed.
		 * @param context {String} A label for the call site, used in error messages.
		 */
		function safeAggregatorFlush(client, context) {
		  if (!client.aggregator) {
		    return;
		  }
		  try {
		    client.aggregator.flush();
		  } catch (err) {
		    if (client.errorHandler) {
		      try {
		        client.errorHandler(err);
		      } catch (handlerErr) {
		        console.error(`hot-shots: errorHandler threw inside ${context}; ` +
		          `original error: ${err && err.message}; handler error: ${handlerErr && handlerErr.message}`);
		      }
		    } else {
		      console.error(`hot-shots: ${context} threw: ${err && err.message}`);
		    }
		  }
		}

		/**
		 * Validates an interval option: rejects non-finite, non-positive, or values above
		 * setTimeout's signed-32-bit max (Node clamps oversized delays to 1ms, creating a
		 * hot loop). Returns the value when valid, otherwise undefined (so a downstream
		 * `|| <default>` applies).
		 * @param value The option value to validate.
		 * @param name {String} The option name, used in the warning.
		 * @returns {Number|undefined} The valid value, or undefined.
		 */
		function validateInterval(value, name) {
		  if (value === undefined || value === null) {
		    return undefined;
		  }
		  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 2147483647) {
		    console.error(`hot-shots: '${name}' should be a finite positive number <= 2147483647, ` +
		      `got ${value} — using default`);
		    return undefined;
		  }
		  return value;
		}

		/**
		 * Collects the clients whose in-flight sends a drain must wait for: this client
		 * plus any client with an in-flight aggregator-routed send. De-duplicated.
		 * @param client The closing/flushing client.
		 * @returns {Array} The clients to drain.
		 */
		function collectDrainClients(client) {
		  const clients = [client];
		  if (client.aggregator) {
		    client.aggregator.activeClients.forEach(active => {
		      if (clients.indexOf(active) === -1) {
		        clients.push(active);
		      }
		    });
		  }
		  return clients;
		}

		/**
		 * Detect and handle an error connecting to a TCP/UDS socket. This will
		 * attempt to create a new socket and replace and close the client's current
		 * socket, registering a **new** `protocolErrorHandler()` on the newly created socket.
		 * If a new socket can't be created (e.g. if no TCP/UDS currently exists at
		 * `client.path`) then this will leave the existing socket intact.
		 *
		 * Note that this will no-op with an early exit if the last socket create time
		 * was too recent (within the TCP/UDS graceful restart rate limit).
		 * @param client Client The statsd Client that may be getting a TCP/UDS error handler.
		 * @param protocol Client configured protocol
		 * @param err The error that we will handle if a TCP/UDS connection error is detected.
		 */
		function protocolErrorHandler(client, protocol, err) {
		  if (!err || !client.socket || !client.socket.createdAt) {
		    return;
		  }

		  // recreate the socket, but only once within `tcpGracefulRestartRateLimit`/`udsGracefulRestartRateLimit`.

		  if (protocol === PROTOCOL.TCP && (!TCP_ERROR_CODES.includes(err.code) || Date.now() - client.socket.createdAt < client.tcpGracefulRestartRateLimit)) {
		    return;
		  } else if (protocol === PROTOCOL.UDS && (!UDS_ERROR_CODES.includes(err.code) || Date.now() - client.socket.createdAt < client.udsGracefulRestartRateLimit)) {
		    return;
		  }

		  if (client.errorHandler && client.socket) {
		    client.socket.removeListener('error', client.errorHandler);
		  }

		  const newSocket = createTransport(client, {
		    host: client.host,
		    path: client.path,
		    udsRetryOptions: client.udsRetryOptions,
		    port: client.port,
		    protocol: client.protocol,
		  });
		  if (newSocket) {
		    client.socket.close();
		    client.socket = newSocket;
		    maybeAddProtocolErrorHandler(client, protocol);
		  } else {
		    const errorMessage = `Could not replace ${protocol} connection with new socket`;
		    if (client.errorHandler) {
		      client.errorHandler(new Error(errorMessage));
		    } else {
		      console.error(errorMessage);
		    }
		    return;
		  }

		  if (client.errorHandler) {
		    client.socket.on('error', client.errorHandler);
		  } else {
		    client.socket.on('error', (error) => console.error(`hot-shots ${protocol} error: ${error}`));
		  }
		}

		/**
		 * Add a TCP/UDS socket error handler to the client's socket, if the
		 * client is not a "child" client and has graceful error handling enabled for
		 * TCP/UDS.
		 * @param client Client The statsd Client that may be getting a TCP/UDS error handler.
		 * @param protocol Client configured protocol
		 */
		 function maybeAddProtocolErrorHandler(client, protocol) {
		  if (client.isChild) {
		    return;
		  }

		  if ((protocol === PROTOCOL.TCP && !client.tcpGracefulErrorHandling) || (protocol === PROTOCOL.UDS && !client.udsGracefulErrorHandling)) {
		    return;
		  }

		  if (protocol === PROTOCOL.TCP || protocol === PROTOCOL.UDS) {
		    client.socket.on('error', (err) => {
		      protocolErrorHandler(client, protocol, err);
		    });
		  }
		}

		/**
		 * Set up DataDog global tags from DD_* environment variables. When
		 * `includeDataDogTags` is enabled, DD_ENTITY_ID/DD_ENV/DD_SERVICE/DD_VERSION are
		 * mapped to their tag names and merged into the client's global tags, replacing
		 * any matching tag already present.
		 * @param client Client The statsd Client being configured.
		 * @param options The resolved constructor options.
		 */
		function setupDatadogGlobalTags(client, options) {
		  client.includeDataDogTags = options.includeDataDogTags !== false;
		  if (!client.includeDataDogTags) {
		    return;
		  }
		  // DD_TAGS / DATADOG_TAGS: comma- or whitespace-delimited tags applied as global
		  // tags. A value containing a comma is split on commas; otherwise whitespace is the
		  // separator, matching dd-trace-js and the Datadog Agent. Processed
		  // before the DD_* mapping below so DD_ENV/DD_SERVICE/DD_VERSION win on conflict.
		  // Skipped for child clients only: they already inherit DD_TAGS through the
		  // parent's resolved globalTags, and re-applying would put the env tags on the
		  // winning side of the child's own globalTags merge and clobber a child's
		  // explicit override of an arbitrary user key. The DD_* mapping below still
		  // re-applies for children so DD_ENV/DD_SERVICE/DD_VERSION/DD_ENTITY_ID keep
		  // their documented precedence over a child's globalTags.
		  if (!options.isChild) {
		    const envTagsRaw = process.env.DD_TAGS || process.env.DATADOG_TAGS;
		    if (envTagsRaw) {
		      const envTagsString = String(envTagsRaw);
		      const separator = envTagsString.includes(',') ? ',' : /\s+/;
		      const envTags = envTagsString.split(separator).map(tag => tag.trim()).filter(tag => tag !== '');
		      if (envTags.length > 0) {
		        client.globalTags = helpers.overrideTags(client.globalTags, envTags, options.telegraf);
		      }
		    }
		  }
		  const availableDDEnvs = Object.keys(DD_ENV_GLOBAL_TAGS_MAPPING).filter(key => process.env[key]);
		  if (availableDDEnvs.length > 0) {
		    client.globalTags = client.globalTags.
		      filter((item) => !availableDDEnvs.some(env => item.startsWith(`${DD_ENV_GLOBAL_TAGS_MAPPING[env]}:`))).
		      concat(availableDDEnvs.map(env => `${DD_ENV_GLOBAL_TAGS_MAPPING[env]}:${helpers.sanitizeTags(process.env[env])}`));
		  }
		}

		/**
		 * Resolve DataDog mode along with the related origin-detection, external-data,
		 * and cardinality settings, assigning them onto the client. Child clients
		 * inherit the parent's resolved values. For top-level clients an explicit
		 * `datadog` true/false wins; otherwise it is auto-detected from DD_* signals.
		 * Telegraf and datadog are mutually exclusive, with telegraf taking precedence.
		 * @param client Client The statsd Client being configured.
		 * @param options The resolved constructor options.
		 */
		function setupDatadogMode(client, options) {
		  if (options.isChild) {
		    client.datadog = options.datadog === true;
		    client.originDetection = options.originDetection === true;
		    client.containerID = options.containerID;
		    client.externalData = options.externalData;
		    client.cardinality = options.cardinality;
		    return;
		  }

		  if (options.datadog === true && client.telegraf) {
		    console.error('hot-shots: datadog and telegraf options are mutually exclusive; ' +
		      'telegraf takes precedence and datadog features are disabled');
		    client.datadog = false;
		  } else if (typeof options.datadog === 'boolean') {
		    client.datadog = options.datadog;
		  } else {
		    client.datadog = helpers.detectDatadogMode(client.telegraf);
		  }

		  client.originDetection = false;
		  client.containerID = undefined;
		  client.externalData = undefined;
		  client.cardinality = undefined;

		  if (client.datadog) {
		    client.originDetection = options.originDetection !== false &&
		      !helpers.isFalseyEnvValue(process.env.DD_ORIGIN_DETECTION_ENABLED);
		    if (options.containerID) {
		      client.containerID = options.containerID;
		    } else if (client.originDetection) {
		      client.containerID = originDetection.getContainerID();
		    }
		    client.externalData = helpers.sanitizeExternalData(process.env.DD_EXTERNAL_ENV);
		    client.cardinality = helpers.validateCardinality(
		      options.cardinality || process.env.DD_CARDINALITY || process.env.DATADOG_CARDINALITY);
		  }
		}

		/**
		 * Resolve and initialize DataDog client telemetry. Telemetry defaults on
		 * whenever datadog mode is active — which only happens via an explicit
		 * `datadog: true` or a DD_* env var, never from the `uds` protocol alone. An
		 * explicit `includeDatadogTelemetry` always wins. Telemetry is always disabled
		 * for telegraf, mock, and child clients; child clients instead share the
		 * parent's telemetry instance.
		 * @param client Client The statsd Client being configured.
		 * @param options The resolved constructor options.
		 */
		function setupDatadogTelemetry(client, options) {
		  const telemetryDefault = client.datadog === true;
		  const telemetryRequested = options.includeDatadogTelemetry === undefined ?
		    telemetryDefault :
		    options.includeDatadogTelemetry === true;
		  client.includeDatadogTelemetry = telemetryRequested &&
		    !options.telegraf &&
		    !options.mock &&
		    !options.isChild;

		  if (client.includeDatadogTelemetry) {
		    client.telemetryFlushInterval = options.telemetryFlushInterval || Telemetry.DEFAULT_TELEMETRY_FLUSH_INTERVAL;
		    client.telemetry = new Telemetry({
		      protocol: client.protocol,
		      flushInterval: client.telemetryFlushInterval,
		      tagPrefix: client.tagPrefix,
		      tagSeparator: client.tagSeparator,
		      errorHandler: client.errorHandler
		    });
		  } else if (options.isChild && options.telemetry) {
		    // Child clients share parent's telemetry instance
		    client.telemetry = options.telemetry;
		  } else {
		    client.telemetry = null;
		  }
		}

		/**
		 * Set up optional client-side aggregation of counts, gauges and sets. Opt-in
		 * via the `aggregation` option (`true` or `{ flushInterval }`). Child clients
		 * share the parent's aggregator instance; only the parent runs the flush
		 * interval.
		 * @param client Client The statsd Client being configured.
		 * @param options The resolved constructor options.
		 */
		function setupAggregation(client, options) {
		  if (options.isChild) {
		    client.aggregator = options.aggregator || null;
		    return;
		  }
		  if (!options.aggregation) {
		    client.aggregator = null;
		    return;
		  }
		  const aggregationOptions = typeof options.aggregation === 'object' ? options.aggregation : {};
		  const flushInterval = validateInterval(aggregationOptions.flushInterval, 'aggregation.flushInterval');
		  let maxContexts = aggregationOptions.maxContexts;
		  if (maxContexts !== undefined && maxContexts !== null) {
		    if (typeof maxContexts !== 'number' || !Number.isInteger(maxContexts) || maxContexts < 1) {
		      console.error('hot-shots: aggregation maxContexts should be a positive integer, ' +
		        `got ${maxContexts} — using default`);
		      maxContexts = undefined;
		    }
		  }
		  client.aggregator = new Aggregator({ flushInterval: flushInterval, maxContexts: maxContexts });
		  client.aggregationIntervalHandle = setInterval(() => {
		    safeAggregatorFlush(client, 'aggregation flush interval');
		  }, client.aggregator.flushInterval);
		  // do not block node from shutting down
		  client.aggregationIntervalHandle.unref();
		}

		/**
		 * Start DataDog client telemetry, if enabled. Must be called after the client's
		 * socket exists, since telemetry sends through `sendMessage`. Only top-level
		 * clients with telemetry enabled start the telemetry flush loop.
		 * @param client Client The statsd Client whose telemetry should start.
		 */
		function startDatadogTelemetry(client) {
		  if (!client.includeDatadogTelemetry || !client.telemetry) {
		    return;
		  }
		  // Set the send function for telemetry to use. We use sendMessage directly to
		  // bypass metric tracking (avoid an infinite loop).
		  client.telemetry.setSendFunction((message, callback) => {
		    client.sendMessage(message, callback, true); // true = isTelemetry
		  });
		  client.telemetry.start();
		}

		/**
		 * Try to replace a client's socket with a new transport. If `createTransport()`
		 * returns `null` this will still set the client's socket to `null`. This also
		 * updates the socket creation time for UDS error handling.
		 * @param client Client The statsd Client that will be getting a new socket
		 */
		function trySetNewSocket(client) {
		  client.socket = createTransport(client, {
		    host: client.host,
		    cacheDns: client.cacheDns,
		    cacheDnsTtl: client.cacheDnsTtl,
		    path: client.path,
		    udsRetryOptions: client.udsRetryOptions,
		    port: client.port,
		    protocol: client.protocol,
		    stream: client.stream,
		    udpSocketOptions: client.udpSocketOptions,
		    mock: client.mock,
		  });
		} 
	} (statsd, statsd.exports));
	return statsd.exports;
}

var hotShots$1;
var hasRequiredHotShots;

function requireHotShots () {
	if (hasRequiredHotShots) return hotShots$1;
	hasRequiredHotShots = 1;
	hotShots$1 = requireStatsd();
	return hotShots$1;
}

var hotShotsExports = requireHotShots();
var hotShots = /*@__PURE__*/getDefaultExportFromCjs(hotShotsExports);

hotShots.StatsD;

var helpersExports = requireHelpers();

/**
 * UDP confirms nothing: a burst larger than the receiver's socket buffer is dropped by the kernel, silently
 * for the sender. The pacer bounds what is handed to the socket to `bytesPerMs` per millisecond on
 * average, with at most `burst` bytes at once, so a reader that keeps up on average loses nothing and one
 * that stalls for a few milliseconds is covered by its buffer.
 */
class Pacer {
    bytesPerMs;
    burst;
    tokens;
    last = performance.now();
    /** Milliseconds spent waiting, for the report. */
    waitedMs = 0;
    /** `bytesPerMs` 0: unpaced. */
    constructor(bytesPerMs, burst) {
        this.bytesPerMs = bytesPerMs;
        this.burst = burst;
        this.tokens = burst;
    }
    /** Null when `bytes` may go now (no promise per line on the fast path), else when they may. */
    take(bytes) {
        if (this.bytesPerMs <= 0)
            return null;
        const need = Math.min(bytes, this.burst);
        this.refill();
        if (this.tokens >= need) {
            this.tokens -= need;
            return null;
        }
        return this.wait(need);
    }
    async wait(need) {
        const start = performance.now();
        while (this.tokens < need) {
            await setTimeout$1(Math.max(1, Math.ceil((need - this.tokens) / this.bytesPerMs)));
            this.refill();
        }
        this.tokens -= need;
        this.waitedMs += performance.now() - start;
    }
    refill() {
        const now = performance.now();
        // Capped at the burst: time spent late in a timer is not made up by a larger burst afterwards.
        this.tokens = Math.min(this.burst, this.tokens + (now - this.last) * this.bytesPerMs);
        this.last = now;
    }
}

/**
 * A connected UDP socket as the Writable hot-shots' `stream` protocol writes to: each write is one datagram
 * (hot-shots' batch of lines; its trailing newline dropped). Connected, so that a port nobody listens on
 * is seen: the kernel turns the ICMP "port unreachable" it gets back into ECONNREFUSED on the socket,
 * which an unconnected socket never reports. The first refusal ends the writer; what it was is kept.
 */
class ConnectedUdpWriter extends Writable {
    socket;
    target;
    /** Why the writer ended early (a refusal, a send error), or null. */
    failure = null;
    constructor(socket, target) {
        super({ decodeStrings: true });
        this.socket = socket;
        this.target = target;
        socket.on('error', (err) => this.fail(err));
    }
    _write(chunk, _encoding, done) {
        const datagram = chunk.at(-1) === 0x0a ? chunk.subarray(0, -1) : chunk;
        this.socket.send(datagram, (err) => {
            if (err)
                this.fail(err);
            done(err ?? null);
        });
    }
    fail(err) {
        this.failure ??=
            err.code === 'ECONNREFUSED'
                ? `${this.target} refused datagrams (ICMP port unreachable): nothing listens on that UDP port`
                : `UDP ${this.target}: ${err.code ?? err.message}`;
        this.destroy();
    }
    _destroy(err, done) {
        try {
            this.socket.close();
        }
        catch {
            // already closed
        }
        done(err);
    }
}
/** A UDP socket connected to `address:port` (an IP address: the lookup is the caller's). */
function openConnectedUdp(address, port) {
    const target = `${address}:${port}`;
    return new Promise((resolve) => {
        const socket = createSocket(isIPv6(address) ? 'udp6' : 'udp4');
        const onError = (err) => {
            try {
                socket.close();
            }
            catch {
                // never bound
            }
            resolve({ error: `cannot open UDP ${target}: ${err.code ?? err.message}` });
        };
        socket.once('error', onError);
        socket.connect(port, address, () => {
            socket.removeListener('error', onError);
            resolve(new ConnectedUdpWriter(socket, target));
        });
    });
}

/** A full receive queue: unix-dgram reports it as `congestion` and emits `writable` once there is room. */
const CONGESTION_RETRIES = 20;
const CONGESTION_WAIT_MS = 50;
class UnixDatagramWriter extends Writable {
    socket;
    /** Why the writer ended early, or null. */
    failure = null;
    constructor(socket) {
        super({ decodeStrings: true });
        this.socket = socket;
        socket.on('error', (err) => {
            this.failure ??= `Unix socket: ${errnoText(err)}`;
            this.destroy(err);
        });
    }
    _write(chunk, _encoding, done) {
        const datagram = chunk.at(-1) === 0x0a ? chunk.subarray(0, -1) : chunk;
        this.send(datagram, done, 0);
    }
    send(datagram, done, attempt) {
        this.socket.send(datagram, (err) => {
            if (err && err.code === 1 && attempt < CONGESTION_RETRIES) {
                // Wait for room (or a while), then try the same datagram again.
                const retry = () => {
                    clearTimeout(timer);
                    this.socket.removeListener('writable', retry);
                    this.send(datagram, done, attempt + 1);
                };
                const timer = setTimeout(retry, CONGESTION_WAIT_MS);
                this.socket.once('writable', retry);
                return;
            }
            if (err)
                this.failure ??= `Unix socket: ${errnoText(err)}`;
            done(err ?? null);
        });
    }
    _destroy(err, done) {
        try {
            this.socket.close();
        }
        catch {
            // already closed
        }
        done(err);
    }
}
/** unix-dgram reports `connect -2`: the errno's name instead (ENOENT, ECONNREFUSED, EACCES). */
function errnoText(err) {
    const code = typeof err.code === 'number' ? -err.code : Number.NaN;
    const name = Object.entries(constants$1.errno).find(([, n]) => n === code)?.[0];
    return name ?? err.message;
}
/** A connected writer to the socket at `path`, or why there is none. */
function openUnixDatagram(path) {
    let unixDgram;
    try {
        unixDgram = createRequire(import.meta.url)('unix-dgram');
    }
    catch {
        return {
            error: 'statsd-protocol uds needs the optional native package unix-dgram, which is not installed here (npm install unix-dgram); use udp or tcp',
        };
    }
    const socket = unixDgram.createSocket('unix_dgram');
    let failed = null;
    const onError = (err) => {
        failed = errnoText(err);
    };
    socket.on('error', onError);
    socket.connect(path);
    socket.removeListener('error', onError);
    if (failed !== null) {
        try {
            socket.close();
        }
        catch {
            // nothing to close
        }
        return { error: `cannot connect to the Unix socket ${path}: ${failed}` };
    }
    return new UnixDatagramWriter(socket);
}

/**
 * The socket the StatsD lines go out on, as the Writable hot-shots' `stream` protocol writes to:
 * - `tcp`: a connected TCP socket; each write is a batch of lines ending in a newline;
 * - `udp`: a connected datagram socket (udp-connected.ts), so a port nobody listens on is reported;
 * - `uds`: a Unix datagram socket (unix-datagram.ts);
 * - `auto` (the default): TCP where the target accepts a connection on the port — statsd_exporter listens
 *   on TCP on its UDP port, and a connection's flow control loses nothing however busy the receiver is —
 *   else UDP. The datadog flavor's DogStatsD has no TCP listener, so `auto` is UDP there.
 * Owning the socket, not hot-shots, lets the sink see what each write did (send.ts counts it).
 */
/**
 * How long `auto` waits for a TCP connection before it takes UDP: a loopback or cluster peer answers
 * (accepts or refuses) in well under this; a host that drops the connection attempt silently would
 * otherwise hold the whole sink budget.
 */
const AUTO_TCP_MS = 2000;
/** Open the transport to `address` (an IP address, or with `uds` a path) by `deadline` (epoch ms). */
async function openStatsdTransport(address, port, protocol, flavor, deadline) {
    if (protocol === 'uds') {
        const writer = openUnixDatagram(address);
        return 'error' in writer ? writer : { stream: writer, protocol };
    }
    if (protocol === 'tcp') {
        const socket = await connectTcp(address, port, deadline);
        return 'error' in socket ? socket : { stream: socket, protocol };
    }
    if (protocol === 'auto' && flavor === 'plain') {
        const socket = await connectTcp(address, port, Math.min(deadline, Date.now() + AUTO_TCP_MS));
        if (!('error' in socket))
            return { stream: socket, protocol: 'tcp' };
    }
    const writer = await openConnectedUdp(address, port);
    return 'error' in writer ? writer : { stream: writer, protocol: 'udp' };
}
/** Why a writer ended early, where it keeps that (the datagram writers' `failure`), else null. */
function transportFailure(stream) {
    return stream.failure ?? null;
}
/** A TCP connection to `address:port`, or why there is none by `deadline`. */
function connectTcp(address, port, deadline) {
    return new Promise((resolve) => {
        const ms = Math.max(0, deadline - Date.now());
        const socket = connect({ host: address, port });
        const timer = setTimeout(() => {
            socket.destroy();
            resolve({ error: `no TCP connection to ${address}:${port} within ${Math.round(ms / 100) / 10} s` });
        }, ms);
        const onError = (err) => {
            clearTimeout(timer);
            socket.destroy();
            resolve({ error: `cannot connect to ${address}:${port} over TCP: ${err.code ?? err.message}` });
        };
        socket.once('error', onError);
        socket.once('connect', () => {
            clearTimeout(timer);
            socket.removeListener('error', onError);
            resolve(socket);
        });
    });
}

// hot-shots is CommonJS (`module.exports = Client`); type checkers disagree on what its default import is.
const StatsD = hotShots;
async function sendStatsd(metrics, target) {
    const asked = target.protocol ?? 'udp';
    const report = {
        target: asked === 'uds' ? target.host : `${target.host}:${target.port}`,
        protocol: asked === 'auto' ? 'udp' : asked,
        delivery: 'none',
        dryRun: target.dryRun,
        lines: 0,
        linesHanded: 0,
        oversized: [],
        datagrams: 0,
        bytes: 0,
        pacedBytesPerMs: 0,
        sendMs: 0,
        errors: [],
        printed: [],
    };
    const opened = target.dryRun ? null : await openTransport(target, asked, report);
    if (!target.dryRun && !opened) {
        report.delivery = 'failed';
        return report;
    }
    const protocol = report.protocol;
    const paced = protocol !== 'tcp' && !target.dryRun ? Math.max(0, target.maxBytesPerMs ?? 0) : 0;
    report.pacedBytesPerMs = paced;
    const datadog = target.flavor === 'datadog';
    // Unix datagrams are at most 8 KiB for the Agent (hot-shots' own cap for uds).
    const maxBufferSize = protocol === 'uds' ? Math.min(target.maxBufferSize, 8192) : target.maxBufferSize;
    const client = new StatsD({
        ...(opened ? { protocol: 'stream', stream: opened } : {}),
        port: target.port,
        maxBufferSize,
        // Explicit either way: any DD_* variable would otherwise switch Datadog extensions and tags on.
        datadog,
        includeDataDogTags: false,
        globalTags: envTags(target.env ?? process.env, target.envTags ?? defaultEnvTagLevel(target.flavor)),
        includeDatadogTelemetry: false,
        originDetection: false,
        mock: target.dryRun,
        // close() polls for sends in flight and then waits one more tick; 2 ms ticks instead of 50 ms keep a
        // short CLI run short. The sink drains every send itself before it closes (drain below).
        closingFlushInterval: 2,
        errorHandler: (err) => {
            // A writer that ended early fails every write after it; why it ended is reported once, below.
            if (err.code === 'ERR_STREAM_DESTROYED' || (opened && transportFailure(opened)))
                return;
            // One refused connection fails every write after it: each distinct message once, five at most.
            const text = err.message.replace(/^Error sending hot-shots message: (Error(\s\[\w+\])?: )?/, '');
            if (report.errors.length < 5 && !report.errors.includes(text))
                report.errors.push(text);
        },
    });
    if (!target.dryRun)
        countDatagrams(client, report);
    const started = performance.now();
    const bound = maxBufferSize > 0 ? maxBufferSize : MAX_UDP_PAYLOAD;
    // A burst of at most 8 ms of the rate (and at least one datagram): a timer that fires a little late
    // costs no throughput, and one that fires much later does not turn into a larger burst.
    const pacer = new Pacer(paced, Math.max(8 * paced, bound));
    const task = target.dryRun
        ? undefined
        : target.progress?.task(`sending to StatsD ${report.target}`, metrics.length, 'lines');
    await sendLines(client, metrics, report, bound, pacer, target.budget, task);
    const closed = drainAndClose(client, report, protocol === 'udp' ? REFUSAL_WAIT_MS : 0);
    task?.end();
    if (!(await (target.budget ? withinBudget(target.budget, closed, false) : closed))) {
        // A peer that accepts and never reads holds the writes in flight, and they the process: the socket goes.
        destroyTransport(client);
        report.errors.push(`close did not finish within the ${target.budget.ms / 1000} s sink-timeout; lines still buffered were abandoned`);
    }
    report.sendMs = Math.round(performance.now() - started);
    if (target.dryRun)
        report.printed = [...(client.mockBuffer ?? [])];
    else
        settleDelivery(report, opened ? transportFailure(opened) : null);
    return report;
}
/** Delivery as it happened, and a warning (an error of the sink) for every line that was not handed over. */
function settleDelivery(report, failure) {
    const missing = report.lines - report.linesHanded;
    if (failure && report.errors.length < 5)
        report.errors.push(failure);
    if (failure && report.protocol === 'udp')
        report.delivery = 'failed';
    else if (report.lines > 0 && report.linesHanded === 0)
        report.delivery = 'failed';
    else if (missing > 0)
        report.delivery = 'partial';
    else
        report.delivery = report.protocol === 'udp' ? 'unconfirmed' : 'written';
    if (missing > 0)
        report.errors.push(`${missing} of ${report.lines} lines were not handed to the ${report.protocol} socket`);
    else if (failure && report.protocol === 'udp')
        report.errors.push(`the ${report.lines} lines handed to the socket may all be lost`);
}
/**
 * A refusal of the last datagrams comes back as an ICMP message after they are sent: the socket stays
 * open this long after the drain, so it is seen (the error is queued before a timer of this length fires).
 */
const REFUSAL_WAIT_MS = 20;
/** The socket for the protocol (report.protocol set to the one opened), or null with the reason in the report. */
async function openTransport(target, protocol, report) {
    // Resolve the host once: a DNS lookup per send could still be in flight when close() stops waiting.
    let address = target.host;
    if (protocol !== 'uds' && !isIP(target.host)) {
        const resolved = await resolveHost(target.host, target.budget);
        if ('error' in resolved) {
            report.errors.push(`cannot resolve ${target.host}: ${resolved.error}`);
            return null;
        }
        address = resolved.address;
    }
    const deadline = target.budget?.deadline ?? Date.now() + DEFAULT_LOOKUP_MS;
    const opened = await openStatsdTransport(address, target.port, protocol, target.flavor, deadline);
    if ('error' in opened) {
        report.errors.push(opened.error);
        return null;
    }
    report.protocol = opened.protocol;
    return opened.stream;
}
/**
 * Flush what is buffered, wait until every send has completed (a TCP write is handed to the kernel, a
 * datagram taken), then close. hot-shots' close() alone gives in-flight sends 11 short ticks.
 */
function drainAndClose(client, report, lingerMs) {
    return new Promise((resolve) => {
        client.flush(async () => {
            if (lingerMs > 0)
                await setTimeout$1(lingerMs);
            // A socket that an error already tore down (a refused TCP connection) never reports its close:
            // once everything has drained, the close is only teardown and is not waited for past CLOSE_WAIT_MS.
            const gaveUp = setTimeout(() => resolve(true), CLOSE_WAIT_MS);
            client.close((err) => {
                if (err && report.errors.length < 5)
                    report.errors.push(err.message);
                clearTimeout(gaveUp);
                resolve(true);
            });
        });
    });
}
/** Tear the connection down now: hot-shots' transport close() destroys a TCP socket (a datagram one closes). */
function destroyTransport(client) {
    const transport = client.socket;
    try {
        transport?.close();
    }
    catch {
        // already closed
    }
}
/** hot-shots' close: 11 ticks of closingFlushInterval for sends in flight, then the socket's own close. */
const CLOSE_WAIT_MS = 250;
/**
 * The host's address, looked up once, in a child process that is given up (killed) at the sink
 * deadline: an abandoned lookup in this process would hold it until the resolver gives up.
 */
async function resolveHost(host, budget) {
    const deadline = budget?.deadline ?? Date.now() + DEFAULT_LOOKUP_MS;
    const r = await lookupBy(host, deadline);
    if ('error' in r)
        return {
            error: r.error === 'no answer' && budget ? `no answer within the ${budget.ms / 1000} s sink-timeout` : r.error,
        };
    // The first answer, as dns.lookup gives it (hot-shots picks udp4 or udp6 from the address).
    return { address: r.addresses[0].address };
}
/** A lookup without a sink budget (a direct call) still ends. */
const DEFAULT_LOOKUP_MS = 30_000;
/** Hand every metric's line(s) to the client, which batches them into datagrams, as fast as the pacer allows. */
async function sendLines(client, metrics, report, maxBytes, pacer, budget, task) {
    // hot-shots' typed methods sample client-side (dropping values at random) when given a rate; our
    // window values are already the sample, so they go through its untyped send(message, tags), which
    // adds tags and batching and nothing else.
    const raw = client;
    const send = raw.send.bind(client);
    // For each line hot-shots merges the client's global tags with the line's (overrideTags), which for a
    // client without global tags comes to the line's tags through its own formatTags, joined after the
    // tag prefix. Metrics of one window or run share one tags object, so that is done here once per object
    // instead of once per line; a client with global tags (the datadog flavor's DD_* tags) still merges.
    const merge = raw.globalTags.length > 0;
    const tagging = new Map();
    for (const [i, m] of metrics.entries()) {
        task?.add(1);
        let tags = tagging.get(m.tags);
        if (tags === undefined) {
            const list = Object.entries(m.tags).map(([k, v]) => `${k}:${v}`);
            tags = merge ? list : list.length ? `|${raw.tagPrefix}${helpersExports.formatTags(list).join(raw.tagSeparator)}` : '';
            tagging.set(m.tags, tags);
        }
        const line = (message) => (typeof tags === 'string' ? send(message + tags) : send(message, tags));
        const tooLong = metricNameTooLong(m.name);
        if (tooLong !== null) {
            if (!report.oversized.includes(tooLong))
                report.oversized.push(tooLong);
            continue;
        }
        const value = formatValue(m);
        const bytes = lineBytes(value, tags);
        if (bytes > maxBytes) {
            refuseOversized(report, m.name, maxBytes);
            continue;
        }
        // A leading sign makes a gauge relative: reset to 0 so a negative value lands as itself.
        const reset = m.type === 'g' && m.value < 0;
        const wait = pacer.take(reset ? 2 * bytes + 2 : bytes + 1);
        if (wait) {
            // Paced sends count against the sinks' one budget like any other wait.
            if (budget && Date.now() >= budget.deadline) {
                report.errors.push(`the ${budget.ms / 1000} s sink-timeout ran out while sending; ${metrics.length - i} of ${metrics.length} metrics were not sent`);
                return;
            }
            await wait;
        }
        if (reset) {
            line(`${m.name}:0|g`);
            report.lines += 1;
        }
        line(value);
        report.lines += 1;
    }
}
/** The largest UDP payload over IPv4: the bound when lines are not batched (max-buffer-size 0). */
const MAX_UDP_PAYLOAD = 65_507;
/** Bytes of a line on the wire; with global tags to merge, the line's own tags counted as `|#k:v,…`. */
function lineBytes(message, tags) {
    const tagText = typeof tags === 'string' ? tags : tags.length ? `|#${tags.join(',')}` : '';
    return Buffer.byteLength(message) + Buffer.byteLength(tagText);
}
/** A line that alone would exceed a datagram cannot be sent whole: left out, named once per metric. */
function refuseOversized(report, name, maxBytes) {
    const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
    const text = `a line of ${shown} exceeds max-buffer-size (${maxBytes} bytes) and was not sent`;
    if (!report.oversized.includes(text))
        report.oversized.push(text);
}
/** hot-shots reports no datagram count; count what reaches its transport, and the lines it took. */
function countDatagrams(client, report) {
    const transport = client.socket;
    if (!transport)
        return;
    const send = transport.send.bind(transport);
    transport.send = (buf, cb) => {
        report.datagrams += 1;
        report.bytes += buf.length;
        send(buf, (err) => {
            if (!err)
                report.linesHanded += linesIn(buf);
            cb?.(err);
        });
    };
}
/** Lines in one of hot-shots' writes: lines joined by newlines (a trailing one ends the last, if there). */
function linesIn(buf) {
    return String(buf).replace(/\n$/, '').split('\n').length;
}

var send = /*#__PURE__*/Object.freeze({
  __proto__: null,
  sendStatsd: sendStatsd
});

export { send as a, defaultEnvTagLevel as d, sendStatsd as s };
