import { f as fingerprintKey, e as emptyHistory, p as parse, H as HISTORY_FORMAT, a as printParseErrorCode, b as appendRecords, s as serializeHistory, c as comparableRuns } from './main-Bn0cX3mq.js';
import { c as median, I as InputError, e as medianAbsoluteDeviation, f as probit, i as getDefaultExportFromCjs, j as cumulativeStdNormalProbability, m as metricKey, k as branchType, d as distExports } from './run-klFKWdTN.js';
import require$$0$1 from 'tty';
import require$$0 from 'util';
import fs__default from 'fs';
import require$$0$2 from 'net';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, readFile, open, rename, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname, basename } from 'node:path';
import 'node:zlib';
import 'process';
import 'buffer';
import 'node:stream';
import 'stream';
import 'os';
import 'assert';
import 'dgram';
import 'dns';

/**
 * Did the run get as far as runs usually do? Expected steps are the median last step of the complete
 * comparable runs; a run is complete when its file was not cut off and it reached `fraction` of them.
 */
function runCompleteness(summary, history, fraction) {
    const done = history.filter((r) => r.complete && Number.isFinite(r.steps)).map((r) => r.steps);
    const expectedSteps = done.length ? median(done) : null;
    const steps = Number.isFinite(summary.steps.last) ? summary.steps.last : 0;
    const reached = expectedSteps === null || steps >= expectedSteps * fraction;
    return { complete: reached && !summary.truncated && summary.steps.count > 0, reached, steps, expectedSteps, truncated: summary.truncated };
}

/**
 * Gate settings, from the `gate:` section of the YAML config (snake_case keys):
 *
 *   gate:
 *     alpha: 0.01            # false-alarm rate per run, over all gated metrics together
 *     min_runs: 5            # fewer comparable runs: report, don't fail (NaN/divergence still fail)
 *     shift_alpha: 0.001     # significance for finding an accepted level shift in the history
 *     outlier_mads: 5        # history runs this many robust SDs from their level are set aside
 *     prior_runs: 10         # weight (in pseudo-runs) of the typical run-to-run noise below
 *     prior_cv: { throughput: 0.01, loss: 0.003, memory: 0.001, other: 0.01 }
 *     noise_floor: 0.0005    # smallest run-to-run SD assumed, relative to the centre
 *     complete_fraction: 0.99  # a run reaching fewer steps than this share of the usual is incomplete
 *     fail_on_incomplete: true
 */
const DEFAULT_GATE_CONFIG = {
    alpha: 0.01,
    minRuns: 5,
    shiftAlpha: 0.001,
    outlierMads: 5,
    priorRuns: 10,
    priorCv: { throughput: 0.01, loss: 0.003, memory: 0.001, other: 0.01 },
    noiseFloor: 0.0005,
    completeFraction: 0.99,
    failOnIncomplete: true,
};
const NUMBERS = {
    alpha: ['alpha', 1e-6, 0.5],
    min_runs: ['minRuns', 2, 10_000],
    shift_alpha: ['shiftAlpha', 0, 1],
    outlier_mads: ['outlierMads', 1, 1000],
    prior_runs: ['priorRuns', 0, 10_000],
    noise_floor: ['noiseFloor', 0, 1],
    complete_fraction: ['completeFraction', 0, 1],
};
/** Read the config's `gate` section (already parsed); `source` names the config file in errors. */
function gateConfig(section, source = 'config') {
    const config = { ...DEFAULT_GATE_CONFIG, priorCv: { ...DEFAULT_GATE_CONFIG.priorCv } };
    if (section === undefined || section === null)
        return config;
    if (typeof section !== 'object' || Array.isArray(section))
        throw new InputError(source, null, 'gate must be a mapping of settings');
    for (const [key, value] of Object.entries(section)) {
        const spec = NUMBERS[key];
        if (spec) {
            const [field, lo, hi] = spec;
            const n = typeof value === 'number' ? value : NaN;
            if (!(n >= lo && n <= hi) || (key === 'min_runs' && !Number.isInteger(n))) {
                throw new InputError(source, null, `gate.${key} must be a number from ${lo} to ${hi}${key === 'min_runs' ? ' (whole)' : ''}`);
            }
            config[field] = n;
        }
        else if (key === 'fail_on_incomplete') {
            if (typeof value !== 'boolean')
                throw new InputError(source, null, 'gate.fail_on_incomplete must be true or false');
            config.failOnIncomplete = value;
        }
        else if (key === 'prior_cv') {
            if (typeof value !== 'object' || value === null)
                throw new InputError(source, null, 'gate.prior_cv must map throughput/loss/memory/other to numbers');
            for (const [k, v] of Object.entries(value)) {
                if (!(k in config.priorCv) || typeof v !== 'number' || !(v >= 0 && v < 1)) {
                    throw new InputError(source, null, `gate.prior_cv.${k}: expected throughput, loss, memory or other with a number in [0, 1)`);
                }
                config.priorCv[k] = v;
            }
        }
        else {
            throw new InputError(source, null, `unknown gate setting "${key}" (${[...Object.keys(NUMBERS), 'prior_cv', 'fail_on_incomplete'].join(', ')})`);
        }
    }
    return config;
}

/**
 * A sampled curve's value at a step, by linear interpolation between the two nearest samples:
 *   v(s) = v₀ + (v₁ − v₀)·(s − s₀)/(s₁ − s₀)
 * null outside the sampled range. Used to compare a run that stopped early with the history at the
 * same step rather than at the history's end.
 */
function valueAtStep(samples, step) {
    if (samples.length === 0)
        return null;
    for (let i = 0; i < samples.length; i++) {
        const [s1, v1] = samples[i];
        if (s1 === step)
            return v1 ?? null;
        if (s1 > step) {
            if (i === 0)
                return null;
            const [s0, v0] = samples[i - 1];
            if (v0 === null || v1 === null)
                return null;
            return v0 + ((v1 - v0) * (step - s0)) / (s1 - s0);
        }
    }
    return null;
}

/**
 * Runs far from the rest: |rᵢ − median(r)| > k · 1.4826 · MAD(r), with MAD(r) = median |rᵢ − median(r)|.
 * 1.4826 · MAD estimates σ for normal data, and unlike the standard deviation one wild run cannot inflate it,
 * so a single broken run in the history is set aside instead of blinding the gate. With MAD = 0 (over half
 * the values identical, e.g. memory) there is no robust scale and nothing is flagged.
 */
function outlierRuns(residuals, k = 5) {
    if (residuals.length < 3)
        return residuals.map(() => false);
    const values = [...residuals];
    const centre = median(values);
    const sigma = 1.4826 * medianAbsoluteDeviation(values);
    if (!(sigma > 0))
        return residuals.map(() => false);
    return residuals.map((r) => Math.abs(r - centre) > k * sigma);
}

/**
 * Variance pooled over segments of the history, each around its own mean (one-way ANOVA within-group):
 *   s² = Σ_g Σ_i (x_gi − x̄_g)² / (N − G),  df = N − G
 * so a level shift between segments (an accepted speed-up) does not count as noise, while every run still
 * lends its scatter to the estimate. Segments of one run add no degrees of freedom. df = 0 gives NaN.
 */
function pooledVariance(segments) {
    let sum = 0;
    let n = 0;
    let groups = 0;
    for (const seg of segments) {
        if (seg.length === 0)
            continue;
        const mean = seg.reduce((a, b) => a + b, 0) / seg.length;
        for (const x of seg)
            sum += (x - mean) ** 2;
        n += seg.length;
        groups += 1;
    }
    const df = n - groups;
    return { variance: df > 0 ? sum / df : NaN, df };
}

/**
 * Does the history contradict the prior on its noise? Under the prior, ν·s²/σ₀² ~ χ²(ν); the history is
 * noisier than the prior allows when ν·s²/σ₀² exceeds the upper `level` quantile of χ²(ν), taken from the
 * Wilson–Hilferty approximation
 *   χ²_ν(1 − level) ≈ ν · (1 − 2/(9ν) + z_{1−level} · √(2/(9ν)))³
 * (within about 1 % of exact for ν ≥ 3). A prior that understates the noise of a noisy cluster would
 * otherwise shrink the band and raise false alarms; the gate then drops the prior and trusts the history.
 */
function chiSquaredUpper(df, level) {
    const a = 2 / (9 * df);
    return df * (1 - a + probit(1 - level) * Math.sqrt(a)) ** 3;
}
function priorConflict(sample, prior, level = 0.01) {
    if (!(sample.df > 0) || !(prior.df > 0) || !(prior.variance > 0) || !Number.isFinite(sample.variance))
        return false;
    return (sample.df * sample.variance) / prior.variance > chiSquaredUpper(sample.df, level);
}

/**
 * Variance with a weakly-informative prior worth ν₀ pseudo-runs at variance σ₀² (the conjugate
 * scaled-inverse-χ² update for a normal model):
 *   s_p² = (ν₀ σ₀² + ν s²) / (ν₀ + ν),  df_p = ν₀ + ν
 * With ten runs the sample variance alone has 9 degrees of freedom and a heavy-tailed t; a prior at a
 * typical run-to-run level steadies it, and its weight fades as the history grows. ν₀ = 0 returns s² as is.
 */
function priorVariance(sample, prior) {
    const v = sample.df > 0 && Number.isFinite(sample.variance) ? sample : { variance: 0, df: 0 };
    const df = prior.df + v.df;
    if (df <= 0)
        return { variance: NaN, df: 0 };
    return { variance: (prior.df * prior.variance + v.df * v.variance) / df, df };
}

/**
* @license Apache-2.0
*
* Copyright (c) 2021 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var define_property;
var hasRequiredDefine_property;

function requireDefine_property () {
	if (hasRequiredDefine_property) return define_property;
	hasRequiredDefine_property = 1;

	// MAIN //

	var main = ( typeof Object.defineProperty === 'function' ) ? Object.defineProperty : null;


	// EXPORTS //

	define_property = main;
	return define_property;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2021 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var has_define_property_support;
var hasRequiredHas_define_property_support;

function requireHas_define_property_support () {
	if (hasRequiredHas_define_property_support) return has_define_property_support;
	hasRequiredHas_define_property_support = 1;

	// MODULES //

	var defineProperty = requireDefine_property();


	// MAIN //

	/**
	* Tests for `Object.defineProperty` support.
	*
	* @private
	* @returns {boolean} boolean indicating if an environment has `Object.defineProperty` support
	*
	* @example
	* var bool = hasDefinePropertySupport();
	* // returns <boolean>
	*/
	function hasDefinePropertySupport() {
		// Test basic support...
		try {
			defineProperty( {}, 'x', {} );
			return true;
		} catch ( err ) { // eslint-disable-line no-unused-vars
			return false;
		}
	}


	// EXPORTS //

	has_define_property_support = hasDefinePropertySupport;
	return has_define_property_support;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var builtin;
var hasRequiredBuiltin;

function requireBuiltin () {
	if (hasRequiredBuiltin) return builtin;
	hasRequiredBuiltin = 1;

	// MAIN //

	/**
	* Defines (or modifies) an object property.
	*
	* ## Notes
	*
	* -   Property descriptors come in two flavors: **data descriptors** and **accessor descriptors**. A data descriptor is a property that has a value, which may or may not be writable. An accessor descriptor is a property described by a getter-setter function pair. A descriptor must be one of these two flavors and cannot be both.
	*
	* @name defineProperty
	* @type {Function}
	* @param {Object} obj - object on which to define the property
	* @param {(string|symbol)} prop - property name
	* @param {Object} descriptor - property descriptor
	* @param {boolean} [descriptor.configurable=false] - boolean indicating if property descriptor can be changed and if the property can be deleted from the provided object
	* @param {boolean} [descriptor.enumerable=false] - boolean indicating if the property shows up when enumerating object properties
	* @param {boolean} [descriptor.writable=false] - boolean indicating if the value associated with the property can be changed with an assignment operator
	* @param {*} [descriptor.value] - property value
	* @param {(Function|void)} [descriptor.get=undefined] - function which serves as a getter for the property, or, if no getter, undefined. When the property is accessed, a getter function is called without arguments and with the `this` context set to the object through which the property is accessed (which may not be the object on which the property is defined due to inheritance). The return value will be used as the property value.
	* @param {(Function|void)} [descriptor.set=undefined] - function which serves as a setter for the property, or, if no setter, undefined. When assigning a property value, a setter function is called with one argument (the value being assigned to the property) and with the `this` context set to the object through which the property is assigned.
	* @throws {TypeError} first argument must be an object
	* @throws {TypeError} third argument must be an object
	* @throws {Error} property descriptor cannot have both a value and a setter and/or getter
	* @returns {Object} object with added property
	*
	* @example
	* var obj = {};
	*
	* defineProperty( obj, 'foo', {
	*     'value': 'bar'
	* });
	*
	* var str = obj.foo;
	* // returns 'bar'
	*/
	var defineProperty = Object.defineProperty;


	// EXPORTS //

	builtin = defineProperty;
	return builtin;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var is_number;
var hasRequiredIs_number;

function requireIs_number () {
	if (hasRequiredIs_number) return is_number;
	hasRequiredIs_number = 1;

	/**
	* Tests if a value is a number primitive.
	*
	* @param {*} value - value to test
	* @returns {boolean} boolean indicating if a value is a number primitive
	*
	* @example
	* var bool = isNumber( 3.14 );
	* // returns true
	*
	* @example
	* var bool = isNumber( NaN );
	* // returns true
	*
	* @example
	* var bool = isNumber( new Number( 3.14 ) );
	* // returns false
	*/
	function isNumber( value ) {
		return ( typeof value === 'number' );  // NOTE: we inline the `isNumber.isPrimitive` function from `@stdlib/assert/is-number` in order to avoid circular dependencies.
	}


	// EXPORTS //

	is_number = isNumber;
	return is_number;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var zero_pad;
var hasRequiredZero_pad;

function requireZero_pad () {
	if (hasRequiredZero_pad) return zero_pad;
	hasRequiredZero_pad = 1;

	// FUNCTIONS //

	/**
	* Tests if a string starts with a minus sign (`-`).
	*
	* @private
	* @param {string} str - input string
	* @returns {boolean} boolean indicating if a string starts with a minus sign (`-`)
	*/
	function startsWithMinus( str ) {
		return str[ 0 ] === '-';
	}

	/**
	* Returns a string of `n` zeros.
	*
	* @private
	* @param {number} n - number of zeros
	* @returns {string} string of zeros
	*/
	function zeros( n ) {
		var out = '';
		var i;
		for ( i = 0; i < n; i++ ) {
			out += '0';
		}
		return out;
	}


	// MAIN //

	/**
	* Pads a token with zeros to the specified width.
	*
	* @private
	* @param {string} str - token argument
	* @param {number} width - token width
	* @param {boolean} [right=false] - boolean indicating whether to pad to the right
	* @returns {string} padded token argument
	*/
	function zeroPad( str, width, right ) {
		var negative = false;
		var pad = width - str.length;
		if ( pad < 0 ) {
			return str;
		}
		if ( startsWithMinus( str ) ) {
			negative = true;
			str = str.substr( 1 );
		}
		str = ( right ) ?
			str + zeros( pad ) :
			zeros( pad ) + str;
		if ( negative ) {
			str = '-' + str;
		}
		return str;
	}


	// EXPORTS //

	zero_pad = zeroPad;
	return zero_pad;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var format_integer;
var hasRequiredFormat_integer;

function requireFormat_integer () {
	if (hasRequiredFormat_integer) return format_integer;
	hasRequiredFormat_integer = 1;

	// MODULES //

	var isNumber = requireIs_number();
	var zeroPad = requireZero_pad();

	// NOTE: for the following, we explicitly avoid using stdlib packages in this particular package in order to avoid circular dependencies.
	var lowercase = String.prototype.toLowerCase;
	var uppercase = String.prototype.toUpperCase;


	// MAIN //

	/**
	* Formats a token object argument as an integer.
	*
	* @private
	* @param {Object} token - token object
	* @throws {Error} must provide a valid integer
	* @returns {string} formatted token argument
	*/
	function formatInteger( token ) {
		var base;
		var out;
		var i;

		switch ( token.specifier ) {
		case 'b':
			// Case: %b (binary)
			base = 2;
			break;
		case 'o':
			// Case: %o (octal)
			base = 8;
			break;
		case 'x':
		case 'X':
			// Case: %x, %X (hexadecimal)
			base = 16;
			break;
		case 'd':
		case 'i':
		case 'u':
		default:
			// Case: %d, %i, %u (decimal)
			base = 10;
			break;
		}
		out = token.arg;
		i = parseInt( out, 10 );
		if ( !isFinite( i ) ) { // NOTE: We use the global `isFinite` function here instead of `@stdlib/math/base/assert/is-finite` in order to avoid circular dependencies.
			if ( !isNumber( out ) ) {
				throw new Error( 'invalid integer. Value: ' + out );
			}
			i = 0;
		}
		if ( i < 0 && ( token.specifier === 'u' || base !== 10 ) ) {
			i = 0xffffffff + i + 1;
		}
		if ( i < 0 ) {
			out = ( -i ).toString( base );
			if ( token.precision ) {
				out = zeroPad( out, token.precision, token.padRight );
			}
			out = '-' + out;
		} else {
			out = i.toString( base );
			if ( !i && !token.precision ) {
				out = '';
			} else if ( token.precision ) {
				out = zeroPad( out, token.precision, token.padRight );
			}
			if ( token.sign ) {
				out = token.sign + out;
			}
		}
		if ( base === 16 ) {
			if ( token.alternate ) {
				out = '0x' + out;
			}
			out = ( token.specifier === uppercase.call( token.specifier ) ) ?
				uppercase.call( out ) :
				lowercase.call( out );
		}
		if ( base === 8 ) {
			if ( token.alternate && out.charAt( 0 ) !== '0' ) {
				out = '0' + out;
			}
		}
		return out;
	}


	// EXPORTS //

	format_integer = formatInteger;
	return format_integer;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var is_string$1;
var hasRequiredIs_string$1;

function requireIs_string$1 () {
	if (hasRequiredIs_string$1) return is_string$1;
	hasRequiredIs_string$1 = 1;

	/**
	* Tests if a value is a string primitive.
	*
	* @param {*} value - value to test
	* @returns {boolean} boolean indicating if a value is a string primitive
	*
	* @example
	* var bool = isString( 'beep' );
	* // returns true
	*
	* @example
	* var bool = isString( new String( 'beep' ) );
	* // returns false
	*/
	function isString( value ) {
		return ( typeof value === 'string' ); // NOTE: we inline the `isString.isPrimitive` function from `@stdlib/assert/is-string` in order to avoid circular dependencies.
	}


	// EXPORTS //

	is_string$1 = isString;
	return is_string$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var format_double;
var hasRequiredFormat_double;

function requireFormat_double () {
	if (hasRequiredFormat_double) return format_double;
	hasRequiredFormat_double = 1;

	// MODULES //

	// NOTE: for the following, we explicitly avoid using stdlib packages in this particular package in order to avoid circular dependencies.
	var abs = Math.abs; // eslint-disable-line stdlib/no-builtin-math
	var lowercase = String.prototype.toLowerCase;
	var uppercase = String.prototype.toUpperCase;
	var replace = String.prototype.replace;


	// VARIABLES //

	var RE_EXP_POS_DIGITS = /e\+(\d)$/;
	var RE_EXP_NEG_DIGITS = /e-(\d)$/;
	var RE_ONLY_DIGITS = /^(\d+)$/;
	var RE_DIGITS_BEFORE_EXP = /^(\d+)e/;
	var RE_TRAILING_PERIOD_ZERO = /\.0$/;
	var RE_PERIOD_ZERO_EXP = /\.0*e/;
	var RE_ZERO_BEFORE_EXP = /(\..*[^0])0*e/;


	// MAIN //

	/**
	* Formats a token object argument as a floating-point number.
	*
	* @private
	* @param {number} f - parsed number
	* @param {Object} token - token object
	* @throws {Error} must provide a valid floating-point number
	* @returns {string} formatted token argument
	*/
	function formatDouble( f, token ) {
		var digits;
		var out;

		switch ( token.specifier ) {
		case 'e':
		case 'E':
			out = f.toExponential( token.precision );
			break;
		case 'f':
		case 'F':
			out = f.toFixed( token.precision );
			break;
		case 'g':
		case 'G':
			if ( abs( f ) < 0.0001 ) {
				digits = token.precision;
				if ( digits > 0 ) {
					digits -= 1;
				}
				out = f.toExponential( digits );
			} else {
				out = f.toPrecision( token.precision );
			}
			if ( !token.alternate ) {
				out = replace.call( out, RE_ZERO_BEFORE_EXP, '$1e' );
				out = replace.call( out, RE_PERIOD_ZERO_EXP, 'e' );
				out = replace.call( out, RE_TRAILING_PERIOD_ZERO, '' );
			}
			break;
		default:
			throw new Error( 'invalid double notation. Value: ' + token.specifier );
		}
		out = replace.call( out, RE_EXP_POS_DIGITS, 'e+0$1' );
		out = replace.call( out, RE_EXP_NEG_DIGITS, 'e-0$1' );
		if ( token.alternate ) {
			out = replace.call( out, RE_ONLY_DIGITS, '$1.' );
			out = replace.call( out, RE_DIGITS_BEFORE_EXP, '$1.e' );
		}
		if ( f >= 0 && token.sign ) {
			out = token.sign + out;
		}
		out = ( token.specifier === uppercase.call( token.specifier ) ) ?
			uppercase.call( out ) :
			lowercase.call( out );
		return out;
	}


	// EXPORTS //

	format_double = formatDouble;
	return format_double;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var space_pad;
var hasRequiredSpace_pad;

function requireSpace_pad () {
	if (hasRequiredSpace_pad) return space_pad;
	hasRequiredSpace_pad = 1;

	// FUNCTIONS //

	/**
	* Returns `n` spaces.
	*
	* @private
	* @param {number} n - number of spaces
	* @returns {string} string of spaces
	*/
	function spaces( n ) {
		var out = '';
		var i;
		for ( i = 0; i < n; i++ ) {
			out += ' ';
		}
		return out;
	}


	// MAIN //

	/**
	* Pads a token with spaces to the specified width.
	*
	* @private
	* @param {string} str - token argument
	* @param {number} width - token width
	* @param {boolean} [right=false] - boolean indicating whether to pad to the right
	* @returns {string} padded token argument
	*/
	function spacePad( str, width, right ) {
		var pad = width - str.length;
		if ( pad < 0 ) {
			return str;
		}
		str = ( right ) ?
			str + spaces( pad ) :
			spaces( pad ) + str;
		return str;
	}


	// EXPORTS //

	space_pad = spacePad;
	return space_pad;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1r;
var hasRequiredMain$1r;

function requireMain$1r () {
	if (hasRequiredMain$1r) return main$1r;
	hasRequiredMain$1r = 1;

	// MODULES //

	var formatInteger = requireFormat_integer();
	var isString = requireIs_string$1();
	var isNumber = requireIs_number();
	var formatDouble = requireFormat_double();
	var spacePad = requireSpace_pad();
	var zeroPad = requireZero_pad();


	// VARIABLES //

	var fromCharCode = String.fromCharCode;
	var isArray = Array.isArray; // NOTE: We use the global `Array.isArray` function here instead of `@stdlib/assert/is-array` to avoid circular dependencies.


	// FUNCTIONS //

	/**
	* Returns a boolean indicating whether a value is `NaN`.
	*
	* @private
	* @param {*} value - input value
	* @returns {boolean} boolean indicating whether a value is `NaN`
	*
	* @example
	* var bool = isnan( NaN );
	* // returns true
	*
	* @example
	* var bool = isnan( 4 );
	* // returns false
	*/
	function isnan( value ) { // explicitly define a function here instead of `@stdlib/math/base/assert/is-nan` in order to avoid circular dependencies
		return ( value !== value );
	}

	/**
	* Initializes token object with properties of supplied format identifier object or default values if not present.
	*
	* @private
	* @param {Object} token - format identifier object
	* @returns {Object} token object
	*/
	function initialize( token ) {
		var out = {};
		out.specifier = token.specifier;
		out.precision = ( token.precision === void 0 ) ? 1 : token.precision;
		out.width = token.width;
		out.flags = token.flags || '';
		out.mapping = token.mapping;
		return out;
	}


	// MAIN //

	/**
	* Generates string from a token array by interpolating values.
	*
	* @param {Array} tokens - string parts and format identifier objects
	* @param {Array} ...args - variable values
	* @throws {TypeError} first argument must be an array
	* @throws {Error} invalid flags
	* @returns {string} formatted string
	*
	* @example
	* var tokens = [ 'beep ', { 'specifier': 's' } ];
	* var out = formatInterpolate( tokens, 'boop' );
	* // returns 'beep boop'
	*/
	function formatInterpolate( tokens ) {
		var hasPeriod;
		var flags;
		var token;
		var flag;
		var num;
		var out;
		var pos;
		var f;
		var i;
		var j;

		if ( !isArray( tokens ) ) {
			throw new TypeError( 'invalid argument. First argument must be an array. Value: `' + tokens + '`.' );
		}
		out = '';
		pos = 1;
		for ( i = 0; i < tokens.length; i++ ) {
			token = tokens[ i ];
			if ( isString( token ) ) {
				out += token;
			} else {
				hasPeriod = token.precision !== void 0;
				token = initialize( token );
				if ( !token.specifier ) {
					throw new TypeError( 'invalid argument. Token is missing `specifier` property. Index: `'+ i +'`. Value: `' + token + '`.' );
				}
				if ( token.mapping ) {
					pos = token.mapping;
				}
				flags = token.flags;
				for ( j = 0; j < flags.length; j++ ) {
					flag = flags.charAt( j );
					switch ( flag ) {
					case ' ':
						token.sign = ' ';
						break;
					case '+':
						token.sign = '+';
						break;
					case '-':
						token.padRight = true;
						token.padZeros = false;
						break;
					case '0':
						token.padZeros = flags.indexOf( '-' ) < 0; // NOTE: We use built-in `Array.prototype.indexOf` here instead of `@stdlib/assert/contains` in order to avoid circular dependencies.
						break;
					case '#':
						token.alternate = true;
						break;
					default:
						throw new Error( 'invalid flag: ' + flag );
					}
				}
				if ( token.width === '*' ) {
					token.width = parseInt( arguments[ pos ], 10 );
					pos += 1;
					if ( isnan( token.width ) ) {
						throw new TypeError( 'the argument for * width at position ' + pos + ' is not a number. Value: `' + token.width + '`.' );
					}
					if ( token.width < 0 ) {
						token.padRight = true;
						token.width = -token.width;
					}
				}
				if ( hasPeriod ) {
					if ( token.precision === '*' ) {
						token.precision = parseInt( arguments[ pos ], 10 );
						pos += 1;
						if ( isnan( token.precision ) ) {
							throw new TypeError( 'the argument for * precision at position ' + pos + ' is not a number. Value: `' + token.precision + '`.' );
						}
						if ( token.precision < 0 ) {
							token.precision = 1;
							hasPeriod = false;
						}
					}
				}
				token.arg = arguments[ pos ];
				switch ( token.specifier ) {
				case 'b':
				case 'o':
				case 'x':
				case 'X':
				case 'd':
				case 'i':
				case 'u':
					// Case: %b (binary), %o (octal), %x, %X (hexadecimal), %d, %i (decimal), %u (unsigned decimal)
					if ( hasPeriod ) {
						token.padZeros = false;
					}
					token.arg = formatInteger( token );
					break;
				case 's':
					// Case: %s (string)
					token.maxWidth = ( hasPeriod ) ? token.precision : -1;
					token.arg = String( token.arg );
					break;
				case 'c':
					// Case: %c (character)
					if ( !isnan( token.arg ) ) {
						num = parseInt( token.arg, 10 );
						if ( num < 0 || num > 127 ) {
							throw new Error( 'invalid character code. Value: ' + token.arg );
						}
						token.arg = ( isnan( num ) ) ? String( token.arg ) : fromCharCode( num ); // eslint-disable-line max-len
					}
					break;
				case 'e':
				case 'E':
				case 'f':
				case 'F':
				case 'g':
				case 'G':
					// Case: %e, %E (scientific notation), %f, %F (decimal floating point), %g, %G (uses the shorter of %e/E or %f/F)
					if ( !hasPeriod ) {
						token.precision = 6;
					}
					f = parseFloat( token.arg );
					if ( !isFinite( f ) ) { // NOTE: We use the global `isFinite` function here instead of `@stdlib/math/base/assert/is-finite` in order to avoid circular dependencies.
						if ( !isNumber( token.arg ) ) {
							throw new Error( 'invalid floating-point number. Value: ' + out );
						}
						// Case: NaN, Infinity, or -Infinity
						f = token.arg;
						token.padZeros = false;
					}
					token.arg = formatDouble( f, token );
					break;
				default:
					throw new Error( 'invalid specifier: ' + token.specifier );
				}
				// Fit argument into field width...
				if ( token.maxWidth >= 0 && token.arg.length > token.maxWidth ) {
					token.arg = token.arg.substring( 0, token.maxWidth );
				}
				if ( token.padZeros ) {
					token.arg = zeroPad( token.arg, token.width || token.precision, token.padRight ); // eslint-disable-line max-len
				} else if ( token.width ) {
					token.arg = spacePad( token.arg, token.width, token.padRight );
				}
				out += token.arg || '';
				pos += 1;
			}
		}
		return out;
	}


	// EXPORTS //

	main$1r = formatInterpolate;
	return main$1r;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$25;
var hasRequiredLib$25;

function requireLib$25 () {
	if (hasRequiredLib$25) return lib$25;
	hasRequiredLib$25 = 1;

	/**
	* Generate string from a token array by interpolating values.
	*
	* @module @stdlib/string-base-format-interpolate
	*
	* @example
	* var formatInterpolate = require( '@stdlib/string-base-format-interpolate' );
	*
	* var tokens = ['Hello ', { 'specifier': 's' }, '!' ];
	* var out = formatInterpolate( tokens, 'World' );
	* // returns 'Hello World!'
	*/

	// MODULES //

	var main = requireMain$1r();


	// EXPORTS //

	lib$25 = main;
	return lib$25;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1q;
var hasRequiredMain$1q;

function requireMain$1q () {
	if (hasRequiredMain$1q) return main$1q;
	hasRequiredMain$1q = 1;

	// VARIABLES //

	var RE = /%(?:([1-9]\d*)\$)?([0 +\-#]*)(\*|\d+)?(?:(\.)(\*|\d+)?)?[hlL]?([%A-Za-z])/g;


	// FUNCTIONS //

	/**
	* Parses a delimiter.
	*
	* @private
	* @param {Array} match - regular expression match
	* @returns {Object} delimiter token object
	*/
	function parse( match ) {
		var token = {
			'mapping': ( match[ 1 ] ) ? parseInt( match[ 1 ], 10 ) : void 0,
			'flags': match[ 2 ],
			'width': match[ 3 ],
			'precision': match[ 5 ],
			'specifier': match[ 6 ]
		};
		if ( match[ 4 ] === '.' && match[ 5 ] === void 0 ) {
			token.precision = '1';
		}
		return token;
	}


	// MAIN //

	/**
	* Tokenizes a string into an array of string parts and format identifier objects.
	*
	* @param {string} str - input string
	* @returns {Array} tokens
	*
	* @example
	* var tokens = formatTokenize( 'Hello %s!' );
	* // returns [ 'Hello ', {...}, '!' ]
	*/
	function formatTokenize( str ) {
		var content;
		var tokens;
		var match;
		var prev;

		tokens = [];
		prev = 0;
		match = RE.exec( str );
		while ( match ) {
			content = str.slice( prev, RE.lastIndex - match[ 0 ].length );
			if ( content.length ) {
				tokens.push( content );
			}
			// Check for an escaped percent sign `%%`...
			if ( match[ 6 ] === '%' ) {
				tokens.push( '%' );
			} else {
				tokens.push( parse( match ) );
			}
			prev = RE.lastIndex;
			match = RE.exec( str );
		}
		content = str.slice( prev );
		if ( content.length ) {
			tokens.push( content );
		}
		return tokens;
	}


	// EXPORTS //

	main$1q = formatTokenize;
	return main$1q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$24;
var hasRequiredLib$24;

function requireLib$24 () {
	if (hasRequiredLib$24) return lib$24;
	hasRequiredLib$24 = 1;

	/**
	* Tokenize a string into an array of string parts and format identifier objects.
	*
	* @module @stdlib/string-base-format-tokenize
	*
	* @example
	* var formatTokenize = require( '@stdlib/string-base-format-tokenize' );
	*
	* var str = 'Hello %s!';
	* var tokens = formatTokenize( str );
	* // returns [ 'Hello ', {...}, '!' ]
	*/

	// MODULES //

	var main = requireMain$1q();


	// EXPORTS //

	lib$24 = main;
	return lib$24;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var is_string;
var hasRequiredIs_string;

function requireIs_string () {
	if (hasRequiredIs_string) return is_string;
	hasRequiredIs_string = 1;

	/**
	* Tests if a value is a string primitive.
	*
	* @param {*} value - value to test
	* @returns {boolean} boolean indicating if a value is a string primitive
	*
	* @example
	* var bool = isString( 'beep' );
	* // returns true
	*
	* @example
	* var bool = isString( new String( 'beep' ) );
	* // returns false
	*/
	function isString( value ) {
		return ( typeof value === 'string' ); // NOTE: we inline the `isString.isPrimitive` function from `@stdlib/assert/is-string` in order to avoid circular dependencies.
	}


	// EXPORTS //

	is_string = isString;
	return is_string;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1p;
var hasRequiredMain$1p;

function requireMain$1p () {
	if (hasRequiredMain$1p) return main$1p;
	hasRequiredMain$1p = 1;

	// MODULES //

	var interpolate = requireLib$25();
	var tokenize = requireLib$24();
	var isString = requireIs_string();


	// MAIN //

	/**
	* Inserts supplied variable values into a format string.
	*
	* @param {string} str - input string
	* @param {Array} ...args - variable values
	* @throws {TypeError} first argument must be a string
	* @throws {Error} invalid flags
	* @returns {string} formatted string
	*
	* @example
	* var str = format( 'Hello %s!', 'world' );
	* // returns 'Hello world!'
	*
	* @example
	* var str = format( 'Pi: ~%.2f', 3.141592653589793 );
	* // returns 'Pi: ~3.14'
	*/
	function format( str ) {
		var args;
		var i;

		if ( !isString( str ) ) {
			throw new TypeError( format( 'invalid argument. First argument must be a string. Value: `%s`.', str ) );
		}
		args = [ tokenize( str ) ];
		for ( i = 1; i < arguments.length; i++ ) {
			args.push( arguments[ i ] );
		}
		return interpolate.apply( null, args );
	}


	// EXPORTS //

	main$1p = format;
	return main$1p;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$23;
var hasRequiredLib$23;

function requireLib$23 () {
	if (hasRequiredLib$23) return lib$23;
	hasRequiredLib$23 = 1;

	/**
	* Insert supplied variable values into a format string.
	*
	* @module @stdlib/string-format
	*
	* @example
	* var format = require( '@stdlib/string-format' );
	*
	* var out = format( '%s %s!', 'Hello', 'World' );
	* // returns 'Hello World!'
	*
	* out = format( 'Pi: ~%.2f', 3.141592653589793 );
	* // returns 'Pi: ~3.14'
	*/

	// MODULES //

	var main = requireMain$1p();


	// EXPORTS //

	lib$23 = main;
	return lib$23;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyfill$1;
var hasRequiredPolyfill$5;

function requirePolyfill$5 () {
	if (hasRequiredPolyfill$5) return polyfill$1;
	hasRequiredPolyfill$5 = 1;

	// MODULES //

	var format = requireLib$23();


	// VARIABLES //

	var objectProtoype = Object.prototype;
	var toStr = objectProtoype.toString;
	var defineGetter = objectProtoype.__defineGetter__;
	var defineSetter = objectProtoype.__defineSetter__;
	var lookupGetter = objectProtoype.__lookupGetter__;
	var lookupSetter = objectProtoype.__lookupSetter__;


	// MAIN //

	/**
	* Defines (or modifies) an object property.
	*
	* ## Notes
	*
	* -   Property descriptors come in two flavors: **data descriptors** and **accessor descriptors**. A data descriptor is a property that has a value, which may or may not be writable. An accessor descriptor is a property described by a getter-setter function pair. A descriptor must be one of these two flavors and cannot be both.
	*
	* @param {Object} obj - object on which to define the property
	* @param {string} prop - property name
	* @param {Object} descriptor - property descriptor
	* @param {boolean} [descriptor.configurable=false] - boolean indicating if property descriptor can be changed and if the property can be deleted from the provided object
	* @param {boolean} [descriptor.enumerable=false] - boolean indicating if the property shows up when enumerating object properties
	* @param {boolean} [descriptor.writable=false] - boolean indicating if the value associated with the property can be changed with an assignment operator
	* @param {*} [descriptor.value] - property value
	* @param {(Function|void)} [descriptor.get=undefined] - function which serves as a getter for the property, or, if no getter, undefined. When the property is accessed, a getter function is called without arguments and with the `this` context set to the object through which the property is accessed (which may not be the object on which the property is defined due to inheritance). The return value will be used as the property value.
	* @param {(Function|void)} [descriptor.set=undefined] - function which serves as a setter for the property, or, if no setter, undefined. When assigning a property value, a setter function is called with one argument (the value being assigned to the property) and with the `this` context set to the object through which the property is assigned.
	* @throws {TypeError} first argument must be an object
	* @throws {TypeError} third argument must be an object
	* @throws {Error} property descriptor cannot have both a value and a setter and/or getter
	* @returns {Object} object with added property
	*
	* @example
	* var obj = {};
	*
	* defineProperty( obj, 'foo', {
	*     'value': 'bar'
	* });
	*
	* var str = obj.foo;
	* // returns 'bar'
	*/
	function defineProperty( obj, prop, descriptor ) {
		var prototype;
		var hasValue;
		var hasGet;
		var hasSet;

		if ( typeof obj !== 'object' || obj === null || toStr.call( obj ) === '[object Array]' ) {
			throw new TypeError( format( 'invalid argument. First argument must be an object. Value: `%s`.', obj ) );
		}
		if ( typeof descriptor !== 'object' || descriptor === null || toStr.call( descriptor ) === '[object Array]' ) {
			throw new TypeError( format( 'invalid argument. Property descriptor must be an object. Value: `%s`.', descriptor ) );
		}
		hasValue = ( 'value' in descriptor );
		if ( hasValue ) {
			if (
				lookupGetter.call( obj, prop ) ||
				lookupSetter.call( obj, prop )
			) {
				// Override `__proto__` to avoid touching inherited accessors:
				prototype = obj.__proto__;
				obj.__proto__ = objectProtoype;

				// Delete property as existing getters/setters prevent assigning value to specified property:
				delete obj[ prop ];
				obj[ prop ] = descriptor.value;

				// Restore original prototype:
				obj.__proto__ = prototype;
			} else {
				obj[ prop ] = descriptor.value;
			}
		}
		hasGet = ( 'get' in descriptor );
		hasSet = ( 'set' in descriptor );

		if ( hasValue && ( hasGet || hasSet ) ) {
			throw new Error( 'invalid argument. Cannot specify one or more accessors and a value or writable attribute in the property descriptor.' );
		}

		if ( hasGet && defineGetter ) {
			defineGetter.call( obj, prop, descriptor.get );
		}
		if ( hasSet && defineSetter ) {
			defineSetter.call( obj, prop, descriptor.set );
		}
		return obj;
	}


	// EXPORTS //

	polyfill$1 = defineProperty;
	return polyfill$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$22;
var hasRequiredLib$22;

function requireLib$22 () {
	if (hasRequiredLib$22) return lib$22;
	hasRequiredLib$22 = 1;

	/**
	* Define (or modify) an object property.
	*
	* @module @stdlib/utils-define-property
	*
	* @example
	* var defineProperty = require( '@stdlib/utils-define-property' );
	*
	* var obj = {};
	* defineProperty( obj, 'foo', {
	*     'value': 'bar',
	*     'writable': false,
	*     'configurable': false,
	*     'enumerable': false
	* });
	* obj.foo = 'boop'; // => throws
	*/

	// MODULES //

	var hasDefinePropertySupport = requireHas_define_property_support();
	var builtin = requireBuiltin();
	var polyfill = requirePolyfill$5();


	// MAIN //

	var defineProperty;
	if ( hasDefinePropertySupport() ) {
		defineProperty = builtin;
	} else {
		defineProperty = polyfill;
	}


	// EXPORTS //

	lib$22 = defineProperty;
	return lib$22;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1o;
var hasRequiredMain$1o;

function requireMain$1o () {
	if (hasRequiredMain$1o) return main$1o;
	hasRequiredMain$1o = 1;

	// MODULES //

	var defineProperty = requireLib$22();


	// MAIN //

	/**
	* Defines a non-enumerable read-only property.
	*
	* @param {Object} obj - object on which to define the property
	* @param {(string|symbol)} prop - property name
	* @param {*} value - value to set
	*
	* @example
	* var obj = {};
	*
	* setNonEnumerableReadOnly( obj, 'foo', 'bar' );
	*
	* try {
	*     obj.foo = 'boop';
	* } catch ( err ) {
	*     console.error( err.message );
	* }
	*/
	function setNonEnumerableReadOnly( obj, prop, value ) {
		defineProperty( obj, prop, {
			'configurable': false,
			'enumerable': false,
			'writable': false,
			'value': value
		});
	}


	// EXPORTS //

	main$1o = setNonEnumerableReadOnly;
	return main$1o;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$21;
var hasRequiredLib$21;

function requireLib$21 () {
	if (hasRequiredLib$21) return lib$21;
	hasRequiredLib$21 = 1;

	/**
	* Define a non-enumerable read-only property.
	*
	* @module @stdlib/utils-define-nonenumerable-read-only-property
	*
	* @example
	* var setNonEnumerableReadOnly = require( '@stdlib/utils-define-nonenumerable-read-only-property' );
	*
	* var obj = {};
	*
	* setNonEnumerableReadOnly( obj, 'foo', 'bar' );
	*
	* try {
	*     obj.foo = 'boop';
	* } catch ( err ) {
	*     console.error( err.message );
	* }
	*/

	// MODULES //

	var main = requireMain$1o();


	// EXPORTS //

	lib$21 = main;
	return lib$21;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1n;
var hasRequiredMain$1n;

function requireMain$1n () {
	if (hasRequiredMain$1n) return main$1n;
	hasRequiredMain$1n = 1;

	// MAIN //

	/**
	* Tests if a double-precision floating-point numeric value is `NaN`.
	*
	* @param {number} x - value to test
	* @returns {boolean} boolean indicating whether the value is `NaN`
	*
	* @example
	* var bool = isnan( NaN );
	* // returns true
	*
	* @example
	* var bool = isnan( 7.0 );
	* // returns false
	*/
	function isnan( x ) {
		return ( x !== x );
	}


	// EXPORTS //

	main$1n = isnan;
	return main$1n;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$20;
var hasRequiredLib$20;

function requireLib$20 () {
	if (hasRequiredLib$20) return lib$20;
	hasRequiredLib$20 = 1;

	/**
	* Test if a double-precision floating-point numeric value is `NaN`.
	*
	* @module @stdlib/math-base-assert-is-nan
	*
	* @example
	* var isnan = require( '@stdlib/math-base-assert-is-nan' );
	*
	* var bool = isnan( NaN );
	* // returns true
	*
	* bool = isnan( 7.0 );
	* // returns false
	*/

	// MODULES //

	var main = requireMain$1n();


	// EXPORTS //

	lib$20 = main;
	return lib$20;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1m;
var hasRequiredMain$1m;

function requireMain$1m () {
	if (hasRequiredMain$1m) return main$1m;
	hasRequiredMain$1m = 1;

	// MAIN //

	/**
	* Tests for native `Symbol` support.
	*
	* @returns {boolean} boolean indicating if an environment has `Symbol` support
	*
	* @example
	* var bool = hasSymbolSupport();
	* // returns <boolean>
	*/
	function hasSymbolSupport() {
		return (
			typeof Symbol === 'function' &&
			typeof Symbol( 'foo' ) === 'symbol'
		);
	}


	// EXPORTS //

	main$1m = hasSymbolSupport;
	return main$1m;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1$;
var hasRequiredLib$1$;

function requireLib$1$ () {
	if (hasRequiredLib$1$) return lib$1$;
	hasRequiredLib$1$ = 1;

	/**
	* Test for native `Symbol` support.
	*
	* @module @stdlib/assert-has-symbol-support
	*
	* @example
	* var hasSymbolSupport = require( '@stdlib/assert-has-symbol-support' );
	*
	* var bool = hasSymbolSupport();
	* // returns <boolean>
	*/

	// MODULES //

	var main = requireMain$1m();


	// EXPORTS //

	lib$1$ = main;
	return lib$1$;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1l;
var hasRequiredMain$1l;

function requireMain$1l () {
	if (hasRequiredMain$1l) return main$1l;
	hasRequiredMain$1l = 1;

	// MODULES //

	var hasSymbols = requireLib$1$();


	// VARIABLES //

	var FLG = hasSymbols();


	// MAIN //

	/**
	* Tests for native `Symbol.toStringTag` support.
	*
	* @returns {boolean} boolean indicating if an environment has `Symbol.toStringTag` support
	*
	* @example
	* var bool = hasToStringTagSupport();
	* // returns <boolean>
	*/
	function hasToStringTagSupport() {
		return ( FLG && typeof Symbol.toStringTag === 'symbol' );
	}


	// EXPORTS //

	main$1l = hasToStringTagSupport;
	return main$1l;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1_;
var hasRequiredLib$1_;

function requireLib$1_ () {
	if (hasRequiredLib$1_) return lib$1_;
	hasRequiredLib$1_ = 1;

	/**
	* Test for native `toStringTag` support.
	*
	* @module @stdlib/assert-has-tostringtag-support
	*
	* @example
	* var hasToStringTagSupport = require( '@stdlib/assert-has-tostringtag-support' );
	*
	* var bool = hasToStringTagSupport();
	* // returns <boolean>
	*/

	// MODULES //

	var main = requireMain$1l();


	// EXPORTS //

	lib$1_ = main;
	return lib$1_;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var tostring;
var hasRequiredTostring;

function requireTostring () {
	if (hasRequiredTostring) return tostring;
	hasRequiredTostring = 1;

	// MAIN //

	var toStr = Object.prototype.toString;


	// EXPORTS //

	tostring = toStr;
	return tostring;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1k;
var hasRequiredMain$1k;

function requireMain$1k () {
	if (hasRequiredMain$1k) return main$1k;
	hasRequiredMain$1k = 1;

	// MODULES //

	var toStr = requireTostring();


	// MAIN //

	/**
	* Returns a string value indicating a specification defined classification (via the internal property `[[Class]]`) of an object.
	*
	* @param {*} v - input value
	* @returns {string} string value indicating a specification defined classification of the input value
	*
	* @example
	* var str = nativeClass( 'a' );
	* // returns '[object String]'
	*
	* @example
	* var str = nativeClass( 5 );
	* // returns '[object Number]'
	*
	* @example
	* function Beep() {
	*     return this;
	* }
	* var str = nativeClass( new Beep() );
	* // returns '[object Object]'
	*/
	function nativeClass( v ) {
		return toStr.call( v );
	}


	// EXPORTS //

	main$1k = nativeClass;
	return main$1k;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1j;
var hasRequiredMain$1j;

function requireMain$1j () {
	if (hasRequiredMain$1j) return main$1j;
	hasRequiredMain$1j = 1;

	// FUNCTIONS //

	var has = Object.prototype.hasOwnProperty;


	// MAIN //

	/**
	* Tests if an object has a specified property.
	*
	* @param {*} value - value to test
	* @param {*} property - property to test
	* @returns {boolean} boolean indicating if an object has a specified property
	*
	* @example
	* var beep = {
	*     'boop': true
	* };
	*
	* var bool = hasOwnProp( beep, 'boop' );
	* // returns true
	*
	* @example
	* var beep = {
	*     'boop': true
	* };
	*
	* var bool = hasOwnProp( beep, 'bap' );
	* // returns false
	*/
	function hasOwnProp( value, property ) {
		if (
			value === void 0 ||
			value === null
		) {
			return false;
		}
		return has.call( value, property );
	}


	// EXPORTS //

	main$1j = hasOwnProp;
	return main$1j;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1Z;
var hasRequiredLib$1Z;

function requireLib$1Z () {
	if (hasRequiredLib$1Z) return lib$1Z;
	hasRequiredLib$1Z = 1;

	/**
	* Test whether an object has a specified property.
	*
	* @module @stdlib/assert-has-own-property
	*
	* @example
	* var hasOwnProp = require( '@stdlib/assert-has-own-property' );
	*
	* var beep = {
	*     'boop': true
	* };
	*
	* var bool = hasOwnProp( beep, 'boop' );
	* // returns true
	*
	* bool = hasOwnProp( beep, 'bop' );
	* // returns false
	*/

	// MODULES //

	var main = requireMain$1j();


	// EXPORTS //

	lib$1Z = main;
	return lib$1Z;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1i;
var hasRequiredMain$1i;

function requireMain$1i () {
	if (hasRequiredMain$1i) return main$1i;
	hasRequiredMain$1i = 1;

	// MAIN //

	var Sym = ( typeof Symbol === 'function' ) ? Symbol : void 0; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	main$1i = Sym;
	return main$1i;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1Y;
var hasRequiredLib$1Y;

function requireLib$1Y () {
	if (hasRequiredLib$1Y) return lib$1Y;
	hasRequiredLib$1Y = 1;

	/**
	* Symbol factory.
	*
	* @module @stdlib/symbol-ctor
	*
	* @example
	* var Symbol = require( '@stdlib/symbol-ctor' );
	*
	* var s = Symbol( 'beep' );
	* // returns <symbol>
	*/

	// MODULES //

	var main = requireMain$1i();


	// EXPORTS //

	lib$1Y = main;
	return lib$1Y;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var tostringtag;
var hasRequiredTostringtag;

function requireTostringtag () {
	if (hasRequiredTostringtag) return tostringtag;
	hasRequiredTostringtag = 1;

	// MODULES //

	var Symbol = requireLib$1Y();


	// MAIN //

	var toStrTag = ( typeof Symbol === 'function' ) ? Symbol.toStringTag : '';


	// EXPORTS //

	tostringtag = toStrTag;
	return tostringtag;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyfill;
var hasRequiredPolyfill$4;

function requirePolyfill$4 () {
	if (hasRequiredPolyfill$4) return polyfill;
	hasRequiredPolyfill$4 = 1;

	// MODULES //

	var hasOwnProp = requireLib$1Z();
	var toStringTag = requireTostringtag();
	var toStr = requireTostring();


	// MAIN //

	/**
	* Returns a string value indicating a specification defined classification of an object in environments supporting `Symbol.toStringTag`.
	*
	* @param {*} v - input value
	* @returns {string} string value indicating a specification defined classification of the input value
	*
	* @example
	* var str = nativeClass( 'a' );
	* // returns '[object String]'
	*
	* @example
	* var str = nativeClass( 5 );
	* // returns '[object Number]'
	*
	* @example
	* function Beep() {
	*     return this;
	* }
	* var str = nativeClass( new Beep() );
	* // returns '[object Object]'
	*/
	function nativeClass( v ) {
		var isOwn;
		var tag;
		var out;

		if ( v === null || v === void 0 ) {
			return toStr.call( v );
		}
		tag = v[ toStringTag ];
		isOwn = hasOwnProp( v, toStringTag );

		// Attempt to override the `toStringTag` property. For built-ins having a `Symbol.toStringTag` property (e.g., `JSON`, `Math`, etc), the `Symbol.toStringTag` property is read-only (e.g., , so we need to wrap in a `try/catch`.
		try {
			v[ toStringTag ] = void 0;
		} catch ( err ) { // eslint-disable-line no-unused-vars
			return toStr.call( v );
		}
		out = toStr.call( v );

		if ( isOwn ) {
			v[ toStringTag ] = tag;
		} else {
			delete v[ toStringTag ];
		}
		return out;
	}


	// EXPORTS //

	polyfill = nativeClass;
	return polyfill;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1X;
var hasRequiredLib$1X;

function requireLib$1X () {
	if (hasRequiredLib$1X) return lib$1X;
	hasRequiredLib$1X = 1;

	/**
	* Return a string value indicating a specification defined classification of an object.
	*
	* @module @stdlib/utils-native-class
	*
	* @example
	* var nativeClass = require( '@stdlib/utils-native-class' );
	*
	* var str = nativeClass( 'a' );
	* // returns '[object String]'
	*
	* str = nativeClass( 5 );
	* // returns '[object Number]'
	*
	* function Beep() {
	*     return this;
	* }
	* str = nativeClass( new Beep() );
	* // returns '[object Object]'
	*/

	// MODULES //

	var hasToStringTag = requireLib$1_();
	var builtin = requireMain$1k();
	var polyfill = requirePolyfill$4();


	// MAIN //

	var main;
	if ( hasToStringTag() ) {
		main = polyfill;
	} else {
		main = builtin;
	}


	// EXPORTS //

	lib$1X = main;
	return lib$1X;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1h;
var hasRequiredMain$1h;

function requireMain$1h () {
	if (hasRequiredMain$1h) return main$1h;
	hasRequiredMain$1h = 1;

	// MODULES //

	var nativeClass = requireLib$1X();


	// VARIABLES //

	var hasUint32Array = ( typeof Uint32Array === 'function' ); // eslint-disable-line stdlib/require-globals


	// MAIN //

	/**
	* Tests if a value is a Uint32Array.
	*
	* @param {*} value - value to test
	* @returns {boolean} boolean indicating whether value is a Uint32Array
	*
	* @example
	* var Uint32Array = require( '@stdlib/array-uint32' );
	*
	* var bool = isUint32Array( new Uint32Array( 10 ) );
	* // returns true
	*
	* @example
	* var bool = isUint32Array( [] );
	* // returns false
	*/
	function isUint32Array( value ) {
		return (
			( hasUint32Array && value instanceof Uint32Array ) || // eslint-disable-line stdlib/require-globals
			nativeClass( value ) === '[object Uint32Array]'
		);
	}


	// EXPORTS //

	main$1h = isUint32Array;
	return main$1h;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1W;
var hasRequiredLib$1W;

function requireLib$1W () {
	if (hasRequiredLib$1W) return lib$1W;
	hasRequiredLib$1W = 1;

	/**
	* Test if a value is a Uint32Array.
	*
	* @module @stdlib/assert-is-uint32array
	*
	* @example
	* var Uint32Array = require( '@stdlib/array-uint32' );
	* var isUint32Array = require( '@stdlib/assert-is-uint32array' );
	*
	* var bool = isUint32Array( new Uint32Array( 10 ) );
	* // returns true
	*
	* bool = isUint32Array( [] );
	* // returns false
	*/

	// MODULES //

	var isUint32Array = requireMain$1h();


	// EXPORTS //

	lib$1W = isUint32Array;
	return lib$1W;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1V;
var hasRequiredLib$1V;

function requireLib$1V () {
	if (hasRequiredLib$1V) return lib$1V;
	hasRequiredLib$1V = 1;

	/**
	* Maximum unsigned 32-bit integer.
	*
	* @module @stdlib/constants-uint32-max
	* @type {uinteger32}
	*
	* @example
	* var UINT32_MAX = require( '@stdlib/constants-uint32-max' );
	* // returns 4294967295
	*/


	// MAIN //

	/**
	* Maximum unsigned 32-bit integer.
	*
	* ## Notes
	*
	* The number has the value
	*
	* ```tex
	* 2^{32} - 1
	* ```
	*
	* which corresponds to the bit sequence
	*
	* ```binarystring
	* 11111111111111111111111111111111
	* ```
	*
	* @constant
	* @type {uinteger32}
	* @default 4294967295
	*/
	var UINT32_MAX = 4294967295;


	// EXPORTS //

	lib$1V = UINT32_MAX;
	return lib$1V;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var uint32array;
var hasRequiredUint32array;

function requireUint32array () {
	if (hasRequiredUint32array) return uint32array;
	hasRequiredUint32array = 1;

	// MAIN //

	var main = ( typeof Uint32Array === 'function' ) ? Uint32Array : null; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	uint32array = main;
	return uint32array;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1g;
var hasRequiredMain$1g;

function requireMain$1g () {
	if (hasRequiredMain$1g) return main$1g;
	hasRequiredMain$1g = 1;

	// MODULES //

	var isUint32Array = requireLib$1W();
	var UINT32_MAX = requireLib$1V();
	var GlobalUint32Array = requireUint32array();


	// MAIN //

	/**
	* Tests for native `Uint32Array` support.
	*
	* @returns {boolean} boolean indicating if an environment has `Uint32Array` support
	*
	* @example
	* var bool = hasUint32ArraySupport();
	* // returns <boolean>
	*/
	function hasUint32ArraySupport() {
		var bool;
		var arr;

		if ( typeof GlobalUint32Array !== 'function' ) {
			return false;
		}
		// Test basic support...
		try {
			arr = [ 1, 3.14, -3.14, UINT32_MAX+1, UINT32_MAX+2 ];
			arr = new GlobalUint32Array( arr );
			bool = (
				isUint32Array( arr ) &&
				arr[ 0 ] === 1 &&
				arr[ 1 ] === 3 &&            // truncation
				arr[ 2 ] === UINT32_MAX-2 && // truncation and wrap around
				arr[ 3 ] === 0 &&            // wrap around
				arr[ 4 ] === 1               // wrap around
			);
		} catch ( err ) { // eslint-disable-line no-unused-vars
			bool = false;
		}
		return bool;
	}


	// EXPORTS //

	main$1g = hasUint32ArraySupport;
	return main$1g;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1U;
var hasRequiredLib$1U;

function requireLib$1U () {
	if (hasRequiredLib$1U) return lib$1U;
	hasRequiredLib$1U = 1;

	/**
	* Test for native `Uint32Array` support.
	*
	* @module @stdlib/assert-has-uint32array-support
	*
	* @example
	* var hasUint32ArraySupport = require( '@stdlib/assert-has-uint32array-support' );
	*
	* var bool = hasUint32ArraySupport();
	* // returns <boolean>
	*/

	// MODULES //

	var hasUint32ArraySupport = requireMain$1g();


	// EXPORTS //

	lib$1U = hasUint32ArraySupport;
	return lib$1U;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1f;
var hasRequiredMain$1f;

function requireMain$1f () {
	if (hasRequiredMain$1f) return main$1f;
	hasRequiredMain$1f = 1;

	// MAIN //

	var ctor = ( typeof Uint32Array === 'function' ) ? Uint32Array : void 0; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	main$1f = ctor;
	return main$1f;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyfill_1$3;
var hasRequiredPolyfill$3;

function requirePolyfill$3 () {
	if (hasRequiredPolyfill$3) return polyfill_1$3;
	hasRequiredPolyfill$3 = 1;

	// TODO: write polyfill

	// MAIN //

	/**
	* Typed array which represents an array of 32-bit unsigned integers in the platform byte order.
	*
	* @throws {Error} not implemented
	*/
	function polyfill() {
		throw new Error( 'not implemented' );
	}


	// EXPORTS //

	polyfill_1$3 = polyfill;
	return polyfill_1$3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1T;
var hasRequiredLib$1T;

function requireLib$1T () {
	if (hasRequiredLib$1T) return lib$1T;
	hasRequiredLib$1T = 1;

	/**
	* Typed array constructor which returns a typed array representing an array of 32-bit unsigned integers in the platform byte order.
	*
	* @module @stdlib/array-uint32
	*
	* @example
	* var ctor = require( '@stdlib/array-uint32' );
	*
	* var arr = new ctor( 10 );
	* // returns <Uint32Array>
	*/

	// MODULES //

	var hasUint32ArraySupport = requireLib$1U();
	var builtin = requireMain$1f();
	var polyfill = requirePolyfill$3();


	// MAIN //

	var ctor;
	if ( hasUint32ArraySupport() ) {
		ctor = builtin;
	} else {
		ctor = polyfill;
	}


	// EXPORTS //

	lib$1T = ctor;
	return lib$1T;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1e;
var hasRequiredMain$1e;

function requireMain$1e () {
	if (hasRequiredMain$1e) return main$1e;
	hasRequiredMain$1e = 1;

	// MODULES //

	var nativeClass = requireLib$1X();


	// VARIABLES //

	var hasFloat64Array = ( typeof Float64Array === 'function' ); // eslint-disable-line stdlib/require-globals


	// MAIN //

	/**
	* Tests if a value is a Float64Array.
	*
	* @param {*} value - value to test
	* @returns {boolean} boolean indicating whether value is a Float64Array
	*
	* @example
	* var Float64Array = require( '@stdlib/array-float64' );
	*
	* var bool = isFloat64Array( new Float64Array( 10 ) );
	* // returns true
	*
	* @example
	* var bool = isFloat64Array( [] );
	* // returns false
	*/
	function isFloat64Array( value ) {
		return (
			( hasFloat64Array && value instanceof Float64Array ) || // eslint-disable-line stdlib/require-globals
			nativeClass( value ) === '[object Float64Array]'
		);
	}


	// EXPORTS //

	main$1e = isFloat64Array;
	return main$1e;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1S;
var hasRequiredLib$1S;

function requireLib$1S () {
	if (hasRequiredLib$1S) return lib$1S;
	hasRequiredLib$1S = 1;

	/**
	* Test if a value is a Float64Array.
	*
	* @module @stdlib/assert-is-float64array
	*
	* @example
	* var Float64Array = require( '@stdlib/array-float64' );
	* var isFloat64Array = require( '@stdlib/assert-is-float64array' );
	*
	* var bool = isFloat64Array( new Float64Array( 10 ) );
	* // returns true
	*
	* bool = isFloat64Array( [] );
	* // returns false
	*/

	// MODULES //

	var isFloat64Array = requireMain$1e();


	// EXPORTS //

	lib$1S = isFloat64Array;
	return lib$1S;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var float64array;
var hasRequiredFloat64array;

function requireFloat64array () {
	if (hasRequiredFloat64array) return float64array;
	hasRequiredFloat64array = 1;

	// MAIN //

	var main = ( typeof Float64Array === 'function' ) ? Float64Array : null; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	float64array = main;
	return float64array;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1d;
var hasRequiredMain$1d;

function requireMain$1d () {
	if (hasRequiredMain$1d) return main$1d;
	hasRequiredMain$1d = 1;

	// MODULES //

	var isFloat64Array = requireLib$1S();
	var GlobalFloat64Array = requireFloat64array();


	// MAIN //

	/**
	* Tests for native `Float64Array` support.
	*
	* @returns {boolean} boolean indicating if an environment has `Float64Array` support
	*
	* @example
	* var bool = hasFloat64ArraySupport();
	* // returns <boolean>
	*/
	function hasFloat64ArraySupport() {
		var bool;
		var arr;

		if ( typeof GlobalFloat64Array !== 'function' ) {
			return false;
		}
		// Test basic support...
		try {
			arr = new GlobalFloat64Array( [ 1.0, 3.14, -3.14, NaN ] );
			bool = (
				isFloat64Array( arr ) &&
				arr[ 0 ] === 1.0 &&
				arr[ 1 ] === 3.14 &&
				arr[ 2 ] === -3.14 &&
				arr[ 3 ] !== arr[ 3 ]
			);
		} catch ( err ) { // eslint-disable-line no-unused-vars
			bool = false;
		}
		return bool;
	}


	// EXPORTS //

	main$1d = hasFloat64ArraySupport;
	return main$1d;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1R;
var hasRequiredLib$1R;

function requireLib$1R () {
	if (hasRequiredLib$1R) return lib$1R;
	hasRequiredLib$1R = 1;

	/**
	* Test for native `Float64Array` support.
	*
	* @module @stdlib/assert-has-float64array-support
	*
	* @example
	* var hasFloat64ArraySupport = require( '@stdlib/assert-has-float64array-support' );
	*
	* var bool = hasFloat64ArraySupport();
	* // returns <boolean>
	*/

	// MODULES //

	var hasFloat64ArraySupport = requireMain$1d();


	// EXPORTS //

	lib$1R = hasFloat64ArraySupport;
	return lib$1R;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1c;
var hasRequiredMain$1c;

function requireMain$1c () {
	if (hasRequiredMain$1c) return main$1c;
	hasRequiredMain$1c = 1;

	// MAIN //

	var ctor = ( typeof Float64Array === 'function' ) ? Float64Array : void 0; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	main$1c = ctor;
	return main$1c;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyfill_1$2;
var hasRequiredPolyfill$2;

function requirePolyfill$2 () {
	if (hasRequiredPolyfill$2) return polyfill_1$2;
	hasRequiredPolyfill$2 = 1;

	// TODO: write polyfill

	// MAIN //

	/**
	* Typed array which represents an array of double-precision floating-point numbers in the platform byte order.
	*
	* @throws {Error} not implemented
	*/
	function polyfill() {
		throw new Error( 'not implemented' );
	}


	// EXPORTS //

	polyfill_1$2 = polyfill;
	return polyfill_1$2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1Q;
var hasRequiredLib$1Q;

function requireLib$1Q () {
	if (hasRequiredLib$1Q) return lib$1Q;
	hasRequiredLib$1Q = 1;

	/**
	* Typed array constructor which returns a typed array representing an array of double-precision floating-point numbers in the platform byte order.
	*
	* @module @stdlib/array-float64
	*
	* @example
	* var ctor = require( '@stdlib/array-float64' );
	*
	* var arr = new ctor( 10 );
	* // returns <Float64Array>
	*/

	// MODULES //

	var hasFloat64ArraySupport = requireLib$1R();
	var builtin = requireMain$1c();
	var polyfill = requirePolyfill$2();


	// MAIN //

	var ctor;
	if ( hasFloat64ArraySupport() ) {
		ctor = builtin;
	} else {
		ctor = polyfill;
	}


	// EXPORTS //

	lib$1Q = ctor;
	return lib$1Q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1b;
var hasRequiredMain$1b;

function requireMain$1b () {
	if (hasRequiredMain$1b) return main$1b;
	hasRequiredMain$1b = 1;

	// MODULES //

	var nativeClass = requireLib$1X();


	// VARIABLES //

	var hasUint8Array = ( typeof Uint8Array === 'function' ); // eslint-disable-line stdlib/require-globals


	// MAIN //

	/**
	* Tests if a value is a Uint8Array.
	*
	* @param {*} value - value to test
	* @returns {boolean} boolean indicating whether value is a Uint8Array
	*
	* @example
	* var Uint8Array = require( '@stdlib/array-uint8' );
	*
	* var bool = isUint8Array( new Uint8Array( 10 ) );
	* // returns true
	*
	* @example
	* var bool = isUint8Array( [] );
	* // returns false
	*/
	function isUint8Array( value ) {
		return (
			( hasUint8Array && value instanceof Uint8Array ) || // eslint-disable-line stdlib/require-globals
			nativeClass( value ) === '[object Uint8Array]'
		);
	}


	// EXPORTS //

	main$1b = isUint8Array;
	return main$1b;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1P;
var hasRequiredLib$1P;

function requireLib$1P () {
	if (hasRequiredLib$1P) return lib$1P;
	hasRequiredLib$1P = 1;

	/**
	* Test if a value is a Uint8Array.
	*
	* @module @stdlib/assert-is-uint8array
	*
	* @example
	* var Uint8Array = require( '@stdlib/array-uint8' );
	* var isUint8Array = require( '@stdlib/assert-is-uint8array' );
	*
	* var bool = isUint8Array( new Uint8Array( 10 ) );
	* // returns true
	*
	* bool = isUint8Array( [] );
	* // returns false
	*/

	// MODULES //

	var isUint8Array = requireMain$1b();


	// EXPORTS //

	lib$1P = isUint8Array;
	return lib$1P;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1O;
var hasRequiredLib$1O;

function requireLib$1O () {
	if (hasRequiredLib$1O) return lib$1O;
	hasRequiredLib$1O = 1;

	/**
	* Maximum unsigned 8-bit integer.
	*
	* @module @stdlib/constants-uint8-max
	* @type {integer32}
	*
	* @example
	* var UINT8_MAX = require( '@stdlib/constants-uint8-max' );
	* // returns 255
	*/


	// MAIN //

	/**
	* Maximum unsigned 8-bit integer.
	*
	* ## Notes
	*
	* The number has the value
	*
	* ```tex
	* 2^{8} - 1
	* ```
	*
	* which corresponds to the bit sequence
	*
	* ```binarystring
	* 11111111
	* ```
	*
	* @constant
	* @type {integer32}
	* @default 255
	*/
	var UINT8_MAX = 255|0; // asm type annotation


	// EXPORTS //

	lib$1O = UINT8_MAX;
	return lib$1O;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var uint8array;
var hasRequiredUint8array;

function requireUint8array () {
	if (hasRequiredUint8array) return uint8array;
	hasRequiredUint8array = 1;

	// MAIN //

	var main = ( typeof Uint8Array === 'function' ) ? Uint8Array : null; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	uint8array = main;
	return uint8array;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$1a;
var hasRequiredMain$1a;

function requireMain$1a () {
	if (hasRequiredMain$1a) return main$1a;
	hasRequiredMain$1a = 1;

	// MODULES //

	var isUint8Array = requireLib$1P();
	var UINT8_MAX = requireLib$1O();
	var GlobalUint8Array = requireUint8array();


	// MAIN //

	/**
	* Tests for native `Uint8Array` support.
	*
	* @returns {boolean} boolean indicating if an environment has `Uint8Array` support
	*
	* @example
	* var bool = hasUint8ArraySupport();
	* // returns <boolean>
	*/
	function hasUint8ArraySupport() {
		var bool;
		var arr;

		if ( typeof GlobalUint8Array !== 'function' ) {
			return false;
		}
		// Test basic support...
		try {
			arr = [ 1, 3.14, -3.14, UINT8_MAX+1, UINT8_MAX+2 ];
			arr = new GlobalUint8Array( arr );
			bool = (
				isUint8Array( arr ) &&
				arr[ 0 ] === 1 &&
				arr[ 1 ] === 3 &&           // truncation
				arr[ 2 ] === UINT8_MAX-2 && // truncation and wrap around
				arr[ 3 ] === 0 &&           // wrap around
				arr[ 4 ] === 1              // wrap around
			);
		} catch ( err ) { // eslint-disable-line no-unused-vars
			bool = false;
		}
		return bool;
	}


	// EXPORTS //

	main$1a = hasUint8ArraySupport;
	return main$1a;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1N;
var hasRequiredLib$1N;

function requireLib$1N () {
	if (hasRequiredLib$1N) return lib$1N;
	hasRequiredLib$1N = 1;

	/**
	* Test for native `Uint8Array` support.
	*
	* @module @stdlib/assert-has-uint8array-support
	*
	* @example
	* var hasUint8ArraySupport = require( '@stdlib/assert-has-uint8array-support' );
	*
	* var bool = hasUint8ArraySupport();
	* // returns <boolean>
	*/

	// MODULES //

	var hasUint8ArraySupport = requireMain$1a();


	// EXPORTS //

	lib$1N = hasUint8ArraySupport;
	return lib$1N;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$19;
var hasRequiredMain$19;

function requireMain$19 () {
	if (hasRequiredMain$19) return main$19;
	hasRequiredMain$19 = 1;

	// MAIN //

	var ctor = ( typeof Uint8Array === 'function' ) ? Uint8Array : void 0; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	main$19 = ctor;
	return main$19;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyfill_1$1;
var hasRequiredPolyfill$1;

function requirePolyfill$1 () {
	if (hasRequiredPolyfill$1) return polyfill_1$1;
	hasRequiredPolyfill$1 = 1;

	// TODO: write polyfill

	// MAIN //

	/**
	* Typed array which represents an array of 8-bit unsigned integers in the platform byte order.
	*
	* @throws {Error} not implemented
	*/
	function polyfill() {
		throw new Error( 'not implemented' );
	}


	// EXPORTS //

	polyfill_1$1 = polyfill;
	return polyfill_1$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1M;
var hasRequiredLib$1M;

function requireLib$1M () {
	if (hasRequiredLib$1M) return lib$1M;
	hasRequiredLib$1M = 1;

	/**
	* Typed array constructor which returns a typed array representing an array of 8-bit unsigned integers in the platform byte order.
	*
	* @module @stdlib/array-uint8
	*
	* @example
	* var ctor = require( '@stdlib/array-uint8' );
	*
	* var arr = new ctor( 10 );
	* // returns <Uint8Array>
	*/

	// MODULES //

	var hasUint8ArraySupport = requireLib$1N();
	var builtin = requireMain$19();
	var polyfill = requirePolyfill$1();


	// MAIN //

	var ctor;
	if ( hasUint8ArraySupport() ) {
		ctor = builtin;
	} else {
		ctor = polyfill;
	}


	// EXPORTS //

	lib$1M = ctor;
	return lib$1M;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$18;
var hasRequiredMain$18;

function requireMain$18 () {
	if (hasRequiredMain$18) return main$18;
	hasRequiredMain$18 = 1;

	// MODULES //

	var nativeClass = requireLib$1X();


	// VARIABLES //

	var hasUint16Array = ( typeof Uint16Array === 'function' ); // eslint-disable-line stdlib/require-globals


	// MAIN //

	/**
	* Tests if a value is a Uint16Array.
	*
	* @param {*} value - value to test
	* @returns {boolean} boolean indicating whether value is a Uint16Array
	*
	* @example
	* var Uint16Array = require( '@stdlib/array-uint16' );
	*
	* var bool = isUint16Array( new Uint16Array( 10 ) );
	* // returns true
	*
	* @example
	* var bool = isUint16Array( [] );
	* // returns false
	*/
	function isUint16Array( value ) {
		return (
			( hasUint16Array && value instanceof Uint16Array ) || // eslint-disable-line stdlib/require-globals
			nativeClass( value ) === '[object Uint16Array]'
		);
	}


	// EXPORTS //

	main$18 = isUint16Array;
	return main$18;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1L;
var hasRequiredLib$1L;

function requireLib$1L () {
	if (hasRequiredLib$1L) return lib$1L;
	hasRequiredLib$1L = 1;

	/**
	* Test if a value is a Uint16Array.
	*
	* @module @stdlib/assert-is-uint16array
	*
	* @example
	* var Uint16Array = require( '@stdlib/array-uint16' );
	* var isUint16Array = require( '@stdlib/assert-is-uint16array' );
	*
	* var bool = isUint16Array( new Uint16Array( 10 ) );
	* // returns true
	*
	* bool = isUint16Array( [] );
	* // returns false
	*/

	// MODULES //

	var isUint16Array = requireMain$18();


	// EXPORTS //

	lib$1L = isUint16Array;
	return lib$1L;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1K;
var hasRequiredLib$1K;

function requireLib$1K () {
	if (hasRequiredLib$1K) return lib$1K;
	hasRequiredLib$1K = 1;

	/**
	* Maximum unsigned 16-bit integer.
	*
	* @module @stdlib/constants-uint16-max
	* @type {integer32}
	*
	* @example
	* var UINT16_MAX = require( '@stdlib/constants-uint16-max' );
	* // returns 65535
	*/


	// MAIN //

	/**
	* Maximum unsigned 16-bit integer.
	*
	* ## Notes
	*
	* The number has the value
	*
	* ```tex
	* 2^{16} - 1
	* ```
	*
	* which corresponds to the bit sequence
	*
	* ```binarystring
	* 1111111111111111
	* ```
	*
	* @constant
	* @type {integer32}
	* @default 65535
	*/
	var UINT16_MAX = 65535|0; // asm type annotation


	// EXPORTS //

	lib$1K = UINT16_MAX;
	return lib$1K;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var uint16array;
var hasRequiredUint16array;

function requireUint16array () {
	if (hasRequiredUint16array) return uint16array;
	hasRequiredUint16array = 1;

	// MAIN //

	var main = ( typeof Uint16Array === 'function' ) ? Uint16Array : null; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	uint16array = main;
	return uint16array;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$17;
var hasRequiredMain$17;

function requireMain$17 () {
	if (hasRequiredMain$17) return main$17;
	hasRequiredMain$17 = 1;

	// MODULES //

	var isUint16Array = requireLib$1L();
	var UINT16_MAX = requireLib$1K();
	var GlobalUint16Array = requireUint16array();


	// MAIN //

	/**
	* Tests for native `Uint16Array` support.
	*
	* @returns {boolean} boolean indicating if an environment has `Uint16Array` support
	*
	* @example
	* var bool = hasUint16ArraySupport();
	* // returns <boolean>
	*/
	function hasUint16ArraySupport() {
		var bool;
		var arr;

		if ( typeof GlobalUint16Array !== 'function' ) {
			return false;
		}
		// Test basic support...
		try {
			arr = [ 1, 3.14, -3.14, UINT16_MAX+1, UINT16_MAX+2 ];
			arr = new GlobalUint16Array( arr );
			bool = (
				isUint16Array( arr ) &&
				arr[ 0 ] === 1 &&
				arr[ 1 ] === 3 &&            // truncation
				arr[ 2 ] === UINT16_MAX-2 && // truncation and wrap around
				arr[ 3 ] === 0 &&            // wrap around
				arr[ 4 ] === 1               // wrap around
			);
		} catch ( err ) { // eslint-disable-line no-unused-vars
			bool = false;
		}
		return bool;
	}


	// EXPORTS //

	main$17 = hasUint16ArraySupport;
	return main$17;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1J;
var hasRequiredLib$1J;

function requireLib$1J () {
	if (hasRequiredLib$1J) return lib$1J;
	hasRequiredLib$1J = 1;

	/**
	* Test for native `Uint16Array` support.
	*
	* @module @stdlib/assert-has-uint16array-support
	*
	* @example
	* var hasUint16ArraySupport = require( '@stdlib/assert-has-uint16array-support' );
	*
	* var bool = hasUint16ArraySupport();
	* // returns <boolean>
	*/

	// MODULES //

	var hasUint16ArraySupport = requireMain$17();


	// EXPORTS //

	lib$1J = hasUint16ArraySupport;
	return lib$1J;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$16;
var hasRequiredMain$16;

function requireMain$16 () {
	if (hasRequiredMain$16) return main$16;
	hasRequiredMain$16 = 1;

	// MAIN //

	var ctor = ( typeof Uint16Array === 'function' ) ? Uint16Array : void 0; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	main$16 = ctor;
	return main$16;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyfill_1;
var hasRequiredPolyfill;

function requirePolyfill () {
	if (hasRequiredPolyfill) return polyfill_1;
	hasRequiredPolyfill = 1;

	// TODO: write polyfill

	// MAIN //

	/**
	* Typed array which represents an array of 16-bit unsigned integers in the platform byte order.
	*
	* @throws {Error} not implemented
	*/
	function polyfill() {
		throw new Error( 'not implemented' );
	}


	// EXPORTS //

	polyfill_1 = polyfill;
	return polyfill_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1I;
var hasRequiredLib$1I;

function requireLib$1I () {
	if (hasRequiredLib$1I) return lib$1I;
	hasRequiredLib$1I = 1;

	/**
	* Typed array constructor which returns a typed array representing an array of 16-bit unsigned integers in the platform byte order.
	*
	* @module @stdlib/array-uint16
	*
	* @example
	* var ctor = require( '@stdlib/array-uint16' );
	*
	* var arr = new ctor( 10 );
	* // returns <Uint16Array>
	*/

	// MODULES //

	var hasUint16ArraySupport = requireLib$1J();
	var builtin = requireMain$16();
	var polyfill = requirePolyfill();


	// MAIN //

	var ctor;
	if ( hasUint16ArraySupport() ) {
		ctor = builtin;
	} else {
		ctor = polyfill;
	}


	// EXPORTS //

	lib$1I = ctor;
	return lib$1I;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var ctors_1;
var hasRequiredCtors;

function requireCtors () {
	if (hasRequiredCtors) return ctors_1;
	hasRequiredCtors = 1;

	// MODULES //

	var Uint8Array = requireLib$1M();
	var Uint16Array = requireLib$1I();


	// MAIN //

	var ctors = {
		'uint16': Uint16Array,
		'uint8': Uint8Array
	};


	// EXPORTS //

	ctors_1 = ctors;
	return ctors_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$15;
var hasRequiredMain$15;

function requireMain$15 () {
	if (hasRequiredMain$15) return main$15;
	hasRequiredMain$15 = 1;

	// MODULES //

	var ctors = requireCtors();


	// VARIABLES //

	var bool;


	// FUNCTIONS //

	/**
	* Returns a boolean indicating if an environment is little endian.
	*
	* @private
	* @returns {boolean} boolean indicating if an environment is little endian
	*
	* @example
	* var bool = isLittleEndian();
	* // returns <boolean>
	*/
	function isLittleEndian() {
		var uint16view;
		var uint8view;

		uint16view = new ctors[ 'uint16' ]( 1 );

		/*
		* Set the uint16 view to a value having distinguishable lower and higher order words.
		*
		* 4660 => 0x1234 => 0x12 0x34 => '00010010 00110100' => (0x12,0x34) == (18,52)
		*/
		uint16view[ 0 ] = 0x1234;

		// Create a uint8 view on top of the uint16 buffer:
		uint8view = new ctors[ 'uint8' ]( uint16view.buffer );

		// If little endian, the least significant byte will be first...
		return ( uint8view[ 0 ] === 0x34 );
	}


	// MAIN //

	bool = isLittleEndian();


	// EXPORTS //

	main$15 = bool;
	return main$15;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1H;
var hasRequiredLib$1H;

function requireLib$1H () {
	if (hasRequiredLib$1H) return lib$1H;
	hasRequiredLib$1H = 1;

	/**
	* Return a boolean indicating if an environment is little endian.
	*
	* @module @stdlib/assert-is-little-endian
	*
	* @example
	* var IS_LITTLE_ENDIAN = require( '@stdlib/assert-is-little-endian' );
	*
	* var bool = IS_LITTLE_ENDIAN;
	* // returns <boolean>
	*/

	// MODULES //

	var IS_LITTLE_ENDIAN = requireMain$15();


	// EXPORTS //

	lib$1H = IS_LITTLE_ENDIAN;
	return lib$1H;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var high$1;
var hasRequiredHigh$1;

function requireHigh$1 () {
	if (hasRequiredHigh$1) return high$1;
	hasRequiredHigh$1 = 1;

	// MODULES //

	var isLittleEndian = requireLib$1H();


	// MAIN //

	var HIGH;
	if ( isLittleEndian === true ) {
		HIGH = 1; // second index
	} else {
		HIGH = 0; // first index
	}


	// EXPORTS //

	high$1 = HIGH;
	return high$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$14;
var hasRequiredMain$14;

function requireMain$14 () {
	if (hasRequiredMain$14) return main$14;
	hasRequiredMain$14 = 1;

	// MODULES //

	var Uint32Array = requireLib$1T();
	var Float64Array = requireLib$1Q();
	var HIGH = requireHigh$1();


	// VARIABLES //

	var FLOAT64_VIEW = new Float64Array( 1 );
	var UINT32_VIEW = new Uint32Array( FLOAT64_VIEW.buffer );


	// MAIN //

	/**
	* Returns an unsigned 32-bit integer corresponding to the more significant 32 bits of a double-precision floating-point number.
	*
	* ## Notes
	*
	* ```text
	* float64 (64 bits)
	* f := fraction (significand/mantissa) (52 bits)
	* e := exponent (11 bits)
	* s := sign bit (1 bit)
	*
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |                                Float64                                |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |              Uint32               |               Uint32              |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* ```
	*
	* If little endian (more significant bits last):
	*
	* ```text
	*                         <-- lower      higher -->
	* |   f7       f6       f5       f4       f3       f2    e2 | f1 |s|  e1  |
	* ```
	*
	* If big endian (more significant bits first):
	*
	* ```text
	*                         <-- higher      lower -->
	* |s| e1    e2 | f1     f2       f3       f4       f5        f6      f7   |
	* ```
	*
	* In which Uint32 can we find the higher order bits? If little endian, the second; if big endian, the first.
	*
	* ## References
	*
	* -   [Open Group][1]
	*
	* [1]: http://pubs.opengroup.org/onlinepubs/9629399/chap14.htm
	*
	* @param {number} x - input value
	* @returns {uinteger32} higher order word
	*
	* @example
	* var w = getHighWord( 3.14e201 ); // => 01101001110001001000001011000011
	* // returns 1774486211
	*/
	function getHighWord( x ) {
		FLOAT64_VIEW[ 0 ] = x;
		return UINT32_VIEW[ HIGH ];
	}


	// EXPORTS //

	main$14 = getHighWord;
	return main$14;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1G;
var hasRequiredLib$1G;

function requireLib$1G () {
	if (hasRequiredLib$1G) return lib$1G;
	hasRequiredLib$1G = 1;

	/**
	* Return an unsigned 32-bit integer corresponding to the more significant 32 bits of a double-precision floating-point number.
	*
	* @module @stdlib/number-float64-base-get-high-word
	*
	* @example
	* var getHighWord = require( '@stdlib/number-float64-base-get-high-word' );
	*
	* var w = getHighWord( 3.14e201 ); // => 01101001110001001000001011000011
	* // returns 1774486211
	*/

	// MODULES //

	var main = requireMain$14();


	// EXPORTS //

	lib$1G = main;
	return lib$1G;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var high;
var hasRequiredHigh;

function requireHigh () {
	if (hasRequiredHigh) return high;
	hasRequiredHigh = 1;

	// MODULES //

	var isLittleEndian = requireLib$1H();


	// MAIN //

	var HIGH;
	if ( isLittleEndian === true ) {
		HIGH = 1; // second index
	} else {
		HIGH = 0; // first index
	}


	// EXPORTS //

	high = HIGH;
	return high;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$13;
var hasRequiredMain$13;

function requireMain$13 () {
	if (hasRequiredMain$13) return main$13;
	hasRequiredMain$13 = 1;

	// MODULES //

	var Uint32Array = requireLib$1T();
	var Float64Array = requireLib$1Q();
	var HIGH = requireHigh();


	// VARIABLES //

	var FLOAT64_VIEW = new Float64Array( 1 );
	var UINT32_VIEW = new Uint32Array( FLOAT64_VIEW.buffer );


	// MAIN //

	/**
	* Sets the more significant 32 bits of a double-precision floating-point number.
	*
	* ## Notes
	*
	* ```text
	* float64 (64 bits)
	* f := fraction (significand/mantissa) (52 bits)
	* e := exponent (11 bits)
	* s := sign bit (1 bit)
	*
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |                                Float64                                |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |              Uint32               |               Uint32              |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* ```
	*
	* If little endian (more significant bits last):
	*
	* ```text
	*                         <-- lower      higher -->
	* |   f7       f6       f5       f4       f3       f2    e2 | f1 |s|  e1  |
	* ```
	*
	* If big endian (more significant bits first):
	*
	* ```text
	*                         <-- higher      lower -->
	* |s| e1    e2 | f1     f2       f3       f4       f5        f6      f7   |
	* ```
	*
	* In which Uint32 can we find the higher order bits? If little endian, the second; if big endian, the first.
	*
	* ## References
	*
	* -   [Open Group][1]
	*
	* [1]: http://pubs.opengroup.org/onlinepubs/9629399/chap14.htm
	*
	* @param {number} x - double
	* @param {uinteger32} high - unsigned 32-bit integer to replace the higher order word of `x`
	* @returns {number} double having the same lower order word as `x`
	*
	* @example
	* var high = 5 >>> 0; // => 0 00000000000 00000000000000000101
	*
	* var y = setHighWord( 3.14e201, high ); // => 0 00000000000 0000000000000000010110010011110010110101100010000010
	* // returns 1.18350528745e-313
	*
	* @example
	* var PINF = require( '@stdlib/constants-float64-pinf' ); // => 0 11111111111 00000000000000000000 00000000000000000000000000000000
	*
	* var high = 1072693248 >>> 0; // => 0 01111111111 00000000000000000000
	*
	* // Set the higher order bits of `+infinity` to return `1`:
	* var y = setHighWord( PINF, high ); // => 0 01111111111 0000000000000000000000000000000000000000000000000000
	* // returns 1.0
	*/
	function setHighWord( x, high ) {
		FLOAT64_VIEW[ 0 ] = x;
		UINT32_VIEW[ HIGH ] = ( high >>> 0 ); // identity bit shift to ensure integer
		return FLOAT64_VIEW[ 0 ];
	}


	// EXPORTS //

	main$13 = setHighWord;
	return main$13;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1F;
var hasRequiredLib$1F;

function requireLib$1F () {
	if (hasRequiredLib$1F) return lib$1F;
	hasRequiredLib$1F = 1;

	/**
	* Set the more significant 32 bits of a double-precision floating-point number.
	*
	* @module @stdlib/number-float64-base-set-high-word
	*
	* @example
	* var setHighWord = require( '@stdlib/number-float64-base-set-high-word' );
	*
	* var high = 5 >>> 0; // => 0 00000000000 00000000000000000101
	*
	* var y = setHighWord( 3.14e201, high ); // => 0 00000000000 0000000000000000010110010011110010110101100010000010
	* // returns 1.18350528745e-313
	*
	* @example
	* var PINF = require( '@stdlib/constants-float64-pinf' ); // => 0 11111111111 00000000000000000000 00000000000000000000000000000000
	* var setHighWord = require( '@stdlib/number-float64-base-set-high-word' );
	*
	* var high = 1072693248 >>> 0; // => 0 01111111111 00000000000000000000
	*
	* // Set the higher order bits of `+infinity` to return `1`:
	* var y = setHighWord( PINF, high ); // => 0 01111111111 0000000000000000000000000000000000000000000000000000
	* // returns 1.0
	*/

	// MODULES //

	var main = requireMain$13();


	// EXPORTS //

	lib$1F = main;
	return lib$1F;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var indices_1$1;
var hasRequiredIndices$1;

function requireIndices$1 () {
	if (hasRequiredIndices$1) return indices_1$1;
	hasRequiredIndices$1 = 1;

	// MODULES //

	var isLittleEndian = requireLib$1H();


	// MAIN //

	var indices;
	var HIGH;
	var LOW;

	if ( isLittleEndian === true ) {
		HIGH = 1; // second index
		LOW = 0; // first index
	} else {
		HIGH = 0; // first index
		LOW = 1; // second index
	}
	indices = {
		'HIGH': HIGH,
		'LOW': LOW
	};


	// EXPORTS //

	indices_1$1 = indices;
	return indices_1$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$12;
var hasRequiredMain$12;

function requireMain$12 () {
	if (hasRequiredMain$12) return main$12;
	hasRequiredMain$12 = 1;

	// MODULES //

	var Uint32Array = requireLib$1T();
	var Float64Array = requireLib$1Q();
	var indices = requireIndices$1();


	// VARIABLES //

	var FLOAT64_VIEW = new Float64Array( 1 );
	var UINT32_VIEW = new Uint32Array( FLOAT64_VIEW.buffer );

	var HIGH = indices.HIGH;
	var LOW = indices.LOW;


	// MAIN //

	/**
	* Creates a double-precision floating-point number from a higher order word (unsigned 32-bit integer) and a lower order word (unsigned 32-bit integer).
	*
	* ## Notes
	*
	* ```text
	* float64 (64 bits)
	* f := fraction (significand/mantissa) (52 bits)
	* e := exponent (11 bits)
	* s := sign bit (1 bit)
	*
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |                                Float64                                |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |              Uint32               |               Uint32              |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* ```
	*
	* If little endian (more significant bits last):
	*
	* ```text
	*                         <-- lower      higher -->
	* |   f7       f6       f5       f4       f3       f2    e2 | f1 |s|  e1  |
	* ```
	*
	* If big endian (more significant bits first):
	*
	* ```text
	*                         <-- higher      lower -->
	* |s| e1    e2 | f1     f2       f3       f4       f5        f6      f7   |
	* ```
	*
	* In which Uint32 should we place the higher order bits? If little endian, the second; if big endian, the first.
	*
	* ## References
	*
	* -   [Open Group][1]
	*
	* [1]: http://pubs.opengroup.org/onlinepubs/9629399/chap14.htm
	*
	* @param {uinteger32} high - higher order word (unsigned 32-bit integer)
	* @param {uinteger32} low - lower order word (unsigned 32-bit integer)
	* @returns {number} floating-point number
	*
	* @example
	* var v = fromWords( 1774486211, 2479577218 );
	* // returns 3.14e201
	*
	* @example
	* var v = fromWords( 3221823995, 1413754136 );
	* // returns -3.141592653589793
	*
	* @example
	* var v = fromWords( 0, 0 );
	* // returns 0.0
	*
	* @example
	* var v = fromWords( 2147483648, 0 );
	* // returns -0.0
	*
	* @example
	* var v = fromWords( 2146959360, 0 );
	* // returns NaN
	*
	* @example
	* var v = fromWords( 2146435072, 0 );
	* // returns Infinity
	*
	* @example
	* var v = fromWords( 4293918720, 0 );
	* // returns -Infinity
	*/
	function fromWords( high, low ) {
		UINT32_VIEW[ HIGH ] = high;
		UINT32_VIEW[ LOW ] = low;
		return FLOAT64_VIEW[ 0 ];
	}


	// EXPORTS //

	main$12 = fromWords;
	return main$12;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1E;
var hasRequiredLib$1E;

function requireLib$1E () {
	if (hasRequiredLib$1E) return lib$1E;
	hasRequiredLib$1E = 1;

	/**
	* Create a double-precision floating-point number from a higher order word (unsigned 32-bit integer) and a lower order word (unsigned 32-bit integer).
	*
	* @module @stdlib/number-float64-base-from-words
	*
	* @example
	* var fromWords = require( '@stdlib/number-float64-base-from-words' );
	*
	* var v = fromWords( 1774486211, 2479577218 );
	* // returns 3.14e201
	*
	* v = fromWords( 3221823995, 1413754136 );
	* // returns -3.141592653589793
	*
	* v = fromWords( 0, 0 );
	* // returns 0.0
	*
	* v = fromWords( 2147483648, 0 );
	* // returns -0.0
	*
	* v = fromWords( 2146959360, 0 );
	* // returns NaN
	*
	* v = fromWords( 2146435072, 0 );
	* // returns Infinity
	*
	* v = fromWords( 4293918720, 0 );
	* // returns -Infinity
	*/

	// MODULES //

	var main = requireMain$12();


	// EXPORTS //

	lib$1E = main;
	return lib$1E;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1D;
var hasRequiredLib$1D;

function requireLib$1D () {
	if (hasRequiredLib$1D) return lib$1D;
	hasRequiredLib$1D = 1;

	/**
	* Double-precision floating-point positive infinity.
	*
	* @module @stdlib/constants-float64-pinf
	* @type {number}
	*
	* @example
	* var FLOAT64_PINF = require( '@stdlib/constants-float64-pinf' );
	* // returns Infinity
	*/


	// MAIN //

	/**
	* Double-precision floating-point positive infinity.
	*
	* ## Notes
	*
	* Double-precision floating-point positive infinity has the bit sequence
	*
	* ```binarystring
	* 0 11111111111 00000000000000000000 00000000000000000000000000000000
	* ```
	*
	* @constant
	* @type {number}
	* @default Number.POSITIVE_INFINITY
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_PINF = Number.POSITIVE_INFINITY; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	lib$1D = FLOAT64_PINF;
	return lib$1D;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$11;
var hasRequiredMain$11;

function requireMain$11 () {
	if (hasRequiredMain$11) return main$11;
	hasRequiredMain$11 = 1;

	// EXPORTS //

	main$11 = Number; // eslint-disable-line stdlib/require-globals
	return main$11;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1C;
var hasRequiredLib$1C;

function requireLib$1C () {
	if (hasRequiredLib$1C) return lib$1C;
	hasRequiredLib$1C = 1;

	/**
	* Constructor which returns a `Number` object.
	*
	* @module @stdlib/number-ctor
	*
	* @example
	* var Number = require( '@stdlib/number-ctor' );
	*
	* var v = new Number( 10.0 );
	* // returns <Number>
	*/

	// MODULES //

	var main = requireMain$11();


	// EXPORTS //

	lib$1C = main;
	return lib$1C;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1B;
var hasRequiredLib$1B;

function requireLib$1B () {
	if (hasRequiredLib$1B) return lib$1B;
	hasRequiredLib$1B = 1;

	/**
	* Double-precision floating-point negative infinity.
	*
	* @module @stdlib/constants-float64-ninf
	* @type {number}
	*
	* @example
	* var FLOAT64_NINF = require( '@stdlib/constants-float64-ninf' );
	* // returns -Infinity
	*/

	// MODULES //

	var Number = requireLib$1C();


	// MAIN //

	/**
	* Double-precision floating-point negative infinity.
	*
	* ## Notes
	*
	* Double-precision floating-point negative infinity has the bit sequence
	*
	* ```binarystring
	* 1 11111111111 00000000000000000000 00000000000000000000000000000000
	* ```
	*
	* @constant
	* @type {number}
	* @default Number.NEGATIVE_INFINITY
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_NINF = Number.NEGATIVE_INFINITY;


	// EXPORTS //

	lib$1B = FLOAT64_NINF;
	return lib$1B;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1A;
var hasRequiredLib$1A;

function requireLib$1A () {
	if (hasRequiredLib$1A) return lib$1A;
	hasRequiredLib$1A = 1;

	/**
	* The bias of a double-precision floating-point number's exponent.
	*
	* @module @stdlib/constants-float64-exponent-bias
	* @type {integer32}
	*
	* @example
	* var FLOAT64_EXPONENT_BIAS = require( '@stdlib/constants-float64-exponent-bias' );
	* // returns 1023
	*/


	// MAIN //

	/**
	* Bias of a double-precision floating-point number's exponent.
	*
	* ## Notes
	*
	* The bias can be computed via
	*
	* ```tex
	* \mathrm{bias} = 2^{k-1} - 1
	* ```
	*
	* where \\(k\\) is the number of bits in the exponent; here, \\(k = 11\\).
	*
	* @constant
	* @type {integer32}
	* @default 1023
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_EXPONENT_BIAS = 1023|0; // asm type annotation


	// EXPORTS //

	lib$1A = FLOAT64_EXPONENT_BIAS;
	return lib$1A;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1z;
var hasRequiredLib$1z;

function requireLib$1z () {
	if (hasRequiredLib$1z) return lib$1z;
	hasRequiredLib$1z = 1;

	/**
	* One half times the natural logarithm of 2.
	*
	* @module @stdlib/constants-float64-half-ln-two
	* @type {number}
	*
	* @example
	* var HALF_LN2 = require( '@stdlib/constants-float64-half-ln-two' );
	* // returns 3.46573590279972654709e-01
	*/

	// MAIN //

	/**
	* One half times the natural logarithm of 2.
	*
	* ```tex
	* \frac{\ln 2}{2}
	* ```
	*
	* @constant
	* @type {number}
	* @default 3.46573590279972654709e-01
	*/
	var HALF_LN2 = 3.46573590279972654709e-01; // 0x3FD62E42 0xFEFA39EF


	// EXPORTS //

	lib$1z = HALF_LN2;
	return lib$1z;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_q$1;
var hasRequiredPolyval_q$1;

function requirePolyval_q$1 () {
	if (hasRequiredPolyval_q$1) return polyval_q$1;
	hasRequiredPolyval_q$1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -0.03333333333333313;
		}
		return -0.03333333333333313 + (x * (0.0015873015872548146 + (x * (-793650757867488e-19 + (x * (0.000004008217827329362 + (x * -2.0109921818362437e-7))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_q$1 = evalpoly;
	return polyval_q$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright, license, and long comment were part of the original implementation available as part of [FDLIBM]{@link http://www.netlib.org/fdlibm/s_expm1.c} and [FreeBSD]{@link https://svnweb.freebsd.org/base/release/12.2.0/lib/msun/src/s_expm1.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$10;
var hasRequiredMain$10;

function requireMain$10 () {
	if (hasRequiredMain$10) return main$10;
	hasRequiredMain$10 = 1;

	// MODULES //

	var isnan = requireLib$20();
	var getHighWord = requireLib$1G();
	var setHighWord = requireLib$1F();
	var fromWords = requireLib$1E();
	var PINF = requireLib$1D();
	var NINF = requireLib$1B();
	var FLOAT64_EXPONENT_BIAS = requireLib$1A();
	var HALF_LN2 = requireLib$1z();
	var polyval = requirePolyval_q$1();


	// VARIABLES //

	var OVERFLOW_THRESHOLD = 7.09782712893383973096e+02; // 0x40862E42 0xFEFA39EF

	// High and low words of ln(2):
	var LN2_HI = 6.93147180369123816490e-01; // 0x3FE62E42 0xFEE00000
	var LN2_LO = 1.90821492927058770002e-10; // 0x3DEA39EF 0x35793C76

	// 1 / ln(2):
	var LN2_INV = 1.44269504088896338700e+00; // 0x3FF71547 0x652B82FE

	// ln(2) * 56:
	var LN2x56 = 3.88162421113569373274e+01; // 0x4043687A 0x9F1AF2B1

	// ln(2) * 1.5:
	var LN2_HALFX3 = 1.03972077083991796413e+00; // 0x3FF0A2B2 0x3F3BAB73


	// MAIN //

	/**
	* Computes `exp(x) - 1`.
	*
	* ## Method
	*
	* 1.  Given \\(x\\), we use argument reduction to find \\(r\\) and an integer \\(k\\) such that
	*
	*     ```tex
	*     x = k \cdot \ln(2) + r
	*     ```
	*
	*     where
	*
	*     ```tex
	*     |r| \leq \frac{\ln(2)}{2} \approx 0.34658
	*     ```
	*
	*     <!-- <note> -->
	*
	*     A correction term \\(c\\) will need to be computed to compensate for the error in \\(r\\) when rounded to a floating-point number.
	*
	*     <!-- </note> -->
	*
	* 2.  To approximate \\(\operatorname{expm1}(r)\\), we use a special rational function on the interval \\(\[0,0.34658]\\). Since
	*
	*     ```tex
	*     r \frac{e^r + 1}{e^r - 1} = 2 + \frac{r^2}{6} - \frac{r^4}{360} + \ldots
	*     ```
	*
	*     we define \\(\operatorname{R1}(r^2)\\) by
	*
	*     ```tex
	*     r \frac{e^r + 1}{e^r - 1} = 2 + \frac{r^2}{6} \operatorname{R1}(r^2)
	*     ```
	*
	*     That is,
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{R1}(r^2) &= \frac{6}{r} \biggl(\frac{e^r+1}{e^r-1} - \frac{2}{r}\biggr) \\
	*     &= \frac{6}{r} \biggl( 1 + 2 \biggl(\frac{1}{e^r-1} - \frac{1}{r}\biggr)\biggr) \\
	*     &= 1 - \frac{r^2}{60} + \frac{r^4}{2520} - \frac{r^6}{100800} + \ldots
	*     \end{align*}
	*     ```
	*
	*     We use a special Remes algorithm on \\(\[0,0.347]\\) to generate a polynomial of degree \\(5\\) in \\(r^2\\) to approximate \\(\mathrm{R1}\\). The maximum error of this polynomial approximation is bounded by \\(2^{-61}\\). In other words,
	*
	*     ```tex
	*     \operatorname{R1}(z) \approx 1 + \mathrm{Q1} \cdot z + \mathrm{Q2} \cdot z^2 + \mathrm{Q3} \cdot z^3 + \mathrm{Q4} \cdot z^4 + \mathrm{Q5} \cdot z^5
	*     ```
	*
	*     where
	*
	*     ```tex
	*     \begin{align*}
	*     \mathrm{Q1} &= -1.6666666666666567384\mbox{e-}2 \\
	*     \mathrm{Q2} &= 3.9682539681370365873\mbox{e-}4 \\
	*     \mathrm{Q3} &= -9.9206344733435987357\mbox{e-}6 \\
	*     \mathrm{Q4} &= 2.5051361420808517002\mbox{e-}7 \\
	*     \mathrm{Q5} &= -6.2843505682382617102\mbox{e-}9
	*     \end{align*}
	*     ```
	*
	*     where \\(z = r^2\\) and the values of \\(\mathrm{Q1}\\) to \\(\mathrm{Q5}\\) are listed in the source. The error is bounded by
	*
	*     ```tex
	*     \biggl| 1 + \mathrm{Q1} \cdot z + \ldots + \mathrm{Q5} \cdot z - \operatorname{R1}(z) \biggr| \leq 2^{-61}
	*     ```
	*
	*     \\(\operatorname{expm1}(r) = e^r - 1\\) is then computed by the following specific way which minimizes the accumulated rounding error
	*
	*     ```tex
	*     \operatorname{expm1}(r) = r + \frac{r^2}{2} + \frac{r^3}{2} \biggl( \frac{3 - (\mathrm{R1} + \mathrm{R1} \cdot \frac{r}{2})}{6 - r ( 3 - \mathrm{R1} \cdot \frac{r}{2})} \biggr)
	*     ```
	*
	*     To compensate for the error in the argument reduction, we use
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{expm1}(r+c) &= \operatorname{expm1}(r) + c + \operatorname{expm1}(r) \cdot c \\
	*     &\approx \operatorname{expm1}(r) + c + rc
	*     \end{align*}
	*     ```
	*
	*     Thus, \\(c + rc\\) will be added in as the correction terms for \\(\operatorname{expm1}(r+c)\\). Now, we can rearrange the term to avoid optimization screw up.
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{expm1}(r+c) &\approx r - \biggl( \biggl( r + \biggl( \frac{r^2}{2} \biggl( \frac{\mathrm{R1} - (3 - \mathrm{R1} \cdot \frac{r}{2})}{6 - r (3 - \mathrm{R1} \cdot \frac{r}{2})} \biggr) - c \biggr) - c \biggr) - \frac{r^2}{2} \biggr) \\
	*     &= r - \mathrm{E}
	*     \end{align*}
	*     ```
	*
	* 3.  To scale back to obtain \\(\operatorname{expm1}(x)\\), we have (from step 1)
	*
	*     ```tex
	*     \operatorname{expm1}(x) = \begin{cases}
	*     2^k  (\operatorname{expm1}(r) + 1) - 1 \\
	*     2^k (\operatorname{expm1}(r) + (1-2^{-k}))
	*     \end{cases}
	*     ```
	*
	* ## Special Cases
	*
	* ```tex
	* \begin{align*}
	* \operatorname{expm1}(\infty) &= \infty \\
	* \operatorname{expm1}(-\infty) &= -1 \\
	* \operatorname{expm1}(\mathrm{NaN}) &= \mathrm{NaN}
	* \end{align*}
	* ```
	*
	* ## Notes
	*
	* -   For finite arguments, only \\(\operatorname{expm1}(0) = 0\\) is exact.
	*
	* -   To save one multiplication, we scale the coefficient \\(\mathrm{Qi}\\) to \\(\mathrm{Qi} \cdot {2^i}\\) and replace \\(z\\) by \\(\frac{x^2}{2}\\).
	*
	* -   To achieve maximum accuracy, we compute \\(\operatorname{expm1}(x)\\) by
	*
	*     -   if \\(x < -56 \cdot \ln(2)\\), return \\(-1.0\\) (raise inexact if \\(x\\) does not equal \\(\infty\\))
	*
	*     -   if \\(k = 0\\), return \\(r-\mathrm{E}\\)
	*
	*     -   if \\(k = -1\\), return \\(\frac{(r-\mathrm{E})-1}{2}\\)
	*
	*     -   if \\(k = 1\\),
	*
	*         -   if \\(r < -0.25\\), return \\(2((r+0.5)- \mathrm{E})\\)
	*         -   else return \\(1+2(r-\mathrm{E})\\)
	*
	*     -   if \\(k < -2\\) or \\(k > 56\\), return \\(2^k(1-(\mathrm{E}-r)) - 1\\) (or \\(e^x-1\\))
	*
	*     -   if \\(k \leq 20\\), return \\(2^k((1-2^{-k})-(\mathrm{E}-r))\\)
	*
	*     -   else return \\(2^k(1-((\mathrm{E}+2^{-k})-r))\\)
	*
	* -   For IEEE 754 double, if \\(x > 7.09782712893383973096\mbox{e+}02\\), then \\(\operatorname{expm1}(x)\\) will overflow.
	*
	* -   The hexadecimal values listed in the source are the intended ones for the implementation constants. Decimal values may be used, provided that the compiler will convert from decimal to binary accurately enough to produce the intended hexadecimal values.
	*
	* -   According to an error analysis, the error is always less than \\(1\\) ulp (unit in the last place).
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var v = expm1( 0.2 );
	* // returns ~0.221
	*
	* @example
	* var v = expm1( -9.0 );
	* // returns ~-0.9999
	*
	* @example
	* var v = expm1( 0.0 );
	* // returns 0.0
	*
	* @example
	* var v = expm1( NaN );
	* // returns NaN
	*/
	function expm1( x ) {
		var halfX;
		var twopk;
		var sign;
		var hi;
		var lo;
		var hx;
		var r1;
		var y;
		var z;
		var c;
		var t;
		var e;
		var k;

		if ( x === PINF || isnan( x ) ) {
			return x;
		}
		if ( x === NINF ) {
			return -1;
		}
		if ( x === 0.0 ) {
			return x; // handles +-0 (IEEE 754-2008)
		}
		// Set y = |x|:
		if ( x < 0.0 ) {
			sign = true;
			y = -x;
		} else {
			sign = false;
			y = x;
		}
		// Filter out huge and non-finite arguments...
		if ( y >= LN2x56 ) { // if |x| >= 56*ln(2)
			if ( sign ) { // if x <= -56*ln(2)
				return -1;
			}
			if ( y >= OVERFLOW_THRESHOLD ) { // if |x| >= 709.78...
				return PINF;
			}
		}
		// Extract the more significant bits from |x|:
		hx = getHighWord( y )|0; // asm type annotation

		// Argument reduction...
		if ( y > HALF_LN2 ) { // if |x| > 0.5*ln(2)
			if ( y < LN2_HALFX3 ) { // if |x| < 1.5*ln(2)
				if ( sign ) {
					hi = x + LN2_HI;
					lo = -LN2_LO;
					k = -1;
				} else {
					hi = x - LN2_HI;
					lo = LN2_LO;
					k = 1;
				}
			} else {
				if ( sign ) {
					k = (LN2_INV*x) - 0.5;
				} else {
					k = (LN2_INV*x) + 0.5;
				}
				k |= 0; // use a bitwise OR to cast `k` to an integer (see also asm.js type annotations: http://asmjs.org/spec/latest/#annotations)
				t = k;
				hi = x - (t*LN2_HI); // t*ln2_hi is exact here
				lo = t * LN2_LO;
			}
			x = hi - lo;
			c = (hi-x) - lo;
		}
		// If |x| < 2**-54 => high word: 0 01111001001 00000000000000000000 => 0x3c900000 = 1016070144  => exponent = 01111001001 = 969 = 1023-54
		else if ( hx < 1016070144 ) {
			return x;
		} else {
			k = 0;
		}
		// x is now in primary range...
		halfX = 0.5 * x;
		z = x * halfX;

		r1 = 1.0 + ( z * polyval( z ) );

		t = 3.0 - (r1*halfX);
		e = z * ( (r1-t) / (6.0 - (x*t)) );
		if ( k === 0 ) {
			return x - ( (x*e) - z );	// c is 0
		}
		twopk = fromWords( (FLOAT64_EXPONENT_BIAS+k)<<20, 0 ); // 2^k
		e = ( x * (e-c) ) - c;
		e -= z;
		if ( k === -1 ) {
			return ( 0.5*(x-e) ) - 0.5;
		}
		if ( k === 1 ) {
			if ( x < -0.25 ) {
				return -2 * ( e - (x+0.5) );
			}
			return 1.0 + ( 2.0 * (x-e) );
		}
		if ( k <= -2 || k > 56 ) { // suffice to return exp(x)-1
			y = 1.0 - (e-x);
			if ( k === 1024 ) {
				// Add k to y's exponent:
				hi = (getHighWord( y ) + (k<<20))|0; // asm type annotation
				y = setHighWord( y, hi );
			} else {
				y *= twopk;
			}
			return y - 1.0;
		}
		t = 1.0;
		if ( k < 20 ) {
			// 0x3ff00000 - (0x200000>>k) = 1072693248 - (0x200000>>k) => 0x3ff00000 = 00111111111100000000000000000000 and 0x200000 = 0 00000000010 00000000000000000000
			hi = (1072693248 - (0x200000>>k))|0; // asm type annotation
			t = setHighWord( t, hi ); // t=1-2^-k
			y = t - (e-x);
		} else {
			hi = ( (FLOAT64_EXPONENT_BIAS-k)<<20 )|0; // asm type annotation
			t = setHighWord( t, hi ); // t=2^-k
			y = x - (e+t);
			y += 1.0;
		}
		y *= twopk;
		return y;
	}


	// EXPORTS //

	main$10 = expm1;
	return main$10;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1y;
var hasRequiredLib$1y;

function requireLib$1y () {
	if (hasRequiredLib$1y) return lib$1y;
	hasRequiredLib$1y = 1;

	/**
	* Compute `exp(x) - 1`.
	*
	* @module @stdlib/math-base-special-expm1
	*
	* @example
	* var expm1 = require( '@stdlib/math-base-special-expm1' );
	*
	* var v = expm1( 0.2 );
	* // returns ~0.221
	*
	* v = expm1( -9.0 );
	* // returns ~-0.9999
	*
	* v = expm1( 0.0 );
	* // returns 0.0
	*
	* v = expm1( NaN );
	* // returns NaN
	*/

	// MODULES //

	var expm1 = requireMain$10();


	// EXPORTS //

	lib$1y = expm1;
	return lib$1y;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$$;
var hasRequiredMain$$;

function requireMain$$ () {
	if (hasRequiredMain$$) return main$$;
	hasRequiredMain$$ = 1;

	// TODO: implementation (?)

	/**
	* Rounds a double-precision floating-point number toward negative infinity.
	*
	* @param {number} x - input value
	* @returns {number} rounded value
	*
	* @example
	* var v = floor( -4.2 );
	* // returns -5.0
	*
	* @example
	* var v = floor( 9.99999 );
	* // returns 9.0
	*
	* @example
	* var v = floor( 0.0 );
	* // returns 0.0
	*
	* @example
	* var v = floor( NaN );
	* // returns NaN
	*/
	var floor = Math.floor; // eslint-disable-line stdlib/no-builtin-math


	// EXPORTS //

	main$$ = floor;
	return main$$;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1x;
var hasRequiredLib$1x;

function requireLib$1x () {
	if (hasRequiredLib$1x) return lib$1x;
	hasRequiredLib$1x = 1;

	/**
	* Round a double-precision floating-point number toward negative infinity.
	*
	* @module @stdlib/math-base-special-floor
	*
	* @example
	* var floor = require( '@stdlib/math-base-special-floor' );
	*
	* var v = floor( -4.2 );
	* // returns -5.0
	*
	* v = floor( 9.99999 );
	* // returns 9.0
	*
	* v = floor( 0.0 );
	* // returns 0.0
	*
	* v = floor( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$$();


	// EXPORTS //

	lib$1x = main;
	return lib$1x;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_lp;
var hasRequiredPolyval_lp;

function requirePolyval_lp () {
	if (hasRequiredPolyval_lp) return polyval_lp;
	hasRequiredPolyval_lp = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.6666666666666735;
		}
		return 0.6666666666666735 + (x * (0.3999999999940942 + (x * (0.2857142874366239 + (x * (0.22222198432149784 + (x * (0.1818357216161805 + (x * (0.15313837699209373 + (x * 0.14798198605116586))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_lp = evalpoly;
	return polyval_lp;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright, license, and long comment were part of the original implementation available as part of [FDLIBM]{@link http://www.netlib.org/fdlibm/s_log1p.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$_;
var hasRequiredMain$_;

function requireMain$_ () {
	if (hasRequiredMain$_) return main$_;
	hasRequiredMain$_ = 1;

	// MODULES //

	var isnan = requireLib$20();
	var getHighWord = requireLib$1G();
	var setHighWord = requireLib$1F();
	var PINF = requireLib$1D();
	var NINF = requireLib$1B();
	var FLOAT64_EXPONENT_BIAS = requireLib$1A();
	var polyval = requirePolyval_lp();


	// VARIABLES //

	// High and low words of ln(2):
	var LN2_HI = 6.93147180369123816490e-01; // 0x3fe62e42 0xfee00000
	var LN2_LO = 1.90821492927058770002e-10; // 0x3dea39ef 0x35793c76

	// sqrt(2)-1:
	var SQRT2M1 = 4.142135623730950488017e-01; // 0x3fda8279 0x99fcef34

	// sqrt(2)/2-1:
	var SQRT2HALFM1 = -0.2928932188134525; // 0xbfd2bec3 0x33018866

	// 2**-29:
	var SMALL = 1.862645149230957e-09; // 0x3e200000 0x00000000

	// 2**-54:
	var TINY = 5.551115123125783e-17;

	// Max integer (unsafe) => 2**53:
	var TWO53 = 9007199254740992;

	// 2/3:
	var TWO_THIRDS = 6.666666666666666666e-01;


	// MAIN //

	/**
	* Evaluates the natural logarithm of \\(1+x\\).
	*
	* ## Method
	*
	* 1.  Argument Reduction: find \\(k\\) and \\(f\\) such that
	*
	*     ```tex
	*     1+x = 2^k (1+f)
	*     ```
	*
	*     where
	*
	*     ```tex
	*     \frac{\sqrt{2}}{2} < 1+f < \sqrt{2}
	*     ```
	*
	*     <!-- <note> -->
	*
	*     If \\(k=0\\), then \\(f=x\\) is exact. However, if \\(k \neq 0\\), then \\(f\\) may not be representable exactly. In that case, a correction term is needed. Let
	*
	*     ```tex
	*     u = \operatorname{round}(1+x)
	*     ```
	*
	*     and
	*
	*     ```tex
	*     c = (1+x) - u
	*     ```
	*
	*     then
	*
	*     ```tex
	*     \ln (1+x) - \ln u \approx \frac{c}{u}
	*     ```
	*
	*     We can thus proceed to compute \\(\ln(u)\\), and add back the correction term \\(c/u\\).
	*
	*     <!-- </note> -->
	*
	*     <!-- <note> -->
	*
	*     When \\(x > 2^{53}\\), one can simply return \\(\ln(x)\\).
	*
	*     <!-- </note> -->
	*
	* 2.  Approximation of \\(\operatorname{log1p}(f)\\). Let
	*
	*     ```tex
	*     s = \frac{f}{2+f}
	*     ```
	*
	*     based on
	*
	*     ```tex
	*     \begin{align*}
	*     \ln 1+f &= \ln (1+s) - \ln (1-s) \\
	*             &= 2s + \frac{2}{3} s^3 + \frac{2}{5} s^5 + ... \\
	*             &= 2s + sR \\
	*     \end{align*}
	*     ```
	*
	*     We use a special Reme algorithm on \\(\[0,0.1716\]\\) to generate a polynomial of degree \\(14\\) to approximate \\(R\\). The maximum error of this polynomial approximation is bounded by \\(2^{-58.45}\\). In other words,
	*
	*     ```tex
	*     R(z) \approx \mathrm{Lp}_1 s^2 + \mathrm{Lp}_2 s^4 + \mathrm{Lp}_3 s^6 + \mathrm{Lp}_4 s^8 + \mathrm{Lp}_5 s^{10} + \mathrm{Lp}_6 s^{12} + \mathrm{Lp}_7 s^{14}
	*     ```
	*
	*     and
	*
	*     ```tex
	*     | \mathrm{Lp}_1 s^2 + \ldots + \mathrm{Lp}_7 s^14 - R(z) | \leq 2^{-58.45}
	*     ```
	*
	*     <!-- <note> -->
	*
	*     The values of \\(Lp1\\) to \\(Lp7\\) may be found in the source.
	*
	*     <!-- </note> -->
	*
	*     Note that
	*
	*     ```tex
	*     \begin{align*}
	*     2s &= f - sf \\
	*        &= f - \frac{f^2}{2} + s \frac{f^2}{2} \\
	*     \end{align*}
	*     ```
	*
	*     In order to guarantee error in \\(\ln\\) below \\(1\ \mathrm{ulp}\\), we compute the log by
	*
	*     ```tex
	*     \operatorname{log1p}(f) = f - \biggl(\frac{f^2}{2} - s\biggl(\frac{f^2}{2}+R\biggr)\biggr)
	*     ```
	*
	* 3.  Finally,
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{log1p}(x) &= k \cdot \mathrm{ln2} + \operatorname{log1p}(f) \\
	*     &= k \cdot \mathrm{ln2}_{hi}+\biggl(f-\biggl(\frac{f^2}{2}-\biggl(s\biggl(\frac{f^2}{2}+R\biggr)+k \cdot \mathrm{ln2}_{lo}\biggr)\biggr)\biggr) \\
	*     \end{align*}
	*     ```
	*
	*     Here \\(\mathrm{ln2}\\) is split into two floating point numbers:
	*
	*     ```tex
	*     \mathrm{ln2}_{hi} + \mathrm{ln2}_{lo}
	*     ```
	*
	*     where \\(n \cdot \mathrm{ln2}_{hi}\\) is always exact for \\(|n| < 2000\\).
	*
	* ## Special Cases
	*
	* -   \\(\operatorname{log1p}(x) = \mathrm{NaN}\\) with signal if \\(x < -1\\) (including \\(-\infty\\))
	* -   \\(\operatorname{log1p}(+\infty) = +\infty\\)
	* -   \\(\operatorname{log1p}(-1) = -\infty\\) with signal
	* -   \\(\operatorname{log1p}(\mathrm{NaN})= \mathrm{NaN}\\) with no signal
	*
	* ## Notes
	*
	* -   According to an error analysis, the error is always less than \\(1\\) ulp (unit in the last place).
	*
	* -   The hexadecimal values are the intended ones for the used constants. The decimal values may be used, provided that the compiler will convert from decimal to binary accurately enough to produce the hexadecimal values shown.
	*
	* -   Assuming \\(\ln(x)\\) is accurate, the following algorithm can be used to evaluate \\(\operatorname{log1p}(x)\\) to within a few ULP:
	*
	*     ```javascript
	*     var u = 1.0 + x;
	*     if ( u === 1.0 ) {
	*         return x;
	*     } else {
	*         return ln(u) * (x/(u-1.0));
	*     }
	*     ```
	*
	*     See HP-15C Advanced Functions Handbook, p.193.
	*
	* @param {number} x - input value
	* @returns {number} the natural logarithm of `1+x`
	*
	* @example
	* var v = log1p( 4.0 );
	* // returns ~1.609
	*
	* @example
	* var v = log1p( -1.0 );
	* // returns -Infinity
	*
	* @example
	* var v = log1p( 0.0 );
	* // returns 0.0
	*
	* @example
	* var v = log1p( -0.0 );
	* // returns -0.0
	*
	* @example
	* var v = log1p( -2.0 );
	* // returns NaN
	*
	* @example
	* var v = log1p( NaN );
	* // returns NaN
	*/
	function log1p( x ) {
		var hfsq;
		var hu;
		var y;
		var f;
		var c;
		var s;
		var z;
		var R;
		var u;
		var k;

		if ( x < -1 || isnan( x ) ) {
			return NaN;
		}
		if ( x === -1 ) {
			return NINF;
		}
		if ( x === PINF ) {
			return x;
		}
		if ( x === 0.0 ) {
			return x; // handle +-0 (IEEE 754-2008 spec)
		}
		// Set y = |x|:
		if ( x < 0.0 ) {
			y = -x;
		} else {
			y = x;
		}
		// Argument reduction...
		k = 1;

		// Check if argument reduction is needed and if we can just return a small value approximation requiring less computation but with equivalent accuracy...
		if ( y < SQRT2M1 ) { // if |x| < sqrt(2)-1 => ~0.41422
			if ( y < SMALL ) { // if |x| < 2**-29
				if ( y < TINY ) { // if |x| < 2**-54
					return x;
				}
				// Use a simple two-term Taylor series...
				return x - ( x*x*0.5 );
			}
			// Check if `f=x` can be represented exactly (no need for correction terms), allowing us to bypass argument reduction...
			if ( x > SQRT2HALFM1 ) { // if x > sqrt(2)/2-1 => ~-0.2929
				// -0.2929 < x < 0.41422
				k = 0;
				f = x; // exact
				hu = 1;
			}
		}
		// Address case where `f` cannot be represented exactly...
		if ( k !== 0 ) {
			if ( y < TWO53 ) {
				u = 1.0 + x;
				hu = getHighWord( u );

				// Bit shift to isolate the exponent and then subtract the bias:
				k = (hu>>20) - FLOAT64_EXPONENT_BIAS;

				// Correction term...
				if ( k > 0 ) { // positive unbiased exponent
					c = 1.0 - (u-x);
				} else { // nonpositive unbiased exponent
					c = x - (u-1.0);
				}
				c /= u;
			} else {
				u = x;
				hu = getHighWord( u );

				// Bit shift to isolate the exponent and then subtract the bias:
				k = (hu>>20) - FLOAT64_EXPONENT_BIAS;

				// Correction term is zero:
				c = 0;
			}
			// Apply a bit mask (0 00000000000 11111111111111111111) to remove the exponent:
			hu &= 0x000fffff; // max value => 1048575

			// Check if u significand is less than sqrt(2) significand => 0x6a09e => 01101010000010011110
			if ( hu < 434334 ) {
				// Normalize u by setting the exponent to 1023 (bias) => 0x3ff00000 => 0 01111111111 00000000000000000000
				u = setHighWord( u, hu|0x3ff00000 );
			} else {
				k += 1;

				// Normalize u/2 by setting the exponent to 1022 (bias-1 => 2**-1 = 1/2) => 0x3fe00000 => 0 01111111110 00000000000000000000
				u = setHighWord( u, hu|0x3fe00000 );

				// Subtract hu significand from next largest hu => 0 00000000001 00000000000000000000 => 0x00100000 => 1048576
				hu = (1048576-hu)>>2;
			}
			f = u - 1.0;
		}
		// Approximation of log1p(f)...
		hfsq = 0.5 * f * f;
		if ( hu === 0 ) { // if |f| < 2**-20
			if ( f === 0.0 ) {
				c += k * LN2_LO;
				return ( k * LN2_HI ) + c;
			}
			R = hfsq * (1.0 - ( TWO_THIRDS*f ) ); // avoid division
			return ( k*LN2_HI ) - ( (R - ( (k*LN2_LO) + c)) - f );
		}
		s = f / (2.0 + f);
		z = s * s;

		R = z * polyval( z );

		if ( k === 0 ) {
			return f - ( hfsq - ( s*(hfsq+R) ) );
		}
		return ( k*LN2_HI ) - ( (hfsq - ( (s*(hfsq+R)) + ((k*LN2_LO) + c))) - f );
	}


	// EXPORTS //

	main$_ = log1p;
	return main$_;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1w;
var hasRequiredLib$1w;

function requireLib$1w () {
	if (hasRequiredLib$1w) return lib$1w;
	hasRequiredLib$1w = 1;

	/**
	* Evaluate the natural logarithm of \\(1+x\\).
	*
	* @module @stdlib/math-base-special-log1p
	*
	* @example
	* var log1p = require( '@stdlib/math-base-special-log1p' );
	*
	* var v = log1p( 4.0 );
	* // returns ~1.609
	*
	* v = log1p( -1.0 );
	* // returns -Infinity
	*
	* v = log1p( 0.0 );
	* // returns 0.0
	*
	* v = log1p( -0.0 );
	* // returns -0.0
	*
	* v = log1p( -2.0 );
	* // returns NaN
	*
	* v = log1p( NaN );
	* // returns NaN
	*/

	// MODULES //

	var log1p = requireMain$_();


	// EXPORTS //

	lib$1w = log1p;
	return lib$1w;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$Z;
var hasRequiredMain$Z;

function requireMain$Z () {
	if (hasRequiredMain$Z) return main$Z;
	hasRequiredMain$Z = 1;

	// MAIN //

	/**
	* Compute the principal square root of a double-precision floating-point number.
	*
	* @type {Function}
	* @param {number} x - input value
	* @returns {number} principal square root
	*
	* @example
	* var v = sqrt( 4.0 );
	* // returns 2.0
	*
	* v = sqrt( 9.0 );
	* // returns 3.0
	*
	* v = sqrt( 0.0 );
	* // returns 0.0
	*
	* v = sqrt( -4.0 );
	* // returns NaN
	*
	* v = sqrt( NaN );
	* // returns NaN
	*/
	var sqrt = Math.sqrt; // eslint-disable-line stdlib/no-builtin-math


	// EXPORTS //

	main$Z = sqrt;
	return main$Z;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1v;
var hasRequiredLib$1v;

function requireLib$1v () {
	if (hasRequiredLib$1v) return lib$1v;
	hasRequiredLib$1v = 1;

	/**
	* Compute the principal square root of a double-precision floating-point number.
	*
	* @module @stdlib/math-base-special-sqrt
	*
	* @example
	* var sqrt = require( '@stdlib/math-base-special-sqrt' );
	*
	* var v = sqrt( 4.0 );
	* // returns 2.0
	*
	* v = sqrt( 9.0 );
	* // returns 3.0
	*
	* v = sqrt( 0.0 );
	* // returns 0.0
	*
	* v = sqrt( -4.0 );
	* // returns NaN
	*
	* v = sqrt( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$Z();


	// EXPORTS //

	lib$1v = main;
	return lib$1v;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1u;
var hasRequiredLib$1u;

function requireLib$1u () {
	if (hasRequiredLib$1u) return lib$1u;
	hasRequiredLib$1u = 1;

	/**
	* One fourth times the mathematical constant `π`.
	*
	* @module @stdlib/constants-float64-fourth-pi
	* @type {number}
	*
	* @example
	* var FOURTH_PI = require( '@stdlib/constants-float64-fourth-pi' );
	* // returns 7.85398163397448309616e-1
	*/


	// MAIN //

	/**
	* One fourth times the mathematical constant `π`.
	*
	* @constant
	* @type {number}
	* @default 7.85398163397448309616e-1
	* @see [Wikipedia]{@link https://en.wikipedia.org/wiki/Pi}
	*/
	var FOURTH_PI = 7.85398163397448309616e-1;


	// EXPORTS //

	lib$1u = FOURTH_PI;
	return lib$1u;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_pq$3;
var hasRequiredRational_pq$3;

function requireRational_pq$3 () {
	if (hasRequiredRational_pq$3) return rational_pq$3;
	hasRequiredRational_pq$3 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return 0.16666666666666713;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -8.198089802484825 + (x * (19.562619833175948 + (x * (-16.262479672107002 + (x * (5.444622390564711 + (x * (-0.6019598008014124 + (x * 0.004253011369004428))))))))); // eslint-disable-line max-len
			s2 = -49.18853881490881 + (x * (139.51056146574857 + (x * (-147.1791292232726 + (x * (70.49610280856842 + (x * (-14.740913729888538 + (x * 1.0))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.004253011369004428 + (x * (-0.6019598008014124 + (x * (5.444622390564711 + (x * (-16.262479672107002 + (x * (19.562619833175948 + (x * -8.198089802484825))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (-14.740913729888538 + (x * (70.49610280856842 + (x * (-147.1791292232726 + (x * (139.51056146574857 + (x * -49.18853881490881))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_pq$3 = evalrational;
	return rational_pq$3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_rs;
var hasRequiredRational_rs;

function requireRational_rs () {
	if (hasRequiredRational_rs) return rational_rs;
	hasRequiredRational_rs = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return 0.08333333333333809;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 28.536655482610616 + (x * (-25.56901049652825 + (x * (6.968710824104713 + (x * (-0.5634242780008963 + (x * 0.002967721961301243))))))); // eslint-disable-line max-len
			s2 = 342.43986579130785 + (x * (-383.8770957603691 + (x * (147.0656354026815 + (x * (-21.947795316429207 + (x * 1.0))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.002967721961301243 + (x * (-0.5634242780008963 + (x * (6.968710824104713 + (x * (-25.56901049652825 + (x * 28.536655482610616))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (-21.947795316429207 + (x * (147.0656354026815 + (x * (-383.8770957603691 + (x * 342.43986579130785))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_rs = evalrational;
	return rational_rs;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C code, long comment, copyright, license, and constants are from [Cephes]{@link http://www.netlib.org/cephes}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright 1984, 1995, 2000 by Stephen L. Moshier
*
* Some software in this archive may be from the book _Methods and Programs for Mathematical Functions_ (Prentice-Hall or Simon & Schuster International, 1989) or from the Cephes Mathematical Library, a commercial product. In either event, it is copyrighted by the author. What you see here may be used freely but it comes with no support or guarantee.
*
* Stephen L. Moshier
* moshier@na-net.ornl.gov
* ```
*/

var main$Y;
var hasRequiredMain$Y;

function requireMain$Y () {
	if (hasRequiredMain$Y) return main$Y;
	hasRequiredMain$Y = 1;

	// MODULES //

	var isnan = requireLib$20();
	var sqrt = requireLib$1v();
	var PIO4 = requireLib$1u();
	var ratevalPQ = requireRational_pq$3();
	var ratevalRS = requireRational_rs();


	// VARIABLES //

	var MOREBITS = 6.123233995736765886130e-17; // pi/2 = PIO2 + MOREBITS


	// MAIN //

	/**
	* Computes the arcsine of a double-precision floating-point number.
	*
	* ## Method
	*
	* -   A rational function of the form
	*
	*     ```tex
	*     x + x^3 \frac{P(x^2)}{Q(x^2)}
	*     ```
	*
	*     is used for \\(\|x\|\\) in the interval \\(\[0, 0.5\]\\). If \\(\|x\| > 0.5\\), it is transformed by the identity
	*
	*     ```tex
	*     \operatorname{asin}(x) = \frac{\pi}{2} - 2 \operatorname{asin}( \sqrt{ (1-x)/2 } )
	*     ```
	*
	* ## Notes
	*
	* -   Relative error:
	*
	*     | arithmetic | domain | # trials | peak    | rms     |
	*     |:-----------|:-------|:---------|:--------|:--------|
	*     | DEC        | -1, 1  | 40000    | 2.6e-17 | 7.1e-18 |
	*     | IEEE       | -1, 1  | 10^6     | 1.9e-16 | 5.4e-17 |
	*
	* @param {number} x - input value
	* @returns {number} arcsine (in radians)
	*
	* @example
	* var v = asin( 0.0 );
	* // returns ~0.0
	*
	* @example
	* var v = asin( 3.141592653589793/4.0 );
	* // returns ~0.903
	*
	* @example
	* var v = asin( -3.141592653589793/6.0 );
	* // returns ~-0.551
	*
	* @example
	* var v = asin( NaN );
	* // returns NaN
	*/
	function asin( x ) {
		var sgn;
		var zz;
		var a;
		var p;
		var z;

		if ( isnan( x ) ) {
			return NaN;
		}
		if ( x > 0.0 ) {
			a = x;
		} else {
			sgn = true;
			a = -x;
		}
		if ( a > 1.0 ) {
			return NaN;
		}
		if ( a > 0.625 ) {
			// arcsin(1-x) = pi/2 - sqrt(2x)(1+R(x))
			zz = 1.0 - a;
			p = zz * ratevalRS( zz );
			zz = sqrt( zz + zz );
			z = PIO4 - zz;
			zz = ( zz*p ) - MOREBITS;
			z -= zz;
			z += PIO4;
		} else {
			if ( a < 1.0e-8 ) {
				return x;
			}
			zz = a * a;
			z = zz * ratevalPQ( zz );
			z = ( a*z ) + a;
		}
		return ( sgn ) ? -z : z;
	}


	// EXPORTS //

	main$Y = asin;
	return main$Y;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1t;
var hasRequiredLib$1t;

function requireLib$1t () {
	if (hasRequiredLib$1t) return lib$1t;
	hasRequiredLib$1t = 1;

	/**
	* Compute the arcsine of a double-precision floating-point number.
	*
	* @module @stdlib/math-base-special-asin
	*
	* @example
	* var asin = require( '@stdlib/math-base-special-asin' );
	*
	* var v = asin( 0.0 );
	* // returns 0.0
	*
	* v = asin( 3.141592653589793/4.0 );
	* // returns ~0.903
	*
	* v = asin( -3.141592653589793/6.0 );
	* // returns ~-0.551
	*
	* v = asin( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$Y();


	// EXPORTS //

	lib$1t = main;
	return lib$1t;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2021 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$X;
var hasRequiredMain$X;

function requireMain$X () {
	if (hasRequiredMain$X) return main$X;
	hasRequiredMain$X = 1;

	// MAIN //

	/**
	* Computes the absolute value of a double-precision floating-point number `x`.
	*
	* @param {number} x - input value
	* @returns {number} absolute value
	*
	* @example
	* var v = abs( -1.0 );
	* // returns 1.0
	*
	* @example
	* var v = abs( 2.0 );
	* // returns 2.0
	*
	* @example
	* var v = abs( 0.0 );
	* // returns 0.0
	*
	* @example
	* var v = abs( -0.0 );
	* // returns 0.0
	*
	* @example
	* var v = abs( NaN );
	* // returns NaN
	*/
	function abs( x ) {
		return Math.abs( x ); // eslint-disable-line stdlib/no-builtin-math
	}


	// EXPORTS //

	main$X = abs;
	return main$X;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1s;
var hasRequiredLib$1s;

function requireLib$1s () {
	if (hasRequiredLib$1s) return lib$1s;
	hasRequiredLib$1s = 1;

	/**
	* Compute an absolute value of a double-precision floating-point number.
	*
	* @module @stdlib/math-base-special-abs
	*
	* @example
	* var abs = require( '@stdlib/math-base-special-abs' );
	*
	* var v = abs( -1.0 );
	* // returns 1.0
	*
	* v = abs( 2.0 );
	* // returns 2.0
	*
	* v = abs( 0.0 );
	* // returns 0.0
	*
	* v = abs( -0.0 );
	* // returns 0.0
	*
	* v = abs( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$X();


	// EXPORTS //

	lib$1s = main;
	return lib$1s;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$W;
var hasRequiredMain$W;

function requireMain$W () {
	if (hasRequiredMain$W) return main$W;
	hasRequiredMain$W = 1;

	// TODO: implementation (?)

	/**
	* Rounds a double-precision floating-point number toward positive infinity.
	*
	* @param {number} x - input value
	* @returns {number} rounded value
	*
	* @example
	* var v = ceil( -4.2 );
	* // returns -4.0
	*
	* @example
	* var v = ceil( 9.99999 );
	* // returns 10.0
	*
	* @example
	* var v = ceil( 0.0 );
	* // returns 0.0
	*
	* @example
	* var v = ceil( NaN );
	* // returns NaN
	*/
	var ceil = Math.ceil; // eslint-disable-line stdlib/no-builtin-math


	// EXPORTS //

	main$W = ceil;
	return main$W;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1r;
var hasRequiredLib$1r;

function requireLib$1r () {
	if (hasRequiredLib$1r) return lib$1r;
	hasRequiredLib$1r = 1;

	/**
	* Round a double-precision floating-point number toward positive infinity.
	*
	* @module @stdlib/math-base-special-ceil
	*
	* @example
	* var ceil = require( '@stdlib/math-base-special-ceil' );
	*
	* var v = ceil( -4.2 );
	* // returns -4.0
	*
	* v = ceil( 9.99999 );
	* // returns 10.0
	*
	* v = ceil( 0.0 );
	* // returns 0.0
	*
	* v = ceil( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$W();


	// EXPORTS //

	lib$1r = main;
	return lib$1r;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$V;
var hasRequiredMain$V;

function requireMain$V () {
	if (hasRequiredMain$V) return main$V;
	hasRequiredMain$V = 1;

	// MODULES //

	var floor = requireLib$1x();
	var ceil = requireLib$1r();


	// MAIN //

	/**
	* Rounds a double-precision floating-point number toward zero.
	*
	* @param {number} x - input value
	* @returns {number} rounded value
	*
	* @example
	* var v = trunc( -4.2 );
	* // returns -4.0
	*
	* @example
	* var v = trunc( 9.99999 );
	* // returns 9.0
	*
	* @example
	* var v = trunc( 0.0 );
	* // returns 0.0
	*
	* @example
	* var v = trunc( -0.0 );
	* // returns -0.0
	*
	* @example
	* var v = trunc( NaN );
	* // returns NaN
	*
	* @example
	* var v = trunc( Infinity );
	* // returns Infinity
	*
	* @example
	* var v = trunc( -Infinity );
	* // returns -Infinity
	*/
	function trunc( x ) {
		if ( x < 0.0 ) {
			return ceil( x );
		}
		return floor( x );
	}


	// EXPORTS //

	main$V = trunc;
	return main$V;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1q;
var hasRequiredLib$1q;

function requireLib$1q () {
	if (hasRequiredLib$1q) return lib$1q;
	hasRequiredLib$1q = 1;

	/**
	* Round a double-precision floating-point number toward zero.
	*
	* @module @stdlib/math-base-special-trunc
	*
	* @example
	* var trunc = require( '@stdlib/math-base-special-trunc' );
	*
	* var v = trunc( -4.2 );
	* // returns -4.0
	*
	* v = trunc( 9.99999 );
	* // returns 9.0
	*
	* v = trunc( 0.0 );
	* // returns 0.0
	*
	* v = trunc( -0.0 );
	* // returns -0.0
	*
	* v = trunc( NaN );
	* // returns NaN
	*
	* v = trunc( Infinity );
	* // returns Infinity
	*
	* v = trunc( -Infinity );
	* // returns -Infinity
	*/

	// MODULES //

	var main = requireMain$V();


	// EXPORTS //

	lib$1q = main;
	return lib$1q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1p;
var hasRequiredLib$1p;

function requireLib$1p () {
	if (hasRequiredLib$1p) return lib$1p;
	hasRequiredLib$1p = 1;

	/**
	* The maximum biased base 2 exponent for a double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-max-base2-exponent
	* @type {integer32}
	*
	* @example
	* var FLOAT64_MAX_BASE2_EXPONENT = require( '@stdlib/constants-float64-max-base2-exponent' );
	* // returns 1023
	*/


	// MAIN //

	/**
	* The maximum biased base 2 exponent for a double-precision floating-point number.
	*
	* ```text
	* 11111111110 => 2046 - BIAS = 1023
	* ```
	*
	* where `BIAS = 1023`.
	*
	* @constant
	* @type {integer32}
	* @default 1023
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_MAX_BASE2_EXPONENT = 1023|0; // asm type annotation


	// EXPORTS //

	lib$1p = FLOAT64_MAX_BASE2_EXPONENT;
	return lib$1p;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1o;
var hasRequiredLib$1o;

function requireLib$1o () {
	if (hasRequiredLib$1o) return lib$1o;
	hasRequiredLib$1o = 1;

	/**
	* The maximum biased base 2 exponent for a subnormal double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-max-base2-exponent-subnormal
	* @type {integer32}
	*
	* @example
	* var FLOAT64_MAX_BASE2_EXPONENT_SUBNORMAL = require( '@stdlib/constants-float64-max-base2-exponent-subnormal' );
	* // returns -1023
	*/


	// MAIN //

	/**
	* The maximum biased base 2 exponent for a subnormal double-precision floating-point number.
	*
	* ```text
	* 00000000000 => 0 - BIAS = -1023
	* ```
	*
	* where `BIAS = 1023`.
	*
	* @constant
	* @type {integer32}
	* @default -1023
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_MAX_BASE2_EXPONENT_SUBNORMAL = -1023|0; // asm type annotation


	// EXPORTS //

	lib$1o = FLOAT64_MAX_BASE2_EXPONENT_SUBNORMAL;
	return lib$1o;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1n;
var hasRequiredLib$1n;

function requireLib$1n () {
	if (hasRequiredLib$1n) return lib$1n;
	hasRequiredLib$1n = 1;

	/**
	* The minimum biased base 2 exponent for a subnormal double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-min-base2-exponent-subnormal
	* @type {integer32}
	*
	* @example
	* var FLOAT64_MIN_BASE2_EXPONENT_SUBNORMAL = require( '@stdlib/constants-float64-min-base2-exponent-subnormal' );
	* // returns -1074
	*/


	// MAIN //

	/**
	* The minimum biased base 2 exponent for a subnormal double-precision floating-point number.
	*
	* ```text
	* -(BIAS+(52-1)) = -(1023+51) = -1074
	* ```
	*
	* where `BIAS = 1023` and `52` is the number of digits in the significand.
	*
	* @constant
	* @type {integer32}
	* @default -1074
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_MIN_BASE2_EXPONENT_SUBNORMAL = -1074|0; // asm type annotation


	// EXPORTS //

	lib$1n = FLOAT64_MIN_BASE2_EXPONENT_SUBNORMAL;
	return lib$1n;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$U;
var hasRequiredMain$U;

function requireMain$U () {
	if (hasRequiredMain$U) return main$U;
	hasRequiredMain$U = 1;

	// MODULES //

	var PINF = requireLib$1D();
	var NINF = requireLib$1B();


	// MAIN //

	/**
	* Tests if a double-precision floating-point numeric value is infinite.
	*
	* @param {number} x - value to test
	* @returns {boolean} boolean indicating whether the value is infinite
	*
	* @example
	* var bool = isInfinite( Infinity );
	* // returns true
	*
	* @example
	* var bool = isInfinite( -Infinity );
	* // returns true
	*
	* @example
	* var bool = isInfinite( 5.0 );
	* // returns false
	*
	* @example
	* var bool = isInfinite( NaN );
	* // returns false
	*/
	function isInfinite( x ) {
		return (x === PINF || x === NINF);
	}


	// EXPORTS //

	main$U = isInfinite;
	return main$U;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1m;
var hasRequiredLib$1m;

function requireLib$1m () {
	if (hasRequiredLib$1m) return lib$1m;
	hasRequiredLib$1m = 1;

	/**
	* Test if a double-precision floating-point numeric value is infinite.
	*
	* @module @stdlib/math-base-assert-is-infinite
	*
	* @example
	* var isInfinite = require( '@stdlib/math-base-assert-is-infinite' );
	*
	* var bool = isInfinite( Infinity );
	* // returns true
	*
	* bool = isInfinite( -Infinity );
	* // returns true
	*
	* bool = isInfinite( 5.0 );
	* // returns false
	*
	* bool = isInfinite( NaN );
	* // returns false
	*/

	// MODULES //

	var main = requireMain$U();


	// EXPORTS //

	lib$1m = main;
	return lib$1m;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1l;
var hasRequiredLib$1l;

function requireLib$1l () {
	if (hasRequiredLib$1l) return lib$1l;
	hasRequiredLib$1l = 1;

	/**
	* High word mask for the sign bit of a double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-high-word-sign-mask
	* @type {uinteger32}
	*
	* @example
	* var FLOAT64_HIGH_WORD_SIGN_MASK = require( '@stdlib/constants-float64-high-word-sign-mask' );
	* // returns 2147483648
	*/


	// MAIN //

	/**
	* High word mask for the sign bit of a double-precision floating-point number.
	*
	* ## Notes
	*
	* The high word mask for the sign bit of a double-precision floating-point number is an unsigned 32-bit integer with the value \\( 2147483648 \\), which corresponds to the bit sequence
	*
	* ```binarystring
	* 1 00000000000 00000000000000000000
	* ```
	*
	* @constant
	* @type {uinteger32}
	* @default 0x80000000
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_HIGH_WORD_SIGN_MASK = 0x80000000>>>0; // eslint-disable-line id-length


	// EXPORTS //

	lib$1l = FLOAT64_HIGH_WORD_SIGN_MASK;
	return lib$1l;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1k;
var hasRequiredLib$1k;

function requireLib$1k () {
	if (hasRequiredLib$1k) return lib$1k;
	hasRequiredLib$1k = 1;

	/**
	* High word mask for excluding the sign bit of a double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-high-word-abs-mask
	* @type {uinteger32}
	*
	* @example
	* var FLOAT64_HIGH_WORD_ABS_MASK = require( '@stdlib/constants-float64-high-word-abs-mask' );
	* // returns 2147483647
	*/


	// MAIN //

	/**
	* High word mask for excluding the sign bit of a double-precision floating-point number.
	*
	* ## Notes
	*
	* The high word mask for excluding the sign bit of a double-precision floating-point number is an unsigned 32-bit integer with the value \\( 2147483647 \\), which corresponds to the bit sequence
	*
	* ```binarystring
	* 0 11111111111 11111111111111111111
	* ```
	*
	* @constant
	* @type {uinteger32}
	* @default 0x7fffffff
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_HIGH_WORD_ABS_MASK = 0x7fffffff>>>0; // eslint-disable-line id-length


	// EXPORTS //

	lib$1k = FLOAT64_HIGH_WORD_ABS_MASK;
	return lib$1k;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var indices_1;
var hasRequiredIndices;

function requireIndices () {
	if (hasRequiredIndices) return indices_1;
	hasRequiredIndices = 1;

	// MODULES //

	var isLittleEndian = requireLib$1H();


	// MAIN //

	var indices;
	var HIGH;
	var LOW;

	if ( isLittleEndian === true ) {
		HIGH = 1; // second index
		LOW = 0; // first index
	} else {
		HIGH = 0; // first index
		LOW = 1; // second index
	}
	indices = {
		'HIGH': HIGH,
		'LOW': LOW
	};


	// EXPORTS //

	indices_1 = indices;
	return indices_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var assign$2;
var hasRequiredAssign$2;

function requireAssign$2 () {
	if (hasRequiredAssign$2) return assign$2;
	hasRequiredAssign$2 = 1;

	// MODULES //

	var Uint32Array = requireLib$1T();
	var Float64Array = requireLib$1Q();
	var indices = requireIndices();


	// VARIABLES //

	var FLOAT64_VIEW = new Float64Array( 1 );
	var UINT32_VIEW = new Uint32Array( FLOAT64_VIEW.buffer );

	var HIGH = indices.HIGH;
	var LOW = indices.LOW;


	// MAIN //

	/**
	* Splits a double-precision floating-point number into a higher order word (unsigned 32-bit integer) and a lower order word (unsigned 32-bit integer).
	*
	* ## Notes
	*
	* ```text
	* float64 (64 bits)
	* f := fraction (significand/mantissa) (52 bits)
	* e := exponent (11 bits)
	* s := sign bit (1 bit)
	*
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |                                Float64                                |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |              Uint32               |               Uint32              |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* ```
	*
	* If little endian (more significant bits last):
	*
	* ```text
	*                         <-- lower      higher -->
	* |   f7       f6       f5       f4       f3       f2    e2 | f1 |s|  e1  |
	* ```
	*
	* If big endian (more significant bits first):
	*
	* ```text
	*                         <-- higher      lower -->
	* |s| e1    e2 | f1     f2       f3       f4       f5        f6      f7   |
	* ```
	*
	* In which Uint32 can we find the higher order bits? If little endian, the second; if big endian, the first.
	*
	* ## References
	*
	* -   [Open Group][1]
	*
	* [1]: http://pubs.opengroup.org/onlinepubs/9629399/chap14.htm
	*
	* @private
	* @param {number} x - input value
	* @param {Collection} out - output array
	* @param {integer} stride - output array stride
	* @param {NonNegativeInteger} offset - output array index offset
	* @returns {Collection} output array
	*
	* @example
	* var Uint32Array = require( '@stdlib/array-uint32' );
	*
	* var out = new Uint32Array( 2 );
	*
	* var w = toWords( 3.14e201, out, 1, 0 );
	* // returns <Uint32Array>[ 1774486211, 2479577218 ]
	*
	* var bool = ( w === out );
	* // returns true
	*/
	function toWords( x, out, stride, offset ) {
		FLOAT64_VIEW[ 0 ] = x;
		out[ offset ] = UINT32_VIEW[ HIGH ];
		out[ offset + stride ] = UINT32_VIEW[ LOW ];
		return out;
	}


	// EXPORTS //

	assign$2 = toWords;
	return assign$2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$T;
var hasRequiredMain$T;

function requireMain$T () {
	if (hasRequiredMain$T) return main$T;
	hasRequiredMain$T = 1;

	// MODULES //

	var fcn = requireAssign$2();


	// MAIN //

	/**
	* Splits a double-precision floating-point number into a higher order word (unsigned 32-bit integer) and a lower order word (unsigned 32-bit integer).
	*
	* @param {number} x - input value
	* @returns {Array<number>} output array
	*
	* @example
	* var w = toWords( 3.14e201 );
	* // returns [ 1774486211, 2479577218 ]
	*/
	function toWords( x ) {
		return fcn( x, [ 0>>>0, 0>>>0 ], 1, 0 );
	}


	// EXPORTS //

	main$T = toWords;
	return main$T;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1j;
var hasRequiredLib$1j;

function requireLib$1j () {
	if (hasRequiredLib$1j) return lib$1j;
	hasRequiredLib$1j = 1;

	/**
	* Split a double-precision floating-point number into a higher order word (unsigned 32-bit integer) and a lower order word (unsigned 32-bit integer).
	*
	* @module @stdlib/number-float64-base-to-words
	*
	* @example
	* var toWords = require( '@stdlib/number-float64-base-to-words' );
	*
	* var w = toWords( 3.14e201 );
	* // returns [ 1774486211, 2479577218 ]
	*
	* @example
	* var Uint32Array = require( '@stdlib/array-uint32' );
	* var toWords = require( '@stdlib/number-float64-base-to-words' );
	*
	* var out = new Uint32Array( 2 );
	*
	* var w = toWords.assign( 3.14e201, out, 1, 0 );
	* // returns <Uint32Array>[ 1774486211, 2479577218 ]
	*
	* var bool = ( w === out );
	* // returns true
	*/

	// MODULES //

	var setReadOnly = requireLib$21();
	var main = requireMain$T();
	var assign = requireAssign$2();


	// MAIN //

	setReadOnly( main, 'assign', assign );


	// EXPORTS //

	lib$1j = main;
	return lib$1j;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$S;
var hasRequiredMain$S;

function requireMain$S () {
	if (hasRequiredMain$S) return main$S;
	hasRequiredMain$S = 1;

	// MODULES //

	var SIGN_MASK = requireLib$1l();
	var ABS_MASK = requireLib$1k();
	var toWords = requireLib$1j();
	var getHighWord = requireLib$1G();
	var fromWords = requireLib$1E();


	// VARIABLES //

	// High/low words workspace:
	var WORDS = [ 0, 0 ];


	// MAIN //

	/**
	* Returns a double-precision floating-point number with the magnitude of `x` and the sign of `y`.
	*
	* @param {number} x - number from which to derive a magnitude
	* @param {number} y - number from which to derive a sign
	* @returns {number} a double-precision floating-point number
	*
	* @example
	* var z = copysign( -3.14, 10.0 );
	* // returns 3.14
	*
	* @example
	* var z = copysign( 3.14, -1.0 );
	* // returns -3.14
	*
	* @example
	* var z = copysign( 1.0, -0.0 );
	* // returns -1.0
	*
	* @example
	* var z = copysign( -3.14, -0.0 );
	* // returns -3.14
	*
	* @example
	* var z = copysign( -0.0, 1.0 );
	* // returns 0.0
	*/
	function copysign( x, y ) {
		var hx;
		var hy;

		// Split `x` into higher and lower order words:
		toWords.assign( x, WORDS, 1, 0 );
		hx = WORDS[ 0 ];

		// Turn off the sign bit of `x`:
		hx &= ABS_MASK;

		// Extract the higher order word from `y`:
		hy = getHighWord( y );

		// Leave only the sign bit of `y` turned on:
		hy &= SIGN_MASK;

		// Copy the sign bit of `y` to `x`:
		hx |= hy;

		// Return a new value having the same magnitude as `x`, but with the sign of `y`:
		return fromWords( hx, WORDS[ 1 ] );
	}


	// EXPORTS //

	main$S = copysign;
	return main$S;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1i;
var hasRequiredLib$1i;

function requireLib$1i () {
	if (hasRequiredLib$1i) return lib$1i;
	hasRequiredLib$1i = 1;

	/**
	* Return a double-precision floating-point number with the magnitude of `x` and the sign of `y`.
	*
	* @module @stdlib/math-base-special-copysign
	*
	* @example
	* var copysign = require( '@stdlib/math-base-special-copysign' );
	*
	* var z = copysign( -3.14, 10.0 );
	* // returns 3.14
	*
	* z = copysign( 3.14, -1.0 );
	* // returns -3.14
	*
	* z = copysign( 1.0, -0.0 );
	* // returns -1.0
	*
	* z = copysign( -3.14, -0.0 );
	* // returns -3.14
	*
	* z = copysign( -0.0, 1.0 );
	* // returns 0.0
	*/

	// MODULES //

	var main = requireMain$S();


	// EXPORTS //

	lib$1i = main;
	return lib$1i;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1h;
var hasRequiredLib$1h;

function requireLib$1h () {
	if (hasRequiredLib$1h) return lib$1h;
	hasRequiredLib$1h = 1;

	/**
	* Smallest positive double-precision floating-point normal number.
	*
	* @module @stdlib/constants-float64-smallest-normal
	* @type {number}
	*
	* @example
	* var FLOAT64_SMALLEST_NORMAL = require( '@stdlib/constants-float64-smallest-normal' );
	* // returns 2.2250738585072014e-308
	*/


	// MAIN //

	/**
	* The smallest positive double-precision floating-point normal number.
	*
	* ## Notes
	*
	* The number has the value
	*
	* ```tex
	* \frac{1}{2^{1023-1}}
	* ```
	*
	* which corresponds to the bit sequence
	*
	* ```binarystring
	* 0 00000000001 00000000000000000000 00000000000000000000000000000000
	* ```
	*
	* @constant
	* @type {number}
	* @default 2.2250738585072014e-308
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_SMALLEST_NORMAL = 2.2250738585072014e-308;


	// EXPORTS //

	lib$1h = FLOAT64_SMALLEST_NORMAL;
	return lib$1h;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var assign$1;
var hasRequiredAssign$1;

function requireAssign$1 () {
	if (hasRequiredAssign$1) return assign$1;
	hasRequiredAssign$1 = 1;

	// MODULES //

	var FLOAT64_SMALLEST_NORMAL = requireLib$1h();
	var isInfinite = requireLib$1m();
	var isnan = requireLib$20();
	var abs = requireLib$1s();


	// VARIABLES //

	// (1<<52)
	var SCALAR = 4503599627370496;


	// MAIN //

	/**
	* Returns a normal number `y` and exponent `exp` satisfying \\(x = y \cdot 2^\mathrm{exp}\\) and assigns results to a provided output array.
	*
	* @param {number} x - input value
	* @param {Collection} out - output array
	* @param {integer} stride - output array stride
	* @param {NonNegativeInteger} offset - output array index offset
	* @returns {Collection} output array
	*
	* @example
	* var pow = require( '@stdlib/math-base-special-pow' );
	*
	* var out = normalize( 3.14e-319, [ 0.0, 0 ], 1, 0 );
	* // returns [ 1.4141234400356668e-303, -52 ]
	*
	* var y = out[ 0 ];
	* var exp = out[ 1 ];
	*
	* var bool = ( y*pow(2.0,exp) === 3.14e-319 );
	* // returns true
	*
	* @example
	* var out = normalize( 0.0, [ 0.0, 0 ], 1, 0 );
	* // returns [ 0.0, 0 ];
	*
	* @example
	* var PINF = require( '@stdlib/constants-float64-pinf' );
	*
	* var out = normalize( PINF, [ 0.0, 0 ], 1, 0 );
	* // returns [ Infinity, 0 ]
	*
	* @example
	* var NINF = require( '@stdlib/constants-float64-ninf' );
	*
	* var out = normalize( NINF, [ 0.0, 0 ], 1, 0 );
	* // returns [ -Infinity, 0 ]
	*
	* @example
	* var out = normalize( NaN, [ 0.0, 0 ], 1, 0 );
	* // returns [ NaN, 0 ]
	*/
	function normalize( x, out, stride, offset ) {
		if ( isnan( x ) || isInfinite( x ) ) {
			out[ offset ] = x;
			out[ offset + stride ] = 0;
			return out;
		}
		if ( x !== 0.0 && abs( x ) < FLOAT64_SMALLEST_NORMAL ) {
			out[ offset ] = x * SCALAR;
			out[ offset + stride ] = -52;
			return out;
		}
		out[ offset ] = x;
		out[ offset + stride ] = 0;
		return out;
	}


	// EXPORTS //

	assign$1 = normalize;
	return assign$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$R;
var hasRequiredMain$R;

function requireMain$R () {
	if (hasRequiredMain$R) return main$R;
	hasRequiredMain$R = 1;

	// MODULES //

	var fcn = requireAssign$1();


	// MAIN //

	/**
	* Returns a normal number `y` and exponent `exp` satisfying \\(x = y \cdot 2^\mathrm{exp}\\).
	*
	* @param {number} x - input value
	* @returns {NumberArray} output array
	*
	* @example
	* var pow = require( '@stdlib/math-base-special-pow' );
	*
	* var out = normalize( 3.14e-319 );
	* // returns [ 1.4141234400356668e-303, -52 ]
	*
	* var y = out[ 0 ];
	* var exp = out[ 1 ];
	*
	* var bool = ( y*pow(2.0,exp) === 3.14e-319 );
	* // returns true
	*
	* @example
	* var out = normalize( 0.0 );
	* // returns [ 0.0, 0 ]
	*
	* @example
	* var PINF = require( '@stdlib/constants-float64-pinf' );
	*
	* var out = normalize( PINF );
	* // returns [ Infinity, 0 ]
	*
	* @example
	* var NINF = require( '@stdlib/constants-float64-ninf' );
	*
	* var out = normalize( NINF );
	* // returns [ -Infinity, 0 ]
	*
	* @example
	* var out = normalize( NaN );
	* // returns [ NaN, 0 ]
	*/
	function normalize( x ) {
		return fcn( x, [ 0.0, 0 ], 1, 0 );
	}


	// EXPORTS //

	main$R = normalize;
	return main$R;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1g;
var hasRequiredLib$1g;

function requireLib$1g () {
	if (hasRequiredLib$1g) return lib$1g;
	hasRequiredLib$1g = 1;

	/**
	* Return a normal number `y` and exponent `exp` satisfying \\(x = y \cdot 2^\mathrm{exp}\\).
	*
	* @module @stdlib/number-float64-base-normalize
	*
	* @example
	* var pow = require( '@stdlib/math-base-special-pow' );
	* var normalize = require( '@stdlib/number-float64-base-normalize' );
	*
	* var out = normalize( 3.14e-319 );
	* // returns [ 1.4141234400356668e-303, -52 ]
	*
	* var y = out[ 0 ];
	* var exp = out[ 1 ];
	*
	* var bool = ( y*pow(2.0, exp) === 3.14e-319 );
	* // returns true
	*
	* @example
	* var Float64Array = require( '@stdlib/array-float64' );
	* var normalize = require( '@stdlib/number-float64-base-normalize' );
	*
	* var out = new Float64Array( 2 );
	*
	* var v = normalize.assign( 3.14e-319, out, 1, 0 );
	* // returns <Float64Array>[ 1.4141234400356668e-303, -52 ]
	*
	* var bool = ( v === out );
	* // returns true
	*/

	// MODULES //

	var setReadOnly = requireLib$21();
	var main = requireMain$R();
	var assign = requireAssign$1();


	// MAIN //

	setReadOnly( main, 'assign', assign );


	// EXPORTS //

	lib$1g = main;
	return lib$1g;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1f;
var hasRequiredLib$1f;

function requireLib$1f () {
	if (hasRequiredLib$1f) return lib$1f;
	hasRequiredLib$1f = 1;

	/**
	* High word mask for the exponent of a double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-high-word-exponent-mask
	* @type {uinteger32}
	*
	* @example
	* var FLOAT64_HIGH_WORD_EXPONENT_MASK = require( '@stdlib/constants-float64-high-word-exponent-mask' );
	* // returns 2146435072
	*/


	// MAIN //

	/**
	* High word mask for the exponent of a double-precision floating-point number.
	*
	* ## Notes
	*
	* The high word mask for the exponent of a double-precision floating-point number is an unsigned 32-bit integer with the value \\( 2146435072 \\), which corresponds to the bit sequence
	*
	* ```binarystring
	* 0 11111111111 00000000000000000000
	* ```
	*
	* @constant
	* @type {uinteger32}
	* @default 0x7ff00000
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_HIGH_WORD_EXPONENT_MASK = 0x7ff00000;


	// EXPORTS //

	lib$1f = FLOAT64_HIGH_WORD_EXPONENT_MASK;
	return lib$1f;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$Q;
var hasRequiredMain$Q;

function requireMain$Q () {
	if (hasRequiredMain$Q) return main$Q;
	hasRequiredMain$Q = 1;

	// MODULES //

	var getHighWord = requireLib$1G();
	var EXP_MASK = requireLib$1f();
	var BIAS = requireLib$1A();


	// MAIN //

	/**
	* Returns an integer corresponding to the unbiased exponent of a double-precision floating-point number.
	*
	* @param {number} x - input value
	* @returns {integer32} unbiased exponent
	*
	* @example
	* var exp = exponent( 3.14e-307 ); // => 2**-1019 ~ 1e-307
	* // returns -1019
	*
	* @example
	* var exp = exponent( -3.14 );
	* // returns 1
	*
	* @example
	* var exp = exponent( 0.0 );
	* // returns -1023
	*
	* @example
	* var exp = exponent( NaN );
	* // returns 1024
	*/
	function exponent( x ) {
		// Extract from the input value a higher order word (unsigned 32-bit integer) which contains the exponent:
		var high = getHighWord( x );

		// Apply a mask to isolate only the exponent bits and then shift off all bits which are part of the fraction:
		high = ( high & EXP_MASK ) >>> 20;

		// Remove the bias and return:
		return (high - BIAS)|0; // asm type annotation
	}


	// EXPORTS //

	main$Q = exponent;
	return main$Q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1e;
var hasRequiredLib$1e;

function requireLib$1e () {
	if (hasRequiredLib$1e) return lib$1e;
	hasRequiredLib$1e = 1;

	/**
	* Return an integer corresponding to the unbiased exponent of a double-precision floating-point number.
	*
	* @module @stdlib/number-float64-base-exponent
	*
	* @example
	* var exponent = require( '@stdlib/number-float64-base-exponent' );
	*
	* var exp = exponent( 3.14e-307 ); // => 2**-1019 ~ 1e-307
	* // returns -1019
	*
	* exp = exponent( -3.14 );
	* // returns 1
	*
	* exp = exponent( 0.0 );
	* // returns -1023
	*
	* exp = exponent( NaN );
	* // returns 1024
	*/

	// MODULES //

	var main = requireMain$Q();


	// EXPORTS //

	lib$1e = main;
	return lib$1e;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$P;
var hasRequiredMain$P;

function requireMain$P () {
	if (hasRequiredMain$P) return main$P;
	hasRequiredMain$P = 1;

	// NOTES //

	/*
	* => ldexp: load exponent (see [The Open Group]{@link http://pubs.opengroup.org/onlinepubs/9699919799/functions/ldexp.html} and [cppreference]{@link http://en.cppreference.com/w/c/numeric/math/ldexp}).
	*/


	// MODULES //

	var PINF = requireLib$1D();
	var NINF = requireLib$1B();
	var BIAS = requireLib$1A();
	var MAX_EXPONENT = requireLib$1p();
	var MAX_SUBNORMAL_EXPONENT = requireLib$1o();
	var MIN_SUBNORMAL_EXPONENT = requireLib$1n();
	var isnan = requireLib$20();
	var isInfinite = requireLib$1m();
	var copysign = requireLib$1i();
	var normalize = requireLib$1g().assign;
	var floatExp = requireLib$1e();
	var toWords = requireLib$1j();
	var fromWords = requireLib$1E();


	// VARIABLES //

	// 1/(1<<52) = 1/(2**52) = 1/4503599627370496
	var TWO52_INV = 2.220446049250313e-16;

	// Exponent all 0s: 1 00000000000 11111111111111111111 => 2148532223
	var CLEAR_EXP_MASK = 0x800fffff>>>0; // asm type annotation

	// Normalization workspace:
	var FRAC = [ 0.0, 0.0 ];

	// High/low words workspace:
	var WORDS = [ 0, 0 ];


	// MAIN //

	/**
	* Multiplies a double-precision floating-point number by an integer power of two.
	*
	* @param {number} frac - fraction
	* @param {integer} exp - exponent
	* @returns {number} double-precision floating-point number
	*
	* @example
	* var x = ldexp( 0.5, 3 ); // => 0.5 * 2^3 = 0.5 * 8
	* // returns 4.0
	*
	* @example
	* var x = ldexp( 4.0, -2 ); // => 4 * 2^(-2) = 4 * (1/4)
	* // returns 1.0
	*
	* @example
	* var x = ldexp( 0.0, 20 );
	* // returns 0.0
	*
	* @example
	* var x = ldexp( -0.0, 39 );
	* // returns -0.0
	*
	* @example
	* var x = ldexp( NaN, -101 );
	* // returns NaN
	*
	* @example
	* var x = ldexp( Infinity, 11 );
	* // returns Infinity
	*
	* @example
	* var x = ldexp( -Infinity, -118 );
	* // returns -Infinity
	*/
	function ldexp( frac, exp ) {
		var high;
		var m;
		if (
			exp === 0 ||
			frac === 0.0 || // handles +-0
			isnan( frac ) ||
			isInfinite( frac )
		) {
			return frac;
		}
		// Normalize the input fraction:
		normalize( frac, FRAC, 1, 0 );
		frac = FRAC[ 0 ];
		exp += FRAC[ 1 ];

		// Extract the exponent from `frac` and add it to `exp`:
		exp += floatExp( frac );

		// Check for underflow/overflow...
		if ( exp < MIN_SUBNORMAL_EXPONENT ) {
			return copysign( 0.0, frac );
		}
		if ( exp > MAX_EXPONENT ) {
			if ( frac < 0.0 ) {
				return NINF;
			}
			return PINF;
		}
		// Check for a subnormal and scale accordingly to retain precision...
		if ( exp <= MAX_SUBNORMAL_EXPONENT ) {
			exp += 52;
			m = TWO52_INV;
		} else {
			m = 1.0;
		}
		// Split the fraction into higher and lower order words:
		toWords.assign( frac, WORDS, 1, 0 );
		high = WORDS[ 0 ];

		// Clear the exponent bits within the higher order word:
		high &= CLEAR_EXP_MASK;

		// Set the exponent bits to the new exponent:
		high |= ((exp+BIAS) << 20);

		// Create a new floating-point number:
		return m * fromWords( high, WORDS[ 1 ] );
	}


	// EXPORTS //

	main$P = ldexp;
	return main$P;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1d;
var hasRequiredLib$1d;

function requireLib$1d () {
	if (hasRequiredLib$1d) return lib$1d;
	hasRequiredLib$1d = 1;

	/**
	* Multiply a double-precision floating-point number by an integer power of two.
	*
	* @module @stdlib/math-base-special-ldexp
	*
	* @example
	* var ldexp = require( '@stdlib/math-base-special-ldexp' );
	*
	* var x = ldexp( 0.5, 3 ); // => 0.5 * 2^3 = 0.5 * 8
	* // returns 4.0
	*
	* x = ldexp( 4.0, -2 ); // => 4 * 2^(-2) = 4 * (1/4)
	* // returns 1.0
	*
	* x = ldexp( 0.0, 20 );
	* // returns 0.0
	*
	* x = ldexp( -0.0, 39 );
	* // returns -0.0
	*
	* x = ldexp( NaN, -101 );
	* // returns NaN
	*
	* x = ldexp( Infinity, 11 );
	* // returns Infinity
	*
	* x = ldexp( -Infinity, -118 );
	* // returns -Infinity
	*/

	// MODULES //

	var main = requireMain$P();


	// EXPORTS //

	lib$1d = main;
	return lib$1d;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_p$2;
var hasRequiredPolyval_p$2;

function requirePolyval_p$2 () {
	if (hasRequiredPolyval_p$2) return polyval_p$2;
	hasRequiredPolyval_p$2 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.16666666666666602;
		}
		return 0.16666666666666602 + (x * (-0.0027777777777015593 + (x * (0.00006613756321437934 + (x * (-16533902205465252e-22 + (x * 4.1381367970572385e-8))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_p$2 = evalpoly;
	return polyval_p$2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyrights, licenses, and long comment were part of the original implementation available as part of [Go]{@link https://github.com/golang/go/blob/cb07765045aed5104a3df31507564ac99e6ddce8/src/math/exp.go}, which in turn was based on an implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/e_exp.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (c) 2009 The Go Authors. All rights reserved.
*
* Redistribution and use in source and binary forms, with or without
* modification, are permitted provided that the following conditions are
* met:
*
*    * Redistributions of source code must retain the above copyright
* notice, this list of conditions and the following disclaimer.
*    * Redistributions in binary form must reproduce the above
* copyright notice, this list of conditions and the following disclaimer
* in the documentation and/or other materials provided with the
* distribution.
*    * Neither the name of Google Inc. nor the names of its
* contributors may be used to endorse or promote products derived from
* this software without specific prior written permission.
*
* THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
* "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
* LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR
* A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
* OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
* SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
* LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
* DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
* THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
* (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
* OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
* ```
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var expmulti_1;
var hasRequiredExpmulti;

function requireExpmulti () {
	if (hasRequiredExpmulti) return expmulti_1;
	hasRequiredExpmulti = 1;

	// MODULES //

	var ldexp = requireLib$1d();
	var polyvalP = requirePolyval_p$2();


	// MAIN //

	/**
	* Computes \\(e^{r} 2^k\\) where \\(r = \mathrm{hi} - \mathrm{lo}\\) and \\(|r| \leq \ln(2)/2\\).
	*
	* @private
	* @param {number} hi - upper bound
	* @param {number} lo - lower bound
	* @param {integer} k - power of 2
	* @returns {number} function value
	*/
	function expmulti( hi, lo, k ) {
		var r;
		var t;
		var c;
		var y;

		r = hi - lo;
		t = r * r;
		c = r - ( t*polyvalP( t ) );
		y = 1.0 - ( lo - ( (r*c)/(2.0-c) ) - hi );

		return ldexp( y, k );
	}


	// EXPORTS //

	expmulti_1 = expmulti;
	return expmulti_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyrights, licenses, and long comment were part of the original implementation available as part of [Go]{@link https://github.com/golang/go/blob/cb07765045aed5104a3df31507564ac99e6ddce8/src/math/exp.go}, which in turn was based on an implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/e_exp.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (c) 2009 The Go Authors. All rights reserved.
*
* Redistribution and use in source and binary forms, with or without
* modification, are permitted provided that the following conditions are
* met:
*
*    * Redistributions of source code must retain the above copyright
* notice, this list of conditions and the following disclaimer.
*    * Redistributions in binary form must reproduce the above
* copyright notice, this list of conditions and the following disclaimer
* in the documentation and/or other materials provided with the
* distribution.
*    * Neither the name of Google Inc. nor the names of its
* contributors may be used to endorse or promote products derived from
* this software without specific prior written permission.
*
* THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
* "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
* LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR
* A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
* OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
* SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
* LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
* DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
* THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
* (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
* OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
* ```
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$O;
var hasRequiredMain$O;

function requireMain$O () {
	if (hasRequiredMain$O) return main$O;
	hasRequiredMain$O = 1;

	// MODULES //

	var isnan = requireLib$20();
	var trunc = requireLib$1q();
	var NINF = requireLib$1B();
	var PINF = requireLib$1D();
	var expmulti = requireExpmulti();


	// VARIABLES //

	var LN2_HI = 6.93147180369123816490e-01;
	var LN2_LO = 1.90821492927058770002e-10;
	var LOG2_E = 1.44269504088896338700e+00;
	var OVERFLOW = 7.09782712893383973096e+02;
	var UNDERFLOW = -745.1332191019411;
	var NEARZERO = 1.0 / (1 << 28); // 2^-28
	var NEG_NEARZERO = -NEARZERO;


	// MAIN //

	/**
	* Evaluates the natural exponential function.
	*
	* ## Method
	*
	* 1.  We reduce \\( x \\) to an \\( r \\) so that \\( |r| \leq 0.5 \cdot \ln(2) \approx 0.34658 \\). Given \\( x \\), we find an \\( r \\) and integer \\( k \\) such that
	*
	*     ```tex
	*     \begin{align*}
	*     x &= k \cdot \ln(2) + r \\
	*     |r| &\leq 0.5 \cdot \ln(2)
	*     \end{align*}
	*     ```
	*
	*     <!-- <note> -->
	*
	*     \\( r \\) can be represented as \\( r = \mathrm{hi} - \mathrm{lo} \\) for better accuracy.
	*
	*     <!-- </note> -->
	*
	* 2.  We approximate of \\( e^{r} \\) by a special rational function on the interval \\(\[0,0.34658]\\):
	*
	*     ```tex
	*     \begin{align*}
	*     R\left(r^2\right) &= r \cdot \frac{ e^{r}+1 }{ e^{r}-1 } \\
	*     &= 2 + \frac{r^2}{6} - \frac{r^4}{360} + \ldots
	*     \end{align*}
	*     ```
	*
	*     We use a special Remes algorithm on \\(\[0,0.34658]\\) to generate a polynomial of degree \\(5\\) to approximate \\(R\\). The maximum error of this polynomial approximation is bounded by \\(2^{-59}\\). In other words,
	*
	*     ```tex
	*     R(z) \sim 2 + P_1 z + P_2 z^2 + P_3 z^3 + P_4 z^4 + P_5 z^5
	*     ```
	*
	*     where \\( z = r^2 \\) and
	*
	*     ```tex
	*     \left|  2 + P_1 z + \ldots + P_5 z^5  - R(z) \right| \leq 2^{-59}
	*     ```
	*
	*     <!-- <note> -->
	*
	*     The values of \\( P_1 \\) to \\( P_5 \\) are listed in the source code.
	*
	*     <!-- </note> -->
	*
	*     The computation of \\( e^{r} \\) thus becomes
	*
	*     ```tex
	*     \begin{align*}
	*     e^{r} &= 1 + \frac{2r}{R-r} \\
	*           &= 1 + r + \frac{r \cdot R_1(r)}{2 - R_1(r)}\ \text{for better accuracy}
	*     \end{align*}
	*     ```
	*
	*     where
	*
	*     ```tex
	*     R_1(r) = r - P_1\ r^2 + P_2\ r^4 + \ldots + P_5\ r^{10}
	*     ```
	*
	* 3.  We scale back to obtain \\( e^{x} \\). From step 1, we have
	*
	*     ```tex
	*     e^{x} = 2^k e^{r}
	*     ```
	*
	* ## Special Cases
	*
	* ```tex
	* \begin{align*}
	* e^\infty &= \infty \\
	* e^{-\infty} &= 0 \\
	* e^{\mathrm{NaN}} &= \mathrm{NaN} \\
	* e^0 &= 1\ \mathrm{is\ exact\ for\ finite\ argument\ only}
	* \end{align*}
	* ```
	*
	* ## Notes
	*
	* -   According to an error analysis, the error is always less than \\(1\\) ulp (unit in the last place).
	*
	* -   For an IEEE double,
	*
	*     -   if \\(x > 7.09782712893383973096\mbox{e+}02\\), then \\(e^{x}\\) overflows
	*     -   if \\(x < -7.45133219101941108420\mbox{e+}02\\), then \\(e^{x}\\) underflows
	*
	* -   The hexadecimal values included in the source code are the intended ones for the used constants. Decimal values may be used, provided that the compiler will convert from decimal to binary accurately enough to produce the intended hexadecimal values.
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var v = exp( 4.0 );
	* // returns ~54.5982
	*
	* @example
	* var v = exp( -9.0 );
	* // returns ~1.234e-4
	*
	* @example
	* var v = exp( 0.0 );
	* // returns 1.0
	*
	* @example
	* var v = exp( NaN );
	* // returns NaN
	*/
	function exp( x ) {
		var hi;
		var lo;
		var k;

		if ( isnan( x ) || x === PINF ) {
			return x;
		}
		if ( x === NINF ) {
			return 0.0;
		}
		if ( x > OVERFLOW ) {
			return PINF;
		}
		if ( x < UNDERFLOW ) {
			return 0.0;
		}
		if (
			x > NEG_NEARZERO &&
			x < NEARZERO
		) {
			return 1.0 + x;
		}
		// Reduce and compute `r = hi - lo` for extra precision...
		if ( x < 0.0 ) {
			k = trunc( (LOG2_E*x) - 0.5 );
		} else {
			k = trunc( (LOG2_E*x) + 0.5 );
		}
		hi = x - (k*LN2_HI);
		lo = k * LN2_LO;

		return expmulti( hi, lo, k );
	}


	// EXPORTS //

	main$O = exp;
	return main$O;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1c;
var hasRequiredLib$1c;

function requireLib$1c () {
	if (hasRequiredLib$1c) return lib$1c;
	hasRequiredLib$1c = 1;

	/**
	* Evaluate the natural exponential function.
	*
	* @module @stdlib/math-base-special-exp
	*
	* @example
	* var exp = require( '@stdlib/math-base-special-exp' );
	*
	* var v = exp( 4.0 );
	* // returns ~54.5982
	*
	* v = exp( -9.0 );
	* // returns ~1.234e-4
	*
	* v = exp( 0.0 );
	* // returns 1.0
	*
	* v = exp( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$O();


	// EXPORTS //

	lib$1c = main;
	return lib$1c;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$N;
var hasRequiredMain$N;

function requireMain$N () {
	if (hasRequiredMain$N) return main$N;
	hasRequiredMain$N = 1;

	// MODULES //

	var floor = requireLib$1x();


	// MAIN //

	/**
	* Tests if a finite double-precision floating-point number is an integer.
	*
	* @param {number} x - value to test
	* @returns {boolean} boolean indicating whether the value is an integer
	*
	* @example
	* var bool = isInteger( 1.0 );
	* // returns true
	*
	* @example
	* var bool = isInteger( 3.14 );
	* // returns false
	*/
	function isInteger( x ) {
		return (floor(x) === x);
	}


	// EXPORTS //

	main$N = isInteger;
	return main$N;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1b;
var hasRequiredLib$1b;

function requireLib$1b () {
	if (hasRequiredLib$1b) return lib$1b;
	hasRequiredLib$1b = 1;

	/**
	* Test if a finite double-precision floating-point number is an integer.
	*
	* @module @stdlib/math-base-assert-is-integer
	*
	* @example
	* var isInteger = require( '@stdlib/math-base-assert-is-integer' );
	*
	* var bool = isInteger( 1.0 );
	* // returns true
	*
	* bool = isInteger( 3.14 );
	* // returns false
	*/

	// MODULES //

	var main = requireMain$N();


	// EXPORTS //

	lib$1b = main;
	return lib$1b;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$M;
var hasRequiredMain$M;

function requireMain$M () {
	if (hasRequiredMain$M) return main$M;
	hasRequiredMain$M = 1;

	// MODULES //

	var isInteger = requireLib$1b();


	// MAIN //

	/**
	* Tests if a finite numeric value is an even number.
	*
	* @param {number} x - value to test
	* @returns {boolean} boolean indicating whether the value is an even number
	*
	* @example
	* var bool = isEven( 5.0 );
	* // returns false
	*
	* @example
	* var bool = isEven( -2.0 );
	* // returns true
	*
	* @example
	* var bool = isEven( 0.0 );
	* // returns true
	*
	* @example
	* var bool = isEven( NaN );
	* // returns false
	*/
	function isEven( x ) {
		return isInteger( x/2.0 );
	}


	// EXPORTS //

	main$M = isEven;
	return main$M;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1a;
var hasRequiredLib$1a;

function requireLib$1a () {
	if (hasRequiredLib$1a) return lib$1a;
	hasRequiredLib$1a = 1;

	/**
	* Test if a finite numeric value is an even number.
	*
	* @module @stdlib/math-base-assert-is-even
	*
	* @example
	* var isEven = require( '@stdlib/math-base-assert-is-even' );
	*
	* var bool = isEven( 5.0 );
	* // returns false
	*
	* bool = isEven( -2.0 );
	* // returns true
	*
	* bool = isEven( 0.0 );
	* // returns true
	*
	* bool = isEven( NaN );
	* // returns false
	*/

	// MODULES //

	var main = requireMain$M();


	// EXPORTS //

	lib$1a = main;
	return lib$1a;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$L;
var hasRequiredMain$L;

function requireMain$L () {
	if (hasRequiredMain$L) return main$L;
	hasRequiredMain$L = 1;

	// MODULES //

	var isEven = requireLib$1a();


	// MAIN //

	/**
	* Tests if a finite double-precision floating-point number is an odd number.
	*
	* @param {number} x - value to test
	* @returns {boolean} boolean indicating whether the value is an odd number
	*
	* @example
	* var bool = isOdd( 5.0 );
	* // returns true
	*
	* @example
	* var bool = isOdd( -2.0 );
	* // returns false
	*
	* @example
	* var bool = isOdd( 0.0 );
	* // returns false
	*
	* @example
	* var bool = isOdd( NaN );
	* // returns false
	*/
	function isOdd( x ) {
		// Check sign to prevent overflow...
		if ( x > 0.0 ) {
			return isEven( x-1.0 );
		}
		return isEven( x+1.0 );
	}


	// EXPORTS //

	main$L = isOdd;
	return main$L;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$19;
var hasRequiredLib$19;

function requireLib$19 () {
	if (hasRequiredLib$19) return lib$19;
	hasRequiredLib$19 = 1;

	/**
	* Test if a finite double-precision floating-point number is an odd number.
	*
	* @module @stdlib/math-base-assert-is-odd
	*
	* @example
	* var isOdd = require( '@stdlib/math-base-assert-is-odd' );
	*
	* var bool = isOdd( 5.0 );
	* // returns true
	*
	* bool = isOdd( -2.0 );
	* // returns false
	*
	* bool = isOdd( 0.0 );
	* // returns false
	*
	* bool = isOdd( NaN );
	* // returns false
	*/

	// MODULES //

	var main = requireMain$L();


	// EXPORTS //

	lib$19 = main;
	return lib$19;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var low$1;
var hasRequiredLow$1;

function requireLow$1 () {
	if (hasRequiredLow$1) return low$1;
	hasRequiredLow$1 = 1;

	// MODULES //

	var isLittleEndian = requireLib$1H();


	// MAIN //

	var LOW;
	if ( isLittleEndian === true ) {
		LOW = 0; // first index
	} else {
		LOW = 1; // second index
	}


	// EXPORTS //

	low$1 = LOW;
	return low$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$K;
var hasRequiredMain$K;

function requireMain$K () {
	if (hasRequiredMain$K) return main$K;
	hasRequiredMain$K = 1;

	// MODULES //

	var Uint32Array = requireLib$1T();
	var Float64Array = requireLib$1Q();
	var LOW = requireLow$1();


	// VARIABLES //

	var FLOAT64_VIEW = new Float64Array( 1 );
	var UINT32_VIEW = new Uint32Array( FLOAT64_VIEW.buffer );


	// MAIN //

	/**
	* Sets the less significant 32 bits of a double-precision floating-point number.
	*
	* ## Notes
	*
	* ```text
	* float64 (64 bits)
	* f := fraction (significand/mantissa) (52 bits)
	* e := exponent (11 bits)
	* s := sign bit (1 bit)
	*
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |                                Float64                                |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |              Uint32               |               Uint32              |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* ```
	*
	* If little endian (more significant bits last):
	*
	* ```text
	*                         <-- lower      higher -->
	* |   f7       f6       f5       f4       f3       f2    e2 | f1 |s|  e1  |
	* ```
	*
	* If big endian (more significant bits first):
	*
	* ```text
	*                         <-- higher      lower -->
	* |s| e1    e2 | f1     f2       f3       f4       f5        f6      f7   |
	* ```
	*
	* In which Uint32 can we find the lower order bits? If little endian, the first; if big endian, the second.
	*
	* ## References
	*
	* -   [Open Group][1]
	*
	* [1]: http://pubs.opengroup.org/onlinepubs/9629399/chap14.htm
	*
	* @param {number} x - double
	* @param {uinteger32} low - unsigned 32-bit integer to replace the lower order word of `x`
	* @returns {number} double having the same higher order word as `x`
	*
	* @example
	* var low = 5 >>> 0; // => 00000000000000000000000000000101
	*
	* var x = 3.14e201; // => 0 11010011100 01001000001011000011 10010011110010110101100010000010
	*
	* var y = setLowWord( x, low ); // => 0 11010011100 01001000001011000011 00000000000000000000000000000101
	* // returns 3.139998651394392e+201
	*
	* @example
	* var PINF = require( '@stdlib/constants-float64-pinf' );
	* var NINF = require( '@stdlib/constants-float64-ninf' );
	*
	* var low = 12345678;
	*
	* var y = setLowWord( PINF, low );
	* // returns NaN
	*
	* y = setLowWord( NINF, low );
	* // returns NaN
	*
	* y = setLowWord( NaN, low );
	* // returns NaN
	*/
	function setLowWord( x, low ) {
		FLOAT64_VIEW[ 0 ] = x;
		UINT32_VIEW[ LOW ] = ( low >>> 0 ); // identity bit shift to ensure integer
		return FLOAT64_VIEW[ 0 ];
	}


	// EXPORTS //

	main$K = setLowWord;
	return main$K;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$18;
var hasRequiredLib$18;

function requireLib$18 () {
	if (hasRequiredLib$18) return lib$18;
	hasRequiredLib$18 = 1;

	/**
	* Set the less significant 32 bits of a double-precision floating-point number.
	*
	* @module @stdlib/number-float64-base-set-low-word
	*
	* @example
	* var setLowWord = require( '@stdlib/number-float64-base-set-low-word' );
	*
	* var low = 5 >>> 0; // => 00000000000000000000000000000101
	*
	* var x = 3.14e201; // => 0 11010011100 01001000001011000011 10010011110010110101100010000010
	*
	* var y = setLowWord( x, low ); // => 0 11010011100 01001000001011000011 00000000000000000000000000000101
	* // returns 3.139998651394392e+201
	*
	* @example
	* var PINF = require( '@stdlib/constants-float64-pinf' );
	* var NINF = require( '@stdlib/constants-float64-ninf' );
	* var setLowWord = require( '@stdlib/number-float64-base-set-low-word' );
	*
	* var low = 12345678;
	*
	* var y = setLowWord( PINF, low );
	* // returns NaN
	*
	* y = setLowWord( NINF, low );
	* // returns NaN
	*
	* y = setLowWord( NaN, low );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$K();


	// EXPORTS //

	lib$18 = main;
	return lib$18;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$J;
var hasRequiredMain$J;

function requireMain$J () {
	if (hasRequiredMain$J) return main$J;
	hasRequiredMain$J = 1;

	// MAIN //

	/**
	* Converts an unsigned 32-bit integer to a signed 32-bit integer.
	*
	* @param {uinteger32} x - unsigned 32-bit integer
	* @returns {integer32} signed 32-bit integer
	*
	* @example
	* var float64ToUint32 = require( '@stdlib/number-float64-base-to-uint32' );
	* var y = uint32ToInt32( float64ToUint32( 4294967295 ) );
	* // returns -1
	*
	* @example
	* var float64ToUint32 = require( '@stdlib/number-float64-base-to-uint32' );
	* var y = uint32ToInt32( float64ToUint32( 3 ) );
	* // returns 3
	*/
	function uint32ToInt32( x ) {
		// NOTE: we could also use typed-arrays to achieve the same end.
		return x|0; // asm type annotation
	}


	// EXPORTS //

	main$J = uint32ToInt32;
	return main$J;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$17;
var hasRequiredLib$17;

function requireLib$17 () {
	if (hasRequiredLib$17) return lib$17;
	hasRequiredLib$17 = 1;

	/**
	* Convert an unsigned 32-bit integer to a signed 32-bit integer.
	*
	* @module @stdlib/number-uint32-base-to-int32
	*
	* @example
	* var float64ToUint32 = require( '@stdlib/number-float64-base-to-uint32' );
	* var uint32ToInt32 = require( '@stdlib/number-uint32-base-to-int32' );
	*
	* var y = uint32ToInt32( float64ToUint32( 4294967295 ) );
	* // returns -1
	*
	* y = uint32ToInt32( float64ToUint32( 3 ) );
	* // returns 3
	*/

	// MODULES //

	var uint32ToInt32 = requireMain$J();


	// EXPORTS //

	lib$17 = uint32ToInt32;
	return lib$17;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_pow.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var x_is_zero;
var hasRequiredX_is_zero;

function requireX_is_zero () {
	if (hasRequiredX_is_zero) return x_is_zero;
	hasRequiredX_is_zero = 1;

	// MODULES //

	var isOdd = requireLib$19();
	var copysign = requireLib$1i();
	var NINF = requireLib$1B();
	var PINF = requireLib$1D();


	// MAIN //

	/**
	* Evaluates the exponential function when \\(|x| = 0\\).
	*
	* @private
	* @param {number} x - base
	* @param {number} y - exponent
	* @returns {number} function value
	*
	* @example
	* var v = pow( 0.0, 2 );
	* // returns 0.0
	*
	* @example
	* var v = pow( -0.0, -9 );
	* // returns -Infinity
	*
	* @example
	* var v = pow( 0.0, -9 );
	* // returns Infinity
	*
	* @example
	* var v = pow( -0.0, 9 );
	* // returns 0.0
	*
	* @example
	* var v = pow( 0.0, -Infinity  );
	* // returns Infinity
	*
	* @example
	* var v = pow( 0.0, Infinity );
	* // returns 0.0
	*/
	function pow( x, y ) {
		if ( y === NINF ) {
			return PINF;
		}
		if ( y === PINF ) {
			return 0.0;
		}
		if ( y > 0.0 ) {
			if ( isOdd( y ) ) {
				return x; // handles +-0
			}
			return 0.0;
		}
		// y < 0.0
		if ( isOdd( y ) ) {
			return copysign( PINF, x ); // handles +-0
		}
		return PINF;
	}


	// EXPORTS //

	x_is_zero = pow;
	return x_is_zero;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_pow.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var y_is_huge;
var hasRequiredY_is_huge;

function requireY_is_huge () {
	if (hasRequiredY_is_huge) return y_is_huge;
	hasRequiredY_is_huge = 1;

	// MODULES //

	var ABS_MASK = requireLib$1k();
	var getHighWord = requireLib$1G();


	// VARIABLES //

	// 0x3fefffff = 1072693247 => 0 01111111110 11111111111111111111 => biased exponent: 1022 = -1+1023 => 2^-1
	var HIGH_MAX_NEAR_UNITY = 0x3fefffff|0; // asm type annotation

	var HUGE = 1.0e300;
	var TINY = 1.0e-300;


	// MAIN //

	/**
	* Evaluates the exponential function when \\(|y| > 2^64\\).
	*
	* @private
	* @param {number} x - base
	* @param {number} y - exponent
	* @returns {number} overflow or underflow result
	*
	* @example
	* var v = pow( 9.0, 3.6893488147419103e19 );
	* // returns Infinity
	*
	* @example
	* var v = pow( -3.14, -3.6893488147419103e19 );
	* // returns 0.0
	*/
	function pow( x, y ) {
		var ahx;
		var hx;

		hx = getHighWord( x );
		ahx = (hx & ABS_MASK);

		if ( ahx <= HIGH_MAX_NEAR_UNITY ) {
			if ( y < 0 ) {
				// Signal overflow...
				return HUGE * HUGE;
			}
			// Signal underflow...
			return TINY * TINY;
		}
		// `x` has a biased exponent greater than or equal to `0`...

		if ( y > 0 ) {
			// Signal overflow...
			return HUGE * HUGE;
		}
		// Signal underflow...
		return TINY * TINY;
	}


	// EXPORTS //

	y_is_huge = pow;
	return y_is_huge;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var y_is_infinite;
var hasRequiredY_is_infinite;

function requireY_is_infinite () {
	if (hasRequiredY_is_infinite) return y_is_infinite;
	hasRequiredY_is_infinite = 1;

	// MODULES //

	var abs = requireLib$1s();
	var PINF = requireLib$1D();


	// MAIN //

	/**
	* Evaluates the exponential function when \\( y = \pm \infty\\).
	*
	* @private
	* @param {number} x - base
	* @param {number} y - exponent
	* @returns {number} function value
	*
	* @example
	* var v = pow( -1.0, Infinity );
	* // returns NaN
	*
	* @example
	* var v = pow( -1.0, -Infinity  );
	* // returns NaN
	*
	* @example
	* var v = pow( 1.0, Infinity );
	* // returns 1.0
	*
	* @example
	* var v = pow( 1.0, -Infinity  );
	* // returns 1.0
	*
	* @example
	* var v = pow( 0.5, Infinity );
	* // returns 0.0
	*
	* @example
	* var v = pow( 0.5, -Infinity  );
	* // returns Infinity
	*
	* @example
	* var v = pow( 1.5, -Infinity  );
	* // returns 0.0
	*
	* @example
	* var v = pow( 1.5, Infinity );
	* // returns Infinity
	*/
	function pow( x, y ) {
		if ( x === -1 ) {
			// Julia (0.4.2) and Python (2.7.9) return `1.0` (WTF???). JavaScript (`Math.pow`), R, and libm return `NaN`. We choose `NaN`, as the value is indeterminate; i.e., we cannot determine whether `y` is odd, even, or somewhere in between.
			return (x-x)/(x-x); // signal NaN
		}
		if ( x === 1.0 ) {
			return 1.0;
		}
		// (|x| > 1 && y === NINF) || (|x| < 1 && y === PINF)
		if ( (abs(x) < 1.0) === (y === PINF) ) {
			return 0.0;
		}
		// (|x| > 1 && y === PINF) || (|x| < 1 && y === NINF)
		return PINF;
	}


	// EXPORTS //

	y_is_infinite = pow;
	return y_is_infinite;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$16;
var hasRequiredLib$16;

function requireLib$16 () {
	if (hasRequiredLib$16) return lib$16;
	hasRequiredLib$16 = 1;

	/**
	* Number of significand bits in the high word of a double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-num-high-word-significand-bits
	* @type {integer32}
	*
	* @example
	* var FLOAT64_NUM_HIGH_WORD_SIGNIFICAND_BITS = require( '@stdlib/constants-float64-num-high-word-significand-bits' );
	* // returns 20
	*/


	// MAIN //

	/**
	* Number of significand bits in the high word of a double-precision floating-point number.
	*
	* @constant
	* @type {integer32}
	* @default 20
	*/
	var FLOAT64_NUM_HIGH_WORD_SIGNIFICAND_BITS = 20|0; // eslint-disable-line id-length


	// EXPORTS //

	lib$16 = FLOAT64_NUM_HIGH_WORD_SIGNIFICAND_BITS;
	return lib$16;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_l;
var hasRequiredPolyval_l;

function requirePolyval_l () {
	if (hasRequiredPolyval_l) return polyval_l;
	hasRequiredPolyval_l = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.5999999999999946;
		}
		return 0.5999999999999946 + (x * (0.4285714285785502 + (x * (0.33333332981837743 + (x * (0.272728123808534 + (x * (0.23066074577556175 + (x * 0.20697501780033842))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_l = evalpoly;
	return polyval_l;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_pow.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var log2ax_1;
var hasRequiredLog2ax;

function requireLog2ax () {
	if (hasRequiredLog2ax) return log2ax_1;
	hasRequiredLog2ax = 1;

	// MODULES //

	var getHighWord = requireLib$1G();
	var setLowWord = requireLib$18();
	var setHighWord = requireLib$1F();
	var BIAS = requireLib$1A();
	var HIGH_NUM_SIGNIFICAND_BITS = requireLib$16();
	var polyvalL = requirePolyval_l();


	// VARIABLES //

	// 0x000fffff = 1048575 => 0 00000000000 11111111111111111111
	var HIGH_SIGNIFICAND_MASK = 0x000fffff|0; // asm type annotation

	// 0x00100000 = 1048576 => 0 00000000001 00000000000000000000 => biased exponent: 1 = -1022+1023 => 2^-1022
	var HIGH_MIN_NORMAL_EXP = 0x00100000|0; // asm type annotation

	// 0x3ff00000 = 1072693248 => 0 01111111111 00000000000000000000 => biased exponent: 1023 = 0+1023 => 2^0 = 1
	var HIGH_BIASED_EXP_0 = 0x3ff00000|0; // asm type annotation

	// 0x20000000 = 536870912 => 0 01000000000 00000000000000000000 => biased exponent: 512 = -511+1023
	var HIGH_BIASED_EXP_NEG_512 = 0x20000000|0; // asm type annotation

	// 0x00080000 = 524288 => 0 00000000000 10000000000000000000
	var HIGH_SIGNIFICAND_HALF = 0x00080000|0; // asm type annotation

	var TWO53 = 9007199254740992.0;	// 0x43400000, 0x00000000

	// 2/(3*LN2)
	var CP = 9.61796693925975554329e-01; // 0x3FEEC709, 0xDC3A03FD

	// (float)CP
	var CP_HI = 9.61796700954437255859e-01; // 0x3FEEC709, 0xE0000000

	// Low: CP_HI
	var CP_LO = -7.028461650952758e-9; // 0xBE3E2FE0, 0x145B01F5

	var BP = [
		1.0,
		1.5
	];
	var DP_HI = [
		0.0,
		5.84962487220764160156e-01 // 0x3FE2B803, 0x40000000
	];
	var DP_LO = [
		0.0,
		1.35003920212974897128e-08 // 0x3E4CFDEB, 0x43CFD006
	];


	// MAIN //

	/**
	* Computes \\(\operatorname{log2}(ax)\\).
	*
	* @private
	* @param {Array} out - output array
	* @param {number} ax - absolute value of `x`
	* @param {number} ahx - high word of `ax`
	* @returns {Array} output array containing a tuple comprised of high and low parts
	*
	* @example
	* var t = log2ax( [ 0.0, 0.0 ], 9.0, 1075970048 ); // => [ t1, t2 ]
	* // returns [ 3.169923782348633, 0.0000012190936795504075 ]
	*/
	function log2ax( out, ax, ahx ) {
		var tmp;
		var ss; // `hs + ls`
		var s2; // `ss` squared
		var hs;
		var ls;
		var ht;
		var lt;
		var bp; // `BP` constant
		var dp; // `DP` constant
		var hp;
		var lp;
		var hz;
		var lz;
		var t1;
		var t2;
		var t;
		var r;
		var u;
		var v;
		var n;
		var j;
		var k;

		n = 0|0; // asm type annotation

		// Check if `x` is subnormal...
		if ( ahx < HIGH_MIN_NORMAL_EXP ) {
			ax *= TWO53;
			n -= 53|0; // asm type annotation
			ahx = getHighWord( ax );
		}
		// Extract the unbiased exponent of `x`:
		n += ((ahx >> HIGH_NUM_SIGNIFICAND_BITS) - BIAS)|0; // asm type annotation

		// Isolate the significand bits of `x`:
		j = (ahx & HIGH_SIGNIFICAND_MASK)|0; // asm type annotation

		// Normalize `ahx` by setting the (biased) exponent to `1023`:
		ahx = (j | HIGH_BIASED_EXP_0)|0; // asm type annotation

		// Determine the interval of `|x|` by comparing significand bits...

		// |x| < sqrt(3/2)
		if ( j <= 0x3988E ) { // 0 00000000000 00111001100010001110
			k = 0;
		}
		// |x| < sqrt(3)
		else if ( j < 0xBB67A ) { // 0 00000000000 10111011011001111010
			k = 1;
		}
		// |x| >= sqrt(3)
		else {
			k = 0;
			n += 1|0; // asm type annotation
			ahx -= HIGH_MIN_NORMAL_EXP;
		}
		// Load the normalized high word into `|x|`:
		ax = setHighWord( ax, ahx );

		// Compute `ss = hs + ls = (x-1)/(x+1)` or `(x-1.5)/(x+1.5)`:
		bp = BP[ k ]; // BP[0] = 1.0, BP[1] = 1.5
		u = ax - bp; // (x-1) || (x-1.5)
		v = 1.0 / (ax + bp); // 1/(x+1) || 1/(x+1.5)
		ss = u * v;
		hs = setLowWord( ss, 0 ); // set all low word (less significant significand) bits to 0s

		// Compute `ht = ax + bp` (via manipulation, i.e., bit flipping, of the high word):
		tmp = ((ahx>>1) | HIGH_BIASED_EXP_NEG_512) + HIGH_SIGNIFICAND_HALF;
		tmp += (k << 18); // `(k<<18)` can be considered the word equivalent of `1.0` or `1.5`
		ht = setHighWord( 0.0, tmp );
		lt = ax - (ht - bp);
		ls = v * ( ( u - (hs*ht) ) - ( hs*lt ) );

		// Compute `log(ax)`...

		s2 = ss * ss;
		r = s2 * s2 * polyvalL( s2 );
		r += ls * (hs + ss);
		s2 = hs * hs;
		ht = 3.0 + s2 + r;
		ht = setLowWord( ht, 0 );
		lt = r - ((ht-3.0) - s2);

		// u+v = ss*(1+...):
		u = hs * ht;
		v = ( ls*ht ) + ( lt*ss );

		// 2/(3LN2) * (ss+...):
		hp = u + v;
		hp = setLowWord( hp, 0 );
		lp = v - (hp - u);
		hz = CP_HI * hp; // CP_HI+CP_LO = 2/(3*LN2)
		lz = ( CP_LO*hp ) + ( lp*CP ) + DP_LO[ k ];

		// log2(ax) = (ss+...)*2/(3*LN2) = n + dp + hz + lz
		dp = DP_HI[ k ];
		t = n;
		t1 = ((hz+lz) + dp) + t; // log2(ax)
		t1 = setLowWord( t1, 0 );
		t2 = lz - (((t1-t) - dp) - hz);

		out[ 0 ] = t1;
		out[ 1 ] = t2;
		return out;
	}


	// EXPORTS //

	log2ax_1 = log2ax;
	return log2ax_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_w$1;
var hasRequiredPolyval_w$1;

function requirePolyval_w$1 () {
	if (hasRequiredPolyval_w$1) return polyval_w$1;
	hasRequiredPolyval_w$1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.5;
		}
		return 0.5 + (x * (-0.3333333333333333 + (x * 0.25)));
	}


	// EXPORTS //

	polyval_w$1 = evalpoly;
	return polyval_w$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_pow.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var logx_1;
var hasRequiredLogx;

function requireLogx () {
	if (hasRequiredLogx) return logx_1;
	hasRequiredLogx = 1;

	// MODULES //

	var setLowWord = requireLib$18();
	var polyvalW = requirePolyval_w$1();


	// VARIABLES //

	// 1/LN2
	var INV_LN2 = 1.44269504088896338700e+00; // 0x3FF71547, 0x652B82FE

	// High (24 bits): 1/LN2
	var INV_LN2_HI = 1.44269502162933349609e+00; // 0x3FF71547, 0x60000000

	// Low: 1/LN2
	var INV_LN2_LO = 1.92596299112661746887e-08; // 0x3E54AE0B, 0xF85DDF44


	// MAIN //

	/**
	* Computes \\(\operatorname{log}(x)\\) assuming \\(|1-x|\\) is small and using the approximation \\(x - x^2/2 + x^3/3 - x^4/4\\).
	*
	* @private
	* @param {Array} out - output array
	* @param {number} ax - absolute value of `x`
	* @returns {Array} output array containing a tuple comprised of high and low parts
	*
	* @example
	* var t = logx( [ 0.0, 0.0 ], 9.0 ); // => [ t1, t2 ]
	* // returns [ -1265.7236328125, -0.0008163940840404393 ]
	*/
	function logx( out, ax ) {
		var t2;
		var t1;
		var t;
		var w;
		var u;
		var v;

		t = ax - 1.0; // `t` has `20` trailing zeros
		w = t * t * polyvalW( t );
		u = INV_LN2_HI * t; // `INV_LN2_HI` has `21` significant bits
		v = ( t*INV_LN2_LO ) - ( w*INV_LN2 );
		t1 = u + v;
		t1 = setLowWord( t1, 0 );
		t2 = v - (t1 - u);

		out[ 0 ] = t1;
		out[ 1 ] = t2;
		return out;
	}


	// EXPORTS //

	logx_1 = logx;
	return logx_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$15;
var hasRequiredLib$15;

function requireLib$15 () {
	if (hasRequiredLib$15) return lib$15;
	hasRequiredLib$15 = 1;

	/**
	* Natural logarithm of `2`.
	*
	* @module @stdlib/constants-float64-ln-two
	* @type {number}
	*
	* @example
	* var LN2 = require( '@stdlib/constants-float64-ln-two' );
	* // returns 0.6931471805599453
	*/


	// MAIN //

	/**
	* Natural logarithm of `2`.
	*
	* ```tex
	* \ln 2
	* ```
	*
	* @constant
	* @type {number}
	* @default 0.6931471805599453
	*/
	var LN2 = 6.93147180559945309417232121458176568075500134360255254120680009493393621969694715605863326996418687542001481021e-01; // eslint-disable-line max-len


	// EXPORTS //

	lib$15 = LN2;
	return lib$15;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$14;
var hasRequiredLib$14;

function requireLib$14 () {
	if (hasRequiredLib$14) return lib$14;
	hasRequiredLib$14 = 1;

	/**
	* High word mask for the significand of a double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-high-word-significand-mask
	* @type {uinteger32}
	*
	* @example
	* var FLOAT64_HIGH_WORD_SIGNIFICAND_MASK = require( '@stdlib/constants-float64-high-word-significand-mask' );
	* // returns 1048575
	*/


	// MAIN //

	/**
	* High word mask for the significand of a double-precision floating-point number.
	*
	* ## Notes
	*
	* The high word mask for the significand of a double-precision floating-point number is an unsigned 32-bit integer with the value \\( 1048575 \\), which corresponds to the bit sequence
	*
	* ```binarystring
	* 0 00000000000 11111111111111111111
	* ```
	*
	* @constant
	* @type {uinteger32}
	* @default 0x000fffff
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_HIGH_WORD_SIGNIFICAND_MASK = 0x000fffff;


	// EXPORTS //

	lib$14 = FLOAT64_HIGH_WORD_SIGNIFICAND_MASK;
	return lib$14;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_p$1;
var hasRequiredPolyval_p$1;

function requirePolyval_p$1 () {
	if (hasRequiredPolyval_p$1) return polyval_p$1;
	hasRequiredPolyval_p$1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.16666666666666602;
		}
		return 0.16666666666666602 + (x * (-0.0027777777777015593 + (x * (0.00006613756321437934 + (x * (-16533902205465252e-22 + (x * 4.1381367970572385e-8))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_p$1 = evalpoly;
	return polyval_p$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_pow.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var pow2_1;
var hasRequiredPow2;

function requirePow2 () {
	if (hasRequiredPow2) return pow2_1;
	hasRequiredPow2 = 1;

	// MODULES //

	var getHighWord = requireLib$1G();
	var setHighWord = requireLib$1F();
	var setLowWord = requireLib$18();
	var uint32ToInt32 = requireLib$17();
	var ldexp = requireLib$1d();
	var LN2 = requireLib$15();
	var BIAS = requireLib$1A();
	var ABS_MASK = requireLib$1k();
	var HIGH_SIGNIFICAND_MASK = requireLib$14();
	var HIGH_NUM_SIGNIFICAND_BITS = requireLib$16();
	var polyvalP = requirePolyval_p$1();


	// VARIABLES //

	// 0x00100000 = 1048576 => 0 00000000001 00000000000000000000 => biased exponent: 1 = -1022+1023 => 2^-1022
	var HIGH_MIN_NORMAL_EXP = 0x00100000|0; // asm type annotation

	// 0x3fe00000 = 1071644672 => 0 01111111110 00000000000000000000 => biased exponent: 1022 = -1+1023 => 2^-1
	var HIGH_BIASED_EXP_NEG_1 = 0x3fe00000|0; // asm type annotation

	// High: LN2
	var LN2_HI = 6.93147182464599609375e-01; // 0x3FE62E43, 0x00000000

	// Low: LN2
	var LN2_LO = -1.904654299957768e-9; // 0xBE205C61, 0x0CA86C39


	// MAIN //

	/**
	* Computes \\(2^{\mathrm{hp} + \mathrm{lp}\\).
	*
	* @private
	* @param {number} j - high word of `hp + lp`
	* @param {number} hp - first power summand
	* @param {number} lp - second power summand
	* @returns {number} function value
	*
	* @example
	* var z = pow2( 1065961648, -0.3398475646972656, -0.000002438187359100815 );
	* // returns ~0.79
	*/
	function pow2( j, hp, lp ) {
		var tmp;
		var t1;
		var t;
		var r;
		var u;
		var v;
		var w;
		var z;
		var n;
		var i;
		var k;

		i = (j & ABS_MASK)|0; // asm type annotation
		k = ((i>>HIGH_NUM_SIGNIFICAND_BITS) - BIAS)|0; // asm type annotation
		n = 0;

		// `|z| > 0.5`, set `n = z+0.5`
		if ( i > HIGH_BIASED_EXP_NEG_1 ) {
			n = (j + (HIGH_MIN_NORMAL_EXP>>(k+1)))>>>0; // asm type annotation
			k = (((n & ABS_MASK)>>HIGH_NUM_SIGNIFICAND_BITS) - BIAS)|0; // new k for n
			tmp = ((n & ~(HIGH_SIGNIFICAND_MASK >> k)))>>>0; // asm type annotation
			t = setHighWord( 0.0, tmp );
			n = (((n & HIGH_SIGNIFICAND_MASK)|HIGH_MIN_NORMAL_EXP) >> (HIGH_NUM_SIGNIFICAND_BITS-k))>>>0; // eslint-disable-line max-len
			if ( j < 0 ) {
				n = -n;
			}
			hp -= t;
		}
		t = lp + hp;
		t = setLowWord( t, 0 );
		u = t * LN2_HI;
		v = ( (lp - (t-hp))*LN2 ) + ( t*LN2_LO );
		z = u + v;
		w = v - (z - u);
		t = z * z;
		t1 = z - ( t*polyvalP( t ) );
		r = ( (z*t1) / (t1-2.0) ) - ( w + (z*w) );
		z = 1.0 - (r - z);
		j = getHighWord( z );
		j = uint32ToInt32( j );
		j += (n << HIGH_NUM_SIGNIFICAND_BITS)>>>0; // asm type annotation

		// Check for subnormal output...
		if ( (j>>HIGH_NUM_SIGNIFICAND_BITS) <= 0 ) {
			z = ldexp( z, n );
		} else {
			z = setHighWord( z, j );
		}
		return z;
	}


	// EXPORTS //

	pow2_1 = pow2;
	return pow2_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_pow.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$I;
var hasRequiredMain$I;

function requireMain$I () {
	if (hasRequiredMain$I) return main$I;
	hasRequiredMain$I = 1;

	// MODULES //

	var isnan = requireLib$20();
	var isOdd = requireLib$19();
	var isInfinite = requireLib$1m();
	var isInteger = requireLib$1b();
	var sqrt = requireLib$1v();
	var abs = requireLib$1s();
	var toWords = requireLib$1j();
	var setLowWord = requireLib$18();
	var uint32ToInt32 = requireLib$17();
	var NINF = requireLib$1B();
	var PINF = requireLib$1D();
	var ABS_MASK = requireLib$1k();
	var xIsZero = requireX_is_zero();
	var yIsHuge = requireY_is_huge();
	var yIsInfinite = requireY_is_infinite();
	var log2ax = requireLog2ax();
	var logx = requireLogx();
	var pow2 = requirePow2();


	// VARIABLES //

	// 0x3fefffff = 1072693247 => 0 01111111110 11111111111111111111 => biased exponent: 1022 = -1+1023 => 2^-1
	var HIGH_MAX_NEAR_UNITY = 0x3fefffff|0; // asm type annotation

	// 0x41e00000 = 1105199104 => 0 10000011110 00000000000000000000 => biased exponent: 1054 = 31+1023 => 2^31
	var HIGH_BIASED_EXP_31 = 0x41e00000|0; // asm type annotation

	// 0x43f00000 = 1139802112 => 0 10000111111 00000000000000000000 => biased exponent: 1087 = 64+1023 => 2^64
	var HIGH_BIASED_EXP_64 = 0x43f00000|0; // asm type annotation

	// 0x40900000 = 1083179008 => 0 10000001001 00000000000000000000 => biased exponent: 1033 = 10+1023 => 2^10 = 1024
	var HIGH_BIASED_EXP_10 = 0x40900000|0; // asm type annotation

	// 0x3ff00000 = 1072693248 => 0 01111111111 00000000000000000000 => biased exponent: 1023 = 0+1023 => 2^0 = 1
	var HIGH_BIASED_EXP_0 = 0x3ff00000|0; // asm type annotation

	// 0x4090cc00 = 1083231232 => 0 10000001001 00001100110000000000
	var HIGH_1075 = 0x4090cc00|0; // asm type annotation

	// 0xc090cc00 = 3230714880 => 1 10000001001 00001100110000000000
	var HIGH_NEG_1075 = 0xc090cc00>>>0; // asm type annotation

	var HIGH_NUM_NONSIGN_BITS = 31|0; // asm type annotation

	var HUGE = 1.0e300;
	var TINY = 1.0e-300;

	// -(1024-log2(ovfl+.5ulp))
	var OVT = 8.0085662595372944372e-17;

	// High/low words workspace:
	var WORDS = [ 0|0, 0|0 ];

	// Log workspace:
	var LOG_WORKSPACE = [ 0.0, 0.0 ];


	// MAIN //

	/**
	* Evaluates the exponential function.
	*
	* ## Method
	*
	* 1.  Let \\(x = 2^n (1+f)\\).
	*
	* 2.  Compute \\(\operatorname{log2}(x)\\) as
	*
	*     ```tex
	*     \operatorname{log2}(x) = w_1 + w_2
	*     ```
	*
	*     where \\(w_1\\) has \\(53 - 24 = 29\\) bit trailing zeros.
	*
	* 3.  Compute
	*
	*     ```tex
	*     y \cdot \operatorname{log2}(x) = n + y^\prime
	*     ```
	*
	*     by simulating multi-precision arithmetic, where \\(|y^\prime| \leq 0.5\\).
	*
	* 4.  Return
	*
	*     ```tex
	*     x^y = 2^n e^{y^\prime \cdot \mathrm{log2}}
	*     ```
	*
	* ## Special Cases
	*
	* ```tex
	* \begin{align*}
	* x^{\mathrm{NaN}} &= \mathrm{NaN} & \\
	* (\mathrm{NaN})^y &= \mathrm{NaN} & \\
	* 1^y &= 1 & \\
	* x^0 &= 1 & \\
	* x^1 &= x & \\
	* (\pm 0)^\infty &= +0 & \\
	* (\pm 0)^{-\infty} &= +\infty & \\
	* (+0)^y &= +0 & \mathrm{if}\ y > 0 \\
	* (+0)^y &= +\infty & \mathrm{if}\ y < 0 \\
	* (-0)^y &= -\infty & \mathrm{if}\ y\ \mathrm{is\ an\ odd\ integer\ and}\ y < 0 \\
	* (-0)^y &= +\infty & \mathrm{if}\ y\ \mathrm{is\ not\ an\ odd\ integer\ and}\ y < 0 \\
	* (-0)^y &= -0 & \mathrm{if}\ y\ \mathrm{is\ an\ odd\ integer\ and}\ y > 0 \\
	* (-0)^y &= +0 & \mathrm{if}\ y\ \mathrm{is\ not\ an\ odd\ integer\ and}\ y > 0 \\
	* (-1)^{\pm\infty} &= \mathrm{NaN} & \\
	* x^{\infty} &= +\infty & |x| > 1 \\
	* x^{\infty} &= +0 & |x| < 1 \\
	* x^{-\infty} &= +0 & |x| > 1 \\
	* x^{-\infty} &= +\infty & |x| < 1 \\
	* (-\infty)^y &= (-0)^y & \\
	* \infty^y &= +0 & y < 0 \\
	* \infty^y &= +\infty & y > 0 \\
	* x^y &= \mathrm{NaN} & \mathrm{if}\ y\ \mathrm{is\ not\ a\ finite\ integer\ and}\ x < 0
	* \end{align*}
	* ```
	*
	* ## Notes
	*
	* -   \\(\operatorname{pow}(x,y)\\) returns \\(x^y\\) nearly rounded. In particular, \\(\operatorname{pow}(<\mathrm{integer}>,<\mathrm{integer}>)\\) **always** returns the correct integer, provided the value is representable.
	* -   The hexadecimal values shown in the source code are the intended values for used constants. Decimal values may be used, provided the compiler will accurately convert decimal to binary in order to produce the hexadecimal values.
	*
	* @param {number} x - base
	* @param {number} y - exponent
	* @returns {number} function value
	*
	* @example
	* var v = pow( 2.0, 3.0 );
	* // returns 8.0
	*
	* @example
	* var v = pow( 4.0, 0.5 );
	* // returns 2.0
	*
	* @example
	* var v = pow( 100.0, 0.0 );
	* // returns 1.0
	*
	* @example
	* var v = pow( 3.141592653589793, 5.0 );
	* // returns ~306.0197
	*
	* @example
	* var v = pow( 3.141592653589793, -0.2 );
	* // returns ~0.7954
	*
	* @example
	* var v = pow( NaN, 3.0 );
	* // returns NaN
	*
	* @example
	* var v = pow( 5.0, NaN );
	* // returns NaN
	*
	* @example
	* var v = pow( NaN, NaN );
	* // returns NaN
	*/
	function pow( x, y ) {
		var ahx; // absolute value high word `x`
		var ahy; // absolute value high word `y`
		var ax;  // absolute value `x`
		var hx;  // high word `x`
		var lx;  // low word `x`
		var hy;  // high word `y`
		var ly;  // low word `y`
		var sx;  // sign `x`
		var sy;  // sign `y`
		var y1;
		var hp;
		var lp;
		var t;
		var z;   // y prime
		var j;
		var i;
		if ( isnan( x ) || isnan( y ) ) {
			return NaN;
		}
		// Split `y` into high and low words:
		toWords.assign( y, WORDS, 1, 0 );
		hy = WORDS[ 0 ];
		ly = WORDS[ 1 ];

		// Special cases `y`...
		if ( ly === 0 ) {
			if ( y === 0.0 ) {
				return 1.0;
			}
			if ( y === 1.0 ) {
				return x;
			}
			if ( y === -1 ) {
				return 1.0 / x;
			}
			if ( y === 0.5 ) {
				return sqrt( x );
			}
			if ( y === -0.5 ) {
				return 1.0 / sqrt( x );
			}
			if ( y === 2.0 ) {
				return x * x;
			}
			if ( y === 3.0 ) {
				return x * x * x;
			}
			if ( y === 4.0 ) {
				x *= x;
				return x * x;
			}
			if ( isInfinite( y ) ) {
				return yIsInfinite( x, y );
			}
		}
		// Split `x` into high and low words:
		toWords.assign( x, WORDS, 1, 0 );
		hx = WORDS[ 0 ];
		lx = WORDS[ 1 ];

		// Special cases `x`...
		if ( lx === 0 ) {
			if ( hx === 0 ) {
				return xIsZero( x, y );
			}
			if ( x === 1.0 ) {
				return 1.0;
			}
			if (
				x === -1 &&
				isOdd( y )
			) {
				return -1;
			}
			if ( isInfinite( x ) ) {
				if ( x === NINF ) {
					// `pow( 1/x, -y )`
					return pow( -0, -y );
				}
				if ( y < 0.0 ) {
					return 0.0;
				}
				return PINF;
			}
		}
		if (
			x < 0.0 &&
			isInteger( y ) === false
		) {
			// Signal NaN...
			return (x-x)/(x-x);
		}
		ax = abs( x );

		// Remove the sign bits (i.e., get absolute values):
		ahx = (hx & ABS_MASK)|0; // asm type annotation
		ahy = (hy & ABS_MASK)|0; // asm type annotation

		// Extract the sign bits:
		sx = (hx >>> HIGH_NUM_NONSIGN_BITS)|0; // asm type annotation
		sy = (hy >>> HIGH_NUM_NONSIGN_BITS)|0; // asm type annotation

		// Determine the sign of the result...
		if ( sx && isOdd( y ) ) {
			sx = -1;
		} else {
			sx = 1.0;
		}
		// Case 1: `|y|` is huge...

		// |y| > 2^31
		if ( ahy > HIGH_BIASED_EXP_31 ) {
			// `|y| > 2^64`, then must over- or underflow...
			if ( ahy > HIGH_BIASED_EXP_64 ) {
				return yIsHuge( x, y );
			}
			// Over- or underflow if `x` is not close to unity...

			if ( ahx < HIGH_MAX_NEAR_UNITY ) {
				// y < 0
				if ( sy === 1 ) {
					// Signal overflow...
					return sx * HUGE * HUGE;
				}
				// Signal underflow...
				return sx * TINY * TINY;
			}
			if ( ahx > HIGH_BIASED_EXP_0 ) {
				// y > 0
				if ( sy === 0 ) {
					// Signal overflow...
					return sx * HUGE * HUGE;
				}
				// Signal underflow...
				return sx * TINY * TINY;
			}
			// At this point, `|1-x|` is tiny (`<= 2^-20`). Suffice to compute `log(x)` by `x - x^2/2 + x^3/3 - x^4/4`.
			t = logx( LOG_WORKSPACE, ax );
		}
		// Case 2: `|y|` is not huge...
		else {
			t = log2ax( LOG_WORKSPACE, ax, ahx );
		}
		// Split `y` into `y1 + y2` and compute `(y1+y2) * (t1+t2)`...
		y1 = setLowWord( y, 0 );
		lp = ( (y-y1)*t[0] ) + ( y*t[1] );
		hp = y1 * t[0];
		z = lp + hp;

		// Note: *can* be more performant to use `getHighWord` and `getLowWord` directly, but using `toWords` looks cleaner.
		toWords.assign( z, WORDS, 1, 0 );
		j = uint32ToInt32( WORDS[0] );
		i = uint32ToInt32( WORDS[1] );

		// z >= 1024
		if ( j >= HIGH_BIASED_EXP_10 ) {
			// z > 1024
			if ( ((j-HIGH_BIASED_EXP_10)|i) !== 0 ) {
				// Signal overflow...
				return sx * HUGE * HUGE;
			}
			if ( (lp+OVT) > (z-hp) ) {
				// Signal overflow...
				return sx * HUGE * HUGE;
			}
		}
		// z <= -1075
		else if ( (j&ABS_MASK) >= HIGH_1075 ) {
			// z < -1075
			if ( ((j-HIGH_NEG_1075)|i) !== 0 ) {
				// Signal underflow...
				return sx * TINY * TINY;
			}
			if ( lp <= (z-hp) ) {
				// Signal underflow...
				return sx * TINY * TINY;
			}
		}
		// Compute `2^(hp+lp)`...
		z = pow2( j, hp, lp );

		return sx * z;
	}


	// EXPORTS //

	main$I = pow;
	return main$I;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$13;
var hasRequiredLib$13;

function requireLib$13 () {
	if (hasRequiredLib$13) return lib$13;
	hasRequiredLib$13 = 1;

	/**
	* Evaluate the exponential function.
	*
	* @module @stdlib/math-base-special-pow
	*
	* @example
	* var pow = require( '@stdlib/math-base-special-pow' );
	*
	* var v = pow( 2.0, 3.0 );
	* // returns 8.0
	*
	* v = pow( 4.0, 0.5 );
	* // returns 2.0
	*
	* v = pow( 100.0, 0.0 );
	* // returns 1.0
	*
	* v = pow( 3.141592653589793, 5.0 );
	* // returns ~306.0197
	*
	* v = pow( 3.141592653589793, -0.2 );
	* // returns ~0.7954
	*
	* v = pow( NaN, 3.0 );
	* // returns NaN
	*
	* v = pow( 5.0, NaN );
	* // returns NaN
	*
	* v = pow( NaN, NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$I();


	// EXPORTS //

	lib$13 = main;
	return lib$13;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$12;
var hasRequiredLib$12;

function requireLib$12 () {
	if (hasRequiredLib$12) return lib$12;
	hasRequiredLib$12 = 1;

	/**
	* Euler's number.
	*
	* @module @stdlib/constants-float64-e
	* @type {number}
	*
	* @example
	* var E = require( '@stdlib/constants-float64-e' );
	* // returns 2.718281828459045
	*/


	// MAIN //

	/**
	* Euler's number.
	*
	* @constant
	* @type {number}
	* @default 2.718281828459045
	* @see [OEIS]{@link https://oeis.org/A001113}
	* @see [Wikipedia]{@link https://en.wikipedia.org/wiki/E_(mathematical_constant)}
	*/
	var E = 2.718281828459045235360287471352662497757247093699959574966;


	// EXPORTS //

	lib$12 = E;
	return lib$12;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$11;
var hasRequiredLib$11;

function requireLib$11 () {
	if (hasRequiredLib$11) return lib$11;
	hasRequiredLib$11 = 1;

	/**
	* Difference between one and the smallest value greater than one that can be represented as a double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-eps
	* @type {number}
	*
	* @example
	* var FLOAT64_EPSILON = require( '@stdlib/constants-float64-eps' );
	* // returns 2.220446049250313e-16
	*/


	// MAIN //

	/**
	* Difference between one and the smallest value greater than one that can be represented as a double-precision floating-point number.
	*
	* ## Notes
	*
	* The difference is
	*
	* ```tex
	* \frac{1}{2^{52}}
	* ```
	*
	* @constant
	* @type {number}
	* @default 2.220446049250313e-16
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	* @see [Machine Epsilon]{@link https://en.wikipedia.org/wiki/Machine_epsilon}
	*/
	var FLOAT64_EPSILON = 2.2204460492503130808472633361816E-16;


	// EXPORTS //

	lib$11 = FLOAT64_EPSILON;
	return lib$11;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lanczos_sum_expg_scaled;
var hasRequiredLanczos_sum_expg_scaled;

function requireLanczos_sum_expg_scaled () {
	if (hasRequiredLanczos_sum_expg_scaled) return lanczos_sum_expg_scaled;
	hasRequiredLanczos_sum_expg_scaled = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return Infinity;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 709811.662581658 + (x * (679979.8474157227 + (x * (293136.7857211597 + (x * (74887.54032914672 + (x * (12555.290582413863 + (x * (1443.4299244417066 + (x * (115.24194596137347 + (x * (6.309239205732627 + (x * (0.22668404630224365 + (x * (0.004826466289237662 + (x * 0.00004624429436045379))))))))))))))))))); // eslint-disable-line max-len
			s2 = 0.0 + (x * (362880.0 + (x * (1026576.0 + (x * (1172700.0 + (x * (723680.0 + (x * (269325.0 + (x * (63273.0 + (x * (9450.0 + (x * (870.0 + (x * (45.0 + (x * 1.0))))))))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.00004624429436045379 + (x * (0.004826466289237662 + (x * (0.22668404630224365 + (x * (6.309239205732627 + (x * (115.24194596137347 + (x * (1443.4299244417066 + (x * (12555.290582413863 + (x * (74887.54032914672 + (x * (293136.7857211597 + (x * (679979.8474157227 + (x * 709811.662581658))))))))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (45.0 + (x * (870.0 + (x * (9450.0 + (x * (63273.0 + (x * (269325.0 + (x * (723680.0 + (x * (1172700.0 + (x * (1026576.0 + (x * (362880.0 + (x * 0.0))))))))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	lanczos_sum_expg_scaled = evalrational;
	return lanczos_sum_expg_scaled;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{http://www.boost.org/doc/libs/1_85_0/boost/math/special_functions/beta.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$H;
var hasRequiredMain$H;

function requireMain$H () {
	if (hasRequiredMain$H) return main$H;
	hasRequiredMain$H = 1;

	// MODULES //

	var isnan = requireLib$20();
	var log1p = requireLib$1w();
	var sqrt = requireLib$1v();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var pow = requireLib$13();
	var E = requireLib$12();
	var EPSILON = requireLib$11();
	var lanczosSumExpGScaled = requireLanczos_sum_expg_scaled(); // Lanczos approximation scaled by exp(G)


	// VARIABLES //

	var G = 10.90051099999999983936049829935654997826;


	// MAIN //

	/**
	* Evaluates the beta function.
	*
	* @param {NonNegativeNumber} a - input value
	* @param {NonNegativeNumber} b - input value
	* @returns {number} evaluated beta function
	*
	* @example
	* var v = beta( 0.0, 0.5 );
	* // returns Infinity
	*
	* @example
	* var v = beta( 1.0, 1.0 );
	* // returns 1.0
	*
	* @example
	* var v = beta( -1.0, 2.0 );
	* // returns NaN
	*
	* @example
	* var v = beta( 5.0, 0.2 );
	* // returns ~3.382
	*
	* @example
	* var v = beta( 4.0, 1.0 );
	* // returns 0.25
	*
	* @example
	* var v = beta( NaN, 2.0 );
	* // returns NaN
	*/
	function beta( a, b ) {
		var ambh;
		var agh;
		var bgh;
		var cgh;
		var res;
		var tmp;
		var c;

		if ( isnan( a ) || isnan( b ) ) {
			return NaN;
		}
		if ( a < 0.0 || b < 0.0 ) {
			return NaN;
		}
		if ( b === 1.0 ) {
			return 1.0 / a;
		}
		if ( a === 1.0 ) {
			return 1.0 / b;
		}
		c = a + b;
		if ( c < EPSILON ) {
			res = c / a;
			res /= b;
			return res;
		}

		// Special cases:
		if ( c === a && b < EPSILON ) {
			return 1.0 / b;
		}
		if ( c === b && a < EPSILON ) {
			return 1.0 / a;
		}

		if ( a < b ) {
			// Swap `a` and `b`:
			tmp = b;
			b = a;
			a = tmp;
		}

		// Lanczos calculation:
		agh = a + G - 0.5;
		bgh = b + G - 0.5;
		cgh = c + G - 0.5;
		res = lanczosSumExpGScaled( a ) * ( lanczosSumExpGScaled( b )/lanczosSumExpGScaled( c ) ); // eslint-disable-line max-len
		ambh = a - 0.5 - b;
		if ( ( abs( b*ambh ) < ( cgh*100.0 ) ) && a > 100.0 ) {
			// Special case where the base of the power term is close to 1; compute `(1+x)^y` instead:
			res *= exp( ambh * log1p( -b/cgh ) );
		} else {
			res *= pow( agh/cgh, ambh );
		}
		if ( cgh > 1.0e10 ) {
			// This avoids possible overflow, but appears to be marginally less accurate:
			res *= pow( (agh/cgh)*(bgh/cgh), b );
		} else {
			res *= pow( (agh*bgh)/(cgh*cgh), b );
		}
		res *= sqrt( E/bgh );
		return res;
	}


	// EXPORTS //

	main$H = beta;
	return main$H;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$10;
var hasRequiredLib$10;

function requireLib$10 () {
	if (hasRequiredLib$10) return lib$10;
	hasRequiredLib$10 = 1;

	/**
	* Evaluate the beta function.
	*
	* @module @stdlib/math-base-special-beta
	*
	* @example
	* var beta = require( '@stdlib/math-base-special-beta' );
	*
	* var v = beta( 0.0, 0.5 );
	* // returns Infinity
	*
	* v = beta( 1.0, 1.0 );
	* // returns 1.0
	*
	* v = beta( -1.0, 2.0 );
	* // returns NaN
	*
	* v = beta( 5.0, 0.2 );
	* // returns ~3.382
	*
	* v = beta( 4.0, 1.0 );
	* // returns 0.25
	*
	* v = beta( NaN, 2.0 );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$H();


	// EXPORTS //

	lib$10 = main;
	return lib$10;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$G;
var hasRequiredMain$G;

function requireMain$G () {
	if (hasRequiredMain$G) return main$G;
	hasRequiredMain$G = 1;

	// MODULES //

	var PINF = requireLib$1D();


	// MAIN //

	/**
	* Tests if a double-precision floating-point numeric value is positive zero.
	*
	* @param {number} x - value to test
	* @returns {boolean} boolean indicating whether the value is positive zero
	*
	* @example
	* var bool = isPositiveZero( 0.0 );
	* // returns true
	*
	* @example
	* var bool = isPositiveZero( -0.0 );
	* // returns false
	*/
	function isPositiveZero( x ) {
		return (x === 0.0 && 1.0/x === PINF);
	}


	// EXPORTS //

	main$G = isPositiveZero;
	return main$G;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$$;
var hasRequiredLib$$;

function requireLib$$ () {
	if (hasRequiredLib$$) return lib$$;
	hasRequiredLib$$ = 1;

	/**
	* Test if a double-precision floating-point numeric value is positive zero.
	*
	* @module @stdlib/math-base-assert-is-positive-zero
	*
	* @example
	* var isPositiveZero = require( '@stdlib/math-base-assert-is-positive-zero' );
	*
	* var bool = isPositiveZero( 0.0 );
	* // returns true
	*
	* bool = isPositiveZero( -0.0 );
	* // returns false
	*/

	// MODULES //

	var main = requireMain$G();


	// EXPORTS //

	lib$$ = main;
	return lib$$;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$F;
var hasRequiredMain$F;

function requireMain$F () {
	if (hasRequiredMain$F) return main$F;
	hasRequiredMain$F = 1;

	// MODULES //

	var isPositiveZero = requireLib$$();
	var isnan = requireLib$20();
	var PINF = requireLib$1D();


	// MAIN //

	/**
	* Returns the maximum value.
	*
	* @param {number} x - first number
	* @param {number} y - second number
	* @returns {number} maximum value
	*
	* @example
	* var v = max( 3.14, 4.2 );
	* // returns 4.2
	*
	* @example
	* var v = max( 3.14, NaN );
	* // returns NaN
	*
	* @example
	* var v = max( +0.0, -0.0 );
	* // returns +0.0
	*/
	function max( x, y ) {
		if ( isnan( x ) || isnan( y ) ) {
			return NaN;
		}
		if ( x === PINF || y === PINF ) {
			return PINF;
		}
		if ( x === y && x === 0.0 ) {
			if ( isPositiveZero( x ) ) {
				return x;
			}
			return y;
		}
		if ( x > y ) {
			return x;
		}
		return y;
	}


	// EXPORTS //

	main$F = max;
	return main$F;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$_;
var hasRequiredLib$_;

function requireLib$_ () {
	if (hasRequiredLib$_) return lib$_;
	hasRequiredLib$_ = 1;

	/**
	* Return the maximum value.
	*
	* @module @stdlib/math-base-special-max
	*
	* @example
	* var max = require( '@stdlib/math-base-special-max' );
	*
	* var v = max( 3.14, 4.2 );
	* // returns 4.2
	*
	* v = max( 3.14, NaN );
	* // returns NaN
	*
	* v = max( +0.0, -0.0 );
	* // returns +0.0
	*/

	// MODULES //

	var max = requireMain$F();


	// EXPORTS //

	lib$_ = max;
	return lib$_;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$E;
var hasRequiredMain$E;

function requireMain$E () {
	if (hasRequiredMain$E) return main$E;
	hasRequiredMain$E = 1;

	// MODULES //

	var NINF = requireLib$1B();


	// MAIN //

	/**
	* Tests if a double-precision floating-point numeric value is negative zero.
	*
	* @param {number} x - value to test
	* @returns {boolean} boolean indicating whether the value is negative zero
	*
	* @example
	* var bool = isNegativeZero( -0.0 );
	* // returns true
	*
	* @example
	* var bool = isNegativeZero( 0.0 );
	* // returns false
	*/
	function isNegativeZero( x ) {
		return (x === 0.0 && 1.0/x === NINF);
	}


	// EXPORTS //

	main$E = isNegativeZero;
	return main$E;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$Z;
var hasRequiredLib$Z;

function requireLib$Z () {
	if (hasRequiredLib$Z) return lib$Z;
	hasRequiredLib$Z = 1;

	/**
	* Test if a double-precision floating-point numeric value is negative zero.
	*
	* @module @stdlib/math-base-assert-is-negative-zero
	*
	* @example
	* var isNegativeZero = require( '@stdlib/math-base-assert-is-negative-zero' );
	*
	* var bool = isNegativeZero( -0.0 );
	* // returns true
	*
	* bool = isNegativeZero( 0.0 );
	* // returns false
	*/

	// MODULES //

	var main = requireMain$E();


	// EXPORTS //

	lib$Z = main;
	return lib$Z;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$D;
var hasRequiredMain$D;

function requireMain$D () {
	if (hasRequiredMain$D) return main$D;
	hasRequiredMain$D = 1;

	// MODULES //

	var isNegativeZero = requireLib$Z();
	var isnan = requireLib$20();
	var NINF = requireLib$1B();


	// MAIN //

	/**
	* Returns the minimum value.
	*
	* @param {number} x - first number
	* @param {number} y - second number
	* @returns {number} minimum value
	*
	* @example
	* var v = min( 3.14, 4.2 );
	* // returns 3.14
	*
	* @example
	* var v = min( 3.14, NaN );
	* // returns NaN
	*
	* @example
	* var v = min( +0.0, -0.0 );
	* // returns -0.0
	*/
	function min( x, y ) {
		if ( isnan( x ) || isnan( y ) ) {
			return NaN;
		}
		if ( x === NINF || y === NINF ) {
			return NINF;
		}
		if ( x === y && x === 0.0 ) {
			if ( isNegativeZero( x ) ) {
				return x;
			}
			return y;
		}
		if ( x < y ) {
			return x;
		}
		return y;
	}


	// EXPORTS //

	main$D = min;
	return main$D;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$Y;
var hasRequiredLib$Y;

function requireLib$Y () {
	if (hasRequiredLib$Y) return lib$Y;
	hasRequiredLib$Y = 1;

	/**
	* Return the minimum value.
	*
	* @module @stdlib/math-base-special-min
	*
	* @example
	* var min = require( '@stdlib/math-base-special-min' );
	*
	* var v = min( 3.14, 4.2 );
	* // returns 3.14
	*
	* v = min( 3.14, NaN );
	* // returns NaN
	*
	* v = min( +0.0, -0.0 );
	* // returns -0.0
	*/

	// MODULES //

	var min = requireMain$D();


	// EXPORTS //

	lib$Y = min;
	return lib$Y;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$X;
var hasRequiredLib$X;

function requireLib$X () {
	if (hasRequiredLib$X) return lib$X;
	hasRequiredLib$X = 1;

	/**
	* Maximum double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-max
	* @type {number}
	*
	* @example
	* var FLOAT64_MAX = require( '@stdlib/constants-float64-max' );
	* // returns 1.7976931348623157e+308
	*/


	// MAIN //

	/**
	* Maximum double-precision floating-point number.
	*
	* ## Notes
	*
	* The maximum is given by
	*
	* ```tex
	* 2^{1023} (2 - 2^{-52})
	* ```
	*
	* @constant
	* @type {number}
	* @default 1.7976931348623157e+308
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_MAX = 1.7976931348623157e+308;


	// EXPORTS //

	lib$X = FLOAT64_MAX;
	return lib$X;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$W;
var hasRequiredLib$W;

function requireLib$W () {
	if (hasRequiredLib$W) return lib$W;
	hasRequiredLib$W = 1;

	/**
	* Maximum signed 32-bit integer.
	*
	* @module @stdlib/constants-int32-max
	* @type {integer32}
	*
	* @example
	* var INT32_MAX = require( '@stdlib/constants-int32-max' );
	* // returns 2147483647
	*/


	// MAIN //

	/**
	* Maximum signed 32-bit integer.
	*
	* ## Notes
	*
	* The number has the value
	*
	* ```tex
	* 2^{31} - 1
	* ```
	*
	* which corresponds to the bit sequence
	*
	* ```binarystring
	* 01111111111111111111111111111111
	* ```
	*
	* @constant
	* @type {integer32}
	* @default 2147483647
	*/
	var INT32_MAX = 2147483647|0; // asm type annotation


	// EXPORTS //

	lib$W = INT32_MAX;
	return lib$W;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$V;
var hasRequiredLib$V;

function requireLib$V () {
	if (hasRequiredLib$V) return lib$V;
	hasRequiredLib$V = 1;

	/**
	* One half times the mathematical constant `π`.
	*
	* @module @stdlib/constants-float64-half-pi
	* @type {number}
	*
	* @example
	* var HALF_PI = require( '@stdlib/constants-float64-half-pi' );
	* // returns 1.5707963267948966
	*/


	// MAIN //

	/**
	* One half times the mathematical constant `π`.
	*
	* @constant
	* @type {number}
	* @default 1.5707963267948966
	* @see [Wikipedia]{@link https://en.wikipedia.org/wiki/Pi}
	*/
	var HALF_PI = 1.5707963267948966;


	// EXPORTS //

	lib$V = HALF_PI;
	return lib$V;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$U;
var hasRequiredLib$U;

function requireLib$U () {
	if (hasRequiredLib$U) return lib$U;
	hasRequiredLib$U = 1;

	/**
	* The mathematical constant `π`.
	*
	* @module @stdlib/constants-float64-pi
	* @type {number}
	*
	* @example
	* var PI = require( '@stdlib/constants-float64-pi' );
	* // returns 3.141592653589793
	*/


	// MAIN //

	/**
	* The mathematical constant `π`.
	*
	* @constant
	* @type {number}
	* @default 3.141592653589793
	* @see [Wikipedia]{@link https://en.wikipedia.org/wiki/Pi}
	*/
	var PI = 3.1415926535897932384626433832795028841971693993751058209749445923078164062862089986280348253421170679; // eslint-disable-line max-len


	// EXPORTS //

	lib$U = PI;
	return lib$U;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c13;
var hasRequiredPolyval_c13;

function requirePolyval_c13 () {
	if (hasRequiredPolyval_c13) return polyval_c13;
	hasRequiredPolyval_c13 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.0416666666666666;
		}
		return 0.0416666666666666 + (x * (-0.001388888888887411 + (x * 0.00002480158728947673))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c13 = evalpoly;
	return polyval_c13;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c46;
var hasRequiredPolyval_c46;

function requirePolyval_c46 () {
	if (hasRequiredPolyval_c46) return polyval_c46;
	hasRequiredPolyval_c46 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -2.7557314351390663e-7;
		}
		return -2.7557314351390663e-7 + (x * (2.087572321298175e-9 + (x * -11359647557788195e-27))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c46 = evalpoly;
	return polyval_c46;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright, license, and long comment were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/12.2.0/lib/msun/src/k_cos.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$C;
var hasRequiredMain$C;

function requireMain$C () {
	if (hasRequiredMain$C) return main$C;
	hasRequiredMain$C = 1;

	// MODULES //

	var polyval13 = requirePolyval_c13();
	var polyval46 = requirePolyval_c46();


	// MAIN //

	/**
	* Computes the cosine on \\( \[-\pi/4, \pi/4] \\), where \\( \pi/4 \approx 0.785398164 \\).
	*
	* ## Method
	*
	* -   Since \\( \cos(-x) = \cos(x) \\), we need only to consider positive \\(x\\).
	*
	* -   If \\( x < 2^{-27} \\), return \\(1\\) which is inexact if \\( x \ne 0 \\).
	*
	* -   \\( cos(x) \\) is approximated by a polynomial of degree \\(14\\) on \\( \[0,\pi/4] \\).
	*
	*     ```tex
	*     \cos(x) \approx 1 - \frac{x \cdot x}{2} + C_1 \cdot x^4 + \ldots + C_6 \cdot x^{14}
	*     ```
	*
	*     where the Remez error is
	*
	*     ```tex
	*     \left| \cos(x) - \left( 1 - \frac{x^2}{2} + C_1x^4 + C_2x^6 + C_3x^8 + C_4x^{10} + C_5x^{12} + C_6x^{15} \right) \right| \le 2^{-58}
	*     ```
	*
	* -   Let \\( C_1x^4 + C_2x^6 + C_3x^8 + C_4x^{10} + C_5x^{12} + C_6x^{14} \\), then
	*
	*     ```tex
	*     \cos(x) \approx 1 - \frac{x \cdot x}{2} + r
	*     ```
	*
	*     Since
	*
	*     ```tex
	*     \cos(x+y) \approx \cos(x) - \sin(x) \cdot y \approx \cos(x) - x \cdot y
	*     ```
	*
	*     a correction term is necessary in \\( \cos(x) \\). Hence,
	*
	*     ```tex
	*     \cos(x+y) = 1 - \left( \frac{x \cdot x}{2} - (r - x \cdot y) \right)
	*     ```
	*
	*     For better accuracy, rearrange to
	*
	*     ```tex
	*     \cos(x+y) \approx w + \left( t + ( r - x \cdot y ) \right)
	*     ```
	*
	*     where \\( w = 1 - \frac{x \cdot x}{2} \\) and \\( t \\) is a tiny correction term (\\( 1 - \frac{x \cdot x}{2} = w + t \\) exactly in infinite precision). The exactness of \\(w + t\\) in infinite precision depends on \\(w\\) and \\(t\\) having the same precision as \\(x\\).
	*
	* @param {number} x - input value (in radians, assumed to be bounded by ~pi/4 in magnitude)
	* @param {number} y - tail of `x`
	* @returns {number} cosine
	*
	* @example
	* var v = kernelCos( 0.0, 0.0 );
	* // returns ~1.0
	*
	* @example
	* var v = kernelCos( 3.141592653589793/6.0, 0.0 );
	* // returns ~0.866
	*
	* @example
	* var v = kernelCos( 0.785, -1.144e-17 );
	* // returns ~0.707
	*
	* @example
	* var v = kernelCos( NaN, 0.0 );
	* // returns NaN
	*/
	function kernelCos( x, y ) {
		var hz;
		var r;
		var w;
		var z;

		z = x * x;
		w = z * z;
		r = z * polyval13( z );
		r += w * w * polyval46( z );
		hz = 0.5 * z;
		w = 1.0 - hz;
		return w + ( ((1.0-w) - hz) + ((z*r) - (x*y)) );
	}


	// EXPORTS //

	main$C = kernelCos;
	return main$C;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$T;
var hasRequiredLib$T;

function requireLib$T () {
	if (hasRequiredLib$T) return lib$T;
	hasRequiredLib$T = 1;

	/**
	* Compute the cosine of a number on `[-π/4, π/4]`.
	*
	* @module @stdlib/math-base-special-kernel-cos
	*
	* @example
	* var kernelCos = require( '@stdlib/math-base-special-kernel-cos' );
	*
	* var v = kernelCos( 0.0, 0.0 );
	* // returns ~1.0
	*
	* v = kernelCos( 3.141592653589793/6.0, 0.0 );
	* // returns ~0.866
	*
	* v = kernelCos( 0.785, -1.144e-17 );
	* // returns ~0.707
	*
	* v = kernelCos( NaN, 0.0 );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$C();


	// EXPORTS //

	lib$T = main;
	return lib$T;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright, license, and long comment were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/k_sin.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$B;
var hasRequiredMain$B;

function requireMain$B () {
	if (hasRequiredMain$B) return main$B;
	hasRequiredMain$B = 1;

	// VARIABLES //

	var S1 = -0.16666666666666632; // 0xBFC55555, 0x55555549
	var S2 = 8.33333333332248946124e-03;  // 0x3F811111, 0x1110F8A6
	var S3 = -1984126982985795e-19; // 0xBF2A01A0, 0x19C161D5
	var S4 = 2.75573137070700676789e-06;  // 0x3EC71DE3, 0x57B1FE7D
	var S5 = -2.5050760253406863e-8; // 0xBE5AE5E6, 0x8A2B9CEB
	var S6 = 1.58969099521155010221e-10;  // 0x3DE5D93A, 0x5ACFD57C


	// MAIN //

	/**
	* Computes the sine on \\( \approx \[-\pi/4, \pi/4] \\) (except on \\(-0\\)), where \\( \pi/4 \approx 0.7854 \\).
	*
	* ## Method
	*
	* -   Since \\( \sin(-x) = -\sin(x) \\), we need only to consider positive \\(x\\).
	*
	* -   Callers must return \\( \sin(-0) = -0 \\) without calling here since our odd polynomial is not evaluated in a way that preserves \\(-0\\). Callers may do the optimization \\( \sin(x) \approx x \\) for tiny \\(x\\).
	*
	* -   \\( \sin(x) \\) is approximated by a polynomial of degree \\(13\\) on \\( \left\[0,\tfrac{pi}{4}\right] \\)
	*
	*     ```tex
	*     \sin(x) \approx x + S_1 \cdot x^3 + \ldots + S_6 \cdot x^{13}
	*     ```
	*
	*     where
	*
	*     ```tex
	*     \left| \frac{\sin(x)}{x} \left( 1 + S_1 \cdot x + S_2 \cdot x + S_3 \cdot x + S_4 \cdot x + S_5 \cdot x + S_6 \cdot x \right) \right| \le 2^{-58}
	*     ```
	*
	* -   We have
	*
	*     ```tex
	*     \sin(x+y) = \sin(x) + \sin'(x') \cdot y \approx \sin(x) + (1-x*x/2) \cdot y
	*     ```
	*
	*     For better accuracy, let
	*
	*     ```tex
	*     r = x^3 * \left( S_2 + x^2 \cdot \left( S_3 + x^2 * \left( S_4 + x^2 \cdot ( S_5+x^2 \cdot S_6 ) \right) \right) \right)
	*     ```
	*
	*     then
	*
	*     ```tex
	*     \sin(x) = x + \left( S_1 \cdot x + ( x \cdot (r-y/2) + y ) \right)
	*     ```
	*
	* @param {number} x - input value (in radians, assumed to be bounded by `~pi/4` in magnitude)
	* @param {number} y - tail of `x`
	* @returns {number} sine
	*
	* @example
	* var v = kernelSin( 0.0, 0.0 );
	* // returns ~0.0
	*
	* @example
	* var v = kernelSin( 3.141592653589793/6.0, 0.0 );
	* // returns ~0.5
	*
	* @example
	* var v = kernelSin( 0.619, 9.279e-18 );
	* // returns ~0.58
	*
	* @example
	* var v = kernelSin( NaN, 0.0 );
	* // returns NaN
	*
	* @example
	* var v = kernelSin( 3.0, NaN );
	* // returns NaN
	*
	* @example
	* var v = kernelSin( NaN, NaN );
	* // returns NaN
	*/
	function kernelSin( x, y ) {
		var r;
		var v;
		var w;
		var z;

		z = x * x;
		w = z * z;
		r = S2 + (z * (S3 + (z*S4))) + (z * w * (S5 + (z*S6)));
		v = z * x;
		if ( y === 0.0 ) {
			return x + (v * (S1 + (z*r)));
		}
		return x - (((z*((0.5*y) - (v*r))) - y) - (v*S1));
	}


	// EXPORTS //

	main$B = kernelSin;
	return main$B;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$S;
var hasRequiredLib$S;

function requireLib$S () {
	if (hasRequiredLib$S) return lib$S;
	hasRequiredLib$S = 1;

	/**
	* Compute the sine of a number on `[-π/4, π/4]`.
	*
	* @module @stdlib/math-base-special-kernel-sin
	*
	* @example
	* var kernelSin = require( '@stdlib/math-base-special-kernel-sin' );
	*
	* var v = kernelSin( 0.0, 0.0 );
	* // returns ~0.0
	*
	* v = kernelSin( 3.141592653589793/6.0, 0.0 );
	* // returns ~0.5
	*
	* v = kernelSin( 0.619, 9.279e-18 );
	* // returns ~0.58
	*
	* v = kernelSin( NaN, 0.0 );
	* // returns NaN
	*
	* v = kernelSin( 3.0, NaN );
	* // returns NaN
	*
	* v = kernelSin( NaN, NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$B();


	// EXPORTS //

	lib$S = main;
	return lib$S;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var low;
var hasRequiredLow;

function requireLow () {
	if (hasRequiredLow) return low;
	hasRequiredLow = 1;

	// MODULES //

	var isLittleEndian = requireLib$1H();


	// MAIN //

	var LOW;
	if ( isLittleEndian === true ) {
		LOW = 0; // first index
	} else {
		LOW = 1; // second index
	}


	// EXPORTS //

	low = LOW;
	return low;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$A;
var hasRequiredMain$A;

function requireMain$A () {
	if (hasRequiredMain$A) return main$A;
	hasRequiredMain$A = 1;

	// MODULES //

	var Uint32Array = requireLib$1T();
	var Float64Array = requireLib$1Q();
	var LOW = requireLow();


	// VARIABLES //

	var FLOAT64_VIEW = new Float64Array( 1 );
	var UINT32_VIEW = new Uint32Array( FLOAT64_VIEW.buffer );


	// MAIN //

	/**
	* Returns a 32-bit unsigned integer corresponding to the less significant 32 bits of a double-precision floating-point number.
	*
	* ## Notes
	*
	* ```text
	* float64 (64 bits)
	* f := fraction (significand/mantissa) (52 bits)
	* e := exponent (11 bits)
	* s := sign bit (1 bit)
	*
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |                                Float64                                |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* |              Uint32               |               Uint32              |
	* |-------- -------- -------- -------- -------- -------- -------- --------|
	* ```
	*
	* If little endian (more significant bits last):
	*
	* ```text
	*                         <-- lower      higher -->
	* |   f7       f6       f5       f4       f3       f2    e2 | f1 |s|  e1  |
	* ```
	*
	* If big endian (more significant bits first):
	*
	* ```text
	*                         <-- higher      lower -->
	* |s| e1    e2 | f1     f2       f3       f4       f5        f6      f7   |
	* ```
	*
	* In which Uint32 can we find the lower order bits? If little endian, the first; if big endian, the second.
	*
	* ## References
	*
	* -   [Open Group][1]
	*
	* [1]: http://pubs.opengroup.org/onlinepubs/9629399/chap14.htm
	*
	* @param {number} x - input value
	* @returns {uinteger32} lower order word
	*
	* @example
	* var w = getLowWord( 3.14e201 ); // => 10010011110010110101100010000010
	* // returns 2479577218
	*/
	function getLowWord( x ) {
		FLOAT64_VIEW[ 0 ] = x;
		return UINT32_VIEW[ LOW ];
	}


	// EXPORTS //

	main$A = getLowWord;
	return main$A;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$R;
var hasRequiredLib$R;

function requireLib$R () {
	if (hasRequiredLib$R) return lib$R;
	hasRequiredLib$R = 1;

	/**
	* Return an unsigned 32-bit integer corresponding to the less significant 32 bits of a double-precision floating-point number.
	*
	* @module @stdlib/number-float64-base-get-low-word
	*
	* @example
	* var getLowWord = require( '@stdlib/number-float64-base-get-low-word' );
	*
	* var w = getLowWord( 3.14e201 ); // => 10010011110010110101100010000010
	* // returns 2479577218
	*/

	// MODULES //

	var main = requireMain$A();


	// EXPORTS //

	lib$R = main;
	return lib$R;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2021 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$z;
var hasRequiredMain$z;

function requireMain$z () {
	if (hasRequiredMain$z) return main$z;
	hasRequiredMain$z = 1;

	// MAIN //

	/**
	* Returns a filled "generic" array.
	*
	* @param {*} value - fill value
	* @param {NonNegativeInteger} len - array length
	* @returns {Array} filled array
	*
	* @example
	* var out = filled( 0.0, 3 );
	* // returns [ 0.0, 0.0, 0.0 ]
	*
	* @example
	* var out = filled( 'beep', 3 );
	* // returns [ 'beep', 'beep', 'beep' ]
	*/
	function filled( value, len ) {
		var arr;
		var i;

		// Manually push elements in order to ensure "fast" elements...
		arr = [];
		for ( i = 0; i < len; i++ ) {
			arr.push( value );
		}
		return arr;
	}


	// EXPORTS //

	main$z = filled;
	return main$z;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2021 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$Q;
var hasRequiredLib$Q;

function requireLib$Q () {
	if (hasRequiredLib$Q) return lib$Q;
	hasRequiredLib$Q = 1;

	/**
	* Create a filled "generic" array.
	*
	* @module @stdlib/array-base-filled
	*
	* @example
	* var filled = require( '@stdlib/array-base-filled' );
	*
	* var out = filled( 0.0, 3 );
	* // returns [ 0.0, 0.0, 0.0 ]
	*
	* @example
	* var filled = require( '@stdlib/array-base-filled' );
	*
	* var out = filled( 'beep', 3 );
	* // returns [ 'beep', 'beep', 'beep' ]
	*/

	// MODULES //

	var main = requireMain$z();


	// EXPORTS //

	lib$Q = main;
	return lib$Q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2021 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$y;
var hasRequiredMain$y;

function requireMain$y () {
	if (hasRequiredMain$y) return main$y;
	hasRequiredMain$y = 1;

	// MODULES //

	var filled = requireLib$Q();


	// MAIN //

	/**
	* Returns a zero-filled "generic" array.
	*
	* @param {NonNegativeInteger} len - array length
	* @returns {Array} output array
	*
	* @example
	* var out = zeros( 3 );
	* // returns [ 0.0, 0.0, 0.0 ]
	*/
	function zeros( len ) {
		return filled( 0.0, len );
	}


	// EXPORTS //

	main$y = zeros;
	return main$y;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2021 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$P;
var hasRequiredLib$P;

function requireLib$P () {
	if (hasRequiredLib$P) return lib$P;
	hasRequiredLib$P = 1;

	/**
	* Create a zero-filled "generic" array.
	*
	* @module @stdlib/array-base-zeros
	*
	* @example
	* var zeros = require( '@stdlib/array-base-zeros' );
	*
	* var out = zeros( 3 );
	* // returns [ 0.0, 0.0, 0.0 ]
	*/

	// MODULES //

	var main = requireMain$y();


	// EXPORTS //

	lib$P = main;
	return lib$P;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/k_rem_pio2.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var kernel_rempio2;
var hasRequiredKernel_rempio2;

function requireKernel_rempio2 () {
	if (hasRequiredKernel_rempio2) return kernel_rempio2;
	hasRequiredKernel_rempio2 = 1;

	// MODULES //

	var floor = requireLib$1x();
	var ldexp = requireLib$1d();
	var zeros = requireLib$P();


	// VARIABLES //

	/*
	* Table of constants for `2/π` (`396` hex digits, `476` decimal).
	*
	* Integer array which contains the (`24*i`)-th to (`24*i+23`)-th bit of `2/π` after binary point. The corresponding floating value is
	*
	* ```tex
	* \operatorname{ipio2}[i] \cdot 2^{-24(i+1)}
	* ```
	*
	* This table must have at least `(e0-3)/24 + jk` terms. For quad precision (`e0 <= 16360`, `jk = 6`), this is `686`.
	*/
	var IPIO2 = [
		0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62,
		0x95993C, 0x439041, 0xFE5163, 0xABDEBB, 0xC561B7, 0x246E3A,
		0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129,
		0xA73EE8, 0x8235F5, 0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41,
		0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8,
		0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF,
		0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D, 0x7527BA, 0xC7EBE5,
		0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08,
		0x560330, 0x46FC7B, 0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3,
		0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880,
		0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B
	];

	// Double precision array, obtained by cutting `π/2` into `24` bits chunks...
	var PIO2 = [
		1.57079625129699707031e+00, // 0x3FF921FB, 0x40000000
		7.54978941586159635335e-08, // 0x3E74442D, 0x00000000
		5.39030252995776476554e-15, // 0x3CF84698, 0x80000000
		3.28200341580791294123e-22, // 0x3B78CC51, 0x60000000
		1.27065575308067607349e-29, // 0x39F01B83, 0x80000000
		1.22933308981111328932e-36, // 0x387A2520, 0x40000000
		2.73370053816464559624e-44, // 0x36E38222, 0x80000000
		2.16741683877804819444e-51  // 0x3569F31D, 0x00000000
	];
	var TWO24 = 1.67772160000000000000e+07;  // 0x41700000, 0x00000000
	var TWON24 = 5.96046447753906250000e-08; // 0x3E700000, 0x00000000

	// Arrays for storing temporary values (note that, in C, this is not thread safe):
	var F = zeros( 20 );
	var Q = zeros( 20 );
	var FQ = zeros( 20 );
	var IQ = zeros( 20 );


	// FUNCTIONS //

	/**
	* Performs the computation for `kernelRempio2()`.
	*
	* @private
	* @param {PositiveNumber} x - input value
	* @param {(Array|TypedArray|Object)} y - output object for storing double precision numbers
	* @param {integer} jz - number of terms of `ipio2[]` used
	* @param {Array<integer>} q - array with integral values, representing the 24-bits chunk of the product of `x` and `2/π`
	* @param {integer} q0 - the corresponding exponent of `q[0]` (the exponent for `q[i]` would be `q0-24*i`)
	* @param {integer} jk - `jk+1` is the initial number of terms of `IPIO2[]` needed in the computation
	* @param {integer} jv - index for pointing to the suitable `ipio2[]` for the computation
	* @param {integer} jx - `nx - 1`
	* @param {Array<number>} f - `IPIO2[]` in floating point
	* @returns {number} last three binary digits of `N`
	*/
	function compute( x, y, jz, q, q0, jk, jv, jx, f ) {
		var carry;
		var fw;
		var ih;
		var jp;
		var i;
		var k;
		var n;
		var j;
		var z;

		// `jp+1` is the number of terms in `PIO2[]` needed:
		jp = jk;

		// Distill `q[]` into `IQ[]` in reverse order...
		z = q[ jz ];
		j = jz;
		for ( i = 0; j > 0; i++ ) {
			fw = ( TWON24 * z )|0;
			IQ[ i ] = ( z - (TWO24*fw) )|0;
			z = q[ j-1 ] + fw;
			j -= 1;
		}
		// Compute `n`...
		z = ldexp( z, q0 );
		z -= 8.0 * floor( z*0.125 ); // Trim off integer >= 8
		n = z|0;
		z -= n;
		ih = 0;
		if ( q0 > 0 ) {
			// Need `IQ[jz-1]` to determine `n`...
			i = ( IQ[ jz-1 ] >> (24-q0) );
			n += i;
			IQ[ jz-1 ] -= ( i << (24-q0) );
			ih = ( IQ[ jz-1 ] >> (23-q0) );
		}
		else if ( q0 === 0 ) {
			ih = ( IQ[ jz-1 ] >> 23 );
		}
		else if ( z >= 0.5 ) {
			ih = 2;
		}
		// Case: q > 0.5
		if ( ih > 0 ) {
			n += 1;
			carry = 0;

			// Compute `1-q`:
			for ( i = 0; i < jz; i++ ) {
				j = IQ[ i ];
				if ( carry === 0 ) {
					if ( j !== 0 ) {
						carry = 1;
						IQ[ i ] = 0x1000000 - j;
					}
				} else {
					IQ[ i ] = 0xffffff - j;
				}
			}
			if ( q0 > 0 ) {
				// Rare case: chance is 1 in 12...
				switch ( q0 ) { // eslint-disable-line default-case
				case 1:
					IQ[ jz-1 ] &= 0x7fffff;
					break;
				case 2:
					IQ[ jz-1 ] &= 0x3fffff;
					break;
				}
			}
			if ( ih === 2 ) {
				z = 1.0 - z;
				if ( carry !== 0 ) {
					z -= ldexp( 1.0, q0 );
				}
			}
		}
		// Check if re-computation is needed...
		if ( z === 0.0 ) {
			j = 0;
			for ( i = jz-1; i >= jk; i-- ) {
				j |= IQ[ i ];
			}
			if ( j === 0 ) {
				// Need re-computation...
				for ( k = 1; IQ[ jk-k ] === 0; k++ ) {
					// `k` is the number of terms needed...
				}
				for ( i = jz+1; i <= jz+k; i++ ) {
					// Add `q[jz+1]` to `q[jz+k]`...
					f[ jx+i ] = IPIO2[ jv+i ];
					fw = 0.0;
					for ( j = 0; j <= jx; j++ ) {
						fw += x[ j ] * f[ jx + (i-j) ];
					}
					q[ i ] = fw;
				}
				jz += k;
				return compute( x, y, jz, q, q0, jk, jv, jx, f );
			}
			// Chop off zero terms...
			jz -= 1;
			q0 -= 24;
			while ( IQ[ jz ] === 0 ) {
				jz -= 1;
				q0 -= 24;
			}
		} else {
			// Break `z` into 24-bit if necessary...
			z = ldexp( z, -q0 );
			if ( z >= TWO24 ) {
				fw = (TWON24*z)|0;
				IQ[ jz ] = ( z - (TWO24*fw) )|0;
				jz += 1;
				q0 += 24;
				IQ[ jz ] = fw;
			} else {
				IQ[ jz ] = z|0;
			}
		}
		// Convert integer "bit" chunk to floating-point value...
		fw = ldexp( 1.0, q0 );
		for ( i = jz; i >= 0; i-- ) {
			q[ i ] = fw * IQ[i];
			fw *= TWON24;
		}
		// Compute `PIO2[0,...,jp]*q[jz,...,0]`...
		for ( i = jz; i >= 0; i-- ) {
			fw = 0.0;
			for ( k = 0; k <= jp && k <= jz-i; k++ ) {
				fw += PIO2[ k ] * q[ i+k ];
			}
			FQ[ jz-i ] = fw;
		}
		// Compress `FQ[]` into `y[]`...
		fw = 0.0;
		for ( i = jz; i >= 0; i-- ) {
			fw += FQ[ i ];
		}
		if ( ih === 0 ) {
			y[ 0 ] = fw;
		} else {
			y[ 0 ] = -fw;
		}
		fw = FQ[ 0 ] - fw;
		for ( i = 1; i <= jz; i++ ) {
			fw += FQ[i];
		}
		if ( ih === 0 ) {
			y[ 1 ] = fw;
		} else {
			y[ 1 ] = -fw;
		}
		return ( n & 7 );
	}


	// MAIN //

	/**
	* Returns the last three binary digits of `N` with `y = x - Nπ/2` so that `|y| < π/2`.
	*
	* ## Method
	*
	* -   The method is to compute the integer (mod 8) and fraction parts of (2/π) * x without doing the full multiplication. In general, we skip the part of the product that are known to be a huge integer (more accurately, = 0 mod 8 ). Thus the number of operations are independent of the exponent of the input.
	*
	* -   (2/π) is represented by an array of 24-bit integers in `ipio2[]`.
	*
	* -   Input parameters:
	*
	*     -   `x[]` The input value (must be positive) is broken into `nx` pieces of 24-bit integers in double precision format. `x[i]` will be the i-th 24 bit of x. The scaled exponent of `x[0]` is given in input parameter `e0` (i.e., `x[0]*2^e0` match x's up to 24 bits).
	*
	*         Example of breaking a double positive `z` into `x[0]+x[1]+x[2]`:
	*
	*         ```tex
	*         e0 = \mathrm{ilogb}(z) - 23
	*         z = \mathrm{scalbn}(z, -e0)
	*         ```
	*
	*         for `i = 0,1,2`
	*
	*         ```tex
	*         x[i] = \lfloor z \rfloor
	*         z = (z - x[i]) \times 2^{24}
	*         ```
	*
	*     -   `y[]` output result in an array of double precision numbers.
	*
	*         The dimension of `y[]` is:
	*         24-bit precision     1
	*         53-bit precision     2
	*         64-bit precision     2
	*         113-bit precision    3
	*
	*         The actual value is the sum of them. Thus, for 113-bit precision, one may have to do something like:
	*
	*         ```tex
	*         \mathrm{long\ double} \: t, w, r_{\text{head}}, r_{\text{tail}}; \\
	*         t &= (\mathrm{long\ double}) y[2] + (\mathrm{long\ double}) y[1]; \\
	*         w &= (\mathrm{long\ double}) y[0]; \\
	*         r_{\text{head}} &= t + w; \\
	*         r_{\text{tail}} &= w - (r_{\text{head}} - t);
	*         ```
	*
	*     -   `e0` The exponent of `x[0]`. Must be <= 16360 or you need to expand the `ipio2` table.
	*
	*     -   `nx` dimension of `x[]`
	*
	*     -   `prec` an integer indicating the precision:
	*         0 24 bits (single)
	*         1 53 bits (double)
	*         2 64 bits (extended)
	*         3 113 bits (quad)
	*
	* -   External function:
	*
	*     -   double `scalbn()`, `floor()`;
	*
	* -   Here is the description of some local variables:
	*
	*     -   `jk` `jk+1` is the initial number of terms of `ipio2[]` needed in the computation. The minimum and recommended value for `jk` is 3,4,4,6 for single, double, extended, and quad. `jk+1` must be 2 larger than you might expect so that our recomputation test works. (Up to 24 bits in the integer part (the 24 bits of it that we compute) and 23 bits in the fraction part may be lost to cancellation before we recompute.)
	*
	*     -   `jz` local integer variable indicating the number of terms of `ipio2[]` used.
	*
	*     -   `jx` `nx - 1`
	*
	*     -   `jv` index for pointing to the suitable `ipio2[]` for the computation. In general, we want
	*
	*         ```tex
	*         \frac{{2^{e0} \cdot x[0] \cdot \mathrm{ipio2}[jv-1] \cdot 2^{-24jv}}}{{8}}
	*         ```
	*
	*         to be an integer. Thus
	*
	*         ```tex
	*         e0 - 3 - 24 \cdot jv \geq 0 \quad \text{or} \quad \frac{{e0 - 3}}{{24}} \geq jv
	*         ```
	*
	*         Hence
	*
	*         ```tex
	*         jv = \max(0, \frac{{e0 - 3}}{{24}})
	*         ```
	*
	*     -   `jp` `jp+1` is the number of terms in `PIo2[]` needed, `jp = jk`.
	*
	*     -   `q[]` double array with integral value, representing the 24-bits chunk of the product of `x` and `2/π`.
	*
	*     -   `q0` the corresponding exponent of `q[0]`. Note that the exponent for `q[i]` would be `q0-24*i`.
	*
	*     -   `PIo2[]` double precision array, obtained by cutting `π/2` into 24 bits chunks.
	*
	*     -   `f[]` `ipso2[]` in floating point
	*
	*     -   `iq[]` integer array by breaking up `q[]` in 24-bits chunk.
	*
	*     -   `fq[]` final product of `x*(2/π)` in `fq[0],..,fq[jk]`
	*
	*     -   `ih` integer. If >0 it indicates `q[]` is >= 0.5, hence it also indicates the _sign_ of the result.
	*
	* -   Constants:
	*
	*     -   The hexadecimal values are the intended ones for the following constants. The decimal values may be used, provided that the compiler will convert from decimal to binary accurately enough to produce the hexadecimal values shown.
	*
	* @private
	* @param {PositiveNumber} x - input value
	* @param {(Array|TypedArray|Object)} y - remainder elements
	* @param {PositiveInteger} e0 - the exponent of `x[0]` (must be <= 16360)
	* @param {PositiveInteger} nx - dimension of `x[]`
	* @returns {number} last three binary digits of `N`
	*/
	function kernelRempio2( x, y, e0, nx ) {
		var fw;
		var jk;
		var jv;
		var jx;
		var jz;
		var q0;
		var i;
		var j;
		var m;

		// Initialize `jk` for double-precision floating-point numbers:
		jk = 4;

		// Determine `jx`, `jv`, `q0` (note that `q0 < 3`):
		jx = nx - 1;
		jv = ( (e0 - 3) / 24 )|0;
		if ( jv < 0 ) {
			jv = 0;
		}
		q0 = e0 - (24 * (jv + 1));

		// Set up `F[0]` to `F[jx+jk]` where `F[jx+jk] = IPIO2[jv+jk]`:
		j = jv - jx;
		m = jx + jk;
		for ( i = 0; i <= m; i++ ) {
			if ( j < 0 ) {
				F[ i ] = 0.0;
			} else {
				F[ i ] = IPIO2[ j ];
			}
			j += 1;
		}
		// Compute `Q[0],Q[1],...,Q[jk]`:
		for ( i = 0; i <= jk; i++ ) {
			fw = 0.0;
			for ( j = 0; j <= jx; j++ ) {
				fw += x[ j ] * F[ jx + (i-j) ];
			}
			Q[ i ] = fw;
		}
		jz = jk;
		return compute( x, y, jz, Q, q0, jk, jv, jx, F );
	}


	// EXPORTS //

	kernel_rempio2 = kernelRempio2;
	return kernel_rempio2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$x;
var hasRequiredMain$x;

function requireMain$x () {
	if (hasRequiredMain$x) return main$x;
	hasRequiredMain$x = 1;

	// MAIN //

	/**
	* Rounds a numeric value to the nearest integer.
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var v = round( -4.2 );
	* // returns -4.0
	*
	* @example
	* var v = round( -4.5 );
	* // returns -4.0
	*
	* @example
	* var v = round( -4.6 );
	* // returns -5.0
	*
	* @example
	* var v = round( 9.99999 );
	* // returns 10.0
	*
	* @example
	* var v = round( 9.5 );
	* // returns 10.0
	*
	* @example
	* var v = round( 9.2 );
	* // returns 9.0
	*
	* @example
	* var v = round( 0.0 );
	* // returns 0.0
	*
	* @example
	* var v = round( -0.0 );
	* // returns -0.0
	*
	* @example
	* var v = round( Infinity );
	* // returns Infinity
	*
	* @example
	* var v = round( -Infinity );
	* // returns -Infinity
	*
	* @example
	* var v = round( NaN );
	* // returns NaN
	*/
	var round = Math.round; // eslint-disable-line stdlib/no-builtin-math


	// EXPORTS //

	main$x = round;
	return main$x;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$O;
var hasRequiredLib$O;

function requireLib$O () {
	if (hasRequiredLib$O) return lib$O;
	hasRequiredLib$O = 1;

	// TODO: implementation

	/**
	* Round a numeric value to the nearest integer.
	*
	* @module @stdlib/math-base-special-round
	*
	* @example
	* var round = require( '@stdlib/math-base-special-round' );
	*
	* var v = round( -4.2 );
	* // returns -4.0
	*
	* v = round( -4.5 );
	* // returns -4.0
	*
	* v = round( -4.6 );
	* // returns -5.0
	*
	* v = round( 9.99999 );
	* // returns 10.0
	*
	* v = round( 9.5 );
	* // returns 10.0
	*
	* v = round( 9.2 );
	* // returns 9.0
	*
	* v = round( 0.0 );
	* // returns 0.0
	*
	* v = round( -0.0 );
	* // returns -0.0
	*
	* v = round( Infinity );
	* // returns Infinity
	*
	* v = round( -Infinity );
	* // returns -Infinity
	*
	* v = round( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$x();


	// EXPORTS //

	lib$O = main;
	return lib$O;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/k_rem_pio2.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var rempio2_medium;
var hasRequiredRempio2_medium;

function requireRempio2_medium () {
	if (hasRequiredRempio2_medium) return rempio2_medium;
	hasRequiredRempio2_medium = 1;

	// MODULES //

	var round = requireLib$O();
	var getHighWord = requireLib$1G();


	// VARIABLES //

	// 53 bits of 2/π:
	var INVPIO2 = 6.36619772367581382433e-01; // 0x3FE45F30, 0x6DC9C883

	// First 33 bits of π/2:
	var PIO2_1 = 1.57079632673412561417e+00;  // 0x3FF921FB, 0x54400000

	// PIO2_1T = π/2 - PIO2_1:
	var PIO2_1T = 6.07710050650619224932e-11; // 0x3DD0B461, 0x1A626331

	// Another 33 bits of π/2:
	var PIO2_2 = 6.07710050630396597660e-11;  // 0x3DD0B461, 0x1A600000

	// PIO2_2T = π/2 - ( PIO2_1 + PIO2_2 ):
	var PIO2_2T = 2.02226624879595063154e-21; // 0x3BA3198A, 0x2E037073

	// Another 33 bits of π/2:
	var PIO2_3 = 2.02226624871116645580e-21;  // 0x3BA3198A, 0x2E000000

	// PIO2_3T = π/2 - ( PIO2_1 + PIO2_2 + PIO2_3 ):
	var PIO2_3T = 8.47842766036889956997e-32; // 0x397B839A, 0x252049C1

	// Exponent mask (2047 => 0x7ff):
	var EXPONENT_MASK = 0x7ff|0; // asm type annotation


	// MAIN //

	/**
	* Computes `x - nπ/2 = r` for medium-sized inputs.
	*
	* @private
	* @param {number} x - input value
	* @param {uint32} ix - high word of `x`
	* @param {(Array|TypedArray|Object)} y - remainder elements
	* @returns {integer} factor of `π/2`
	*/
	function rempio2Medium( x, ix, y ) {
		var high;
		var n;
		var t;
		var r;
		var w;
		var i;
		var j;

		n = round( x * INVPIO2 );
		r = x - ( n * PIO2_1 );
		w = n * PIO2_1T;

		// First rounding (good to 85 bits)...
		j = (ix >> 20)|0; // asm type annotation
		y[ 0 ] = r - w;
		high = getHighWord( y[0] );
		i = j - ( (high >> 20) & EXPONENT_MASK );

		// Check if a second iteration is needed (good to 118 bits)...
		if ( i > 16 ) {
			t = r;
			w = n * PIO2_2;
			r = t - w;
			w = (n * PIO2_2T) - ((t-r) - w);
			y[ 0 ] = r - w;
			high = getHighWord( y[0] );
			i = j - ( (high >> 20) & EXPONENT_MASK );

			// Check if a third iteration is needed (151 bits accumulated)...
			if ( i > 49 ) {
				t = r;
				w = n * PIO2_3;
				r = t - w;
				w = (n * PIO2_3T) - ((t-r) - w);
				y[ 0 ] = r - w;
			}
		}
		y[ 1 ] = (r - y[0]) - w;
		return n;
	}


	// EXPORTS //

	rempio2_medium = rempio2Medium;
	return rempio2_medium;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/e_rem_pio2.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
*
* Optimized by Bruce D. Evans.
* ```
*/

var main$w;
var hasRequiredMain$w;

function requireMain$w () {
	if (hasRequiredMain$w) return main$w;
	hasRequiredMain$w = 1;

	// MODULES //

	var ABS_MASK = requireLib$1k();
	var EXPONENT_MASK = requireLib$1f();
	var SIGNIFICAND_MASK = requireLib$14();
	var getHighWord = requireLib$1G();
	var getLowWord = requireLib$R();
	var fromWords = requireLib$1E();
	var rempio2Kernel = requireKernel_rempio2();
	var rempio2Medium = requireRempio2_medium();


	// VARIABLES //

	var ZERO = 0.00000000000000000000e+00;    // 0x00000000, 0x00000000
	var TWO24 = 1.67772160000000000000e+07;   // 0x41700000, 0x00000000

	// 33 bits of π/2:
	var PIO2_1 = 1.57079632673412561417e+00;  // 0x3FF921FB, 0x54400000

	// PIO2_1T = π/2 - PIO2_1:
	var PIO2_1T = 6.07710050650619224932e-11; // 0x3DD0B461, 0x1A626331
	var TWO_PIO2_1T = 2.0 * PIO2_1T;
	var THREE_PIO2_1T = 3.0 * PIO2_1T;
	var FOUR_PIO2_1T = 4.0 * PIO2_1T;

	// High word significand for π and π/2: 0x921fb = 598523 => 00000000000010010010000111111011
	var PI_HIGH_WORD_SIGNIFICAND = 0x921fb|0; // asm type annotation

	// High word for π/4: 0x3fe921fb = 1072243195 => 00111111111010010010000111111011
	var PIO4_HIGH_WORD = 0x3fe921fb|0; // asm type annotation

	// High word for 3π/4: 0x4002d97c = 1073928572 => 01000000000000101101100101111100
	var THREE_PIO4_HIGH_WORD = 0x4002d97c|0; // asm type annotation

	// High word for 5π/4: 0x400f6a7a = 1074752122 => 01000000000011110110101001111010
	var FIVE_PIO4_HIGH_WORD = 0x400f6a7a|0; // asm type annotation

	// High word for 6π/4: 0x4012d97c = 1074977148 => 01000000000100101101100101111100
	var THREE_PIO2_HIGH_WORD = 0x4012d97c|0; // asm type annotation

	// High word for 7π/4: 0x4015fdbc = 1075183036 => 01000000000101011111110110111100
	var SEVEN_PIO4_HIGH_WORD = 0x4015fdbc|0; // asm type annotation

	// High word for 8π/4: 0x401921fb = 1075388923 => 01000000000110010010000111111011
	var TWO_PI_HIGH_WORD = 0x401921fb|0; // asm type annotation

	// High word for 9π/4: 0x401c463b = 1075594811 => 01000000000111000100011000111011
	var NINE_PIO4_HIGH_WORD = 0x401c463b|0; // asm type annotation

	// 2^20*π/2 = 1647099.3291652855 => 0100000100111001001000011111101101010100010001000010110100011000 => high word => 0x413921fb = 1094263291 => 01000001001110010010000111111011
	var MEDIUM = 0x413921fb|0; // asm type annotation

	// Arrays for storing temporary values:
	var TX = [ 0.0, 0.0, 0.0 ];
	var TY = [ 0.0, 0.0 ];


	// MAIN //

	/**
	* Computes `x - nπ/2 = r`.
	*
	* ## Notes
	*
	* -   Returns `n` and stores the remainder `r` as two numbers `y[0]` and `y[1]`, such that `y[0]+y[1] = r`.
	*
	* @param {number} x - input value
	* @param {(Array|TypedArray|Object)} y - remainder elements
	* @returns {integer} factor of `π/2`
	*
	* @example
	* var y = [ 0.0, 0.0 ];
	* var n = rempio2( 128.0, y );
	* // returns 81
	*
	* var y1 = y[ 0 ];
	* // returns ~0.765
	*
	* var y2 = y[ 1 ];
	* // returns ~3.618e-17
	*
	* @example
	* var y = [ 0.0, 0.0 ];
	* var n = rempio2( NaN, y );
	* // returns 0
	*
	* var y1 = y[ 0 ];
	* // returns NaN
	*
	* var y2 = y[ 1 ];
	* // returns NaN
	*/
	function rempio2( x, y ) {
		var low;
		var e0;
		var hx;
		var ix;
		var nx;
		var i;
		var n;
		var z;

		hx = getHighWord( x )|0; // asm type annotation
		ix = (hx & ABS_MASK)|0; // asm type annotation

		// Case: |x| ~<= π/4 (no need for reduction)
		if ( ix <= PIO4_HIGH_WORD ) {
			y[ 0 ] = x;
			y[ 1 ] = 0.0;
			return 0;
		}
		// Case: |x| ~<= 5π/4
		if ( ix <= FIVE_PIO4_HIGH_WORD ) {
			// Case: |x| ~= π/2 or π
			if ( (ix & SIGNIFICAND_MASK) === PI_HIGH_WORD_SIGNIFICAND ) {
				// Cancellation => use medium case
				return rempio2Medium( x, ix, y );
			}
			// Case: |x| ~<= 3π/4
			if ( ix <= THREE_PIO4_HIGH_WORD ) {
				if ( hx > 0 ) {
					z = x - PIO2_1;
					y[ 0 ] = z - PIO2_1T;
					y[ 1 ] = (z - y[0]) - PIO2_1T;
					return 1;
				}
				z = x + PIO2_1;
				y[ 0 ] = z + PIO2_1T;
				y[ 1 ] = (z - y[0]) + PIO2_1T;
				return -1;
			}
			if ( hx > 0 ) {
				z = x - ( 2.0*PIO2_1 );
				y[ 0 ] = z - TWO_PIO2_1T;
				y[ 1 ] = (z - y[0]) - TWO_PIO2_1T;
				return 2;
			}
			z = x + ( 2.0*PIO2_1 );
			y[ 0 ] = z + TWO_PIO2_1T;
			y[ 1 ] = (z - y[0]) + TWO_PIO2_1T;
			return -2;
		}
		// Case: |x| ~<= 9π/4
		if ( ix <= NINE_PIO4_HIGH_WORD ) {
			// Case: |x| ~<= 7π/4
			if ( ix <= SEVEN_PIO4_HIGH_WORD ) {
				// Case: |x| ~= 3π/2
				if ( ix === THREE_PIO2_HIGH_WORD ) {
					return rempio2Medium( x, ix, y );
				}
				if ( hx > 0 ) {
					z = x - ( 3.0*PIO2_1 );
					y[ 0 ] = z - THREE_PIO2_1T;
					y[ 1 ] = (z - y[0]) - THREE_PIO2_1T;
					return 3;
				}
				z = x + ( 3.0*PIO2_1 );
				y[ 0 ] = z + THREE_PIO2_1T;
				y[ 1 ] = (z - y[0]) + THREE_PIO2_1T;
				return -3;
			}
			// Case: |x| ~= 4π/2
			if ( ix === TWO_PI_HIGH_WORD ) {
				return rempio2Medium( x, ix, y );
			}
			if ( hx > 0 ) {
				z = x - ( 4.0*PIO2_1 );
				y[ 0 ] = z - FOUR_PIO2_1T;
				y[ 1 ] = (z - y[0]) - FOUR_PIO2_1T;
				return 4;
			}
			z = x + ( 4.0*PIO2_1 );
			y[ 0 ] = z + FOUR_PIO2_1T;
			y[ 1 ] = (z - y[0]) + FOUR_PIO2_1T;
			return -4;
		}
		// Case: |x| ~< 2^20*π/2 (medium size)
		if ( ix < MEDIUM ) {
			return rempio2Medium( x, ix, y );
		}
		// Case: x is NaN or infinity
		if ( ix >= EXPONENT_MASK ) {
			y[ 0 ] = NaN;
			y[ 1 ] = NaN;
			return 0.0;
		}
		// Set z = scalbn(|x|, ilogb(x)-23)...
		low = getLowWord( x );
		e0 = (ix >> 20) - 1046; // `e0 = ilogb(z) - 23` => unbiased exponent minus 23
		z = fromWords( ix - ((e0 << 20)|0), low );
		for ( i = 0; i < 2; i++ ) {
			TX[ i ] = z|0;
			z = (z - TX[i]) * TWO24;
		}
		TX[ 2 ] = z;
		nx = 3;
		while ( TX[ nx-1 ] === ZERO ) {
			// Skip zero term...
			nx -= 1;
		}
		n = rempio2Kernel( TX, TY, e0, nx, 1 );
		if ( hx < 0 ) {
			y[ 0 ] = -TY[ 0 ];
			y[ 1 ] = -TY[ 1 ];
			return -n;
		}
		y[ 0 ] = TY[ 0 ];
		y[ 1 ] = TY[ 1 ];
		return n;
	}


	// EXPORTS //

	main$w = rempio2;
	return main$w;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$N;
var hasRequiredLib$N;

function requireLib$N () {
	if (hasRequiredLib$N) return lib$N;
	hasRequiredLib$N = 1;

	/**
	* Compute `x - nπ/2 = r`.
	*
	* @module @stdlib/math-base-special-rempio2
	*
	* @example
	* var rempio2 = require( '@stdlib/math-base-special-rempio2' );
	*
	* var y = [ 0.0, 0.0 ];
	* var n = rempio2( 128.0, y );
	* // returns 81
	*
	* var y1 = y[ 0 ];
	* // returns ~0.765
	*
	* var y2 = y[ 1 ];
	* // returns ~3.618e-17
	*/

	// MODULES //

	var rempio2 = requireMain$w();


	// EXPORTS //

	lib$N = rempio2;
	return lib$N;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright, license, and long comment were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_sin.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$v;
var hasRequiredMain$v;

function requireMain$v () {
	if (hasRequiredMain$v) return main$v;
	hasRequiredMain$v = 1;

	// MODULES //

	var HIGH_WORD_ABS_MASK = requireLib$1k();
	var HIGH_WORD_EXPONENT_MASK = requireLib$1f();
	var getHighWord = requireLib$1G();
	var kernelCos = requireLib$T();
	var kernelSin = requireLib$S();
	var rempio2 = requireLib$N();


	// VARIABLES //

	// High word for PI/4: 0x3fe921fb = 1072243195 => 00111111111010010010000111111011
	var PIO4_HIGH_WORD = 0x3fe921fb|0; // asm type annotation

	// 2^-26 = 1.4901161193847656e-8 => 0011111001010000000000000000000000000000000000000000000000000000 => high word => 00111110010100000000000000000000 => 0x3e500000 = 1045430272
	var SMALL_HIGH_WORD = 0x3e500000|0; // asm type annotation

	// Array for storing remainder elements:
	var Y = [ 0.0, 0.0 ];


	// MAIN //

	/**
	* Computes the sine of a number.
	*
	* ## Method
	*
	* -   Let \\(S\\), \\(C\\), and \\(T\\) denote the \\(\sin\\), \\(\cos\\), and \\(\tan\\), respectively, on \\(\[-\pi/4, +\pi/4\]\\).
	*
	* -   Reduce the argument \\(x\\) to \\(y1+y2 = x-k\pi/2\\) in \\(\[-\pi/4, +\pi/4\]\\), and let \\(n = k \mod 4\\).
	*
	* -   We have
	*
	*     | n | sin(x) | cos(x) | tan(x) |
	*     | - | ------ | ------ | ------ |
	*     | 0 |   S    |   C    |    T   |
	*     | 1 |   C    |  -S    |  -1/T  |
	*     | 2 |  -S    |  -C    |    T   |
	*     | 3 |  -C    |   S    |  -1/T  |
	*
	* @param {number} x - input value (in radians)
	* @returns {number} sine
	*
	* @example
	* var v = sin( 0.0 );
	* // returns ~0.0
	*
	* @example
	* var v = sin( 3.141592653589793/2.0 );
	* // returns ~1.0
	*
	* @example
	* var v = sin( -3.141592653589793/6.0 );
	* // returns ~-0.5
	*
	* @example
	* var v = sin( NaN );
	* // returns NaN
	*/
	function sin( x ) {
		var ix;
		var n;

		ix = getHighWord( x );
		ix &= HIGH_WORD_ABS_MASK;

		// Case: |x| ~< π/4
		if ( ix <= PIO4_HIGH_WORD ) {
			// Case: |x| ~< 2^-26
			if ( ix < SMALL_HIGH_WORD ) {
				return x;
			}
			return kernelSin( x, 0.0 );
		}
		// Case: x is NaN or infinity
		if ( ix >= HIGH_WORD_EXPONENT_MASK ) {
			return NaN;
		}
		// Argument reduction...
		n = rempio2( x, Y );
		switch ( n & 3 ) {
		case 0:
			return kernelSin( Y[ 0 ], Y[ 1 ] );
		case 1:
			return kernelCos( Y[ 0 ], Y[ 1 ] );
		case 2:
			return -kernelSin( Y[ 0 ], Y[ 1 ] );
		default:
			return -kernelCos( Y[ 0 ], Y[ 1 ] );
		}
	}


	// EXPORTS //

	main$v = sin;
	return main$v;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$M;
var hasRequiredLib$M;

function requireLib$M () {
	if (hasRequiredLib$M) return lib$M;
	hasRequiredLib$M = 1;

	/**
	* Compute the sine of a number.
	*
	* @module @stdlib/math-base-special-sin
	*
	* @example
	* var sin = require( '@stdlib/math-base-special-sin' );
	*
	* var v = sin( 0.0 );
	* // returns ~0.0
	*
	* v = sin( 3.141592653589793/2.0 );
	* // returns ~1.0
	*
	* v = sin( -3.141592653589793/6.0 );
	* // returns ~-0.5
	*
	* v = sin( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$v();


	// EXPORTS //

	lib$M = main;
	return lib$M;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$L;
var hasRequiredLib$L;

function requireLib$L () {
	if (hasRequiredLib$L) return lib$L;
	hasRequiredLib$L = 1;

	/**
	* Square root of the mathematical constant `π` times `2`.
	*
	* @module @stdlib/constants-float64-sqrt-two-pi
	* @type {number}
	*
	* @example
	* var SQRT_TWO_PI = require( '@stdlib/constants-float64-sqrt-two-pi' );
	* // returns 2.5066282746310007
	*/


	// MAIN //

	/**
	* Square root of the mathematical constant `π` times `2`.
	*
	* @constant
	* @type {number}
	* @default 2.5066282746310007
	* @see [Wikipedia]{@link https://en.wikipedia.org/wiki/Pi}
	*/
	var SQRT_TWO_PI = 2.506628274631000502415765284811045253e+00;


	// EXPORTS //

	lib$L = SQRT_TWO_PI;
	return lib$L;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_s$1;
var hasRequiredPolyval_s$1;

function requirePolyval_s$1 () {
	if (hasRequiredPolyval_s$1) return polyval_s$1;
	hasRequiredPolyval_s$1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.08333333333334822;
		}
		return 0.08333333333334822 + (x * (0.0034722222160545866 + (x * (-0.0026813261780578124 + (x * (-22954996161337813e-20 + (x * 0.0007873113957930937))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_s$1 = evalpoly;
	return polyval_s$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C code, copyright, license, and constants are from [Cephes]{@link http://www.netlib.org/cephes}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright 1984, 1987, 1989, 1992, 2000 by Stephen L. Moshier
*
* Some software in this archive may be from the book _Methods and Programs for Mathematical Functions_ (Prentice-Hall or Simon & Schuster International, 1989) or from the Cephes Mathematical Library, a commercial product. In either event, it is copyrighted by the author. What you see here may be used freely but it comes with no support or guarantee.
*
* Stephen L. Moshier
* moshier@na-net.ornl.gov
* ```
*/

var stirling_approximation;
var hasRequiredStirling_approximation;

function requireStirling_approximation () {
	if (hasRequiredStirling_approximation) return stirling_approximation;
	hasRequiredStirling_approximation = 1;

	// MODULES //

	var SQRT_TWO_PI = requireLib$L();
	var pow = requireLib$13();
	var exp = requireLib$1c();
	var polyval = requirePolyval_s$1();


	// VARIABLES //

	var MAX_STIRLING = 143.01608;


	// MAIN //

	/**
	* Evaluates the gamma function using Stirling's formula. The polynomial is valid for \\(33 \leq x \leq 172\\).
	*
	* @private
	* @param {number} x - input value
	* @returns {number} function value
	*/
	function gamma( x ) {
		var w;
		var y;
		var v;

		w = 1.0 / x;
		w = 1.0 + ( w * polyval( w ) );
		y = exp( x );

		// Check `x` to avoid `pow()` overflow...
		if ( x > MAX_STIRLING ) {
			v = pow( x, ( 0.5*x ) - 0.25 );
			y = v * (v/y);
		} else {
			y = pow( x, x-0.5 ) / y;
		}
		return SQRT_TWO_PI * y * w;
	}


	// EXPORTS //

	stirling_approximation = gamma;
	return stirling_approximation;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$K;
var hasRequiredLib$K;

function requireLib$K () {
	if (hasRequiredLib$K) return lib$K;
	hasRequiredLib$K = 1;

	/**
	* The Euler-Mascheroni constant.
	*
	* @module @stdlib/constants-float64-eulergamma
	* @type {number}
	*
	* @example
	* var EULERGAMMA = require( '@stdlib/constants-float64-eulergamma' );
	* // returns 0.5772156649015329
	*/


	// MAIN //

	/**
	* The Euler-Mascheroni constant.
	*
	* @constant
	* @type {number}
	* @default 0.5772156649015329
	* @see [OEIS]{@link http://oeis.org/A001620}
	* @see [Mathworld]{@link http://mathworld.wolfram.com/Euler-MascheroniConstant.html}
	*/
	var EULERGAMMA = 0.577215664901532860606512090082402431042;


	// EXPORTS //

	lib$K = EULERGAMMA;
	return lib$K;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C code, copyright, license, and constants are from [Cephes]{@link http://www.netlib.org/cephes}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright 1984, 1987, 1989, 1992, 2000 by Stephen L. Moshier
*
* Some software in this archive may be from the book _Methods and Programs for Mathematical Functions_ (Prentice-Hall or Simon & Schuster International, 1989) or from the Cephes Mathematical Library, a commercial product. In either event, it is copyrighted by the author. What you see here may be used freely but it comes with no support or guarantee.
*
* Stephen L. Moshier
* moshier@na-net.ornl.gov
* ```
*/

var small_approximation;
var hasRequiredSmall_approximation;

function requireSmall_approximation () {
	if (hasRequiredSmall_approximation) return small_approximation;
	hasRequiredSmall_approximation = 1;

	// MODULES //

	var EULER = requireLib$K();


	// MAIN //

	/**
	* Evaluates the gamma function using a small-value approximation.
	*
	* @private
	* @param {number} x - input value
	* @param {number} z - scale factor
	* @returns {number} function value
	*/
	function gamma( x, z ) {
		return z / ( (1.0+( EULER*x )) * x );
	}


	// EXPORTS //

	small_approximation = gamma;
	return small_approximation;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_pq$2;
var hasRequiredRational_pq$2;

function requireRational_pq$2 () {
	if (hasRequiredRational_pq$2) return rational_pq$2;
	hasRequiredRational_pq$2 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return 1.0;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 1.0 + (x * (0.4942148268014971 + (x * (0.20744822764843598 + (x * (0.04763678004571372 + (x * (0.010421379756176158 + (x * (0.0011913514700658638 + (x * (0.00016011952247675185 + (x * 0.0))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (0.0714304917030273 + (x * (-0.23459179571824335 + (x * (0.035823639860549865 + (x * (0.011813978522206043 + (x * (-0.004456419138517973 + (x * (0.0005396055804933034 + (x * -23158187332412014e-21))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.0 + (x * (0.00016011952247675185 + (x * (0.0011913514700658638 + (x * (0.010421379756176158 + (x * (0.04763678004571372 + (x * (0.20744822764843598 + (x * (0.4942148268014971 + (x * 1.0))))))))))))); // eslint-disable-line max-len
			s2 = -23158187332412014e-21 + (x * (0.0005396055804933034 + (x * (-0.004456419138517973 + (x * (0.011813978522206043 + (x * (0.035823639860549865 + (x * (-0.23459179571824335 + (x * (0.0714304917030273 + (x * 1.0))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_pq$2 = evalrational;
	return rational_pq$2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C code, long comment, copyright, license, and constants are from [Cephes]{@link http://www.netlib.org/cephes}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright 1984, 1987, 1989, 1992, 2000 by Stephen L. Moshier
*
* Some software in this archive may be from the book _Methods and Programs for Mathematical Functions_ (Prentice-Hall or Simon & Schuster International, 1989) or from the Cephes Mathematical Library, a commercial product. In either event, it is copyrighted by the author. What you see here may be used freely but it comes with no support or guarantee.
*
* Stephen L. Moshier
* moshier@na-net.ornl.gov
* ```
*/

var main$u;
var hasRequiredMain$u;

function requireMain$u () {
	if (hasRequiredMain$u) return main$u;
	hasRequiredMain$u = 1;

	// MODULES //

	var isnan = requireLib$20();
	var isInteger = requireLib$1b();
	var isNegativeZero = requireLib$Z();
	var abs = requireLib$1s();
	var floor = requireLib$1x();
	var sin = requireLib$M();
	var PINF = requireLib$1D();
	var NINF = requireLib$1B();
	var PI = requireLib$U();
	var stirlingApprox = requireStirling_approximation();
	var smallApprox = requireSmall_approximation();
	var rateval = requireRational_pq$2();


	// MAIN //

	/**
	* Evaluates the gamma function.
	*
	* ## Method
	*
	* 1.  Arguments \\(|x| \leq 34\\) are reduced by recurrence and the function approximated by a rational function of degree \\(6/7\\) in the interval \\((2,3)\\).
	* 2.  Large negative arguments are made positive using a reflection formula.
	* 3.  Large arguments are handled by Stirling's formula.
	*
	* ## Notes
	*
	* -   Relative error:
	*
	*     | arithmetic | domain    | # trials | peak    | rms     |
	*     |:----------:|:---------:|:--------:|:-------:|:-------:|
	*     | DEC        | -34,34    | 10000    | 1.3e-16 | 2.5e-17 |
	*     | IEEE       | -170,-33  | 20000    | 2.3e-15 | 3.3e-16 |
	*     | IEEE       | -33, 33   | 20000    | 9.4e-16 | 2.2e-16 |
	*     | IEEE       | 33, 171.6 | 20000    | 2.3e-15 | 3.2e-16 |
	*
	* -   Error for arguments outside the test range will be larger owing to error amplification by the exponential function.
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var v = gamma( 4.0 );
	* // returns 6.0
	*
	* @example
	* var v = gamma( -1.5 );
	* // returns ~2.363
	*
	* @example
	* var v = gamma( -0.5 );
	* // returns ~-3.545
	*
	* @example
	* var v = gamma( 0.5 );
	* // returns ~1.772
	*
	* @example
	* var v = gamma( 0.0 );
	* // returns Infinity
	*
	* @example
	* var v = gamma( -0.0 );
	* // returns -Infinity
	*
	* @example
	* var v = gamma( NaN );
	* // returns NaN
	*/
	function gamma( x ) {
		var sign;
		var q;
		var p;
		var z;
		if (
			(isInteger( x ) && x < 0) ||
			x === NINF ||
			isnan( x )
		) {
			return NaN;
		}
		if ( x === 0.0 ) {
			if ( isNegativeZero( x ) ) {
				return NINF;
			}
			return PINF;
		}
		if ( x > 171.61447887182298 ) {
			return PINF;
		}
		if ( x < -170.5674972726612 ) {
			return 0.0;
		}
		q = abs( x );
		if ( q > 33.0 ) {
			if ( x >= 0.0 ) {
				return stirlingApprox( x );
			}
			p = floor( q );

			// Check whether `x` is even...
			if ( (p&1) === 0 ) {
				sign = -1;
			} else {
				sign = 1.0;
			}
			z = q - p;
			if ( z > 0.5 ) {
				p += 1.0;
				z = q - p;
			}
			z = q * sin( PI * z );
			return sign * PI / ( abs(z)*stirlingApprox(q) );
		}
		// Reduce `x`...
		z = 1.0;
		while ( x >= 3.0 ) {
			x -= 1.0;
			z *= x;
		}
		while ( x < 0.0 ) {
			if ( x > -1e-9 ) {
				return smallApprox( x, z );
			}
			z /= x;
			x += 1.0;
		}
		while ( x < 2.0 ) {
			if ( x < 1.0e-9 ) {
				return smallApprox( x, z );
			}
			z /= x;
			x += 1.0;
		}
		if ( x === 2.0 ) {
			return z;
		}
		x -= 2.0;
		return z * rateval( x );
	}


	// EXPORTS //

	main$u = gamma;
	return main$u;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$J;
var hasRequiredLib$J;

function requireLib$J () {
	if (hasRequiredLib$J) return lib$J;
	hasRequiredLib$J = 1;

	/**
	* Evaluate the gamma function.
	*
	* @module @stdlib/math-base-special-gamma
	*
	* @example
	* var gamma = require( '@stdlib/math-base-special-gamma' );
	*
	* var v = gamma( 4.0 );
	* // returns 6.0
	*
	* v = gamma( -1.5 );
	* // returns ~2.363
	*
	* v = gamma( -0.5 );
	* // returns ~-3.545
	*
	* v = gamma( 0.5 );
	* // returns ~1.772
	*
	* v = gamma( 0.0 );
	* // returns Infinity
	*
	* v = gamma( -0.0 );
	* // returns -Infinity
	*
	* v = gamma( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$u();


	// EXPORTS //

	lib$J = main;
	return lib$J;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2025 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$I;
var hasRequiredLib$I;

function requireLib$I () {
	if (hasRequiredLib$I) return lib$I;
	hasRequiredLib$I = 1;

	/**
	* Maximum nth factorial when stored in double-precision floating-point format.
	*
	* @module @stdlib/constants-float64-max-nth-factorial
	* @type {integer}
	*
	* @example
	* var FLOAT64_MAX_NTH_FACTORIAL = require( '@stdlib/constants-float64-max-nth-factorial' );
	* // returns 170
	*/


	// MAIN //

	/**
	* The maximum nth factorial when stored in double-precision floating-point format.
	*
	* @constant
	* @type {integer}
	* @default 170
	* @see [factorial]{@link https://en.wikipedia.org/wiki/Factorial}
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_MAX_NTH_FACTORIAL = 170|0; // asm type annotation


	// EXPORTS //

	lib$I = FLOAT64_MAX_NTH_FACTORIAL;
	return lib$I;
}

var require$$5 = [
	1,
	1,
	2,
	6,
	24,
	120,
	720,
	5040,
	40320,
	362880,
	3628800,
	39916800,
	479001600,
	6227020800,
	87178291200,
	1307674368000,
	20922789888000,
	355687428096000,
	6402373705728000,
	121645100408832000,
	2432902008176640000,
	51090942171709440000,
	1.1240007277776077e+21,
	2.585201673888498e+22,
	6.204484017332394e+23,
	1.5511210043330986e+25,
	4.0329146112660565e+26,
	1.0888869450418352e+28,
	3.0488834461171387e+29,
	8.841761993739702e+30,
	2.6525285981219107e+32,
	8.222838654177922e+33,
	2.631308369336935e+35,
	8.683317618811886e+36,
	2.9523279903960416e+38,
	1.0333147966386145e+40,
	3.7199332678990125e+41,
	1.3763753091226346e+43,
	5.230226174666011e+44,
	2.0397882081197444e+46,
	8.159152832478977e+47,
	3.345252661316381e+49,
	1.40500611775288e+51,
	6.041526306337383e+52,
	2.658271574788449e+54,
	1.1962222086548019e+56,
	5.502622159812089e+57,
	2.5862324151116818e+59,
	1.2413915592536073e+61,
	6.082818640342675e+62,
	3.0414093201713376e+64,
	1.5511187532873822e+66,
	8.065817517094388e+67,
	4.2748832840600255e+69,
	2.308436973392414e+71,
	1.2696403353658276e+73,
	7.109985878048635e+74,
	4.0526919504877214e+76,
	2.3505613312828785e+78,
	1.3868311854568984e+80,
	8.32098711274139e+81,
	5.075802138772248e+83,
	3.146997326038794e+85,
	1.98260831540444e+87,
	1.2688693218588417e+89,
	8.247650592082472e+90,
	5.443449390774431e+92,
	3.647111091818868e+94,
	2.4800355424368305e+96,
	1.711224524281413e+98,
	1.1978571669969892e+100,
	8.504785885678623e+101,
	6.1234458376886085e+103,
	4.4701154615126844e+105,
	3.307885441519386e+107,
	2.48091408113954e+109,
	1.8854947016660504e+111,
	1.4518309202828587e+113,
	1.1324281178206297e+115,
	8.946182130782976e+116,
	7.156945704626381e+118,
	5.797126020747368e+120,
	4.753643337012842e+122,
	3.945523969720659e+124,
	3.314240134565353e+126,
	2.81710411438055e+128,
	2.4227095383672734e+130,
	2.107757298379528e+132,
	1.8548264225739844e+134,
	1.650795516090846e+136,
	1.4857159644817615e+138,
	1.352001527678403e+140,
	1.2438414054641308e+142,
	1.1567725070816416e+144,
	1.087366156656743e+146,
	1.032997848823906e+148,
	9.916779348709496e+149,
	9.619275968248212e+151,
	9.426890448883248e+153,
	9.332621544394415e+155,
	9.332621544394415e+157,
	9.42594775983836e+159,
	9.614466715035127e+161,
	9.90290071648618e+163,
	1.0299016745145628e+166,
	1.081396758240291e+168,
	1.1462805637347084e+170,
	1.226520203196138e+172,
	1.324641819451829e+174,
	1.4438595832024937e+176,
	1.588245541522743e+178,
	1.7629525510902446e+180,
	1.974506857221074e+182,
	2.2311927486598138e+184,
	2.5435597334721877e+186,
	2.925093693493016e+188,
	3.393108684451898e+190,
	3.969937160808721e+192,
	4.684525849754291e+194,
	5.574585761207606e+196,
	6.689502913449127e+198,
	8.094298525273444e+200,
	9.875044200833601e+202,
	1.214630436702533e+205,
	1.506141741511141e+207,
	1.882677176888926e+209,
	2.372173242880047e+211,
	3.0126600184576594e+213,
	3.856204823625804e+215,
	4.974504222477287e+217,
	6.466855489220474e+219,
	8.47158069087882e+221,
	1.1182486511960043e+224,
	1.4872707060906857e+226,
	1.9929427461615188e+228,
	2.6904727073180504e+230,
	3.659042881952549e+232,
	5.012888748274992e+234,
	6.917786472619489e+236,
	9.615723196941089e+238,
	1.3462012475717526e+241,
	1.898143759076171e+243,
	2.695364137888163e+245,
	3.854370717180073e+247,
	5.5502938327393044e+249,
	8.047926057471992e+251,
	1.1749972043909107e+254,
	1.727245890454639e+256,
	2.5563239178728654e+258,
	3.80892263763057e+260,
	5.713383956445855e+262,
	8.62720977423324e+264,
	1.3113358856834524e+267,
	2.0063439050956823e+269,
	3.0897696138473508e+271,
	4.789142901463394e+273,
	7.471062926282894e+275,
	1.1729568794264145e+278,
	1.853271869493735e+280,
	2.9467022724950384e+282,
	4.7147236359920616e+284,
	7.590705053947219e+286,
	1.2296942187394494e+289,
	2.0044015765453026e+291,
	3.287218585534296e+293,
	5.423910666131589e+295,
	9.003691705778438e+297,
	1.503616514864999e+300,
	2.5260757449731984e+302,
	4.269068009004705e+304,
	7.257415615307999e+306
];

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$t;
var hasRequiredMain$t;

function requireMain$t () {
	if (hasRequiredMain$t) return main$t;
	hasRequiredMain$t = 1;

	// MODULES //

	var isnan = requireLib$20();
	var isInteger = requireLib$1b();
	var gamma = requireLib$J();
	var PINF = requireLib$1D();
	var FLOAT64_MAX_NTH_FACTORIAL = requireLib$I();
	var FACTORIALS = require$$5;


	// MAIN //

	/**
	* Evaluates the factorial of `x`.
	*
	* @param {number} x - input value
	* @returns {number} factorial
	*
	* @example
	* var v = factorial( 3.0 );
	* // returns 6.0
	*
	* @example
	* var v = factorial( -1.5 );
	* // returns ~-3.545
	*
	* @example
	* var v = factorial( -0.5 );
	* // returns ~1.772
	*
	* @example
	* var v = factorial( 0.5 );
	* // returns ~0.886
	*
	* @example
	* var v = factorial( -10.0 );
	* // returns NaN
	*
	* @example
	* var v = factorial( 171.0 );
	* // returns Infinity
	*
	* @example
	* var v = factorial( NaN );
	* // returns NaN
	*/
	function factorial( x ) {
		if ( isnan( x ) ) {
			return NaN;
		}
		if ( isInteger( x ) ) {
			if ( x < 0 ) {
				return NaN;
			}
			if ( x <= FLOAT64_MAX_NTH_FACTORIAL ) {
				return FACTORIALS[ x ];
			}
			return PINF;
		}
		return gamma( x + 1.0 );
	}


	// EXPORTS //

	main$t = factorial;
	return main$t;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$H;
var hasRequiredLib$H;

function requireLib$H () {
	if (hasRequiredLib$H) return lib$H;
	hasRequiredLib$H = 1;

	/**
	* Evaluate the factorial function.
	*
	* @module @stdlib/math-base-special-factorial
	*
	* @example
	* var factorial = require( '@stdlib/math-base-special-factorial' );
	*
	* var v = factorial( 3.0 );
	* // returns 6.0
	*
	* v = factorial( -1.5 );
	* // returns ~-3.545
	*
	* v = factorial( -0.5 );
	* // returns ~1.772
	*
	* v = factorial( 0.5 );
	* // returns ~0.886
	*
	* v = factorial( -10.0 );
	* // returns NaN
	*
	* v = factorial( 171.0 );
	* // returns Infinity
	*
	* v = factorial( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$t();


	// EXPORTS //

	lib$H = main;
	return lib$H;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_pq$1;
var hasRequiredRational_pq$1;

function requireRational_pq$1 () {
	if (hasRequiredRational_pq$1) return rational_pq$1;
	hasRequiredRational_pq$1 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return Infinity;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 38474670393.31777 + (x * (36857665043.51951 + (x * (15889202453.72942 + (x * (4059208354.298835 + (x * (680547661.1834733 + (x * (78239755.00312005 + (x * (6246580.776401795 + (x * (341986.3488721347 + (x * (12287.194511824551 + (x * (261.61404416416684 + (x * 2.5066282746310007))))))))))))))))))); // eslint-disable-line max-len
			s2 = 0.0 + (x * (362880.0 + (x * (1026576.0 + (x * (1172700.0 + (x * (723680.0 + (x * (269325.0 + (x * (63273.0 + (x * (9450.0 + (x * (870.0 + (x * (45.0 + (x * 1.0))))))))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 2.5066282746310007 + (x * (261.61404416416684 + (x * (12287.194511824551 + (x * (341986.3488721347 + (x * (6246580.776401795 + (x * (78239755.00312005 + (x * (680547661.1834733 + (x * (4059208354.298835 + (x * (15889202453.72942 + (x * (36857665043.51951 + (x * 38474670393.31777))))))))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (45.0 + (x * (870.0 + (x * (9450.0 + (x * (63273.0 + (x * (269325.0 + (x * (723680.0 + (x * (1172700.0 + (x * (1026576.0 + (x * (362880.0 + (x * 0.0))))))))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_pq$1 = evalrational;
	return rational_pq$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/lanczos.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$s;
var hasRequiredMain$s;

function requireMain$s () {
	if (hasRequiredMain$s) return main$s;
	hasRequiredMain$s = 1;

	// MAIN //

	/**
	* Calculates the Lanczos sum approximation.
	*
	* @name gammaLanczosSum
	* @type {Function}
	* @param {number} x - input value
	* @returns {number} Lanczos sum approximation
	*
	* @example
	* var v = gammaLanczosSum( 4.0 );
	* // returns ~950.366
	*
	* @example
	* var v = gammaLanczosSum( -1.5 );
	* // returns ~1373366.245
	*
	* @example
	* var v = gammaLanczosSum( -0.5 );
	* // returns ~-699841.735
	*
	* @example
	* var v = gammaLanczosSum( 0.5 );
	* // returns ~96074.186
	*
	* @example
	* var v = gammaLanczosSum( 0.0 );
	* // returns Infinity
	*
	* @example
	* var v = gammaLanczosSum( NaN );
	* // returns NaN
	*/
	var gammaLanczosSum = requireRational_pq$1();


	// EXPORTS //

	main$s = gammaLanczosSum;
	return main$s;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$G;
var hasRequiredLib$G;

function requireLib$G () {
	if (hasRequiredLib$G) return lib$G;
	hasRequiredLib$G = 1;

	/**
	* Calculate the Lanczos sum for the approximation of the gamma function.
	*
	* @module @stdlib/math-base-special-gamma-lanczos-sum
	*
	* @example
	* var gammaLanczosSum = require( '@stdlib/math-base-special-gamma-lanczos-sum' );
	*
	* var v = gammaLanczosSum( 4.0 );
	* // returns ~950.366
	*
	* v = gammaLanczosSum( -1.5 );
	* // returns ~1373366.245
	*
	* v = gammaLanczosSum( -0.5 );
	* // returns ~-699841.735
	*
	* v = gammaLanczosSum( 0.5 );
	* // returns ~96074.186
	*
	* v = gammaLanczosSum( 0.0 );
	* // returns Infinity
	*
	* v = gammaLanczosSum( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$s();


	// EXPORTS //

	lib$G = main;
	return lib$G;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$F;
var hasRequiredLib$F;

function requireLib$F () {
	if (hasRequiredLib$F) return lib$F;
	hasRequiredLib$F = 1;

	/**
	* Arbitrary constant `g` to be used in Lanczos approximation functions.
	*
	* @module @stdlib/constants-float64-gamma-lanczos-g
	* @type {number}
	*
	* @example
	* var FLOAT64_GAMMA_LANCZOS_G = require( '@stdlib/constants-float64-gamma-lanczos-g' );
	* // returns 10.900511
	*/


	// MAIN //

	/**
	* Arbitrary constant `g` to be used in Lanczos approximation functions.
	*
	* @constant
	* @type {number}
	* @default 10.900511
	* @see [Lanczos Approximation]{@link https://en.wikipedia.org/wiki/Lanczos_approximation}
	*/
	var FLOAT64_GAMMA_LANCZOS_G = 10.90051099999999983936049829935654997826;


	// EXPORTS //

	lib$F = FLOAT64_GAMMA_LANCZOS_G;
	return lib$F;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_85_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006-7, 2013-14.
* Copyright Paul A. Bristow 2007, 2013-14.
* Copyright Nikhar Agrawal 2013-14.
* Copyright Christopher Kormanyos 2013-14.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var gamma_delta_ratio_lanczos;
var hasRequiredGamma_delta_ratio_lanczos;

function requireGamma_delta_ratio_lanczos () {
	if (hasRequiredGamma_delta_ratio_lanczos) return gamma_delta_ratio_lanczos;
	hasRequiredGamma_delta_ratio_lanczos = 1;

	// MODULES //

	var lanczosSum = requireLib$G();
	var gamma = requireLib$J();
	var log1p = requireLib$1w();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var pow = requireLib$13();
	var EPSILON = requireLib$11();
	var E = requireLib$12();
	var G = requireLib$F();
	var FLOAT64_MAX_NTH_FACTORIAL = requireLib$I();


	// VARIABLES //

	var FACTORIAL_169 = 4.269068009004705e+304;


	// MAIN //

	/**
	* Calculates the ratio of two gamma functions via Lanczos approximation.
	*
	* ## Notes
	*
	* -   When \\( z < \epsilon \\), we get spurious numeric overflow unless we're very careful. This can occur either inside `lanczosSum(z)` or in the final combination of terms. To avoid this, split the product up into 2 (or 3) parts:
	*
	*     ```tex
	*     \begin{align*}
	*     G(z) / G(L) &= 1 / (z \cdot G(L)) ; z < \eps, L = z + \delta = \delta \\
	*     z * G(L) &= z * G(lim) \cdot (G(L)/G(lim)) ; lim = \text{largest factorial}
	*     \end{align*}
	*     ```
	*
	* @private
	* @param {number} z - first gamma parameter
	* @param {number} delta - difference
	* @returns {number} gamma ratio
	*/
	function gammaDeltaRatioLanczos( z, delta ) {
		var result;
		var ratio;
		var zgh;

		if ( z < EPSILON ) {
			if ( delta >= FLOAT64_MAX_NTH_FACTORIAL ) {
				ratio = gammaDeltaRatioLanczos( delta, FLOAT64_MAX_NTH_FACTORIAL-delta );
				ratio *= z;
				ratio *= FACTORIAL_169;
				return 1.0 / ratio;
			}
			return 1.0 / ( z * gamma( z+delta ) );
		}
		zgh = z + G - 0.5;
		if ( z + delta === z ) {
			if ( abs( delta / zgh ) < EPSILON ) {
				result = exp( -delta );
			} else {
				result = 1.0;
			}
		} else {
			if ( abs(delta) < 10.0 ) {
				result = exp( ( 0.5-z ) * log1p( delta/zgh ) );
			} else {
				result = pow( zgh / (zgh+delta), z-0.5 );
			}
			// Split up the calculation to avoid spurious overflow:
			result *= lanczosSum( z ) / lanczosSum( z + delta );
		}
		result *= pow( E / ( zgh+delta ), delta );
		return result;
	}


	// EXPORTS //

	gamma_delta_ratio_lanczos = gammaDeltaRatioLanczos;
	return gamma_delta_ratio_lanczos;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_85_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006-7, 2013-14.
* Copyright Paul A. Bristow 2007, 2013-14.
* Copyright Nikhar Agrawal 2013-14.
* Copyright Christopher Kormanyos 2013-14.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$r;
var hasRequiredMain$r;

function requireMain$r () {
	if (hasRequiredMain$r) return main$r;
	hasRequiredMain$r = 1;

	// MODULES //

	var abs = requireLib$1s();
	var floor = requireLib$1x();
	var gamma = requireLib$J();
	var factorial = requireLib$H();
	var FLOAT64_MAX_NTH_FACTORIAL = requireLib$I();
	var gammaDeltaRatioLanczos = requireGamma_delta_ratio_lanczos();


	// MAIN //

	/**
	* Computes the ratio of two gamma functions.
	*
	* ## Notes
	*
	* -   Specifically, the function evaluates
	*
	*     ```tex
	*     \frac{ \Gamma( z ) }{ \Gamma( z + \delta ) }
	*     ```
	*
	* @param {number} z - first gamma parameter
	* @param {number} delta - difference
	* @returns {number} gamma ratio
	*
	* @example
	* var y = gammaDeltaRatio( 2.0, 3.0 );
	* // returns ~0.042
	*
	* @example
	* var y = gammaDeltaRatio( 4.0, 0.5 );
	* // returns ~0.516
	*
	* @example
	* var y = gammaDeltaRatio( 100.0, 0.0 );
	* // returns 1.0
	*/
	function gammaDeltaRatio( z, delta ) {
		var result;
		var idelta;
		var iz;

		if ( z <= 0.0 || z + delta <= 0.0 ) {
			// This isn't very sophisticated, or accurate, but it does work:
			return gamma( z ) / gamma( z + delta );
		}
		idelta = floor( delta );
		if ( idelta === delta ) {
			iz = floor( z );
			if ( iz === z ) {
				// As both `z` and `delta` are integers, see if we can use a table lookup:
				if ( z <= FLOAT64_MAX_NTH_FACTORIAL && ( z + delta <= FLOAT64_MAX_NTH_FACTORIAL ) ) {
					return factorial( iz - 1.0 ) / factorial( idelta + iz - 1.0 );
				}
			}
			if ( abs(delta) < 20.0 ) {
				// As `delta` is a small integer, we can use a finite product:
				if ( delta === 0.0 ) {
					return 1.0;
				}
				if ( delta < 0.0 ) {
					z -= 1.0;
					result = z;
					delta += 1.0;
					while ( delta !== 0.0 ) {
						z -= 1.0;
						result *= z;
						delta += 1.0;
					}
					return result;
				}
				result = 1.0 / z;
				delta -= 1.0;
				while ( delta !== 0.0 ) {
					z += 1.0;
					result /= z;
					delta -= 1.0;
				}
				return result;
			}
		}
		return gammaDeltaRatioLanczos( z, delta );
	}


	// EXPORTS //

	main$r = gammaDeltaRatio;
	return main$r;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$E;
var hasRequiredLib$E;

function requireLib$E () {
	if (hasRequiredLib$E) return lib$E;
	hasRequiredLib$E = 1;

	/**
	* Calculate the ratio of two gamma functions.
	*
	* @module @stdlib/math-base-special-gamma-delta-ratio
	*
	* @example
	* var gammaDeltaRatio = require( '@stdlib/math-base-special-gamma-delta-ratio' );
	*
	* var y = gammaDeltaRatio( 2.0, 3.0 );
	* // returns ~0.042
	*
	* y = gammaDeltaRatio( 4.0, 0.5 );
	* // returns ~0.516
	*
	* y = gammaDeltaRatio( 100.0, 0.0 );
	* // returns 1.0
	*/

	// MODULES //

	var main = requireMain$r();


	// EXPORTS //

	lib$E = main;
	return lib$E;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_p;
var hasRequiredPolyval_p;

function requirePolyval_p () {
	if (hasRequiredPolyval_p) return polyval_p;
	hasRequiredPolyval_p = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.3999999999940942;
		}
		return 0.3999999999940942 + (x * (0.22222198432149784 + (x * 0.15313837699209373))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_p = evalpoly;
	return polyval_p;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_q;
var hasRequiredPolyval_q;

function requirePolyval_q () {
	if (hasRequiredPolyval_q) return polyval_q;
	hasRequiredPolyval_q = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.6666666666666735;
		}
		return 0.6666666666666735 + (x * (0.2857142874366239 + (x * (0.1818357216161805 + (x * 0.14798198605116586))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_q = evalpoly;
	return polyval_q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright and license were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/e_log.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$q;
var hasRequiredMain$q;

function requireMain$q () {
	if (hasRequiredMain$q) return main$q;
	hasRequiredMain$q = 1;

	// MODULES //

	var getHighWord = requireLib$1G();
	var setHighWord = requireLib$1F();
	var isnan = requireLib$20();
	var BIAS = requireLib$1A();
	var NINF = requireLib$1B();
	var polyvalP = requirePolyval_p();
	var polyvalQ = requirePolyval_q();


	// VARIABLES //

	var LN2_HI = 6.93147180369123816490e-01; // 3FE62E42 FEE00000
	var LN2_LO = 1.90821492927058770002e-10; // 3DEA39EF 35793C76
	var TWO54 = 1.80143985094819840000e+16;  // 0x43500000, 0x00000000
	var ONE_THIRD = 0.33333333333333333;

	// 0x000fffff = 1048575 => 0 00000000000 11111111111111111111
	var HIGH_SIGNIFICAND_MASK = 0x000fffff|0; // asm type annotation

	// 0x7ff00000 = 2146435072 => 0 11111111111 00000000000000000000 => biased exponent: 2047 = 1023+1023 => 2^1023
	var HIGH_MAX_NORMAL_EXP = 0x7ff00000|0; // asm type annotation

	// 0x00100000 = 1048576 => 0 00000000001 00000000000000000000 => biased exponent: 1 = -1022+1023 => 2^-1022
	var HIGH_MIN_NORMAL_EXP = 0x00100000|0; // asm type annotation

	// 0x3ff00000 = 1072693248 => 0 01111111111 00000000000000000000 => biased exponent: 1023 = 0+1023 => 2^0 = 1
	var HIGH_BIASED_EXP_0 = 0x3ff00000|0; // asm type annotation


	// MAIN //

	/**
	* Evaluates the natural logarithm of a double-precision floating-point number.
	*
	* @param {NonNegativeNumber} x - input value
	* @returns {number} function value
	*
	* @example
	* var v = ln( 4.0 );
	* // returns ~1.386
	*
	* @example
	* var v = ln( 0.0 );
	* // returns -Infinity
	*
	* @example
	* var v = ln( Infinity );
	* // returns Infinity
	*
	* @example
	* var v = ln( NaN );
	* // returns NaN
	*
	* @example
	* var v = ln( -4.0 );
	* // returns NaN
	*/
	function ln( x ) {
		var hfsq;
		var hx;
		var t2;
		var t1;
		var k;
		var R;
		var f;
		var i;
		var j;
		var s;
		var w;
		var z;

		if ( x === 0.0 ) {
			return NINF;
		}
		if ( isnan( x ) || x < 0.0 ) {
			return NaN;
		}
		hx = getHighWord( x );
		k = 0|0; // asm type annotation
		if ( hx < HIGH_MIN_NORMAL_EXP ) {
			// Case: 0 < x < 2**-1022
			k -= 54|0; // asm type annotation

			// Subnormal number, scale up `x`:
			x *= TWO54;
			hx = getHighWord( x );
		}
		if ( hx >= HIGH_MAX_NORMAL_EXP ) {
			return x + x;
		}
		k += ( ( hx>>20 ) - BIAS )|0; // asm type annotation
		hx &= HIGH_SIGNIFICAND_MASK;
		i = ( (hx+0x95f64) & 0x100000 )|0; // asm type annotation

		// Normalize `x` or `x/2`...
		x = setHighWord( x, hx|(i^HIGH_BIASED_EXP_0) );
		k += ( i>>20 )|0; // asm type annotation
		f = x - 1.0;
		if ( (HIGH_SIGNIFICAND_MASK&(2+hx)) < 3 ) {
			// Case: -2**-20 <= f < 2**-20
			if ( f === 0.0 ) {
				if ( k === 0 ) {
					return 0.0;
				}
				return (k * LN2_HI) + (k * LN2_LO);
			}
			R = f * f * ( 0.5 - (ONE_THIRD*f) );
			if ( k === 0 ) {
				return f - R;
			}
			return (k * LN2_HI) - ( (R-(k*LN2_LO)) - f );
		}
		s = f / (2.0 + f);
		z = s * s;
		i = ( hx - 0x6147a )|0; // asm type annotation
		w = z * z;
		j = ( 0x6b851 - hx )|0; // asm type annotation
		t1 = w * polyvalP( w );
		t2 = z * polyvalQ( w );
		i |= j;
		R = t2 + t1;
		if ( i > 0 ) {
			hfsq = 0.5 * f * f;
			if ( k === 0 ) {
				return f - ( hfsq - (s * (hfsq+R)) );
			}
			return (k * LN2_HI) - ( hfsq - ((s*(hfsq+R))+(k*LN2_LO)) - f );
		}
		if ( k === 0 ) {
			return f - (s*(f-R));
		}
		return (k * LN2_HI) - ( ( (s*(f-R)) - (k*LN2_LO) ) - f );
	}


	// EXPORTS //

	main$q = ln;
	return main$q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$D;
var hasRequiredLib$D;

function requireLib$D () {
	if (hasRequiredLib$D) return lib$D;
	hasRequiredLib$D = 1;

	/**
	* Evaluate the natural logarithm of a double-precision floating-point number.
	*
	* @module @stdlib/math-base-special-ln
	*
	* @example
	* var ln = require( '@stdlib/math-base-special-ln' );
	*
	* var v = ln( 4.0 );
	* // returns ~1.386
	*
	* v = ln( 0.0 );
	* // returns -Infinity
	*
	* v = ln( Infinity );
	* // returns Infinity
	*
	* v = ln( NaN );
	* // returns NaN
	*
	* v = ln( -4.0 );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$q();


	// EXPORTS //

	lib$D = main;
	return lib$D;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright, license, and long comment were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_cos.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$p;
var hasRequiredMain$p;

function requireMain$p () {
	if (hasRequiredMain$p) return main$p;
	hasRequiredMain$p = 1;

	// MODULES //

	var getHighWord = requireLib$1G();
	var kernelCos = requireLib$T();
	var kernelSin = requireLib$S();
	var rempio2 = requireLib$N();
	var ABS_MASK = requireLib$1k();
	var EXPONENT_MASK = requireLib$1f();


	// VARIABLES //

	// Scratch array for storing temporary values:
	var buffer = [ 0.0, 0.0 ]; // WARNING: not thread safe

	// High word of π/4: 0x3fe921fb => 00111111111010010010000111111011
	var HIGH_WORD_PIO4 = 0x3fe921fb|0; // asm type annotation

	// High word of 2^-27: 0x3e400000 => 00111110010000000000000000000000
	var HIGH_WORD_TWO_NEG_27 = 0x3e400000|0; // asm type annotation


	// MAIN //

	/**
	* Computes the cosine of a number.
	*
	* ## Method
	*
	* -   Let \\(S\\), \\(C\\), and \\(T\\) denote the \\(\sin\\), \\(\cos\\), and \\(\tan\\), respectively, on \\(\[-\pi/4, +\pi/4\]\\).
	*
	* -   Reduce the argument \\(x\\) to \\(y1+y2 = x-k\pi/2\\) in \\(\[-\pi/4, +\pi/4\]\\), and let \\(n = k \mod 4\\).
	*
	* -   We have
	*
	*     | n | sin(x) | cos(x) | tan(x) |
	*     | - | ------ | ------ | ------ |
	*     | 0 |   S    |   C    |    T   |
	*     | 1 |   C    |  -S    |  -1/T  |
	*     | 2 |  -S    |  -C    |    T   |
	*     | 3 |  -C    |   S    |  -1/T  |
	*
	* @param {number} x - input value (in radians)
	* @returns {number} cosine
	*
	* @example
	* var v = cos( 0.0 );
	* // returns 1.0
	*
	* @example
	* var v = cos( 3.141592653589793/4.0 );
	* // returns ~0.707
	*
	* @example
	* var v = cos( -3.141592653589793/6.0 );
	* // returns ~0.866
	*
	* @example
	* var v = cos( NaN );
	* // returns NaN
	*/
	function cos( x ) {
		var ix;
		var n;

		ix = getHighWord( x );
		ix &= ABS_MASK;

		// Case: |x| ~< pi/4
		if ( ix <= HIGH_WORD_PIO4 ) {
			// Case: x < 2**-27
			if ( ix < HIGH_WORD_TWO_NEG_27 ) {
				return 1.0;
			}
			return kernelCos( x, 0.0 );
		}
		// Case: cos(Inf or NaN) is NaN */
		if ( ix >= EXPONENT_MASK ) {
			return NaN;
		}
		// Case: Argument reduction needed...
		n = rempio2( x, buffer );
		switch ( n & 3 ) {
		case 0:
			return kernelCos( buffer[ 0 ], buffer[ 1 ] );
		case 1:
			return -kernelSin( buffer[ 0 ], buffer[ 1 ] );
		case 2:
			return -kernelCos( buffer[ 0 ], buffer[ 1 ] );
		default:
			return kernelSin( buffer[ 0 ], buffer[ 1 ] );
		}
	}


	// EXPORTS //

	main$p = cos;
	return main$p;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$C;
var hasRequiredLib$C;

function requireLib$C () {
	if (hasRequiredLib$C) return lib$C;
	hasRequiredLib$C = 1;

	/**
	* Compute the cosine of a number.
	*
	* @module @stdlib/math-base-special-cos
	*
	* @example
	* var cos = require( '@stdlib/math-base-special-cos' );
	*
	* var v = cos( 0.0 );
	* // returns 1.0
	*
	* v = cos( 3.141592653589793/4.0 );
	* // returns ~0.707
	*
	* v = cos( -3.141592653589793/6.0 );
	* // returns ~0.866
	*/

	// MODULES //

	var main = requireMain$p();


	// EXPORTS //

	lib$C = main;
	return lib$C;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$o;
var hasRequiredMain$o;

function requireMain$o () {
	if (hasRequiredMain$o) return main$o;
	hasRequiredMain$o = 1;

	// MODULES //

	var isnan = requireLib$20();
	var isInfinite = requireLib$1m();
	var cos = requireLib$C();
	var sin = requireLib$M();
	var abs = requireLib$1s();
	var copysign = requireLib$1i();
	var PI = requireLib$U();


	// MAIN //

	/**
	* Computes the value of `sin(πx)`.
	*
	* ## Notes
	*
	* -   The function computes `sin(πx)` more accurately than the obvious approach, especially for large `x`.
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var y = sinpi( 0.0 );
	* // returns 0.0
	*
	* @example
	* var y = sinpi( 0.5 );
	* // returns 1.0
	*
	* @example
	* var y = sinpi( 0.9 );
	* // returns ~0.309
	*
	* @example
	* var y = sinpi( NaN );
	* // returns NaN
	*/
	function sinpi( x ) {
		var ar;
		var r;
		if ( isnan( x ) ) {
			return NaN;
		}
		if ( isInfinite( x ) ) {
			return NaN;
		}
		// Argument reduction (reduce to [0,2))...
		r = x % 2.0; // sign preserving
		ar = abs( r );

		// If `x` is an integer, the mod is an integer...
		if ( ar === 0.0 || ar === 1.0 ) {
			return copysign( 0.0, r );
		}
		if ( ar < 0.25 ) {
			return sin( PI*r );
		}
		// In each of the following, we further reduce to [-π/4,π/4)...
		if ( ar < 0.75 ) {
			ar = 0.5 - ar;
			return copysign( cos( PI*ar ), r );
		}
		if ( ar < 1.25 ) {
			r = copysign( 1.0, r ) - r;
			return sin( PI*r );
		}
		if ( ar < 1.75 ) {
			ar -= 1.5;
			return -copysign( cos( PI*ar ), r );
		}
		r -= copysign( 2.0, r );
		return sin( PI*r );
	}


	// EXPORTS //

	main$o = sinpi;
	return main$o;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$B;
var hasRequiredLib$B;

function requireLib$B () {
	if (hasRequiredLib$B) return lib$B;
	hasRequiredLib$B = 1;

	/**
	* Compute the value of `sin(πx)`.
	*
	* @module @stdlib/math-base-special-sinpi
	*
	* @example
	* var sinpi = require( '@stdlib/math-base-special-sinpi' );
	*
	* var y = sinpi( 0.0 );
	* // returns 0.0
	*
	* y = sinpi( 0.5 );
	* // returns 1.0
	*
	* y = sinpi( 0.9 );
	* // returns ~0.309
	*
	* y = sinpi( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$o();


	// EXPORTS //

	lib$B = main;
	return lib$B;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_a1;
var hasRequiredPolyval_a1;

function requirePolyval_a1 () {
	if (hasRequiredPolyval_a1) return polyval_a1;
	hasRequiredPolyval_a1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.06735230105312927;
		}
		return 0.06735230105312927 + (x * (0.007385550860814029 + (x * (0.0011927076318336207 + (x * (0.00022086279071390839 + (x * 0.000025214456545125733))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_a1 = evalpoly;
	return polyval_a1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_a2;
var hasRequiredPolyval_a2;

function requirePolyval_a2 () {
	if (hasRequiredPolyval_a2) return polyval_a2;
	hasRequiredPolyval_a2 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.020580808432516733;
		}
		return 0.020580808432516733 + (x * (0.0028905138367341563 + (x * (0.0005100697921535113 + (x * (0.00010801156724758394 + (x * 0.000044864094961891516))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_a2 = evalpoly;
	return polyval_a2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_r;
var hasRequiredPolyval_r;

function requirePolyval_r () {
	if (hasRequiredPolyval_r) return polyval_r;
	hasRequiredPolyval_r = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 1.3920053346762105;
		}
		return 1.3920053346762105 + (x * (0.7219355475671381 + (x * (0.17193386563280308 + (x * (0.01864591917156529 + (x * (0.0007779424963818936 + (x * 0.000007326684307446256))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_r = evalpoly;
	return polyval_r;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_s;
var hasRequiredPolyval_s;

function requirePolyval_s () {
	if (hasRequiredPolyval_s) return polyval_s;
	hasRequiredPolyval_s = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.21498241596060885;
		}
		return 0.21498241596060885 + (x * (0.325778796408931 + (x * (0.14635047265246445 + (x * (0.02664227030336386 + (x * (0.0018402845140733772 + (x * 0.00003194753265841009))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_s = evalpoly;
	return polyval_s;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_t1;
var hasRequiredPolyval_t1;

function requirePolyval_t1 () {
	if (hasRequiredPolyval_t1) return polyval_t1;
	hasRequiredPolyval_t1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -0.032788541075985965;
		}
		return -0.032788541075985965 + (x * (0.006100538702462913 + (x * (-0.0014034646998923284 + (x * 0.00031563207090362595))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_t1 = evalpoly;
	return polyval_t1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_t2;
var hasRequiredPolyval_t2;

function requirePolyval_t2 () {
	if (hasRequiredPolyval_t2) return polyval_t2;
	hasRequiredPolyval_t2 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.01797067508118204;
		}
		return 0.01797067508118204 + (x * (-0.0036845201678113826 + (x * (0.000881081882437654 + (x * -31275416837512086e-20))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_t2 = evalpoly;
	return polyval_t2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_t3;
var hasRequiredPolyval_t3;

function requirePolyval_t3 () {
	if (hasRequiredPolyval_t3) return polyval_t3;
	hasRequiredPolyval_t3 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -0.010314224129834144;
		}
		return -0.010314224129834144 + (x * (0.0022596478090061247 + (x * (-5385953053567405e-19 + (x * 0.0003355291926355191))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_t3 = evalpoly;
	return polyval_t3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_u;
var hasRequiredPolyval_u;

function requirePolyval_u () {
	if (hasRequiredPolyval_u) return polyval_u;
	hasRequiredPolyval_u = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.6328270640250934;
		}
		return 0.6328270640250934 + (x * (1.4549225013723477 + (x * (0.9777175279633727 + (x * (0.22896372806469245 + (x * 0.013381091853678766))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_u = evalpoly;
	return polyval_u;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_v;
var hasRequiredPolyval_v;

function requirePolyval_v () {
	if (hasRequiredPolyval_v) return polyval_v;
	hasRequiredPolyval_v = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 2.4559779371304113;
		}
		return 2.4559779371304113 + (x * (2.128489763798934 + (x * (0.7692851504566728 + (x * (0.10422264559336913 + (x * 0.003217092422824239))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_v = evalpoly;
	return polyval_v;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_w;
var hasRequiredPolyval_w;

function requirePolyval_w () {
	if (hasRequiredPolyval_w) return polyval_w;
	hasRequiredPolyval_w = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.08333333333333297;
		}
		return 0.08333333333333297 + (x * (-0.0027777777772877554 + (x * (0.0007936505586430196 + (x * (-59518755745034e-17 + (x * (0.0008363399189962821 + (x * -0.0016309293409657527))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_w = evalpoly;
	return polyval_w;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright, license, and long comment were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/12.2.0/lib/msun/src/e_lgamma_r.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$n;
var hasRequiredMain$n;

function requireMain$n () {
	if (hasRequiredMain$n) return main$n;
	hasRequiredMain$n = 1;

	// MODULES //

	var isnan = requireLib$20();
	var isInfinite = requireLib$1m();
	var abs = requireLib$1s();
	var ln = requireLib$D();
	var trunc = requireLib$1q();
	var sinpi = requireLib$B();
	var PI = requireLib$U();
	var PINF = requireLib$1D();
	var polyvalA1 = requirePolyval_a1();
	var polyvalA2 = requirePolyval_a2();
	var polyvalR = requirePolyval_r();
	var polyvalS = requirePolyval_s();
	var polyvalT1 = requirePolyval_t1();
	var polyvalT2 = requirePolyval_t2();
	var polyvalT3 = requirePolyval_t3();
	var polyvalU = requirePolyval_u();
	var polyvalV = requirePolyval_v();
	var polyvalW = requirePolyval_w();


	// VARIABLES //

	var A1C = 7.72156649015328655494e-02; // 0x3FB3C467E37DB0C8
	var A2C = 3.22467033424113591611e-01; // 0x3FD4A34CC4A60FAD
	var RC = 1.0;
	var SC = -0.07721566490153287; // 0xBFB3C467E37DB0C8
	var T1C = 4.83836122723810047042e-01; // 0x3FDEF72BC8EE38A2
	var T2C = -0.1475877229945939; // 0xBFC2E4278DC6C509
	var T3C = 6.46249402391333854778e-02; // 0x3FB08B4294D5419B
	var UC = -0.07721566490153287; // 0xBFB3C467E37DB0C8
	var VC = 1.0;
	var WC = 4.18938533204672725052e-01; // 0x3FDACFE390C97D69
	var YMIN = 1.461632144968362245;
	var TWO52 = 4503599627370496; // 2**52
	var TWO56 = 72057594037927936; // 2**56
	var TINY = 1.3877787807814457e-17;
	var TC = 1.46163214496836224576e+00; // 0x3FF762D86356BE3F
	var TF = -0.12148629053584961; // 0xBFBF19B9BCC38A42
	var TT = -3638676997039505e-33; // 0xBC50C7CAA48A971F => TT = -(tail of TF)


	// MAIN //

	/**
	* Evaluates the natural logarithm of the gamma function.
	*
	* ## Method
	*
	* 1.  Argument reduction for \\(0 < x \leq 8\\). Since \\(\Gamma(1+s) = s \Gamma(s)\\), for \\(x \in \[0,8]\\), we may reduce \\(x\\) to a number in \\(\[1.5,2.5]\\) by
	*
	*     ```tex
	*     \operatorname{lgamma}(1+s) = \ln(s) + \operatorname{lgamma}(s)
	*     ```
	*
	*     For example,
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{lgamma}(7.3) &= \ln(6.3) + \operatorname{lgamma}(6.3) \\
	*     &= \ln(6.3 \cdot 5.3) + \operatorname{lgamma}(5.3) \\
	*     &= \ln(6.3 \cdot 5.3 \cdot 4.3 \cdot 3.3 \cdot2.3) + \operatorname{lgamma}(2.3)
	*     \end{align*}
	*     ```
	*
	* 2.  Compute a polynomial approximation of \\(\mathrm{lgamma}\\) around its minimum (\\(\mathrm{ymin} = 1.461632144968362245\\)) to maintain monotonicity. On the interval \\(\[\mathrm{ymin} - 0.23, \mathrm{ymin} + 0.27]\\) (i.e., \\(\[1.23164,1.73163]\\)), we let \\(z = x - \mathrm{ymin}\\) and use
	*
	*     ```tex
	*     \operatorname{lgamma}(x) = -1.214862905358496078218 + z^2 \cdot \operatorname{poly}(z)
	*     ```
	*
	*     where \\(\operatorname{poly}(z)\\) is a \\(14\\) degree polynomial.
	*
	* 3.  Compute a rational approximation in the primary interval \\(\[2,3]\\). Let \\( s = x - 2.0 \\). We can thus use the approximation
	*
	*     ```tex
	*     \operatorname{lgamma}(x) = \frac{s}{2} + s\frac{\operatorname{P}(s)}{\operatorname{Q}(s)}
	*     ```
	*
	*     with accuracy
	*
	*     ```tex
	*     \biggl|\frac{\mathrm{P}}{\mathrm{Q}} - \biggr(\operatorname{lgamma}(x)-\frac{s}{2}\biggl)\biggl| < 2^{-61.71}
	*     ```
	*
	*     The algorithms are based on the observation
	*
	*     ```tex
	*     \operatorname{lgamma}(2+s) = s(1 - \gamma) + \frac{\zeta(2) - 1}{2} s^2 - \frac{\zeta(3) - 1}{3} s^3 + \ldots
	*     ```
	*
	*     where \\(\zeta\\) is the zeta function and \\(\gamma = 0.5772156649...\\) is the Euler-Mascheroni constant, which is very close to \\(0.5\\).
	*
	* 4.  For \\(x \geq 8\\),
	*
	*     ```tex
	*     \operatorname{lgamma}(x) \approx \biggl(x-\frac{1}{2}\biggr) \ln(x) - x + \frac{\ln(2\pi)}{2} + \frac{1}{12x} - \frac{1}{360x^3} + \ldots
	*     ```
	*
	*     which can be expressed
	*
	*     ```tex
	*     \operatorname{lgamma}(x) \approx \biggl(x-\frac{1}{2}\biggr)(\ln(x)-1)-\frac{\ln(2\pi)-1}{2} + \ldots
	*     ```
	*
	*     Let \\(z = \frac{1}{x}\\). We can then use the approximation
	*
	*     ```tex
	*     f(z) = \operatorname{lgamma}(x) - \biggl(x-\frac{1}{2}\biggr)(\ln(x)-1)
	*     ```
	*
	*     by
	*
	*     ```tex
	*     w = w_0 + w_1 z + w_2 z^3 + w_3 z^5 + \ldots + w_6 z^{11}
	*     ```
	*
	*     where
	*
	*     ```tex
	*     |w - f(z)| < 2^{-58.74}
	*     ```
	*
	* 5.  For negative \\(x\\), since
	*
	*     ```tex
	*     -x \Gamma(-x) \Gamma(x) = \frac{\pi}{\sin(\pi x)}
	*     ```
	*
	*     where \\(\Gamma\\) is the gamma function, we have
	*
	*     ```tex
	*     \Gamma(x) = \frac{\pi}{\sin(\pi x)(-x)\Gamma(-x)}
	*     ```
	*
	*     Since \\(\Gamma(-x)\\) is positive,
	*
	*     ```tex
	*     \operatorname{sign}(\Gamma(x)) = \operatorname{sign}(\sin(\pi x))
	*     ```
	*
	*     for \\(x < 0\\). Hence, for \\(x < 0\\),
	*
	*     ```tex
	*     \mathrm{signgam} = \operatorname{sign}(\sin(\pi x))
	*     ```
	*
	*     and
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{lgamma}(x) &= \ln(|\Gamma(x)|) \\
	*     &= \ln\biggl(\frac{\pi}{|x \sin(\pi x)|}\biggr) - \operatorname{lgamma}(-x)
	*     \end{align*}
	*     ```
	*
	*     <!-- <note> -->
	*
	*     Note that one should avoid computing \\(\pi (-x)\\) directly in the computation of \\(\sin(\pi (-x))\\).
	*
	*     <!-- </note> -->
	*
	* ## Special Cases
	*
	* ```tex
	* \begin{align*}
	* \operatorname{lgamma}(2+s) &\approx s (1-\gamma) & \mathrm{for\ tiny\ s} \\
	* \operatorname{lgamma}(x) &\approx -\ln(x) & \mathrm{for\ tiny\ x} \\
	* \operatorname{lgamma}(1) &= 0 & \\
	* \operatorname{lgamma}(2) &= 0 & \\
	* \operatorname{lgamma}(0) &= \infty & \\
	* \operatorname{lgamma}(\infty) &= \infty & \\
	* \operatorname{lgamma}(-\mathrm{integer}) &= \pm \infty
	* \end{align*}
	* ```
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var v = gammaln( 1.0 );
	* // returns 0.0
	*
	* @example
	* var v = gammaln( 2.0 );
	* // returns 0.0
	*
	* @example
	* var v = gammaln( 4.0 );
	* // returns ~1.792
	*
	* @example
	* var v = gammaln( -0.5 );
	* // returns ~1.266
	*
	* @example
	* var v = gammaln( 0.5 );
	* // returns ~0.572
	*
	* @example
	* var v = gammaln( 0.0 );
	* // returns Infinity
	*
	* @example
	* var v = gammaln( NaN );
	* // returns NaN
	*/
	function gammaln( x ) {
		var isNegative;
		var nadj;
		var flg;
		var p3;
		var p2;
		var p1;
		var p;
		var q;
		var t;
		var w;
		var y;
		var z;
		var r;

		// Special cases: NaN, +-infinity
		if ( isnan( x ) || isInfinite( x ) ) {
			return x;
		}
		// Special case: 0
		if ( x === 0.0 ) {
			return PINF;
		}
		if ( x < 0.0 ) {
			isNegative = true;
			x = -x;
		} else {
			isNegative = false;
		}
		// If |x| < 2**-56, return -ln(|x|)
		if ( x < TINY ) {
			return -ln( x );
		}
		if ( isNegative ) {
			// If |x| >= 2**52, must be -integer
			if ( x >= TWO52 ) {
				return PINF;
			}
			t = sinpi( x );
			if ( t === 0.0 ) {
				return PINF;
			}
			nadj = ln( PI / abs( t*x ) );
		}
		// If x equals 1 or 2, return 0
		if ( x === 1.0 || x === 2.0 ) {
			return 0.0;
		}
		// If x < 2, use lgamma(x) = lgamma(x+1) - log(x)
		if ( x < 2.0 ) {
			if ( x <= 0.9 ) {
				r = -ln( x );

				// 0.7316 <= x <=  0.9
				if ( x >= ( YMIN - 1.0 + 0.27 ) ) {
					y = 1.0 - x;
					flg = 0;
				}
				// 0.2316 <= x < 0.7316
				else if ( x >= (YMIN - 1.0 - 0.27) ) {
					y = x - (TC - 1.0);
					flg = 1;
				}
				// 0 < x < 0.2316
				else {
					y = x;
					flg = 2;
				}
			} else {
				r = 0.0;

				// 1.7316 <= x < 2
				if ( x >= (YMIN + 0.27) ) {
					y = 2.0 - x;
					flg = 0;
				}
				// 1.2316 <= x < 1.7316
				else if ( x >= (YMIN - 0.27) ) {
					y = x - TC;
					flg = 1;
				}
				// 0.9 < x < 1.2316
				else {
					y = x - 1.0;
					flg = 2;
				}
			}
			switch ( flg ) { // eslint-disable-line default-case
			case 0:
				z = y * y;
				p1 = A1C + (z*polyvalA1( z ));
				p2 = z * (A2C + (z*polyvalA2( z )));
				p = (y*p1) + p2;
				r += ( p - (0.5*y) );
				break;
			case 1:
				z = y * y;
				w = z * y;
				p1 = T1C + (w*polyvalT1( w ));
				p2 = T2C + (w*polyvalT2( w ));
				p3 = T3C + (w*polyvalT3( w ));
				p = (z*p1) - (TT - (w*(p2+(y*p3))));
				r += ( TF + p );
				break;
			case 2:
				p1 = y * (UC + (y*polyvalU( y )));
				p2 = VC + (y*polyvalV( y ));
				r += (-0.5*y) + (p1/p2);
				break;
			}
		}
		// 2 <= x < 8
		else if ( x < 8.0 ) {
			flg = trunc( x );
			y = x - flg;
			p = y * (SC + (y*polyvalS( y )));
			q = RC + (y*polyvalR( y ));
			r = (0.5*y) + (p/q);
			z = 1.0; // gammaln(1+s) = ln(s) + gammaln(s)
			switch ( flg ) { // eslint-disable-line default-case
			case 7:
				z *= y + 6.0;

				/* Falls through */
			case 6:
				z *= y + 5.0;

				/* Falls through */
			case 5:
				z *= y + 4.0;

				/* Falls through */
			case 4:
				z *= y + 3.0;

				/* Falls through */
			case 3:
				z *= y + 2.0;
				r += ln( z );
			}
		}
		// 8 <= x < 2**56
		else if ( x < TWO56 ) {
			t = ln( x );
			z = 1.0 / x;
			y = z * z;
			w = WC + (z*polyvalW( y ));
			r = ((x-0.5)*(t-1.0)) + w;
		}
		// 2**56 <= x <= Inf
		else {
			r = x * ( ln(x)-1.0 );
		}
		if ( isNegative ) {
			r = nadj - r;
		}
		return r;
	}


	// EXPORTS //

	main$n = gammaln;
	return main$n;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$A;
var hasRequiredLib$A;

function requireLib$A () {
	if (hasRequiredLib$A) return lib$A;
	hasRequiredLib$A = 1;

	/**
	* Evaluate the natural logarithm of the gamma function.
	*
	* @module @stdlib/math-base-special-gammaln
	*
	* @example
	* var gammaln = require( '@stdlib/math-base-special-gammaln' );
	*
	* var v = gammaln( 1.0 );
	* // returns 0.0
	*
	* v = gammaln( 2.0 );
	* // returns 0.0
	*
	* v = gammaln( 4.0 );
	* // returns ~1.792
	*
	* v = gammaln( -0.5 );
	* // returns ~1.266
	*
	* v = gammaln( 0.5 );
	* // returns ~0.572
	*
	* v = gammaln( 0.0 );
	* // returns Infinity
	*
	* v = gammaln( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$n();


	// EXPORTS //

	lib$A = main;
	return lib$A;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$z;
var hasRequiredLib$z;

function requireLib$z () {
	if (hasRequiredLib$z) return lib$z;
	hasRequiredLib$z = 1;

	/**
	* Natural logarithm of the maximum double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-max-ln
	* @type {number}
	*
	* @example
	* var FLOAT64_MAX_LN = require( '@stdlib/constants-float64-max-ln' );
	* // returns 709.782712893384
	*/


	// MAIN //

	/**
	* Natural logarithm of the maximum double-precision floating-point number.
	*
	* ## Notes
	*
	* The natural logarithm of the maximum is given by
	*
	* ```tex
	* \ln \left( 2^{1023} (2 - 2^{-52}) \right)
	* ```
	*
	* @constant
	* @type {number}
	* @default 709.782712893384
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_MAX_LN = 709.782712893384;


	// EXPORTS //

	lib$z = FLOAT64_MAX_LN;
	return lib$z;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$y;
var hasRequiredLib$y;

function requireLib$y () {
	if (hasRequiredLib$y) return lib$y;
	hasRequiredLib$y = 1;

	/**
	* Square root of double-precision floating-point epsilon.
	*
	* @module @stdlib/constants-float64-sqrt-eps
	* @type {number}
	*
	* @example
	* var FLOAT64_SQRT_EPSILON = require( '@stdlib/constants-float64-sqrt-eps' );
	* // returns 0.14901161193847656e-7
	*/


	// MAIN //

	/**
	* Square root of double-precision floating-point epsilon.
	*
	* ```tex
	* \sqrt{\frac{1}{2^{52}}}
	* ```
	*
	* @constant
	* @type {number}
	* @default 0.14901161193847656e-7
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	* @see [Machine Epsilon]{@link https://en.wikipedia.org/wiki/Machine_epsilon}
	*/
	var FLOAT64_SQRT_EPSILON = 0.1490116119384765625e-7;


	// EXPORTS //

	lib$y = FLOAT64_SQRT_EPSILON;
	return lib$y;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$x;
var hasRequiredLib$x;

function requireLib$x () {
	if (hasRequiredLib$x) return lib$x;
	hasRequiredLib$x = 1;

	/**
	* Alias for `eval` global.
	*
	* @module @stdlib/utils-eval
	*
	* @example
	* var evil = require( '@stdlib/utils-eval' );
	*
	* var v = evil( '5*4*3*2*1' );
	* // returns 120
	*/

	// MODULES //

	var evil = eval; // eslint-disable-line no-eval


	// EXPORTS //

	lib$x = evil;
	return lib$x;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$m;
var hasRequiredMain$m;

function requireMain$m () {
	if (hasRequiredMain$m) return main$m;
	hasRequiredMain$m = 1;

	// MODULES //

	var evil = requireLib$x();


	// MAIN //

	/**
	* Tests for native `function*()` support.
	*
	* @returns {boolean} boolean indicating if an environment has native `function*()` support
	*
	* @example
	* var bool = hasGeneratorSupport();
	* // returns <boolean>
	*/
	function hasGeneratorSupport() {
		var bool;
		try {
			evil( '"use strict"; (function* () {})' );
			bool = true;
		} catch ( err ) { // eslint-disable-line no-unused-vars
			bool = false;
		}
		return bool;
	}


	// EXPORTS //

	main$m = hasGeneratorSupport;
	return main$m;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$w;
var hasRequiredLib$w;

function requireLib$w () {
	if (hasRequiredLib$w) return lib$w;
	hasRequiredLib$w = 1;

	/**
	* Test for native `function*()` support.
	*
	* @module @stdlib/assert-has-generator-support
	*
	* @example
	* var hasGeneratorSupport = require( '@stdlib/assert-has-generator-support' );
	*
	* var bool = hasGeneratorSupport();
	* // returns <boolean>
	*/

	// MODULES //

	var main = requireMain$m();


	// EXPORTS //

	lib$w = main;
	return lib$w;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var generators$1;
var hasRequiredGenerators$1;

function requireGenerators$1 () {
	if (hasRequiredGenerators$1) return generators$1;
	hasRequiredGenerators$1 = 1;

	// MODULES //

	var abs = requireLib$1s();
	var EPS = requireLib$11();


	// VARIABLES //

	var MAX_TERMS = 1000000;


	// MAIN //

	/**
	* Sum the elements of the series given by the supplied function.
	*
	* @param {Function} generator - series function
	* @param {Object} [options] - function options
	* @param {PositiveInteger} [options.maxTerms=1000000] - maximum number of terms to be added
	* @param {PositiveNumber} [options.tolerance=2.22e-16] - further terms are only added as long as the next term is greater than current term times the tolerance
	* @param {number} [options.initialValue=0] - initial value of the resulting sum
	* @returns {number} sum of all series terms
	*
	* @example
	* var gen = geometricSeriesGenerator( 0.9 );
	* var out = sumSeries( gen );
	* // returns 10.0
	*
	* function* geometricSeriesGenerator( x ) {
	*     var exponent = 0;
	*     while ( true ) {
	*         yield Math.pow( x, exponent );
	*         exponent += 1;
	*     }
	* }
	*/
	function sumSeries( generator, options ) {
		var isgenerator;
		var tolerance;
		var nextTerm;
		var counter;
		var result;
		var opts;

		opts = {};
		if ( arguments.length > 1 ) {
			opts = options;
		}
		tolerance = opts.tolerance || EPS;
		counter = opts.maxTerms || MAX_TERMS;
		result = opts.initialValue || 0;

		isgenerator = typeof generator.next === 'function';
		if ( isgenerator === true ) {
			// Case A: Iterate over generator object created by a generator function...
			for ( nextTerm of generator ) {
				result += nextTerm;
				if (
					abs(tolerance * result) >= abs(nextTerm) ||
					--counter === 0 // eslint-disable-line no-plusplus
				) {
					break;
				}
			}
		} else {
			// Case B: Repeatedly call function...
			do {
				nextTerm = generator();
				result += nextTerm;
			}
			while ( ( abs(tolerance * result) < abs(nextTerm) ) && --counter ); // eslint-disable-line no-plusplus
		}
		return result;
	}


	// EXPORTS //

	generators$1 = sumSeries;
	return generators$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var basic$1;
var hasRequiredBasic$1;

function requireBasic$1 () {
	if (hasRequiredBasic$1) return basic$1;
	hasRequiredBasic$1 = 1;

	// MODULES //

	var abs = requireLib$1s();
	var EPS = requireLib$11();


	// VARIABLES //

	var MAX_TERMS = 1000000;


	// MAIN //

	/**
	* Sum the elements of the series given by the supplied function.
	*
	* @param {Function} generator - series function
	* @param {Object} [options] - function options
	* @param {PositiveInteger} [options.maxTerms=1000000] - maximum number of terms to be added
	* @param {PositiveNumber} [options.tolerance=2.22e-16] - further terms are only added as long as the next term is greater than current term times the tolerance
	* @param {number} [options.initialValue=0] - initial value of the resulting sum
	* @returns {number} sum of all series terms
	*
	* @example
	* var gen = geometricSeriesClosure( 0.9 )
	* var out = sumSeries( gen );
	* // returns 10.0
	*
	* function geometricSeriesClosure( x ) {
	*     var exponent = -1;
	*     return function() {
	*         exponent += 1;
	*         return Math.pow( x, exponent );
	*     };
	* }
	*/
	function sumSeries( generator, options ) {
		var tolerance;
		var nextTerm;
		var counter;
		var result;
		var opts;

		opts = {};

		if ( arguments.length > 1 ) {
			opts = options;
		}
		tolerance = opts.tolerance || EPS;
		counter = opts.maxTerms || MAX_TERMS;
		result = opts.initialValue || 0;

		// Repeatedly call function...
		do {
			nextTerm = generator();
			result += nextTerm;
		}
		while ( ( abs(tolerance * result) < abs(nextTerm) ) && --counter ); // eslint-disable-line no-plusplus

		return result;
	}


	// EXPORTS //

	basic$1 = sumSeries;
	return basic$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$v;
var hasRequiredLib$v;

function requireLib$v () {
	if (hasRequiredLib$v) return lib$v;
	hasRequiredLib$v = 1;

	/**
	* Sum the elements of the series given by the supplied function.
	*
	* @module @stdlib/math-base-tools-sum-series
	*
	* @example
	* var sumSeries = require( '@stdlib/math-base-tools-sum-series' );
	*
	* var gen = geometricSeriesClosure( 0.9 );
	* var out = sumSeries( gen );
	* // returns 10.0
	*
	* function geometricSeriesClosure( x ) {
	*     var exponent = -1;
	*     return function() {
	*         exponent += 1;
	*         return Math.pow( x, exponent );
	*     };
	* }
	*/

	// MODULES //

	var hasGeneratorSupport = requireLib$w();
	var generator = requireGenerators$1();
	var basic = requireBasic$1();


	// MAIN //

	var sumSeries;
	if ( hasGeneratorSupport() ) {
		sumSeries = generator;
	} else {
		sumSeries = basic;
	}


	// EXPORTS //

	lib$v = sumSeries;
	return lib$v;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2025 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var tgamma_i_large_x_series;
var hasRequiredTgamma_i_large_x_series;

function requireTgamma_i_large_x_series () {
	if (hasRequiredTgamma_i_large_x_series) return tgamma_i_large_x_series;
	hasRequiredTgamma_i_large_x_series = 1;

	// MAIN //

	/**
	* Creates a function to evaluate a series expansion of the full upper fraction (Q) when `x` is large.
	*
	* @private
	* @param {number} a1 - function parameter
	* @param {number} x1 - function parameter
	* @returns {Function} series function
	*/
	function tgammaILargeXSeries( a1, x1 ) {
		var result = 1.0;
		var a = a1;
		var x = x1;
		return next;

		/**
		* Calculate the next term of the series.
		*
		* @private
		* @returns {number} series expansion term
		*/
		function next() {
			var r = result;
			result *= a / x;
			a -= 1.0;
			return r;
		}
	}


	// EXPORTS //

	tgamma_i_large_x_series = tgammaILargeXSeries;
	return tgamma_i_large_x_series;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2025 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var tgamma_i_large_x;
var hasRequiredTgamma_i_large_x;

function requireTgamma_i_large_x () {
	if (hasRequiredTgamma_i_large_x) return tgamma_i_large_x;
	hasRequiredTgamma_i_large_x = 1;

	// MODULES //

	var sumSeries = requireLib$v();
	var tgammaILargeXSeries = requireTgamma_i_large_x_series();


	// MAIN //

	/**
	* Sums the elements of the series given by the full upper fraction (Q) when `x` is large.
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} x - function parameter
	* @returns {number} sum of series
	*/
	function tgammaILargeX( a, x ) {
		var result;
		var s;

		s = tgammaILargeXSeries( a, x );
		result = sumSeries( s );
		return result;
	}


	// EXPORTS //

	tgamma_i_large_x = tgammaILargeX;
	return tgamma_i_large_x;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var finite_gamma_q;
var hasRequiredFinite_gamma_q;

function requireFinite_gamma_q () {
	if (hasRequiredFinite_gamma_q) return finite_gamma_q;
	hasRequiredFinite_gamma_q = 1;

	// MODULES //

	var exp = requireLib$1c();


	// MAIN //

	/**
	* Calculates normalized Q when a is an integer.
	*
	* @private
	* @param {integer} a - function parameter
	* @param {number} x - function parameter
	* @returns {number} upper gamma fraction
	*/
	function finiteGammaQ( a, x ) {
		var term;
		var sum;
		var e;
		var n;

		e = exp( -x );
		sum = e;
		if ( sum !== 0.0 ) {
			term = sum;
			for ( n = 1; n < a; ++n ) {
				term /= n;
				term *= x;
				sum += term;
			}
		}
		return sum;
	}


	// EXPORTS //

	finite_gamma_q = finiteGammaQ;
	return finite_gamma_q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_pp;
var hasRequiredPolyval_pp;

function requirePolyval_pp () {
	if (hasRequiredPolyval_pp) return polyval_pp;
	hasRequiredPolyval_pp = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -0.3250421072470015;
		}
		return -0.3250421072470015 + (x * (-0.02848174957559851 + (x * (-0.005770270296489442 + (x * -23763016656650163e-21))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_pp = evalpoly;
	return polyval_pp;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_qq;
var hasRequiredPolyval_qq;

function requirePolyval_qq () {
	if (hasRequiredPolyval_qq) return polyval_qq;
	hasRequiredPolyval_qq = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.39791722395915535;
		}
		return 0.39791722395915535 + (x * (0.0650222499887673 + (x * (0.005081306281875766 + (x * (0.00013249473800432164 + (x * -3960228278775368e-21))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_qq = evalpoly;
	return polyval_qq;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_pa;
var hasRequiredPolyval_pa;

function requirePolyval_pa () {
	if (hasRequiredPolyval_pa) return polyval_pa;
	hasRequiredPolyval_pa = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.41485611868374833;
		}
		return 0.41485611868374833 + (x * (-0.3722078760357013 + (x * (0.31834661990116175 + (x * (-0.11089469428239668 + (x * (0.035478304325618236 + (x * -0.002166375594868791))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_pa = evalpoly;
	return polyval_pa;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_qa;
var hasRequiredPolyval_qa;

function requirePolyval_qa () {
	if (hasRequiredPolyval_qa) return polyval_qa;
	hasRequiredPolyval_qa = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.10642088040084423;
		}
		return 0.10642088040084423 + (x * (0.540397917702171 + (x * (0.07182865441419627 + (x * (0.12617121980876164 + (x * (0.01363708391202905 + (x * 0.011984499846799107))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_qa = evalpoly;
	return polyval_qa;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_ra;
var hasRequiredPolyval_ra;

function requirePolyval_ra () {
	if (hasRequiredPolyval_ra) return polyval_ra;
	hasRequiredPolyval_ra = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -0.6938585727071818;
		}
		return -0.6938585727071818 + (x * (-10.558626225323291 + (x * (-62.375332450326006 + (x * (-162.39666946257347 + (x * (-184.60509290671104 + (x * (-81.2874355063066 + (x * -9.814329344169145))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_ra = evalpoly;
	return polyval_ra;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_sa;
var hasRequiredPolyval_sa;

function requirePolyval_sa () {
	if (hasRequiredPolyval_sa) return polyval_sa;
	hasRequiredPolyval_sa = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 19.651271667439257;
		}
		return 19.651271667439257 + (x * (137.65775414351904 + (x * (434.56587747522923 + (x * (645.3872717332679 + (x * (429.00814002756783 + (x * (108.63500554177944 + (x * (6.570249770319282 + (x * -0.0604244152148581))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_sa = evalpoly;
	return polyval_sa;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_rb;
var hasRequiredPolyval_rb;

function requirePolyval_rb () {
	if (hasRequiredPolyval_rb) return polyval_rb;
	hasRequiredPolyval_rb = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -0.799283237680523;
		}
		return -0.799283237680523 + (x * (-17.757954917754752 + (x * (-160.63638485582192 + (x * (-637.5664433683896 + (x * (-1025.0951316110772 + (x * -483.5191916086514))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_rb = evalpoly;
	return polyval_rb;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_sb;
var hasRequiredPolyval_sb;

function requirePolyval_sb () {
	if (hasRequiredPolyval_sb) return polyval_sb;
	hasRequiredPolyval_sb = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 30.33806074348246;
		}
		return 30.33806074348246 + (x * (325.7925129965739 + (x * (1536.729586084437 + (x * (3199.8582195085955 + (x * (2553.0504064331644 + (x * (474.52854120695537 + (x * -22.44095244658582))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_sb = evalpoly;
	return polyval_sb;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The following copyright, license, and long comment were part of the original implementation available as part of [FreeBSD]{@link https://svnweb.freebsd.org/base/release/9.3.0/lib/msun/src/s_erf.c}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
*
* Developed at SunPro, a Sun Microsystems, Inc. business.
* Permission to use, copy, modify, and distribute this
* software is freely granted, provided that this notice
* is preserved.
* ```
*/

var main$l;
var hasRequiredMain$l;

function requireMain$l () {
	if (hasRequiredMain$l) return main$l;
	hasRequiredMain$l = 1;

	// MODULES //

	var isnan = requireLib$20();
	var exp = requireLib$1c();
	var setLowWord = requireLib$18();
	var PINF = requireLib$1D();
	var NINF = requireLib$1B();
	var polyvalPP = requirePolyval_pp();
	var polyvalQQ = requirePolyval_qq();
	var polyvalPA = requirePolyval_pa();
	var polyvalQA = requirePolyval_qa();
	var polyvalRA = requirePolyval_ra();
	var polyvalSA = requirePolyval_sa();
	var polyvalRB = requirePolyval_rb();
	var polyvalSB = requirePolyval_sb();


	// VARIABLES //

	var TINY = 1.0e-300;

	// 2**-56 = 1/(2**56) = 1/72057594037927940
	var SMALL = 1.3877787807814457e-17;

	var ERX = 8.45062911510467529297e-1;  // 0x3FEB0AC1, 0x60000000

	var PPC = 1.28379167095512558561e-1;  // 0x3FC06EBA, 0x8214DB68
	var QQC = 1.0;

	var PAC = -0.0023621185607526594; // 0xBF6359B8, 0xBEF77538
	var QAC = 1.0;

	var RAC = -0.009864944034847148; // 0xBF843412, 0x600D6435
	var SAC = 1.0;

	var RBC = -0.0098649429247001; // 0xBF843412, 0x39E86F4A
	var SBC = 1.0;


	// MAIN //

	/**
	* Evaluates the complementary error function.
	*
	* ```tex
	* \operatorname{erf}(x) = \frac{2}{\sqrt{\pi}} \int^{x}_{0} e^{-t^2}\ \mathrm{dt}
	* ```
	*
	* Note that
	*
	* ```tex
	* \begin{align*}
	* \operatorname{erfc}(x) &= 1 - \operatorname{erf}(x) \\
	* \operatorname{erf}(-x) &= -\operatorname{erf}(x) \\
	* \operatorname{erfc}(-x) &= 2 - \operatorname{erfc}(x)
	* \end{align*}
	* ```
	*
	* ## Method
	*
	* 1.  For \\(|x| \in [0, 0.84375)\\),
	*
	*     ```tex
	*     \operatorname{erf}(x) = x + x \cdot \operatorname{R}(x^2)
	*     ```
	*
	*     and
	*
	*     ```tex
	*     \operatorname{erfc}(x) = \begin{cases}
	*     1 - \operatorname{erf}(x) & \textrm{if}\ x \in (-.84375,0.25) \\
	*     0.5 + ((0.5-x)-x \mathrm{R}) & \textrm{if}\ x \in [0.25,0.84375)
	*     \end{cases}
	*     ```
	*
	*     where \\(R = P/Q\\) and where \\(P\\) is an odd polynomial of degree \\(8\\) and \\(Q\\) is an odd polynomial of degree \\(10\\).
	*
	*     ```tex
	*     \biggl| \mathrm{R} - \frac{\operatorname{erf}(x)-x}{x} \biggr| \leq 2^{-57.90}
	*     ```
	*
	*     <!-- <note> -->
	*
	*     The formula is derived by noting
	*
	*     ```tex
	*     \operatorname{erf}(x) = \frac{2}{\sqrt{\pi}}\biggl(x - \frac{x^3}{3} + \frac{x^5}{10} - \frac{x^7}{42} + \ldots \biggr)
	*     ```
	*
	*     and that
	*
	*     ```tex
	*     \frac{2}{\sqrt{\pi}} = 1.128379167095512573896158903121545171688
	*     ```
	*
	*     is close to unity. The interval is chosen because the fix point of \\(\operatorname{erf}(x)\\) is near \\(0.6174\\) (i.e., \\(\operatorname{erf(x)} = x\\) when \\(x\\) is near \\(0.6174\\)), and, by some experiment, \\(0.84375\\) is chosen to guarantee the error is less than one ulp for \\(\operatorname{erf}(x)\\).
	*
	*     <!-- </note> -->
	*
	* 2.  For \\(|x| \in [0.84375,1.25)\\), let \\(s = |x|-1\\), and \\(c = 0.84506291151\\) rounded to single (\\(24\\) bits)
	*
	*     ```tex
	*     \operatorname{erf}(x) = \operatorname{sign}(x) \cdot \biggl(c + \frac{\operatorname{P1}(s)}{\operatorname{Q1}(s)}\biggr)
	*     ```
	*
	*     and
	*
	*     ```tex
	*     \operatorname{erfc}(x) = \begin{cases}
	*     (1-c) - \frac{\operatorname{P1}(s)}{\operatorname{Q1}(s)} & \textrm{if}\ x > 0 \\
	*     1 + \biggl(c + \frac{\operatorname{P1}(s)}{\operatorname{Q1}(s)}\biggr) & \textrm{if}\ x < 0
	*     \end{cases}
	*     ```
	*
	*     where
	*
	*     ```tex
	*     \biggl|\frac{\mathrm{P1}}{\mathrm{Q1}} - (\operatorname{erf}(|x|)-c)\biggr| \leq 2^{-59.06}
	*     ```
	*
	*     <!-- <note> -->
	*
	*     Here, we use the Taylor series expansion at \\(x = 1\\)
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{erf}(1+s) &= \operatorname{erf}(1) + s\cdot \operatorname{poly}(s) \\
	*     &= 0.845.. + \frac{\operatorname{P1}(s)}{\operatorname{Q1}(s)}
	*     \end{align*}
	*     ```
	*
	*     using a rational approximation to approximate
	*
	*     ```tex
	*     \operatorname{erf}(1+s) - (c = (\mathrm{single})0.84506291151)
	*     ```
	*
	*     <!-- </note> -->
	*
	*     Note that, for \\(x \in [0.84375,1.25)\\), \\(|\mathrm{P1}/\mathrm{Q1}| < 0.078\\), where
	*
	*     -   \\(\operatorname{P1}(s)\\) is a degree \\(6\\) polynomial in \\(s\\)
	*     -   \\(\operatorname{Q1}(s)\\) is a degree \\(6\\) polynomial in \\(s\\)
	*
	* 3.  For \\(x \in [1.25,1/0.35)\\),
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{erfc}(x) &= \frac{1}{x}e^{-x^2-0.5625+(\mathrm{R1}/\mathrm{S1})} \\
	*     \operatorname{erf}(x) &= 1 - \operatorname{erfc}(x)
	*     \end{align*}
	*     ```
	*
	*     where
	*
	*     -   \\(\operatorname{R1}(z)\\) is a degree \\(7\\) polynomial in \\(z\\), where \\(z = 1/x^2\\)
	*     -   \\(\operatorname{S1}(z)\\) is a degree \\(8\\) polynomial in \\(z\\)
	*
	* 4.  For \\(x \in [1/0.35,28)\\),
	*
	*     ```tex
	*     \operatorname{erfc}(x) = \begin{cases}
	*     \frac{1}{x} e^{-x^2-0.5625+(\mathrm{R2}/\mathrm{S2})} & \textrm{if}\ x > 0 \\
	*     2.0 - \frac{1}{x} e^{-x^2-0.5625+(\mathrm{R2}/\mathrm{S2})} & \textrm{if}\ -6 < x < 0 \\
	*     2.0 - \mathrm{tiny} & \textrm{if}\ x \leq -6
	*     \end{cases}
	*     ```
	*
	*     and
	*
	*     ```tex
	*     \operatorname{erf}(x) = \begin{cases}
	*     \operatorname{sign}(x) \cdot (1.0 - \operatorname{erfc}(x)) & \textrm{if}\ x < 6 \\
	*     \operatorname{sign}(x) \cdot (1.0 - \mathrm{tiny}) & \textrm{otherwise}
	*     \end{cases}
	*     ```
	*
	*     where
	*
	*     -   \\(\operatorname{R2}(z)\\) is a degree \\(6\\) polynomial in \\(z\\), where \\(z = 1/x^2\\)
	*     -   \\(\operatorname{S2}(z)\\) is a degree \\(7\\) polynomial in \\(z\\)
	*
	* 5.  For \\(x \in [28, \infty)\\),
	*
	*     ```tex
	*     \begin{align*}
	*     \operatorname{erf}(x) &= \operatorname{sign}(x) \cdot (1 - \mathrm{tiny}) & \textrm{(raise inexact)}
	*     \end{align*}
	*     ```
	*
	*     and
	*
	*     ```tex
	*     \operatorname{erfc}(x) = \begin{cases}
	*     \mathrm{tiny} \cdot \mathrm{tiny} & \textrm{if}\ x > 0\ \textrm{(raise underflow)} \\
	*     2 - \mathrm{tiny} & \textrm{if}\ x < 0
	*     \end{cases}
	*     ```
	*
	* ## Special Cases
	*
	* ```tex
	* \begin{align*}
	* \operatorname{erf}(0) &= 0 \\
	* \operatorname{erf}(-0) &= -0 \\
	* \operatorname{erf}(\infty) &= 1 \\
	* \operatorname{erf}(-\infty) &= -1 \\
	* \operatorname{erfc}(0) &= 1 \\
	* \operatorname{erfc}(\infty) &= 0 \\
	* \operatorname{erfc}(-\infty) &= 2 \\
	* \operatorname{erf}(\mathrm{NaN}) &= \mathrm{NaN} \\
	* \operatorname{erfc}(\mathrm{NaN}) &= \mathrm{NaN}
	* \end{align*}
	* ```
	*
	* ## Notes
	*
	* -   To compute \\(\exp(-x^2-0.5625+(\mathrm{R}/\mathrm{S}))\\), let \\(s\\) be a single precision number and \\(s := x\\); then
	*
	*     ```tex
	*     -x^2 = -s^2 + (s-x)(s+x)
	*     ```
	*
	*     and
	*
	*     ```tex
	*     e^{-x^2-0.5626+(\mathrm{R}/\mathrm{S})} = e^{-s^2-0.5625} e^{(s-x)(s+x)+(\mathrm{R}/\mathrm{S})}
	*     ```
	*
	* -   `#4` and `#5` make use of the asymptotic series
	*
	*     ```tex
	*     \operatorname{erfc}(x) \approx \frac{e^{-x^2}}{x\sqrt{\pi}} (1 + \operatorname{poly}(1/x^2))
	*     ```
	*
	*     We use a rational approximation to approximate
	*
	*     ```tex
	*     g(s) = f(1/x^2) = \ln(\operatorname{erfc}(x) \cdot x) - x^2 + 0.5625
	*     ```
	*
	* -   The error bound for \\(\mathrm{R1}/\mathrm{S1}\\) is
	*
	*     ```tex
	*     |\mathrm{R1}/\mathrm{S1} - f(x)| < 2^{-62.57}
	*     ```
	*
	*     and for \\(\mathrm{R2}/\mathrm{S2}\\) is
	*
	*     ```tex
	*     |\mathrm{R2}/\mathrm{S2} - f(x)| < 2^{-61.52}
	*     ```
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var y = erfc( 2.0 );
	* // returns ~0.0047
	*
	* @example
	* var y = erfc( -1.0 );
	* // returns ~1.8427
	*
	* @example
	* var y = erfc( 0.0 );
	* // returns 1.0
	*
	* @example
	* var y = erfc( Infinity );
	* // returns 0.0
	*
	* @example
	* var y = erfc( -Infinity );
	* // returns 2.0
	*
	* @example
	* var y = erfc( NaN );
	* // returns NaN
	*/
	function erfc( x ) {
		var sign;
		var ax;
		var z;
		var r;
		var s;
		var y;
		var p;
		var q;

		// Special case: NaN
		if ( isnan( x ) ) {
			return NaN;
		}
		// Special case: +infinity
		if ( x === PINF ) {
			return 0.0;
		}
		// Special case: -infinity
		if ( x === NINF ) {
			return 2.0;
		}
		// Special case: +-0
		if ( x === 0.0 ) {
			return 1.0;
		}
		if ( x < 0.0 ) {
			sign = true;
			ax = -x;
		} else {
			sign = false;
			ax = x;
		}
		// |x| < 0.84375
		if ( ax < 0.84375 ) {
			if ( ax < SMALL ) {
				return 1.0 - x; // raise inexact
			}
			z = x * x;
			r = PPC + ( z*polyvalPP( z ) );
			s = QQC + ( z*polyvalQQ( z ) );
			y = r / s;

			// x < 1/4
			if ( x < 0.25 ) {
				return 1.0 - ( x + (x*y) );
			}
			r = x * y;
			r += x - 0.5;
			return 0.5 - r;
		}
		// 0.84375 <= |x| < 1.25
		if ( ax < 1.25 ) {
			s = ax - 1.0;
			p = PAC + ( s*polyvalPA( s ) );
			q = QAC + ( s*polyvalQA( s ) );
			if ( sign ) {
				return 1.0 + ERX + (p/q);
			}
			return 1.0 - ERX - (p/q);
		}
		// |x| < 28
		if ( ax < 28.0 ) {
			s = 1.0 / (ax*ax);

			// |x| < 1/0.35 ~ 2.857143
			if ( ax < 2.857142857142857 ) {
				r = RAC + ( s*polyvalRA( s ) );
				s = SAC + ( s*polyvalSA( s ) );
			}
			// |x| >= 1/0.35 ~ 2.857143
			else {
				// x < -6
				if ( x < -6 ) {
					return 2.0 - TINY; // raise inexact
				}
				r = RBC + ( s*polyvalRB( s ) );
				s = SBC + ( s*polyvalSB( s ) );
			}
			z = setLowWord( ax, 0 ); // pseudo-single (20-bit) precision x
			r = exp( -(z*z) - 0.5625 ) * exp( ((z-ax)*(z+ax)) + (r/s) );
			if ( sign ) {
				return 2.0 - (r/ax);
			}
			return r/ax;
		}
		if ( sign ) {
			return 2.0 - TINY; // raise inexact; ~2
		}
		return TINY * TINY; // raise inexact; ~0
	}


	// EXPORTS //

	main$l = erfc;
	return main$l;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$u;
var hasRequiredLib$u;

function requireLib$u () {
	if (hasRequiredLib$u) return lib$u;
	hasRequiredLib$u = 1;

	/**
	* Evaluate the complementary error function.
	*
	* @module @stdlib/math-base-special-erfc
	*
	* @example
	* var erfc = require( '@stdlib/math-base-special-erfc' );
	*
	* var y = erfc( 2.0 );
	* // returns ~0.0047
	*
	* y = erfc( -1.0 );
	* // returns ~1.8427
	*
	* y = erfc( 0.0 );
	* // returns 1.0
	*
	* y = erfc( Infinity );
	* // returns 0.0
	*
	* y = erfc( -Infinity );
	* // returns 2.0
	*
	* y = erfc( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$l();


	// EXPORTS //

	lib$u = main;
	return lib$u;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var finite_half_gamma_q;
var hasRequiredFinite_half_gamma_q;

function requireFinite_half_gamma_q () {
	if (hasRequiredFinite_half_gamma_q) return finite_half_gamma_q;
	hasRequiredFinite_half_gamma_q = 1;

	// MODULES //

	var erfc = requireLib$u();
	var sqrt = requireLib$1v();
	var exp = requireLib$1c();
	var PI = requireLib$U();


	// MAIN //

	/**
	* Calculates normalized Q when a is a half-integer.
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} x - function parameter
	* @returns {number} upper gamma fraction
	*/
	function finiteHalfGammaQ( a, x ) {
		var half;
		var term;
		var sum;
		var e;
		var n;

		e = erfc( sqrt(x) );
		if ( e !== 0 && a > 1.0 ) {
			term = exp( -x ) / sqrt( PI * x );
			term *= x;
			half = 0.5;
			term /= half;
			sum = term;
			for ( n = 2; n < a; ++n ) {
				term /= n - half;
				term *= x;
				sum += term;
			}
			e += sum;
		}
		return e;
	}


	// EXPORTS //

	finite_half_gamma_q = finiteHalfGammaQ;
	return finite_half_gamma_q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$t;
var hasRequiredLib$t;

function requireLib$t () {
	if (hasRequiredLib$t) return lib$t;
	hasRequiredLib$t = 1;

	/**
	* Natural logarithm of the smallest normalized double-precision floating-point number.
	*
	* @module @stdlib/constants-float64-min-ln
	* @type {number}
	*
	* @example
	* var FLOAT64_MIN_LN = require( '@stdlib/constants-float64-min-ln' );
	* // returns -708.3964185322641
	*/


	// MAIN //

	/**
	* Natural logarithm of the smallest normalized double-precision floating-point number.
	*
	* ## Notes
	*
	* The number has the value
	*
	* ```tex
	* -\ln \left( 2^{1023-1} \right)
	* ```
	*
	* @constant
	* @type {number}
	* @default -708.3964185322641
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_MIN_LN = -708.3964185322641;


	// EXPORTS //

	lib$t = FLOAT64_MIN_LN;
	return lib$t;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var full_igamma_prefix$1;
var hasRequiredFull_igamma_prefix$1;

function requireFull_igamma_prefix$1 () {
	if (hasRequiredFull_igamma_prefix$1) return full_igamma_prefix$1;
	hasRequiredFull_igamma_prefix$1 = 1;

	// MODULES //

	var exp = requireLib$1c();
	var pow = requireLib$13();
	var ln = requireLib$D();
	var MAX_LN = requireLib$z();
	var MIN_LN = requireLib$t();


	// MAIN //

	/**
	* Calculates the power term prefix `(z^a)(e^-z)` used in the non-normalized incomplete gammas.
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} z - function parameter
	* @returns {number} power term prefix
	*/
	function fullIGammaPrefix( a, z ) {
		var prefix;
		var alz;

		alz = a * ln( z );
		if ( z >= 1.0 ) {
			if ( ( alz < MAX_LN ) && ( -z > MIN_LN ) ) {
				prefix = pow( z, a ) * exp( -z );
			} else if ( a >= 1.0 ) {
				prefix = pow( z / exp(z/a), a );
			} else {
				prefix = exp( alz - z );
			}
		} else {
			/* eslint-disable no-lonely-if */
			if ( alz > MIN_LN ) {
				prefix = pow( z, a ) * exp( -z );
			} else if ( z/a < MAX_LN ) {
				prefix = pow( z / exp(z/a), a );
			} else {
				prefix = exp( alz - z );
			}
		}
		return prefix;
	}


	// EXPORTS //

	full_igamma_prefix$1 = fullIGammaPrefix;
	return full_igamma_prefix$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$k;
var hasRequiredMain$k;

function requireMain$k () {
	if (hasRequiredMain$k) return main$k;
	hasRequiredMain$k = 1;

	// MAIN //

	/**
	* Evaluates a polynomial using double-precision floating-point arithmetic.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @param {NumericArray} c - polynomial coefficients sorted in ascending degree
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*
	* @example
	* var v = evalpoly( [ 3.0, 2.0, 1.0 ], 10.0 ); // 3*10^0 + 2*10^1 + 1*10^2
	* // returns 123.0
	*/
	function evalpoly( c, x ) {
		var p;
		var i;

		i = c.length;
		if ( i < 2 || x === 0.0 ) {
			if ( i === 0 ) {
				return 0.0;
			}
			return c[ 0 ];
		}
		i -= 1;
		p = ( c[ i ] * x ) + c[ i-1 ];
		i -= 2;
		while ( i >= 0 ) {
			p = ( p * x ) + c[ i ];
			i -= 1;
		}
		return p;
	}


	// EXPORTS //

	main$k = evalpoly;
	return main$k;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$j;
var hasRequiredMain$j;

function requireMain$j () {
	if (hasRequiredMain$j) return main$j;
	hasRequiredMain$j = 1;

	// MAIN //

	/**
	* Returns a Function object.
	*
	* @name Function
	* @constructor
	* @type {Function}
	* @param {...*} [argNames] - parameters names
	* @param {string} body - function body
	* @returns {Function} function
	*
	* @example
	* var add = new Fcn( 'x', 'y', 'return x + y' );
	*
	* var v = add( 1, 2 );
	* // returns 3
	*/
	var Fcn = Function; // eslint-disable-line stdlib/require-globals


	// EXPORTS //

	main$j = Fcn;
	return main$j;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$s;
var hasRequiredLib$s;

function requireLib$s () {
	if (hasRequiredLib$s) return lib$s;
	hasRequiredLib$s = 1;

	/**
	* Function constructor.
	*
	* @module @stdlib/function-ctor
	*
	* @example
	* var Function = require( '@stdlib/function-ctor' );
	*
	* var add = new Function( 'x', 'y', 'return x + y' );
	*
	* var v = add( 1, 2 );
	* // returns 3
	*/

	// MODULES //

	var main = requireMain$j();


	// EXPORTS //

	lib$s = main;
	return lib$s;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var factory_1$2;
var hasRequiredFactory$2;

function requireFactory$2 () {
	if (hasRequiredFactory$2) return factory_1$2;
	hasRequiredFactory$2 = 1;

	// MODULES //

	var Fcn = requireLib$s();
	var evalpoly = requireMain$k();


	// MAIN //

	/**
	* Generates a function for evaluating a polynomial using double-precision floating-point arithmetic.
	*
	* ## Notes
	*
	* -   The compiled function uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @param {NumericArray} c - polynomial coefficients sorted in ascending degree
	* @returns {Function} function for evaluating a polynomial
	*
	* @example
	* var polyval = factory( [ 3.0, 2.0, 1.0 ] );
	*
	* var v = polyval( 10.0 ); // => 3*10^0 + 2*10^1 + 1*10^2
	* // returns 123.0
	*
	* v = polyval( 5.0 ); // => 3*5^0 + 2*5^1 + 1*5^2
	* // returns 38.0
	*/
	function factory( c ) {
		var f;
		var n;
		var m;
		var i;

		// Avoid exceeding the maximum stack size on V8 :(. Note that the choice of `500` was empirically determined...
		if ( c.length > 500 ) {
			return polyval;
		}
		// Code generation. Start with the function definition...
		f = 'return function evalpoly(x){';

		// Create the function body...
		n = c.length;

		// If no coefficients, the function always returns 0...
		if ( n === 0 ) {
			f += 'return 0.0;';
		}
		// If only one coefficient, the function always returns that coefficient...
		else if ( n === 1 ) {
			f += 'return ' + c[ 0 ] + ';';
		}
		// If more than one coefficient, apply Horner's method...
		else {
			// If `x == 0`, return the first coefficient...
			f += 'if(x===0.0){return ' + c[ 0 ] + ';}';

			// Otherwise, evaluate the polynomial...
			f += 'return ' + c[ 0 ];
			m = n - 1;
			for ( i = 1; i < n; i++ ) {
				f += '+x*';
				if ( i < m ) {
					f += '(';
				}
				f += c[ i ];
			}
			// Close all the parentheses...
			for ( i = 0; i < m-1; i++ ) {
				f += ')';
			}
			f += ';';
		}
		// Close the function:
		f += '}';

		// Add a source directive for debugging:
		f += '//# sourceURL=evalpoly.factory.js';

		// Create the function in the global scope:
		return ( new Fcn( f ) )();

		/*
		*    function evalpoly( x ) {
		*        if ( x === 0.0 ) {
		*            return c[ 0 ];
		*        }
		*        return c[0]+x*(c[1]+x*(c[2]+x*(c[3]+...+x*(c[n-2]+x*c[n-1]))));
		*    }
		*/

		/**
		* Evaluates a polynomial.
		*
		* @private
		* @param {number} x - value at which to evaluate a polynomial
		* @returns {number} evaluated polynomial
		*/
		function polyval( x ) {
			return evalpoly( c, x );
		}
	}


	// EXPORTS //

	factory_1$2 = factory;
	return factory_1$2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$r;
var hasRequiredLib$r;

function requireLib$r () {
	if (hasRequiredLib$r) return lib$r;
	hasRequiredLib$r = 1;

	/**
	* Evaluate a polynomial using double-precision floating-point arithmetic.
	*
	* @module @stdlib/math-base-tools-evalpoly
	*
	* @example
	* var evalpoly = require( '@stdlib/math-base-tools-evalpoly' );
	*
	* var v = evalpoly( [ 3.0, 2.0, 1.0 ], 10.0 ); // 3*10^0 + 2*10^1 + 1*10^2
	* // returns 123.0
	*
	* @example
	* var evalpoly = require( '@stdlib/math-base-tools-evalpoly' );
	*
	* var polyval = evalpoly.factory( [ 3.0, 2.0, 1.0 ] );
	*
	* var v = polyval( 10.0 ); // => 3*10^0 + 2*10^1 + 1*10^2
	* // returns 123.0
	*
	* v = polyval( 5.0 ); // => 3*5^0 + 2*5^1 + 1*5^2
	* // returns 38.0
	*/

	// MODULES //

	var setReadOnly = requireLib$21();
	var main = requireMain$k();
	var factory = requireFactory$2();


	// MAIN //

	setReadOnly( main, 'factory', factory );


	// EXPORTS //

	lib$r = main;
	return lib$r;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2023 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_83_0/boost/math/special_functions/log1p.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2005-2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
*/

var log1p_series;
var hasRequiredLog1p_series;

function requireLog1p_series () {
	if (hasRequiredLog1p_series) return log1p_series;
	hasRequiredLog1p_series = 1;

	// MAIN //

	/**
	* Creates a function to evaluate a Taylor series expansion `pow(-1, k-1) * pow(x, k) / k` for `ln(1 + x)`.
	*
	* @private
	* @param {number} x - the value at which to evaluate the series
	* @returns {Function} series function
	*/
	function log1pSeries( x ) {
		var mMult = -x;
		var mProd = -1;
		var k = 0;

		return next;

		/**
		* Calculate the next term of the series.
		*
		* @private
		* @returns {number} series expansion term
		*/
		function next() {
			mProd *= mMult;
			k += 1;
			return mProd / k;
		}
	}


	// EXPORTS //

	log1p_series = log1pSeries;
	return log1p_series;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2023 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_83_0/boost/math/special_functions/log1p.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2005-2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$i;
var hasRequiredMain$i;

function requireMain$i () {
	if (hasRequiredMain$i) return main$i;
	hasRequiredMain$i = 1;

	// MODULES //

	var abs = requireLib$1s();
	var ln = requireLib$D();
	var FLOAT_EPS = requireLib$11();
	var sumSeries = requireLib$v();
	var log1pSeries = requireLog1p_series();


	// MAIN //

	/**
	* Evaluates \\( \operatorname{log1pmx}(x) = \ln(1+x) - x \\).
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var v = log1pmx( 1.1 );
	* // returns ~-0.358
	*
	* @example
	* var v = log1pmx( 0.99 );
	* // returns ~-0.302
	*
	* @example
	* var v = log1pmx( -0.99 );
	* // returns ~-3.615
	*
	* @example
	* var v = log1pmx( -1.1 );
	* // returns NaN
	*
	* @example
	* var v = log1pmx( NaN );
	* // returns NaN
	*/
	function log1pmx( x ) {
		var opts;
		var ax;
		if ( x <= -1 ) {
			return NaN;
		}
		ax = abs( x );
		if ( ax > 0.95 ) {
			return ln( 1.0 + x ) - x;
		}
		if ( ax < FLOAT_EPS ) {
			return -x * x / 2.0;
		}
		opts = {
			'initialValue': -x
		};
		return sumSeries( log1pSeries( x ), opts );
	}


	// EXPORTS //

	main$i = log1pmx;
	return main$i;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2023 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$q;
var hasRequiredLib$q;

function requireLib$q () {
	if (hasRequiredLib$q) return lib$q;
	hasRequiredLib$q = 1;

	/**
	* Evaluate \\( \operatorname{log1pmx}(x) = \ln(1+x) - x \\).
	*
	* @module @stdlib/math-base-special-log1pmx
	*
	* @example
	* var log1pmx = require( '@stdlib/math-base-special-log1pmx' );
	*
	* var v = log1pmx( 1.1 );
	* // returns ~-0.358
	*
	* v = log1pmx( 0.99 );
	* // returns ~-0.302
	*
	* v = log1pmx( -0.99 );
	* // returns ~-3.615
	*
	* v = log1pmx( NaN );
	* // returns NaN
	*/

	// MODULES //

	var log1pmx = requireMain$i();


	// EXPORTS //

	lib$q = log1pmx;
	return lib$q;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$p;
var hasRequiredLib$p;

function requireLib$p () {
	if (hasRequiredLib$p) return lib$p;
	hasRequiredLib$p = 1;

	/**
	* The mathematical constant `π` times `2`.
	*
	* @module @stdlib/constants-float64-two-pi
	* @type {number}
	*
	* @example
	* var TWO_PI = require( '@stdlib/constants-float64-two-pi' );
	* // returns 6.283185307179586
	*/


	// MAIN //

	/**
	* The mathematical constant `π` times `2`.
	*
	* @constant
	* @type {number}
	* @default 6.283185307179586
	* @see [Wikipedia]{@link https://en.wikipedia.org/wiki/Pi}
	*/
	var TWO_PI = 6.28318530717958647692528676655900576839433879875021164194988918461563281257241799725606965068423413596429617303; // eslint-disable-line max-len


	// EXPORTS //

	lib$p = TWO_PI;
	return lib$p;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c0;
var hasRequiredPolyval_c0;

function requirePolyval_c0 () {
	if (hasRequiredPolyval_c0) return polyval_c0;
	hasRequiredPolyval_c0 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -0.3333333333333333;
		}
		return -0.3333333333333333 + (x * (0.08333333333333333 + (x * (-0.014814814814814815 + (x * (0.0011574074074074073 + (x * (0.0003527336860670194 + (x * (-1787551440329218e-19 + (x * (0.00003919263178522438 + (x * (-21854485106799924e-22 + (x * (-185406221071516e-20 + (x * (8.296711340953087e-7 + (x * (-1.7665952736826078e-7 + (x * (6.707853543401498e-9 + (x * (1.0261809784240309e-8 + (x * (-4.382036018453353e-9 + (x * 9.14769958223679e-10))))))))))))))))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c0 = evalpoly;
	return polyval_c0;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c1;
var hasRequiredPolyval_c1;

function requirePolyval_c1 () {
	if (hasRequiredPolyval_c1) return polyval_c1;
	hasRequiredPolyval_c1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -0.001851851851851852;
		}
		return -0.001851851851851852 + (x * (-0.003472222222222222 + (x * (0.0026455026455026454 + (x * (-9902263374485596e-19 + (x * (0.00020576131687242798 + (x * (-4.018775720164609e-7 + (x * (-18098550334489977e-21 + (x * (0.00000764916091608111 + (x * (-16120900894563446e-22 + (x * (4.647127802807434e-9 + (x * (1.378633446915721e-7 + (x * (-5.752545603517705e-8 + (x * 1.1951628599778148e-8))))))))))))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c1 = evalpoly;
	return polyval_c1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c2;
var hasRequiredPolyval_c2;

function requirePolyval_c2 () {
	if (hasRequiredPolyval_c2) return polyval_c2;
	hasRequiredPolyval_c2 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.004133597883597883;
		}
		return 0.004133597883597883 + (x * (-0.0026813271604938273 + (x * (0.0007716049382716049 + (x * (0.0000020093878600823047 + (x * (-10736653226365161e-20 + (x * (0.000052923448829120125 + (x * (-12760635188618728e-21 + (x * (3.423578734096138e-8 + (x * (0.0000013721957309062932 + (x * (-6.298992138380055e-7 + (x * 1.4280614206064242e-7))))))))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c2 = evalpoly;
	return polyval_c2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c3;
var hasRequiredPolyval_c3;

function requirePolyval_c3 () {
	if (hasRequiredPolyval_c3) return polyval_c3;
	hasRequiredPolyval_c3 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.0006494341563786008;
		}
		return 0.0006494341563786008 + (x * (0.00022947209362139917 + (x * (-4691894943952557e-19 + (x * (0.00026772063206283885 + (x * (-7561801671883977e-20 + (x * (-2.396505113867297e-7 + (x * (0.000011082654115347302 + (x * (-56749528269915965e-22 + (x * 0.0000014230900732435883))))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c3 = evalpoly;
	return polyval_c3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c4;
var hasRequiredPolyval_c4;

function requirePolyval_c4 () {
	if (hasRequiredPolyval_c4) return polyval_c4;
	hasRequiredPolyval_c4 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -8618882909167117e-19;
		}
		return -8618882909167117e-19 + (x * (0.0007840392217200666 + (x * (-2990724803031902e-19 + (x * (-14638452578843418e-22 + (x * (0.00006641498215465122 + (x * (-3968365047179435e-20 + (x * 0.000011375726970678419))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c4 = evalpoly;
	return polyval_c4;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c5;
var hasRequiredPolyval_c5;

function requirePolyval_c5 () {
	if (hasRequiredPolyval_c5) return polyval_c5;
	hasRequiredPolyval_c5 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -33679855336635813e-20;
		}
		return -33679855336635813e-20 + (x * (-6972813758365858e-20 + (x * (0.0002772753244959392 + (x * (-19932570516188847e-20 + (x * (0.00006797780477937208 + (x * (1.419062920643967e-7 + (x * (-13594048189768693e-21 + (x * (0.000008018470256334202 + (x * -2291481176508095e-21))))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c5 = evalpoly;
	return polyval_c5;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c6;
var hasRequiredPolyval_c6;

function requirePolyval_c6 () {
	if (hasRequiredPolyval_c6) return polyval_c6;
	hasRequiredPolyval_c6 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.0005313079364639922;
		}
		return 0.0005313079364639922 + (x * (-5921664373536939e-19 + (x * (0.0002708782096718045 + (x * (7.902353232660328e-7 + (x * (-8153969367561969e-20 + (x * (0.0000561168275310625 + (x * -18329116582843375e-21))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c6 = evalpoly;
	return polyval_c6;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c7;
var hasRequiredPolyval_c7;

function requirePolyval_c7 () {
	if (hasRequiredPolyval_c7) return polyval_c7;
	hasRequiredPolyval_c7 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.00034436760689237765;
		}
		return 0.00034436760689237765 + (x * (0.00005171790908260592 + (x * (-33493161081142234e-20 + (x * (0.0002812695154763237 + (x * -10976582244684731e-20))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c7 = evalpoly;
	return polyval_c7;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c8;
var hasRequiredPolyval_c8;

function requirePolyval_c8 () {
	if (hasRequiredPolyval_c8) return polyval_c8;
	hasRequiredPolyval_c8 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -6526239185953094e-19;
		}
		return -6526239185953094e-19 + (x * (0.0008394987206720873 + (x * -438297098541721e-18))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c8 = evalpoly;
	return polyval_c8;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var igamma_temme_large;
var hasRequiredIgamma_temme_large;

function requireIgamma_temme_large () {
	if (hasRequiredIgamma_temme_large) return igamma_temme_large;
	hasRequiredIgamma_temme_large = 1;

	// MODULES //

	var evalpoly = requireLib$r();
	var log1pmx = requireLib$q();
	var erfc = requireLib$u();
	var sqrt = requireLib$1v();
	var exp = requireLib$1c();
	var TWO_PI = requireLib$p();
	var polyvalC0 = requirePolyval_c0();
	var polyvalC1 = requirePolyval_c1();
	var polyvalC2 = requirePolyval_c2();
	var polyvalC3 = requirePolyval_c3();
	var polyvalC4 = requirePolyval_c4();
	var polyvalC5 = requirePolyval_c5();
	var polyvalC6 = requirePolyval_c6();
	var polyvalC7 = requirePolyval_c7();
	var polyvalC8 = requirePolyval_c8();


	// VARIABLES //

	// Pre-allocate workspace array:
	var workspace = [ 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 ]; // WARNING: not thread safe


	// MAIN //

	/**
	* Asymptotic expansions of the incomplete gamma functions when `a` is large and `x ~ a` (IEEE double precision or 10^-17).
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} x - function parameter
	* @returns {number} value of asymptotic expansion
	*/
	function igammaTemmeLarge( a, x ) {
		var result;
		var sigma;
		var phi;
		var y;
		var z;

		sigma = ( x-a ) / a;
		phi = -log1pmx( sigma );
		y = a * phi;
		z = sqrt( 2.0 * phi );
		if ( x < a ) {
			z = -z;
		}
		workspace[ 0 ] = polyvalC0( z );
		workspace[ 1 ] = polyvalC1( z );
		workspace[ 2 ] = polyvalC2( z );
		workspace[ 3 ] = polyvalC3( z );
		workspace[ 4 ] = polyvalC4( z );
		workspace[ 5 ] = polyvalC5( z );
		workspace[ 6 ] = polyvalC6( z );
		workspace[ 7 ] = polyvalC7( z );
		workspace[ 8 ] = polyvalC8( z );
		workspace[ 9 ] = -5967612901927463e-19;
		result = evalpoly( workspace, 1.0/a );
		result *= exp( -y ) / sqrt( TWO_PI * a );
		if ( x < a ) {
			result = -result;
		}
		result += erfc( sqrt(y) ) / 2.0;
		return result;
	}


	// EXPORTS //

	igamma_temme_large = igammaTemmeLarge;
	return igamma_temme_large;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var lower_incomplete_gamma_series;
var hasRequiredLower_incomplete_gamma_series;

function requireLower_incomplete_gamma_series () {
	if (hasRequiredLower_incomplete_gamma_series) return lower_incomplete_gamma_series;
	hasRequiredLower_incomplete_gamma_series = 1;

	// MAIN //

	/**
	* Creates a function to evaluate a series expansion of the incomplete gamma function.
	*
	* @private
	* @param {number} a1 - function parameter
	* @param {number} z1 - function parameter
	* @returns {Function} series function
	*/
	function lowerIncompleteGammaSeries( a1, z1 ) {
		var result = 1.0;
		var a = a1;
		var z = z1;
		return next;

		/**
		* Calculate the next term of the series.
		*
		* @private
		* @returns {number} series expansion term
		*/
		function next() {
			var r = result;
			a += 1.0;
			result *= z/a;
			return r;
		}
	}


	// EXPORTS //

	lower_incomplete_gamma_series = lowerIncompleteGammaSeries;
	return lower_incomplete_gamma_series;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var lower_gamma_series;
var hasRequiredLower_gamma_series;

function requireLower_gamma_series () {
	if (hasRequiredLower_gamma_series) return lower_gamma_series;
	hasRequiredLower_gamma_series = 1;

	// MODULES //

	var sumSeries = requireLib$v();
	var lowerIncompleteGammaSeries = requireLower_incomplete_gamma_series();


	// MAIN //

	/**
	* Sums elements of the series expansion of the lower incomplete gamma function.
	*
	* ## Method
	*
	* -   Multiply result by `((z^a) * (e^-z) / a)` to get the full lower incomplete integral.
	* -   Divide by `gamma(a)` to get the normalized value.
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} z - function parameter
	* @param {number} initialValue - initial value of the resulting sum
	* @returns {number} sum of terms of lower gamma series
	*/
	function lowerGammaSeries( a, z, initialValue ) {
		var result;
		var s;

		initialValue = initialValue || 0.0;
		s = lowerIncompleteGammaSeries( a, z );
		result = sumSeries( s, {
			'initialValue': initialValue
		});
		return result;
	}


	// EXPORTS //

	lower_gamma_series = lowerGammaSeries;
	return lower_gamma_series;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_pq;
var hasRequiredRational_pq;

function requireRational_pq () {
	if (hasRequiredRational_pq) return rational_pq;
	hasRequiredRational_pq = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return Infinity;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 709811.662581658 + (x * (679979.8474157227 + (x * (293136.7857211597 + (x * (74887.54032914672 + (x * (12555.290582413863 + (x * (1443.4299244417066 + (x * (115.24194596137347 + (x * (6.309239205732627 + (x * (0.22668404630224365 + (x * (0.004826466289237662 + (x * 0.00004624429436045379))))))))))))))))))); // eslint-disable-line max-len
			s2 = 0.0 + (x * (362880.0 + (x * (1026576.0 + (x * (1172700.0 + (x * (723680.0 + (x * (269325.0 + (x * (63273.0 + (x * (9450.0 + (x * (870.0 + (x * (45.0 + (x * 1.0))))))))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.00004624429436045379 + (x * (0.004826466289237662 + (x * (0.22668404630224365 + (x * (6.309239205732627 + (x * (115.24194596137347 + (x * (1443.4299244417066 + (x * (12555.290582413863 + (x * (74887.54032914672 + (x * (293136.7857211597 + (x * (679979.8474157227 + (x * 709811.662581658))))))))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (45.0 + (x * (870.0 + (x * (9450.0 + (x * (63273.0 + (x * (269325.0 + (x * (723680.0 + (x * (1172700.0 + (x * (1026576.0 + (x * (362880.0 + (x * 0.0))))))))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_pq = evalrational;
	return rational_pq;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/lanczos.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$h;
var hasRequiredMain$h;

function requireMain$h () {
	if (hasRequiredMain$h) return main$h;
	hasRequiredMain$h = 1;

	// MAIN //

	/**
	* Calculates the Lanczos sum for the approximation of the gamma function (scaled by `exp(-g)`, where `g = 10.900511`.
	*
	* @name gammaLanczosSumExpGScaled
	* @type {Function}
	* @param {number} x - input value
	* @returns {number} Lanczos sum approximation
	*
	* @example
	* var v = gammaLanczosSumExpGScaled( 4.0 );
	* // returns ~0.018
	*
	* @example
	* var v = gammaLanczosSumExpGScaled( -1.5 );
	* // returns ~25.337
	*
	* @example
	* var v = gammaLanczosSumExpGScaled( -0.5 );
	* // returns ~-12.911
	*
	* @example
	* var v = gammaLanczosSumExpGScaled( 0.5 );
	* // returns ~1.772
	*
	* @example
	* var v = gammaLanczosSumExpGScaled( 0.0 );
	* // returns Infinity
	*
	* @example
	* var v = gammaLanczosSumExpGScaled( NaN );
	* // returns NaN
	*/
	var gammaLanczosSumExpGScaled = requireRational_pq();


	// EXPORTS //

	main$h = gammaLanczosSumExpGScaled;
	return main$h;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$o;
var hasRequiredLib$o;

function requireLib$o () {
	if (hasRequiredLib$o) return lib$o;
	hasRequiredLib$o = 1;

	/**
	* Calculate the Lanczos sum for the approximation of the gamma function (scaled by `exp(-g)`, where `g = 10.900511`.
	*
	* @module @stdlib/math-base-special-gamma-lanczos-sum-expg-scaled
	*
	* @example
	* var gammaLanczosSumExpGScaled = require( '@stdlib/math-base-special-gamma-lanczos-sum-expg-scaled' );
	*
	* var v = gammaLanczosSumExpGScaled( 4.0 );
	* // returns ~0.018
	*
	* v = gammaLanczosSumExpGScaled( -1.5 );
	* // returns ~25.337
	*
	* v = gammaLanczosSumExpGScaled( -0.5 );
	* // returns ~-12.911
	*
	* v = gammaLanczosSumExpGScaled( 0.5 );
	* // returns ~1.772
	*
	* v = gammaLanczosSumExpGScaled( 0.0 );
	* // returns Infinity
	*
	* v = gammaLanczosSumExpGScaled( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$h();


	// EXPORTS //

	lib$o = main;
	return lib$o;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006-7, 2013-14.
* Copyright Paul A. Bristow 2007, 2013-14.
* Copyright Nikhar Agrawal 2013-14.
* Copyright Christopher Kormanyos 2013-14.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var regularised_gamma_prefix;
var hasRequiredRegularised_gamma_prefix;

function requireRegularised_gamma_prefix () {
	if (hasRequiredRegularised_gamma_prefix) return regularised_gamma_prefix;
	hasRequiredRegularised_gamma_prefix = 1;

	// MODULES //

	var lanczosSumExpGScaled = requireLib$o();
	var gammaln = requireLib$A();
	var gamma = requireLib$J();
	var log1pmx = requireLib$q();
	var sqrt = requireLib$1v();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var pow = requireLib$13();
	var max = requireLib$_();
	var min = requireLib$Y();
	var ln = requireLib$D();
	var FLOAT64_MAX = requireLib$X();
	var MAX_LN = requireLib$z();
	var MIN_LN = requireLib$t();
	var G = requireLib$F();
	var E = requireLib$12();


	// MAIN //

	/**
	* Computes `(z^a)*(e^-z) / gamma(a)`.
	*
	* @private
	* @param {number} a - input value
	* @param {number} z - input value
	* @returns {number} function value
	*/
	function regularisedGammaPrefix( a, z ) {
		var prefix;
		var amza;
		var agh;
		var alz;
		var amz;
		var sq;
		var d;

		agh = a + G - 0.5;
		d = ( (z - a) - G + 0.5 ) / agh;
		if ( a < 1.0 ) {
			// Treat a < 1.0 as a special case because our Lanczos approximations are optimized against the factorials with a > 1.0, and for high precision types very small values of `a` can give rather erroneous results for gamma:
			if ( z <= MIN_LN || a < 1.0 / FLOAT64_MAX ) {
				// Use logs, so should be free of cancellation errors:
				return exp( ( a * ln(z) ) - z - gammaln( a ) );
			}
			// No danger of overflow as `gamma(a) < 1/a` for small `a`, so direct calculation:
			return pow( z, a ) * exp( -z ) / gamma( a );
		}
		if ( abs(d*d*a) <= 100.0 && a > 150.0 ) {
			// Special case for large a and a ~ z:
			prefix = ( a * log1pmx( d ) ) + ( z * ( 0.5-G ) / agh );
			prefix = exp( prefix );
		} else {
			// General case. Direct computation is most accurate, but use various fallbacks for different parts of the problem domain:
			alz = a * ln( z / agh );
			amz = a - z;
			if (
				min(alz, amz) <= MIN_LN ||
				max(alz, amz) >= MAX_LN
			) {
				amza = amz / a;
				if (
					min(alz, amz)/2.0 > MIN_LN &&
					max(alz, amz)/2.0 < MAX_LN
				) {
					// Compute square root of the result and then square it:
					sq = pow( z / agh, a / 2.0 ) * exp( amz / 2.0 );
					prefix = sq * sq;
				} else if (
					min(alz, amz)/4.0 > MIN_LN &&
					max(alz, amz)/4.0 < MAX_LN &&
					z > a
				) {
					// Compute the 4th root of the result then square it twice:
					sq = pow( z / agh, a / 4.0 ) * exp( amz / 4.0 );
					prefix = sq * sq;
					prefix *= prefix;
				} else if (
					amza > MIN_LN &&
					amza < MAX_LN
				) {
					prefix = pow( (z * exp(amza)) / agh, a );
				} else {
					prefix = exp( alz + amz );
				}
			} else {
				prefix = pow( z / agh, a ) * exp( amz );
			}
		}
		prefix *= sqrt( agh / E ) / lanczosSumExpGScaled( a );
		return prefix;
	}


	// EXPORTS //

	regularised_gamma_prefix = regularisedGammaPrefix;
	return regularised_gamma_prefix;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_85_0/boost/math/special_functions/powm1.hpp}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$g;
var hasRequiredMain$g;

function requireMain$g () {
	if (hasRequiredMain$g) return main$g;
	hasRequiredMain$g = 1;

	// MODULES //

	var isnan = requireLib$20();
	var isinfinite = requireLib$1m();
	var abs = requireLib$1s();
	var expm1 = requireLib$1y();
	var ln = requireLib$D();
	var pow = requireLib$13();
	var trunc = requireLib$1q();


	// MAIN //

	/**
	* Evaluates `bˣ - 1`.
	*
	* @param {number} b - base
	* @param {number} x - exponent
	* @returns {number} function value
	*
	* @example
	* var y = powm1( 2.0, 3.0 );
	* // returns 7.0
	*
	* @example
	* var y = powm1( 4.0, 0.5 );
	* // returns 1.0
	*
	* @example
	* var y = powm1( 0.0, 100.0 );
	* // returns -1.0
	*
	* @example
	* var y = powm1( 100.0, 0.0 );
	* // returns 0.0
	*
	* @example
	* var y = powm1( 0.0, 0.0 );
	* // returns 0.0
	*
	* @example
	* var y = powm1( 3.141592653589793, 5.0 );
	* // returns ~305.0197
	*
	* @example
	* var y = powm1( NaN, 3.0 );
	* // returns NaN
	*
	* @example
	* var y = powm1( 5.0, NaN );
	* // returns NaN
	*/
	function powm1( b, x ) {
		var result;
		var y;
		if (
			isnan( b ) ||
			isnan( x )
		) {
			return NaN;
		}
		if ( x === 0.0 ) {
			// Any number raised to zero (including 0) is always 1 => b^0 - 1 = 0
			return 0.0;
		}
		if ( b === 0.0 ) {
			// Zero raised to any number (except 0) is always zero => 0^x - 1 = -1
			return -1;
		}
		if ( b < 0.0 && x%2.0 === 0 ) {
			// If `x` is even, recognize that `(-b)**x == (b)**x`...
			b = -b;
		}
		if ( b > 0.0 ) {
			if (
				abs( x*(b-1.0) ) < 0.5 ||
				abs( x ) < 0.2
			) {
				// No good/quick approximation for ln(b)*x, so we have to evaluate...
				y = ln( b ) * x;
				if ( y < 0.5 ) {
					return expm1( y );
				}
			}
		} else if ( trunc( x ) !== x ) {
			// Exponentiation would yield a complex result...
			return NaN;
		}
		result = pow( b, x ) - 1.0;
		if ( isinfinite( result ) || isnan( result ) ) {
			return NaN;
		}
		return result;
	}


	// EXPORTS //

	main$g = powm1;
	return main$g;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$n;
var hasRequiredLib$n;

function requireLib$n () {
	if (hasRequiredLib$n) return lib$n;
	hasRequiredLib$n = 1;

	/**
	* Evaluate `bˣ - 1`.
	*
	* @module @stdlib/math-base-special-powm1
	*
	* @example
	* var powm1 = require( '@stdlib/math-base-special-powm1' );
	*
	* var y = powm1( 2.0, 3.0 );
	* // returns 7.0
	*
	* y = powm1( 4.0, 0.5 );
	* // returns 1.0
	*
	* y = powm1( 0.0, 100.0 );
	* // returns -1.0
	*
	* y = powm1( 100.0, 0.0 );
	* // returns 0.0
	*
	* y = powm1( 0.0, 0.0 );
	* // returns 0.0
	*
	* y = powm1( 3.141592653589793, 5.0 );
	* // returns ~305.0197
	*
	* y = powm1( NaN, 3.0 );
	* // returns NaN
	*
	* y = powm1( 5.0, NaN );
	* // returns NaN
	*/

	// MODULES //

	var powm1 = requireMain$g();


	// EXPORTS //

	lib$n = powm1;
	return lib$n;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_p1q1$1;
var hasRequiredRational_p1q1$1;

function requireRational_p1q1$1 () {
	if (hasRequiredRational_p1q1$1) return rational_p1q1$1;
	hasRequiredRational_p1q1$1 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.01803556856784494;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.01803556856784494 + (x * (0.02512664961998968 + (x * (0.049410315156753225 + (x * (0.0172491608709614 + (x * (-2594535632054381e-19 + (x * (-5410098692152044e-19 + (x * (-3245886498259485e-20 + (x * 0.0))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (1.962029871977952 + (x * (1.4801966942423133 + (x * (0.5413914320717209 + (x * (0.09885042511280101 + (x * (0.008213096746488934 + (x * (0.00022493629192211576 + (x * -2.2335276320861708e-7))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.0 + (x * (-3245886498259485e-20 + (x * (-5410098692152044e-19 + (x * (-2594535632054381e-19 + (x * (0.0172491608709614 + (x * (0.049410315156753225 + (x * (0.02512664961998968 + (x * -0.01803556856784494))))))))))))); // eslint-disable-line max-len
			s2 = -2.2335276320861708e-7 + (x * (0.00022493629192211576 + (x * (0.008213096746488934 + (x * (0.09885042511280101 + (x * (0.5413914320717209 + (x * (1.4801966942423133 + (x * (1.962029871977952 + (x * 1.0))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_p1q1$1 = evalrational;
	return rational_p1q1$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_p2q2$1;
var hasRequiredRational_p2q2$1;

function requireRational_p2q2$1 () {
	if (hasRequiredRational_p2q2$1) return rational_p2q2$1;
	hasRequiredRational_p2q2$1 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return 0.04906224540690395;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 0.04906224540690395 + (x * (-0.09691175301595212 + (x * (-0.4149833583594954 + (x * (-0.4065671242119384 + (x * (-0.1584135863906922 + (x * (-0.024014982064857155 + (x * -0.0010034668769627955))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (3.0234982984646304 + (x * (3.4873958536072385 + (x * (1.9141558827442668 + (x * (0.5071377386143635 + (x * (0.05770397226904519 + (x * 0.001957681026011072))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = -0.0010034668769627955 + (x * (-0.024014982064857155 + (x * (-0.1584135863906922 + (x * (-0.4065671242119384 + (x * (-0.4149833583594954 + (x * (-0.09691175301595212 + (x * 0.04906224540690395))))))))))); // eslint-disable-line max-len
			s2 = 0.001957681026011072 + (x * (0.05770397226904519 + (x * (0.5071377386143635 + (x * (1.9141558827442668 + (x * (3.4873958536072385 + (x * (3.0234982984646304 + (x * 1.0))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_p2q2$1 = evalrational;
	return rational_p2q2$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2024 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_p3q3$1;
var hasRequiredRational_p3q3$1;

function requireRational_p3q3$1 () {
	if (hasRequiredRational_p3q3$1) return rational_p3q3$1;
	hasRequiredRational_p3q3$1 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.029232972183027003;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.029232972183027003 + (x * (0.14421626775719232 + (x * (-0.14244039073863127 + (x * (0.05428096940550536 + (x * (-0.008505359768683364 + (x * (0.0004311713426792973 + (x * 0.0))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (-1.5016935605448505 + (x * (0.846973248876495 + (x * (-0.22009515181499575 + (x * (0.02558279715597587 + (x * (-0.0010066679553914337 + (x * -8.271935218912905e-7))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.0 + (x * (0.0004311713426792973 + (x * (-0.008505359768683364 + (x * (0.05428096940550536 + (x * (-0.14244039073863127 + (x * (0.14421626775719232 + (x * -0.029232972183027003))))))))))); // eslint-disable-line max-len
			s2 = -8.271935218912905e-7 + (x * (-0.0010066679553914337 + (x * (0.02558279715597587 + (x * (-0.22009515181499575 + (x * (0.846973248876495 + (x * (-1.5016935605448505 + (x * 1.0))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_p3q3$1 = evalrational;
	return rational_p3q3$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_85_0/boost/math/special_functions/detail/lgamma_small.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006-7, 2013-14.
* (C) Copyright Paul A. Bristow 2007, 2013-14.
* (C) Copyright Nikhar Agrawal 2013-14.
* (C) Copyright Christopher Kormanyos 2013-14.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var lgamma_small_imp;
var hasRequiredLgamma_small_imp;

function requireLgamma_small_imp () {
	if (hasRequiredLgamma_small_imp) return lgamma_small_imp;
	hasRequiredLgamma_small_imp = 1;

	// MODULES //

	var ln = requireLib$D();
	var EPS = requireLib$11();
	var rateval1 = requireRational_p1q1$1();
	var rateval2 = requireRational_p2q2$1();
	var rateval3 = requireRational_p3q3$1();


	// VARIABLES //

	var Y1 = 0.158963680267333984375;
	var Y2 = 0.52815341949462890625;
	var Y3 = 0.452017307281494140625;


	// MAIN //

	/**
	* Evaluates the natural logarithm of the gamma function for small arguments.
	*
	* ## Method
	*
	* 1.  For \\( z > 2 \\), begin by performing argument reduction until \\( z \\) is in \\(\[2,3)\\). Use the following form:
	*
	*     ```tex
	*     \operatorname{gammaln}(z) = (z-2)(z+1)(Y + R(z-2))
	*     ```
	*
	*     where \\( R(z-2) \\) is a rational approximation optimized for low absolute error. As long as the absolute error is small compared to the constant \\( Y \\), then any rounding error in the computation will get wiped out.
	*
	* 2.  If \\( z < 1 \\), use recurrence to shift to \\( z \\) in the interval \\(\[1,2\]\\). Then, use one of two approximations: one for \\( z \\) in \\(\[1,1.5\]\\) and one for \\( z \\) in \\(\[1.5,2\]\\):
	*
	*     -   For \(( z \\) in \\(\[1,1.5\]\\), use
	*
	*         ```tex
	*         \operatorname{gammaln}(z) = (z-1)(z-2)(Y + R(z-1))
	*         ```
	*
	*         where \\( R(z-1) \\) is a rational approximation optimized for low absolute error. As long as the absolute error is small compared to the constant \\( Y \\), then any rounding error in the computation will get wiped out.
	*
	*     -   For \\( z \\) in \\(\[1.5,2\]\\), use
	*
	*         ```tex
	*         \operatorname{gammaln}(z) = (2-z)(1-z)(Y + R(2-z))
	*         ```
	*
	*         where \\( R(2-z) \\) is a rational approximation optimized for low absolute error. As long as the absolute error is small compared to the constant \\( Y \\), then any rounding error in the computation will get wiped out.
	*
	* ## Notes
	*
	* -   Relative error:
	*
	*     | function | peak         | maximum deviation |
	*     |:--------:|:------------:|:-----------------:|
	*     | R(Z-2)   | 4.231e-18    | 5.900e-24         |
	*     | R(Z-1)   | 1.230011e-17 | 3.139e-021        |
	*     | R(2-Z)   | 1.797565e-17 | 2.151e-021        |
	*
	* @private
	* @param {number} z - input value
	* @param {number} zm1 - `z` minus one
	* @param {number} zm2 - `z` minus two
	* @returns {number} function value
	*/
	function lgammaSmallImp( z, zm1, zm2 ) {
		var prefix;
		var result;
		var r;
		var R;

		if ( z < EPS ) {
			return -ln( z );
		}
		if ( zm1 === 0.0 || zm2 === 0.0 ) {
			return 0.0;
		}
		result = 0.0;
		if ( z > 2.0 ) {
			if ( z >= 3.0 ) {
				do {
					z -= 1.0;
					zm2 -= 1.0;
					result += ln(z);
				} while ( z >= 3.0 );
				zm2 = z - 2.0;
			}
			r = zm2 * ( z+1.0 );
			R = rateval1( zm2 );
			result += ( r*Y1 ) + ( r*R );
			return result;
		}
		if ( z < 1.0 ) {
			result += -ln(z);
			zm2 = zm1;
			zm1 = z;
			z += 1.0;
		}
		if ( z <= 1.5 ) {
			r = rateval2( zm1 );
			prefix = zm1 * zm2;
			result += ( prefix*Y2 ) + ( prefix*r );
			return result;
		}
		// Case: 1.5 < z <= 2
		r = zm2 * zm1;
		R = rateval3( -zm2 );
		result += ( r*Y3 ) + ( r*R );
		return result;
	}


	// EXPORTS //

	lgamma_small_imp = lgammaSmallImp;
	return lgamma_small_imp;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_85_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006-7, 2013-14.
* (C) Copyright Paul A. Bristow 2007, 2013-14.
* (C) Copyright Nikhar Agrawal 2013-14.
* (C) Copyright Christopher Kormanyos 2013-14.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$f;
var hasRequiredMain$f;

function requireMain$f () {
	if (hasRequiredMain$f) return main$f;
	hasRequiredMain$f = 1;

	// MODULES //

	var gamma = requireLib$J();
	var expm1 = requireLib$1y();
	var log1p = requireLib$1w();
	var isnan = requireLib$20();
	var lgammaSmallImp = requireLgamma_small_imp();


	// MAIN //

	/**
	* Computes `gamma(x+1) - 1`.
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var v = gamma1pm1( 0.2 );
	* // returns ~-0.082
	*
	* @example
	* var v = gamma1pm1( -9.2 );
	* // returns ~-1.0
	*
	* @example
	* var v = gamma1pm1( 0.0 );
	* // returns 0.0
	*
	* @example
	* var v = gamma1pm1( -3.0 );
	* // returns NaN
	*
	* @example
	* var v = gamma1pm1( NaN );
	* // returns NaN
	*/
	function gamma1pm1( x ) {
		if ( isnan( x ) ) {
			return NaN;
		}
		if ( x < 0.0 ) {
			if ( x < -0.5 ) {
				// Best method is simply to subtract 1 from gamma:
				return gamma( 1.0+x ) - 1.0;
			}
			// Use expm1 on the logarithm of gamma:
			return expm1( -log1p( x ) + lgammaSmallImp( x+2.0, x+1.0, x ) );
		}
		if ( x < 2.0 ) {
			// Use expm1 on the logarithm of gamma:
			return expm1( lgammaSmallImp( x+1.0, x, x-1.0 ) );
		}
		// Best method is simply to subtract 1 from gamma:
		return gamma( 1.0+x ) - 1.0;
	}


	// EXPORTS //

	main$f = gamma1pm1;
	return main$f;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$m;
var hasRequiredLib$m;

function requireLib$m () {
	if (hasRequiredLib$m) return lib$m;
	hasRequiredLib$m = 1;

	/**
	* Compute `gamma(x+1) - 1` without cancellation errors.
	*
	* @module @stdlib/math-base-special-gamma1pm1
	*
	* @example
	* var gamma1pm1 = require( '@stdlib/math-base-special-gamma1pm1' );
	*
	* var v = gamma1pm1( 0.2 );
	* // returns ~-0.082
	*
	* v = gamma1pm1( -5.3 );
	* // returns ~-1.102
	*
	* v = gamma1pm1( 0.0 );
	* // returns 0.0
	*
	* v = gamma1pm1( NaN );
	* // returns NaN
	*/

	// MODULES //

	var gamma1pm1 = requireMain$f();


	// EXPORTS //

	lib$m = gamma1pm1;
	return lib$m;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var small_gamma2_series;
var hasRequiredSmall_gamma2_series;

function requireSmall_gamma2_series () {
	if (hasRequiredSmall_gamma2_series) return small_gamma2_series;
	hasRequiredSmall_gamma2_series = 1;

	/**
	* Series representation for the full upper fraction (Q) when `a` is very small.
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} x - function parameter
	* @returns {Function} series function
	*/
	function smallGamma2Series( a, x ) {
		var result;
		var apn;
		var n;
		var r;

		result = -x;
		x = -x;
		apn = a + 1.0;
		n = 1;
		return next;

		/**
		* Calculate the next term of the series.
		*
		* @private
		* @returns {number} series expansion term
		*/
		function next() {
			r = result / apn;
			result *= x;
			n += 1;
			result /= n;
			apn += 1.0;
			return r;
		}
	}


	// EXPORTS //

	small_gamma2_series = smallGamma2Series;
	return small_gamma2_series;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var tgamma_small_upper_part;
var hasRequiredTgamma_small_upper_part;

function requireTgamma_small_upper_part () {
	if (hasRequiredTgamma_small_upper_part) return tgamma_small_upper_part;
	hasRequiredTgamma_small_upper_part = 1;

	// MODULES //

	var powm1 = requireLib$n();
	var sumSeries = requireLib$v();
	var gamma1pm1 = requireLib$m();
	var smallGamma2Series = requireSmall_gamma2_series();


	// MAIN //

	/**
	* Compute the full upper fraction (Q) when `a` is very small.
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} x - function parameter
	* @param {boolean} invert - boolean indicating if the upper tail of the incomplete gamma function should be evaluated
	* @returns {Array} full upper fraction (Q) and pgam
	*/
	function tgammaSmallUpperPart( a, x, invert ) {
		var initialValue;
		var result;
		var pgam;
		var p;
		var s;

		result = gamma1pm1( a );
		pgam = ( result + 1.0 ) / a;
		p = powm1( x, a );
		result -= p;
		result /= a;
		s = smallGamma2Series( a, x );
		p += 1.0;
		initialValue = ( invert ) ? pgam : 0.0;
		result = -p * sumSeries( s, {
			'initialValue': (initialValue - result) / p
		});
		if ( invert ) {
			result = -result;
		}
		return [ result, pgam ];
	}


	// EXPORTS //

	tgamma_small_upper_part = tgammaSmallUpperPart;
	return tgamma_small_upper_part;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$l;
var hasRequiredLib$l;

function requireLib$l () {
	if (hasRequiredLib$l) return lib$l;
	hasRequiredLib$l = 1;

	/**
	* Smallest positive single-precision floating-point normal number.
	*
	* @module @stdlib/constants-float32-smallest-normal
	* @type {number}
	*
	* @example
	* var FLOAT32_SMALLEST_NORMAL = require( '@stdlib/constants-float32-smallest-normal' );
	* // returns 1.1754943508222875e-38
	*/


	// MAIN //

	/**
	* The smallest positive single-precision floating-point normal number.
	*
	* ## Notes
	*
	* The number has the value
	*
	* ```tex
	* \frac{1}{2^{127-1}}
	* ```
	*
	* which corresponds to the bit sequence
	*
	* ```binarystring
	* 0 00000001 00000000000000000000000
	* ```
	*
	* @constant
	* @type {number}
	* @default 1.1754943508222875e-38
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT32_SMALLEST_NORMAL = 1.1754943508222875e-38;


	// EXPORTS //

	lib$l = FLOAT32_SMALLEST_NORMAL;
	return lib$l;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var generators;
var hasRequiredGenerators;

function requireGenerators () {
	if (hasRequiredGenerators) return generators;
	hasRequiredGenerators = 1;

	// MODULES //

	var abs = requireLib$1s();
	var FLOAT32_SMALLEST_NORMAL = requireLib$l();
	var EPS = requireLib$11();


	// VARIABLES //

	var MAX_ITER = 1000000;


	// FUNCTIONS //

	/**
	* Evaluates a continued fraction expansion.
	*
	* ```text
	*           a1
	*      ---------------
	*      b1 +     a2
	*           ----------
	*            b2 +   a3
	*                -----
	*                b3 + ...
	* ```
	*
	* @private
	* @param {Function} gen - function giving terms of continued fraction expansion
	* @param {PositiveNumber} factor - further terms are only added as long as factor*result is smaller than the next term
	* @param {PositiveInteger} maxIter - maximum number of iterations
	* @returns {number} evaluated expansion
	*/
	function continuedFractionA( gen, factor, maxIter ) {
		var isgenerator;
		var delta;
		var a0;
		var f;
		var C;
		var D;
		var v;

		isgenerator = typeof gen.next === 'function';
		v = ( isgenerator ) ? gen.next().value : gen();
		f = v[ 1 ];
		a0 = v[ 0 ];
		if ( f === 0.0 ) {
			f = FLOAT32_SMALLEST_NORMAL;
		}
		C = f;
		D = 0;
		if ( isgenerator === true ) {
			do {
				v = gen.next().value;
				if ( v ) {
					D = v[ 1 ] + ( v[ 0 ] * D );
					if ( D === 0.0 ) {
						D = FLOAT32_SMALLEST_NORMAL;
					}
					C = v[ 1 ] + ( v[ 0 ] / C );
					if ( C === 0.0 ) {
						C = FLOAT32_SMALLEST_NORMAL;
					}
					D = 1.0 / D;
					delta = C * D;
					f *= delta;
				}
			} while ( ( abs( delta - 1.0 ) > factor ) && --maxIter ); // eslint-disable-line no-plusplus
		} else {
			do {
				v = gen();
				if ( v ) {
					D = v[ 1 ] + ( v[ 0 ] * D );
					if ( D === 0.0 ) {
						D = FLOAT32_SMALLEST_NORMAL;
					}
					C = v[ 1 ] + ( v[ 0 ] / C );
					if ( C === 0.0 ) {
						C = FLOAT32_SMALLEST_NORMAL;
					}
					D = 1.0 / D;
					delta = C * D;
					f *= delta;
				}
			} while ( v && ( abs( delta - 1.0 ) > factor ) && --maxIter ); // eslint-disable-line no-plusplus
		}
		return a0 / f;
	}

	/**
	* Evaluates a continued fraction expansion.
	*
	* ```text
	*      b0 +    a1
	*      ---------------
	*      b1 +     a2
	*           ----------
	*           b2 +   a3
	*                -----
	*                b3 + ...
	* ```
	*
	* @private
	* @param {Function} gen - function giving terms of continued fraction expansion
	* @param {PositiveNumber} factor - further terms are only added as long as factor*result is smaller than the next term
	* @param {PositiveInteger} maxIter - maximum number of iterations
	* @returns {number} evaluated expansion
	*/
	function continuedFractionB( gen, factor, maxIter ) {
		var isgenerator;
		var delta;
		var f;
		var C;
		var D;
		var v;

		isgenerator = typeof gen.next === 'function';
		v = ( isgenerator ) ? gen.next().value : gen();
		f = v[ 1 ];
		if ( f === 0.0 ) {
			f = FLOAT32_SMALLEST_NORMAL;
		}
		C = f;
		D = 0.0;
		if ( isgenerator === true ) {
			do {
				v = gen.next().value;
				if ( v ) {
					D = v[ 1 ] + ( v[ 0 ] * D );
					if ( D === 0.0 ) {
						D = FLOAT32_SMALLEST_NORMAL;
					}
					C = v[ 1 ] + ( v[ 0 ] / C );
					if ( C === 0.0 ) {
						C = FLOAT32_SMALLEST_NORMAL;
					}
					D = 1.0 / D;
					delta = C * D;
					f *= delta;
				}
			} while ( v && ( abs( delta - 1.0 ) > factor ) && --maxIter ); // eslint-disable-line no-plusplus
		} else {
			do {
				v = gen();
				if ( v ) {
					D = v[ 1 ] + ( v[ 0 ] * D );
					if ( D === 0.0 ) {
						D = FLOAT32_SMALLEST_NORMAL;
					}
					C = v[ 1 ] + ( v[ 0 ] / C );
					if ( C === 0.0 ) {
						C = FLOAT32_SMALLEST_NORMAL;
					}
					D = 1.0 / D;
					delta = C * D;
					f *= delta;
				}
			} while ( v && ( abs( delta - 1.0 ) > factor ) && --maxIter ); // eslint-disable-line no-plusplus
		}
		return f;
	}


	// MAIN //

	/**
	* Evaluates the continued fraction approximation for the supplied series generator using the modified Lentz algorithm.
	*
	* ## References
	*
	* -   Lentz, William J. 1976. "Generating bessel functions in Mie scattering calculations using continued fractions." _Applied Optics_ 15 (3): 668–71. doi:[10.1364/AO.15.000668](https://doi.org/10.1364/AO.15.000668).
	*
	* @param {Function} generator - function returning terms of continued fraction expansion
	* @param {Object} [options] - function options
	* @param {PositiveInteger} [options.maxIter=1000] - maximum number of iterations
	* @param {PositiveNumber} [options.tolerance=2.22e-16] - further terms are only added as long as the next term is greater than current term times the tolerance
	* @param {boolean} [options.keep=false] - whether to keep the leading b term
	* @returns {number} value of continued fraction
	*
	* @example
	* // Continued fraction for (e-1)^(-1):
	* var gen = generator();
	* var out = continuedFraction( gen );
	* // returns ~0.582
	*
	* function* generator() {
	*    var i = 0;
	*    while ( true ) {
	*        i++;
	*        yield [ i, i ];
	*    }
	* }
	*/
	function continuedFraction( generator, options ) {
		var maxIter;
		var opts;
		var eps;

		opts = {};
		if ( arguments.length > 1 ) {
			opts = options;
		}
		maxIter = opts.maxIter || MAX_ITER;
		eps = opts.tolerance || EPS;

		if ( opts.keep ) {
			return continuedFractionB( generator, eps, maxIter );
		}
		return continuedFractionA( generator, eps, maxIter );
	}


	// EXPORTS //

	generators = continuedFraction;
	return generators;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var basic;
var hasRequiredBasic;

function requireBasic () {
	if (hasRequiredBasic) return basic;
	hasRequiredBasic = 1;

	// MODULES //

	var abs = requireLib$1s();
	var EPS = requireLib$11();
	var FLOAT32_SMALLEST_NORMAL = requireLib$l();


	// VARIABLES //

	var MAX_ITER = 1000000;


	// FUNCTIONS //

	/**
	* Evaluates a continued fraction expansion.
	*
	* ```text
	*           a1
	*      ---------------
	*      b1 +     a2
	*           ----------
	*            b2 +   a3
	*                -----
	*                b3 + ...
	* ```
	*
	* @private
	* @param {Function} gen - function giving terms of continued fraction expansion
	* @param {PositiveNumber} factor - further terms are only added as long as factor*result is smaller than the next term
	* @param {PositiveInteger} maxIter - maximum number of iterations
	* @returns {number} evaluated expansion
	*/
	function continuedFractionA( gen, factor, maxIter ) {
		var delta;
		var a0;
		var C;
		var D;
		var f;
		var v;

		v = gen();
		f = v[ 1 ];
		a0 = v[ 0 ];
		if ( f === 0 ) {
			f = FLOAT32_SMALLEST_NORMAL;
		}
		C = f;
		D = 0.0;

		do {
			v = gen();
			if ( v ) {
				D = v[ 1 ] + ( v[ 0 ] * D );
				if ( D === 0.0 ) {
					D = FLOAT32_SMALLEST_NORMAL;
				}
				C = v[ 1 ] + ( v[ 0 ] / C );
				if ( C === 0.0 ) {
					C = FLOAT32_SMALLEST_NORMAL;
				}
				D = 1.0 / D;
				delta = C * D;
				f *= delta;
			}
		} while ( v && ( abs( delta - 1.0 ) > factor ) && --maxIter ); // eslint-disable-line no-plusplus

		return a0 / f;
	}

	/**
	* Evaluates a continued fraction expansion.
	*
	* ```text
	*      b0 +   a1
	*      ---------------
	*      b1 +   a2
	*           ----------
	*           b2 +   a3
	*                -----
	*                b3 + ...
	* ```
	*
	* @private
	* @param {Function} gen - function giving terms of continued fraction expansion
	* @param {PositiveNumber} factor - further terms are only added as long as factor*result is smaller than the next term
	* @param {PositiveInteger} maxIter - maximum number of iterations
	* @returns {number} evaluated expansion
	*/
	function continuedFractionB( gen, factor, maxIter ) {
		var delta;
		var C;
		var D;
		var f;
		var v;

		v = gen();
		f = v[ 1 ];
		if ( f === 0.0 ) {
			f = FLOAT32_SMALLEST_NORMAL;
		}
		C = f;
		D = 0.0;
		do {
			v = gen();
			if ( v ) {
				D = v[ 1 ] + ( v[ 0 ] * D );
				if ( D === 0.0 ) {
					D = FLOAT32_SMALLEST_NORMAL;
				}
				C = v[ 1 ] + ( v[ 0 ] / C );
				if ( C === 0.0 ) {
					C = FLOAT32_SMALLEST_NORMAL;
				}
				D = 1.0 / D;
				delta = C * D;
				f *= delta;
			}
		} while ( v && ( abs( delta - 1.0 ) > factor ) && --maxIter ); // eslint-disable-line no-plusplus
		return f;
	}


	// MAIN //

	/**
	* Evaluates the continued fraction approximation for the supplied series generator using the modified Lentz algorithm.
	*
	* ## References
	*
	* -   Lentz, William J. 1976. "Generating bessel functions in Mie scattering calculations using continued fractions." _Applied Optics_ 15 (3): 668–71. doi:[10.1364/AO.15.000668](https://doi.org/10.1364/AO.15.000668).
	*
	* @param {Function} generator - function returning terms of continued fraction expansion
	* @param {Object} [options] - function options
	* @param {PositiveInteger} [options.maxIter=1000000] - maximum number of iterations
	* @param {PositiveNumber} [options.tolerance=2.22e-16] - further terms are only added as long as the next term is greater than current term times the tolerance
	* @param {boolean} [options.keep=false] - whether to keep the leading b term
	* @returns {number} value of continued fraction
	*
	* @example
	* // Continued fraction for (e-1)^(-1):
	* var gen = generator();
	* var out = continuedFraction( gen );
	* // returns ~0.582
	*
	* function generator() {
	*    var i = 0;
	*    return function() {
	*        i++;
	*        return [ i, i ];
	*    };
	* }
	*/
	function continuedFraction( generator, options ) {
		var maxIter;
		var opts;
		var eps;

		opts = {};
		if ( arguments.length > 1 ) {
			opts = options;
		}
		eps = opts.tolerance || EPS;
		maxIter = opts.maxIter || MAX_ITER;

		if ( opts.keep ) {
			return continuedFractionB( generator, eps, maxIter );
		}
		return continuedFractionA( generator, eps, maxIter );
	}


	// EXPORTS //

	basic = continuedFraction;
	return basic;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$k;
var hasRequiredLib$k;

function requireLib$k () {
	if (hasRequiredLib$k) return lib$k;
	hasRequiredLib$k = 1;

	/**
	* Calculate a continued fraction approximation.
	*
	* @module @stdlib/math-base-tools-continued-fraction
	*
	* @example
	* var continuedFraction = require( '@stdlib/math-base-tools-continued-fraction' );
	*
	* // Continued fraction for (e-1)^(-1):
	* var gen = generator();
	* var out = continuedFraction( gen );
	* // returns ~0.582
	*
	* function generator() {
	*    var i = 0;
	*    return function() {
	*        i++;
	*        return [ i, i ];
	*    };
	* }
	*/

	// MODULES //

	var hasGeneratorSupport = requireLib$w();
	var generator = requireGenerators();
	var basic = requireBasic();


	// MAIN //

	var continuedFraction;
	if ( hasGeneratorSupport() ) {
		continuedFraction = generator;
	} else {
		continuedFraction = basic;
	}


	// EXPORTS //

	lib$k = continuedFraction;
	return lib$k;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var upper_incomplete_gamma_fract;
var hasRequiredUpper_incomplete_gamma_fract;

function requireUpper_incomplete_gamma_fract () {
	if (hasRequiredUpper_incomplete_gamma_fract) return upper_incomplete_gamma_fract;
	hasRequiredUpper_incomplete_gamma_fract = 1;

	// MAIN //

	/**
	* Creates a function to evaluate a series expansion of the upper incomplete gamma fraction.
	*
	* @private
	* @param {number} a1 - function parameter
	* @param {number} z1 - function parameter
	* @returns {Function} series function
	*/
	function upperIncompleteGammaFract( a1, z1 ) {
		var z = z1 - a1 + 1.0;
		var a = a1;
		var k = 0;
		return next;

		/**
		* Calculate the next term of the series.
		*
		* @private
		* @returns {Array} series expansion terms
		*/
		function next() {
			k += 1.0;
			z += 2.0;
			return [
				k * (a - k),
				z
			];
		}
	}


	// EXPORTS //

	upper_incomplete_gamma_fract = upperIncompleteGammaFract;
	return upper_incomplete_gamma_fract;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var upper_gamma_fraction;
var hasRequiredUpper_gamma_fraction;

function requireUpper_gamma_fraction () {
	if (hasRequiredUpper_gamma_fraction) return upper_gamma_fraction;
	hasRequiredUpper_gamma_fraction = 1;

	// MODULES //

	var continuedFraction = requireLib$k();
	var upperIncompleteGammaFract = requireUpper_incomplete_gamma_fract();


	// MAIN //

	/**
	* Evaluate the lower incomplete gamma integral via a series expansion and divide by `gamma(z)` to normalize.
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} z - function parameter
	* @returns {number} function value
	*/
	function upperGammaFraction( a, z ) {
		var f = upperIncompleteGammaFract( a, z );
		return 1.0 / ( z - a + 1.0 + continuedFraction( f ) );
	}


	// EXPORTS //

	upper_gamma_fraction = upperGammaFraction;
	return upper_gamma_fraction;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2025 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var igamma_final;
var hasRequiredIgamma_final;

function requireIgamma_final () {
	if (hasRequiredIgamma_final) return igamma_final;
	hasRequiredIgamma_final = 1;

	// MODULES //

	var floor = requireLib$1x();
	var gamma = requireLib$J();
	var abs = requireLib$1s();
	var pow = requireLib$13();
	var ln = requireLib$D();
	var SQRT_EPSILON = requireLib$y();
	var FLOAT64_MAX = requireLib$X();
	var MAX_LN = requireLib$z();
	var tgammaILargeX = requireTgamma_i_large_x();
	var finiteGammaQ = requireFinite_gamma_q();
	var finiteHalfGammaQ = requireFinite_half_gamma_q();
	var fullIGammaPrefix = requireFull_igamma_prefix$1();
	var igammaTemmeLarge = requireIgamma_temme_large();
	var lowerGammaSeries = requireLower_gamma_series();
	var regularisedGammaPrefix = requireRegularised_gamma_prefix();
	var tgammaSmallUpperPart = requireTgamma_small_upper_part();
	var upperGammaFraction = requireUpper_gamma_fraction();


	// MAIN //

	/**
	* Main entry point for evaluating all the four incomplete gamma functions (lower, upper, regularized lower, and regularized upper).
	*
	* @private
	* @param {number} x - function parameter
	* @param {number} a - function parameter
	* @param {boolean} regularized - boolean indicating if the function should evaluate the regularized or non-regularized incomplete gamma functions
	* @param {boolean} upper - boolean indicating if the function should return the upper tail of the incomplete gamma function
	* @returns {number} function value
	*/
	function igammaFinal( x, a, regularized, upper ) {
		var optimisedInvert;
		var evalMethod;
		var isHalfInt;
		var initValue;
		var useTemme;
		var isSmallA;
		var result;
		var invert;
		var isInt;
		var sigma;
		var res;
		var gam;
		var fa;
		var g;

		result = 0.0;
		invert = upper;
		isSmallA = ( a < 30 ) && ( a <= x + 1.0 ) && ( x < MAX_LN );
		if ( isSmallA ) {
			fa = floor( a );
			isInt = ( fa === a );
			isHalfInt = ( isInt ) ? false : ( abs( fa - a ) === 0.5 );
		} else {
			isInt = false;
			isHalfInt = false;
		}
		if ( isInt && x > 0.6 ) {
			// Calculate Q via finite sum:
			invert = !invert;
			evalMethod = 0;
		} else if ( isHalfInt && x > 0.2 ) {
			// Calculate Q via finite sum for half integer a:
			invert = !invert;
			evalMethod = 1;
		} else if ( x < SQRT_EPSILON && a > 1.0 ) {
			evalMethod = 6;
		} else if ( ( x > 1000.0 ) && ( ( a < x ) || ( abs( a - 50.0 ) / x < 1.0 ) ) ) {
			// Calculate Q via asymptotic approximation:
			invert = !invert;
			evalMethod = 7;
		} else if ( x < 0.5 ) {
			// Changeover criterion chosen to give a changeover at Q ~ 0.33:
			if ( -0.4 / ln( x ) < a ) {
				evalMethod = 2;
			} else {
				evalMethod = 3;
			}
		} else if ( x < 1.1 ) {
			// Changeover here occurs when P ~ 0.75 or Q ~ 0.25:
			if ( x * 0.75 < a ) {
				evalMethod = 2;
			} else {
				evalMethod = 3;
			}
		} else {
			// Begin by testing whether we're in the "bad" zone where the result will be near 0.5 and the usual series and continued fractions are slow to converge:
			useTemme = false;
			if ( regularized && a > 20 ) {
				sigma = abs( (x-a)/a );
				if ( a > 200 ) {
					// Limit chosen so that we use Temme's expansion only if the result would be larger than about 10^-6. Below that the regular series and continued fractions converge OK, and if we use Temme's method we get increasing errors from the dominant erfc term as it's (inexact) argument increases in magnitude.
					if ( 20 / a > sigma * sigma ) {
						useTemme = true;
					}
				} else if ( sigma < 0.4 ) {
					useTemme = true;
				}
			}
			if ( useTemme ) {
				evalMethod = 5;
			}
			// Regular case where the result will not be too close to 0.5: Changeover occurs at P ~ Q ~ 0.5. Note that series computation of P is about x2 faster than continued fraction calculation of Q, so try and use the CF only when really necessary, especially for small x.
			else if ( x - ( 1.0 / (3.0 * x) ) < a ) {
				evalMethod = 2;
			} else {
				evalMethod = 4;
				invert = !invert;
			}
		}

		/* eslint-disable default-case */
		switch ( evalMethod ) {
		case 0:
			result = finiteGammaQ( a, x );
			if ( regularized === false ) {
				result *= gamma( a );
			}
			break;
		case 1:
			result = finiteHalfGammaQ( a, x );
			if ( regularized === false ) {
				result *= gamma( a );
			}
			break;
		case 2:
			// Compute P:
			result = ( regularized ) ?
				regularisedGammaPrefix( a, x ) :
				fullIGammaPrefix( a, x );
			if ( result !== 0.0 ) {
				// If the result will be inverted, we can potentially save computation by initializing the series sum closer to the final result. This reduces the number of iterations needed in the series evaluation. However, care must be taken to avoid spurious numeric overflows. In practice, the more expensive overflow checks below are typically bypassed for well-behaved input values.
				initValue = 0.0;
				optimisedInvert = false;
				if ( invert ) {
					initValue = ( regularized ) ? 1.0 : gamma( a );
					if (
						regularized ||
						result >= 1.0 ||
						FLOAT64_MAX * result > initValue
					) {
						initValue /= result;
						if (
							regularized ||
							a < 1.0 ||
							( FLOAT64_MAX / a > initValue )
						) {
							initValue *= -a;
							optimisedInvert = true;
						} else {
							initValue = 0.0;
						}
					} else {
						initValue = 0.0;
					}
				}
				result *= lowerGammaSeries( a, x, initValue ) / a;
				if ( optimisedInvert ) {
					invert = false;
					result = -result;
				}
			}
			break;
		case 3:
			// Compute Q:
			invert = !invert;
			res = tgammaSmallUpperPart( a, x, invert );
			result = res[ 0 ];
			g = res[ 1 ];
			invert = false;
			if ( regularized ) {
				result /= g;
			}
			break;
		case 4:
			// Compute Q:
			result = ( regularized ) ?
				regularisedGammaPrefix( a, x ) :
				fullIGammaPrefix( a, x );
			if ( result !== 0 ) {
				result *= upperGammaFraction( a, x );
			}
			break;
		case 5:
			result = igammaTemmeLarge( a, x );
			if ( x >= a ) {
				invert = !invert;
			}
			break;
		case 6:
			// Since `x` is so small that P is necessarily very small too, use http://functions.wolfram.com/GammaBetaErf/GammaRegularized/06/01/05/01/01/
			result = ( regularized ) ?
				pow( x, a ) / gamma( a + 1.0 ) :
				pow( x, a ) / a;
			result *= 1.0 - ( a * x / ( a + 1.0 ) );
			break;
		case 7:
			// `x` is large, so compute Q:
			result = ( regularized ) ?
				regularisedGammaPrefix( a, x ) :
				fullIGammaPrefix( a, x );
			result /= x;
			if ( result !== 0.0 ) {
				result *= tgammaILargeX( a, x );
			}
			break;
		}
		if ( regularized && result > 1.0 ) {
			result = 1.0;
		}
		if ( invert ) {
			gam = ( regularized ) ? 1.0 : gamma( a );
			result = gam - result;
		}
		return result;
	}


	// EXPORTS //

	igamma_final = igammaFinal;
	return igamma_final;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link https://www.boost.org/doc/libs/1_88_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006-7, 2013-14.
* (C) Copyright Paul A. Bristow 2007, 2013-14.
* (C) Copyright Nikhar Agrawal 2013-14.
* (C) Christopher Kormanyos 2013-14.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$e;
var hasRequiredMain$e;

function requireMain$e () {
	if (hasRequiredMain$e) return main$e;
	hasRequiredMain$e = 1;

	// MODULES //

	var gammaln = requireLib$A();
	var exp = requireLib$1c();
	var ln = requireLib$D();
	var SQRT_TWO_PI = requireLib$L();
	var MAX_LN = requireLib$z();
	var PINF = requireLib$1D();
	var FLOAT64_MAX_NTH_FACTORIAL = requireLib$I();
	var igammaFinal = requireIgamma_final();
	var lowerGammaSeries = requireLower_gamma_series();
	var upperGammaFraction = requireUpper_gamma_fraction();


	// MAIN //

	/**
	* Computes the incomplete gamma function.
	*
	* ## Notes
	*
	* -   The upper tail is calculated via the modified Lentz's method for computing continued fractions, the lower tail using a power expansion.
	* -   When `a >= FLOAT64_MAX_NTH_FACTORIAL` and computing the non-normalized incomplete gamma, result is rather hard to compute unless we use logs. There are really two options a) if `x` is a long way from `a` in value then we can reliably use methods 2 and 4 below in logarithmic form and go straight to the result. Otherwise we let the regularized gamma take the strain (the result is unlikely to underflow in the central region anyway) and combine with `lgamma` in the hopes that we get a finite result.
	*
	* @param {NonNegativeNumber} x - function parameter
	* @param {PositiveNumber} a - function parameter
	* @param {boolean} [regularized=true] - boolean indicating if the function should evaluate the regularized or non-regularized incomplete gamma functions
	* @param {boolean} [upper=false] - boolean indicating if the function should return the upper tail of the incomplete gamma function
	* @returns {number} function value
	*
	* @example
	* var y = gammainc( 6.0, 2.0 );
	* // returns ~0.9826
	*
	* @example
	* var y = gammainc( 1.0, 2.0, true, true );
	* // returns ~0.7358
	*
	* @example
	* var y = gammainc( 7.0, 5.0 );
	* // returns ~0.8270
	*
	* @example
	* var y = gammainc( 7.0, 5.0, false );
	* // returns ~19.8482
	*
	* @example
	* var y = gammainc( NaN, 2.0 );
	* // returns NaN
	*
	* @example
	* var y = gammainc( 6.0, NaN );
	* // returns NaN
	*/
	function gammainc( x, a, regularized, upper ) {
		var normalized;
		var initValue;
		var invert;
		var result;

		if ( x < 0.0 || a <= 0.0 ) {
			return NaN;
		}
		normalized = ( regularized === void 0 ) ? true : regularized;
		invert = upper;
		if ( a >= FLOAT64_MAX_NTH_FACTORIAL && !normalized ) {
			if ( invert && ( a * 4.0 < x ) ) {
				// This is method 4 in `igammaFinal`, done in logs:
				result = ( a * ln(x) ) - x;
				result += ln( upperGammaFraction( a, x ) );
			} else if ( !invert && ( a > 4.0 * x ) ) {
				// This is method 2 in `igammaFinal`, done in logs:
				result = ( a * ln(x) ) - x;
				initValue = 0.0;
				result += ln( lowerGammaSeries( a, x, initValue ) / a );
			} else {
				result = igammaFinal( x, a, true, invert );
				if ( result === 0.0 ) {
					if ( invert ) {
						// Try http://functions.wolfram.com/06.06.06.0039.01:
						result = 1.0 + ( 1.0 / (12.0*a) ) + ( 1.0 / (288.0*a*a) );
						result = ln( result ) - a + ( ( a-0.5 ) * ln(a) );
						result += ln( SQRT_TWO_PI );
					} else {
						// This is method 2 in `igammaFinal`, done in logs, we're really outside the range of this method, but since the result is almost certainly infinite, we should probably be OK:
						result = ( a * ln( x ) ) - x;
						initValue = 0.0;
						result += ln( lowerGammaSeries( a, x, initValue ) / a );
					}
				} else {
					result = ln( result ) + gammaln( a );
				}
			}
			if ( result > MAX_LN ) {
				return PINF;
			}
			return exp( result );
		}
		// If no special handling is required then we proceed as normal:
		return igammaFinal( x, a, normalized, invert );
	}


	// EXPORTS //

	main$e = gammainc;
	return main$e;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$j;
var hasRequiredLib$j;

function requireLib$j () {
	if (hasRequiredLib$j) return lib$j;
	hasRequiredLib$j = 1;

	/**
	* Evaluate the incomplete gamma function.
	*
	* @module @stdlib/math-base-special-gammainc
	*
	* @example
	* var gammainc = require( '@stdlib/math-base-special-gammainc' );
	*
	* var v = gammainc( 6.0, 2.0 );
	* // returns ~0.9826
	*
	* v = gammainc( 1.0, 2.0, true, true );
	* // returns ~0.7358
	*
	* v = gammainc( 7.0, 5.0 );
	* // returns ~0.8270
	*
	* v = gammainc( 7.0, 5.0, false );
	* // returns ~19.8482
	*
	* v = gammainc( NaN, 2.0 );
	* // returns NaN
	*
	* v = gammainc( 6.0, NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$e();


	// EXPORTS //

	lib$j = main;
	return lib$j;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_37_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
* (C) Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var full_igamma_prefix;
var hasRequiredFull_igamma_prefix;

function requireFull_igamma_prefix () {
	if (hasRequiredFull_igamma_prefix) return full_igamma_prefix;
	hasRequiredFull_igamma_prefix = 1;

	// MODULES //

	var exp = requireLib$1c();
	var pow = requireLib$13();
	var ln = requireLib$D();
	var MAX_LN = requireLib$z();
	var MIN_LN = requireLib$t();


	// MAIN //

	/**
	* Calculates the power term prefix `(z^a)(e^-z)` used in the non-normalized incomplete gammas.
	*
	* @private
	* @param {number} a - function parameter
	* @param {number} z - function parameter
	* @returns {number} power term prefix
	*/
	function fullIGammaPrefix( a, z ) {
		var prefix;
		var alz;

		alz = a * ln( z );
		if ( z >= 1.0 ) {
			if ( ( alz < MAX_LN ) && ( -z > MIN_LN ) ) {
				prefix = pow( z, a ) * exp( -z );
			}
			else if ( a >= 1.0 ) {
				prefix = pow( z / exp(z/a), a );
			}
			else {
				prefix = exp( alz - z );
			}
		}
		else if ( alz > MIN_LN ) {
			prefix = pow( z, a ) * exp( -z );
		}
		else if ( z/a < MAX_LN ) {
			prefix = pow( z / exp(z/a), a );
		}
		else {
			prefix = exp( alz - z );
		}
		return prefix;
	}


	// EXPORTS //

	full_igamma_prefix = fullIGammaPrefix;
	return full_igamma_prefix;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/gamma.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006-7, 2013-14.
* Copyright Paul A. Bristow 2007, 2013-14.
* Copyright Nikhar Agrawal 2013-14.
* Copyright Christopher Kormanyos 2013-14.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var regularized_gamma_prefix;
var hasRequiredRegularized_gamma_prefix;

function requireRegularized_gamma_prefix () {
	if (hasRequiredRegularized_gamma_prefix) return regularized_gamma_prefix;
	hasRequiredRegularized_gamma_prefix = 1;

	// MODULES //

	var lanczosSumExpGScaled = requireLib$o();
	var gammaln = requireLib$A();
	var gamma = requireLib$J();
	var log1p = requireLib$1w();
	var sqrt = requireLib$1v();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var pow = requireLib$13();
	var max = requireLib$_();
	var min = requireLib$Y();
	var ln = requireLib$D();
	var MAX_LN = requireLib$z();
	var MIN_LN = requireLib$t();
	var G = requireLib$F();
	var E = requireLib$12();


	// MAIN //

	/**
	* Computes `(z^a)*(e^-z) / gamma(a)`.
	*
	* @private
	* @param {number} a - input value
	* @param {number} z - input value
	* @returns {number} function value
	*/
	function regularizedGammaPrefix( a, z ) {
		var prefix;
		var amza;
		var agh;
		var alz;
		var amz;
		var sq;
		var d;

		agh = a + G - 0.5;
		d = ( (z - a) - G + 0.5 ) / agh;
		if ( a < 1.0 ) {
			// Treat a < 1 as a special case because our Lanczos approximations are optimized against the factorials with a > 1, and for high precision types very small values of `a` can give rather erroneous results for gamma:
			if ( z <= MIN_LN ) {
				// Use logs, so should be free of cancellation errors:
				return exp( ( a * ln(z) ) - z - gammaln( a ) );
			}
			// No danger of overflow as gamma(a) < 1/a for small a, so direct calculation:
			return pow( z, a ) * exp( -z ) / gamma( a );
		}
		if ( abs(d*d*a) <= 100.0 && a > 150.0 ) {
			// Special case for large a and a ~ z:
			prefix = ( a * ( log1p( d ) - d ) ) + ( z * ( 0.5-G ) / agh );
			prefix = exp( prefix );
		}
		else {
			// General case. Direct computation is most accurate, but use various fallbacks for different parts of the problem domain:
			alz = a * ln(z / agh);
			amz = a - z;
			if (
				min(alz, amz) <= MIN_LN ||
				max(alz, amz) >= MAX_LN
			) {
				amza = amz / a;
				if (
					min(alz, amz)/2.0 > MIN_LN &&
					max(alz, amz)/2.0 < MAX_LN
				) {
					// Compute square root of the result and then square it:
					sq = pow( z/agh, a/2.0 ) * exp( amz/2.0 );
					prefix = sq * sq;
				}
				else if (
					min(alz, amz)/4.0 > MIN_LN &&
					max(alz, amz)/4.0 < MAX_LN &&
					z > a
				) {
					// Compute the 4th root of the result then square it twice:
					sq = pow( z/agh, a/4.0 ) * exp( amz/4.0 );
					prefix = sq * sq;
					prefix *= prefix;
				}
				else if (
					amza > MIN_LN &&
					amza < MAX_LN
				) {
					prefix = pow( (z * exp(amza)) / agh, a );
				}
				else {
					prefix = exp( alz + amz );
				}
			}
			else
			{
				prefix = pow( z/agh, a ) * exp( amz );
			}
		}
		prefix *= sqrt( agh/E ) / lanczosSumExpGScaled( a );
		return prefix;
	}


	// EXPORTS //

	regularized_gamma_prefix = regularizedGammaPrefix;
	return regularized_gamma_prefix;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_61_0/boost/math/special_functions/beta.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var beta_small_b_large_a_series;
var hasRequiredBeta_small_b_large_a_series;

function requireBeta_small_b_large_a_series () {
	if (hasRequiredBeta_small_b_large_a_series) return beta_small_b_large_a_series;
	hasRequiredBeta_small_b_large_a_series = 1;

	// MODULES //

	var gammaDeltaRatio = requireLib$E();
	var factorial = requireLib$H();
	var gammainc = requireLib$j();
	var log1p = requireLib$1w();
	var abs = requireLib$1s();
	var pow = requireLib$13();
	var ln = requireLib$D();
	var MIN_VALUE = requireLib$1h();
	var EPSILON = requireLib$11();
	var fullIGammaPrefix = requireFull_igamma_prefix();
	var regularizedGammaPrefix = requireRegularized_gamma_prefix();


	// VARIABLES //

	var p = new Array( 30 ); // eslint-disable-line stdlib/no-new-array


	// MAIN //

	/**
	* This is DiDonato and Morris's BGRAT routine, see Eq's 9 through 9.6.
	*
	* @private
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {Probability} x - function parameter
	* @param {Probability} y - probability equal to `1-x`
	* @param {NonNegativeInteger} s0 - initial value
	* @param {number} mult - initial value
	* @param {boolean} normalized - boolean indicating whether to evaluate the regularized or non-regularized incomplete beta function
	* @returns {number} function value
	*/
	function betaSmallBLargeASeries( a, b, x, y, s0, mult, normalized ) {
		var prefix;
		var tmp1;
		var tnp1;
		var sum;
		var b2n;
		var bm1;
		var lx2;
		var lxp;
		var mbn;
		var lx;
		var t4;
		var h;
		var j;
		var m;
		var n;
		var r;
		var t;
		var u;

		// Some values we'll need later, these are Eq 9.1:
		bm1 = b - 1.0;
		t = a + ( bm1 / 2.0 );
		if ( y < 0.35 ) {
			lx = log1p( -y );
		} else {
			lx = ln( x );
		}
		u = -t * lx;

		// And from 9.2:
		h = regularizedGammaPrefix( b, u );
		if ( h <= MIN_VALUE ) {
			return s0;
		}
		if ( normalized ) {
			prefix = h / gammaDeltaRatio( a, b );
			prefix /= pow( t, b );
		} else {
			prefix = fullIGammaPrefix( b, u ) / pow( t, b );
		}
		prefix *= mult;

		// We need the quantity Pn. Unfortunately, this is computed recursively and requires a full history of all the previous values. No choice but to declare a big table and hope it's big enough...
		p[ 0 ] = 1;  // see 9.3.

		// Now an initial value for J, see 9.6: gammainc( u, b, regularized, upper )
		j = gammainc( u, b, true, true );
		j /= h;

		// Now we can start to pull things together and evaluate the sum in Eq 9:
		sum = s0 + ( prefix * j ); // Value at N = 0

		// Some variables we'll need...
		tnp1 = 1.0; // 2*N+1
		lx2 = lx / 2.0;
		lx2 *= lx2;
		lxp = 1.0;
		t4 = 4.0 * t * t;
		b2n = b;
		for ( n = 1; n < p.length; ++n ) {
			// Begin by evaluating the next Pn from Eq 9.4:
			tnp1 += 2.0;
			p[ n ] = 0.0;
			mbn = b - n;
			tmp1 = 3;
			for ( m = 1; m < n; ++m ) {
				mbn = ( m * b ) - n;
				p[ n ] += mbn * p[ n-m ] / factorial( tmp1 );
				tmp1 += 2;
			}
			p[ n ] /= n;
			p[ n ] += bm1 / factorial( tnp1 );

			// Now we want Jn from Jn-1 using Eq 9.6:
			j = ( ( b2n * ( b2n+1.0 ) * j ) + ( ( u+b2n+1.0 ) * lxp ) ) / t4;
			lxp *= lx2;
			b2n += 2.0;

			// Pull it together with Eq 9:
			r = prefix * p[ n ] * j;
			sum += r;
			if ( r > 1.0 ) {
				if ( abs( r ) < abs( EPSILON * sum ) ) {
					break;
				}
			} else if ( abs( r / EPSILON ) < abs( sum ) ) {
				break;
			}
		}
		return sum;
	}


	// EXPORTS //

	beta_small_b_large_a_series = betaSmallBLargeASeries;
	return beta_small_b_large_a_series;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_37_0/boost/math/special_functions/beta.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var rising_factorial_ratio;
var hasRequiredRising_factorial_ratio;

function requireRising_factorial_ratio () {
	if (hasRequiredRising_factorial_ratio) return rising_factorial_ratio;
	hasRequiredRising_factorial_ratio = 1;

	// MAIN //

	/**
	* Computes the delta in `beta(a,b,x) = prefix + delta * beta(a+k,b,x)`.
	*
	* ## Notes
	*
	* Specifically, the function calculates
	*
	* ```tex
	* \frac{ (a)(a+1)(a+2)...(a+k-1) }{ (b)(b+1)(b+2)...(b+k-1) }
	* ```
	*
	* The function should only called with small `k`; for large `k`, it is grossly inefficient.
	*
	* @private
	* @param {number} a - input value
	* @param {number} b - input value
	* @param {NonNegativeInteger} k - input value
	* @returns {number} ratio value
	*/
	function risingFactorialRatio( a, b, k ) {
		var result;
		var i;
		if ( k === 0 ) {
			return 1.0;
		}
		result = 1.0;
		for ( i = 0; i < k; i++ ) {
			result *= ( a + i ) / ( b + i );
		}
		return result;
	}


	// EXPORTS //

	rising_factorial_ratio = risingFactorialRatio;
	return rising_factorial_ratio;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$d;
var hasRequiredMain$d;

function requireMain$d () {
	if (hasRequiredMain$d) return main$d;
	hasRequiredMain$d = 1;

	// MODULES //

	var abs = requireLib$1s();
	var max = requireLib$_();


	// MAIN //

	/**
	* Returns the maximum absolute value.
	*
	* @param {number} x - first number
	* @param {number} y - second number
	* @returns {number} maximum absolute value
	*
	* @example
	* var v = maxabs( 3.14, -4.2 );
	* // returns 4.2
	*
	* @example
	* var v = maxabs( 3.14, NaN );
	* // returns NaN
	*
	* @example
	* var v = maxabs( +0.0, -0.0 );
	* // returns +0.0
	*/
	function maxabs( x, y ) {
		return max( abs( x ), abs( y ) );
	}


	// EXPORTS //

	main$d = maxabs;
	return main$d;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$i;
var hasRequiredLib$i;

function requireLib$i () {
	if (hasRequiredLib$i) return lib$i;
	hasRequiredLib$i = 1;

	/**
	* Return the maximum absolute value.
	*
	* @module @stdlib/math-base-special-maxabs
	*
	* @example
	* var maxabs = require( '@stdlib/math-base-special-maxabs' );
	*
	* var v = maxabs( 3.14, -4.2 );
	* // returns 4.2
	*
	* v = maxabs( 3.14, NaN );
	* // returns NaN
	*
	* v = maxabs( +0.0, -0.0 );
	* // returns +0.0
	*/

	// MODULES //

	var maxabs = requireMain$d();


	// EXPORTS //

	lib$i = maxabs;
	return lib$i;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$c;
var hasRequiredMain$c;

function requireMain$c () {
	if (hasRequiredMain$c) return main$c;
	hasRequiredMain$c = 1;

	// MODULES //

	var abs = requireLib$1s();
	var min = requireLib$Y();


	// MAIN //

	/**
	* Returns the minimum absolute value.
	*
	* @param {number} x - first number
	* @param {number} y - second number
	* @returns {number} minimum absolute value
	*
	* @example
	* var v = minabs( -3.14, 4.2 );
	* // returns 3.14
	*
	* @example
	* var v = minabs( 3.14, NaN );
	* // returns NaN
	*
	* @example
	* var v = minabs( +0.0, -0.0 );
	* // returns +0.0
	*/
	function minabs( x, y ) {
		return min( abs( x ), abs( y ) );
	}


	// EXPORTS //

	main$c = minabs;
	return main$c;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$h;
var hasRequiredLib$h;

function requireLib$h () {
	if (hasRequiredLib$h) return lib$h;
	hasRequiredLib$h = 1;

	/**
	* Return the minimum absolute value.
	*
	* @module @stdlib/math-base-special-minabs
	*
	* @example
	* var minabs = require( '@stdlib/math-base-special-minabs' );
	*
	* var v = minabs( -3.14, 4.2 );
	* // returns 3.14
	*
	* v = minabs( 3.14, NaN );
	* // returns NaN
	*
	* v = minabs( +0.0, -0.0 );
	* // returns +0.0
	*/

	// MODULES //

	var minabs = requireMain$c();


	// EXPORTS //

	lib$h = minabs;
	return lib$h;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_62_0/boost/math/special_functions/beta.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var ibeta_power_terms;
var hasRequiredIbeta_power_terms;

function requireIbeta_power_terms () {
	if (hasRequiredIbeta_power_terms) return ibeta_power_terms;
	hasRequiredIbeta_power_terms = 1;

	// MODULES //

	var lanczosSumExpGScaled = requireLib$o();
	var maxabs = requireLib$i();
	var minabs = requireLib$h();
	var expm1 = requireLib$1y();
	var log1p = requireLib$1w();
	var sqrt = requireLib$1v();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var pow = requireLib$13();
	var min = requireLib$Y();
	var ln = requireLib$D();
	var MAX_LN = requireLib$z();
	var MIN_LN = requireLib$t();
	var G = requireLib$F();
	var E = requireLib$12();


	// MAIN //

	/**
	* Computes the leading power terms in the incomplete beta function.
	*
	* When normalized,
	*
	* ```tex
	* \frac{ x^a y^b }{ \operatorname{Beta}(a,b) }
	* ```
	*
	* and otherwise
	*
	* ```tex
	* x^a y^b
	* ```
	*
	* ## Notes
	*
	* -   Almost all of the error in the incomplete beta comes from this function, particularly when \\( a \\) and \\( b \\) are large. Computing large powers are _hard_ though, and using logarithms just leads to horrendous cancellation errors.
	*
	* -   For \\( l1 * l2 > 0 \\) or \\( \operatorname{min}( a, b ) < 1 \\), the two power terms both go in the same direction (toward zero or toward infinity). In this case if either term overflows or underflows, then the product of the two must do so also. Alternatively, if one exponent is less than one, then we can't productively use it to eliminate overflow or underflow from the other term.  Problems with spurious overflow/underflow can't be ruled out. In this case, but it is _very_ unlikely since one of the power terms will evaluate to a number close to 1.
	*
	* -   If \\( \max( \abs(l1), \abs(l2) ) < 0.5 \\), both exponents are near one and both the exponents are greater than one, and, further, these two power terms tend in opposite directions (one toward zero, the other toward infinity), so we have to combine the terms to avoid any risk of overflow or underflow. We do this by moving one power term inside the other, we have:
	*
	*     ```tex
	*     (1 + l_1)^a \cdot (1 + l_2)^b \\
	*     = ((1 + l_1) \cdot (1 + l_2)^(b/a))^a \\
	*     = (1 + l_1 + l_3 + l_1*l_3)^a
	*     ```
	*
	*     and
	*
	*     ```tex
	*     l_3 = (1 + l_2)^(b/a) - 1 \\
	*     = \exp((b/a) * \ln(1 + l_2)) - 1
	*     ```
	*
	*     The tricky bit is deciding which term to move inside. By preference, we move the larger term inside, so that the size of the largest exponent is reduced.  However, that can only be done as long as l3 (see above) is also small.
	*
	* @private
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {Probability} x - function parameter
	* @param {Probability} y - probability equal to `1-x`
	* @param {boolean} normalized - boolean indicating whether to evaluate the power terms of the regularized or non-regularized incomplete beta function
	* @returns {number} power terms
	*/
	function ibetaPowerTerms( a, b, x, y, normalized ) {
		var result;
		var smallA;
		var ratio;
		var agh;
		var bgh;
		var cgh;
		var l1;
		var l2;
		var l3;
		var p1;
		var b1;
		var b2;
		var c;
		var l;

		if ( !normalized ) {
			// Can we do better here?
			return pow( x, a ) * pow( y, b );
		}
		c = a + b;

		// Combine power terms with Lanczos approximation:
		agh = a + G - 0.5;
		bgh = b + G - 0.5;
		cgh = c + G - 0.5;
		result = lanczosSumExpGScaled( c );
		result /= lanczosSumExpGScaled( a ) * lanczosSumExpGScaled( b );

		// Combine with the leftover terms from the Lanczos approximation:
		result *= sqrt( bgh / E );
		result *= sqrt( agh / cgh );

		// `l1` and `l2` are the base of the exponents minus one:
		l1 = ( ( x * b ) - ( y * agh ) ) / agh;
		l2 = ( ( y * a ) - ( x * bgh ) ) / bgh;
		if ( minabs( l1, l2 ) < 0.2 ) {
			// When the base of the exponent is very near 1 we get really gross errors unless extra care is taken:
			if ( l1 * l2 > 0 || min( a, b ) < 1 ) {
				if ( abs(l1) < 0.1 ) {
					result *= exp( a * log1p( l1 ) );
				} else {
					result *= pow( ( x*cgh ) / agh, a );
				}
				if ( abs(l2) < 0.1 ) {
					result *= exp( b * log1p( l2 ) );
				} else {
					result *= pow((y * cgh) / bgh, b);
				}
			}
			else if ( maxabs( l1, l2 ) < 0.5 ) {
				smallA = a < b;
				ratio = b / a;
				if (
					(smallA && (ratio * l2 < 0.1)) ||
					(!smallA && (l1 / ratio > 0.1))
				) {
					l3 = expm1( ratio * log1p( l2 ) );
					l3 = l1 + l3 + ( l3 * l1 );
					l3 = a * log1p( l3 );
					result *= exp( l3 );
				}
				else {
					l3 = expm1( log1p( l1 ) / ratio );
					l3 = l2 + l3 + ( l3 * l2 );
					l3 = b * log1p( l3 );
					result *= exp( l3 );
				}
			}
			else if ( abs(l1) < abs(l2) ) {
				// First base near 1 only:
				l = ( a * log1p( l1 ) ) + ( b * ln( ( y*cgh ) / bgh ) );
				if ( l <= MIN_LN || l >= MAX_LN ) {
					l += ln(result);
					if ( l >= MAX_LN ) {
						return NaN;
					}
					result = exp( l );
				} else {
					result *= exp( l );
				}
			}
			else {
				// Second base near 1 only:
				l = ( b * log1p( l2 ) ) + ( a * ln( (x*cgh) / agh ) );
				if ( l <= MIN_LN || l >= MAX_LN ) {
					l += ln(result);
					if ( l >= MAX_LN ) {
						return NaN;
					}
					result = exp( l );
				} else {
					result *= exp( l );
				}
			}
		}
		else {
			// General case:
			b1 = (x * cgh) / agh;
			b2 = (y * cgh) / bgh;
			l1 = a * ln(b1);
			l2 = b * ln(b2);
			if (
				l1 >= MAX_LN ||
				l1 <= MIN_LN ||
				l2 >= MAX_LN ||
				l2 <= MIN_LN
			) {
				// Oops, under/overflow, sidestep if we can:
				if ( a < b ) {
					p1 = pow( b2, b / a );
					l3 = a * ( ln(b1) + ln(p1) );
					if ( l3 < MAX_LN && l3 > MIN_LN ) {
						result *= pow( p1 * b1, a );
					} else {
						l2 += l1 + ln(result);
						if ( l2 >= MAX_LN ) {
							return NaN;
						}
						result = exp( l2 );
					}
				}
				else {
					p1 = pow( b1, a / b );
					l3 = ( ln(p1) + ln(b2) ) * b;
					if ( l3 < MAX_LN && l3 > MIN_LN ) {
						result *= pow( p1 * b2, b );
					} else {
						l2 += l1 + ln( result );
						if ( l2 >= MAX_LN ) {
							return NaN;
						}
						result = exp( l2 );
					}
				}
			}
			else {
				// Finally the normal case:
				result *= pow( b1, a ) * pow( b2, b );
			}
		}
		return result;
	}


	// EXPORTS //

	ibeta_power_terms = ibetaPowerTerms;
	return ibeta_power_terms;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_61_0/boost/math/special_functions/beta.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var ibeta_fraction2;
var hasRequiredIbeta_fraction2;

function requireIbeta_fraction2 () {
	if (hasRequiredIbeta_fraction2) return ibeta_fraction2;
	hasRequiredIbeta_fraction2 = 1;

	// MODULES //

	var continuedFraction = requireLib$k();
	var ibetaPowerTerms = requireIbeta_power_terms();


	// VARIABLES //

	var OPTS = {
		'keep': true,
		'maxIter': 1000
	};


	// FUNCTIONS //

	/**
	* Continued fraction for the incomplete beta.
	*
	* @private
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {Probability} x - function parameter
	* @param {Probability} y - probability equal to `1-x`
	* @returns {Function} series function
	*/
	function ibetaFraction2t( a, b, x, y ) {
		var m = 0;
		return next;

		/**
		* Calculate the numerator and denominator of the next term of the series.
		*
		* @private
		* @returns {Array} series expansion terms
		*/
		function next() {
			var denom;
			var aN;
			var bN;

			aN = (a + m - 1) * (a + b + m - 1) * m * (b - m) * x * x;
			denom = a + ( 2.0*m ) - 1.0;
			aN /= denom * denom;
			bN = m;
			bN += (m * (b - m) * x) / ( a + ( 2.0*m ) - 1.0 );
			bN += ( (a+m) * ( (a*y) - (b*x) + 1.0 + ( m*(2.0-x) ) ) ) / ( a + (2.0*m) + 1.0 ); // eslint-disable-line max-len
			m += 1;
			return [ aN, bN ];
		}
	}


	// MAIN //

	/**
	* Evaluates the incomplete beta via the continued fraction representation.
	*
	* @private
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {Probability} x - function parameter
	* @param {Probability} y - probability equal to `1-x`
	* @param {boolean} normalized - boolean indicating whether to evaluate the power terms of the regularized or non-regularized incomplete beta function
	* @param {(Array|TypedArray|Object)} out - output array holding the derivative as the second element
	* @returns {number} incomplete beta value
	*/
	function ibetaFraction2( a, b, x, y, normalized, out ) {
		var result;
		var fract;
		var f;

		result = ibetaPowerTerms( a, b, x, y, normalized );
		if ( out ) {
			out[ 1 ] = result;
		}
		if ( result === 0.0 ) {
			return result;
		}
		f = ibetaFraction2t( a, b, x, y );
		fract = continuedFraction( f, OPTS );
		return result / fract;
	}


	// EXPORTS //

	ibeta_fraction2 = ibetaFraction2;
	return ibeta_fraction2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$g;
var hasRequiredLib$g;

function requireLib$g () {
	if (hasRequiredLib$g) return lib$g;
	hasRequiredLib$g = 1;

	/**
	* Maximum safe double-precision floating-point integer.
	*
	* @module @stdlib/constants-float64-max-safe-integer
	* @type {number}
	*
	* @example
	* var FLOAT64_MAX_SAFE_INTEGER = require( '@stdlib/constants-float64-max-safe-integer' );
	* // returns 9007199254740991
	*/


	// MAIN //

	/**
	* Maximum safe double-precision floating-point integer.
	*
	* ## Notes
	*
	* The integer has the value
	*
	* ```tex
	* 2^{53} - 1
	* ```
	*
	* @constant
	* @type {number}
	* @default 9007199254740991
	* @see [Safe Integers]{@link http://www.2ality.com/2013/10/safe-integers.html}
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_MAX_SAFE_INTEGER = 9007199254740991;


	// EXPORTS //

	lib$g = FLOAT64_MAX_SAFE_INTEGER;
	return lib$g;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var bitwise_binary_gcd;
var hasRequiredBitwise_binary_gcd;

function requireBitwise_binary_gcd () {
	if (hasRequiredBitwise_binary_gcd) return bitwise_binary_gcd;
	hasRequiredBitwise_binary_gcd = 1;

	/**
	* Computes the greatest common divisor (gcd) using the binary GCD algorithm and bitwise operations.
	*
	* ## References
	*
	* -   Stein, Josef. 1967. "Computational problems associated with Racah algebra." _Journal of Computational Physics_ 1 (3): 397–405. doi:[10.1016/0021-9991(67)90047-2][@stein:1967].
	*
	* [@stein:1967]: https://doi.org/10.1016/0021-9991(67)90047-2
	*
	* @private
	* @param {integer32} a - first number
	* @param {integer32} b - second number
	* @returns {integer32} greatest common divisor
	*
	* @example
	* var v = gcd( 48, 18 );
	* // returns 6
	*/
	function gcd( a, b ) {
		var k = 0;
		var t;

		// Simple cases:
		if ( a === 0 ) {
			return b;
		}
		if ( b === 0 ) {
			return a;
		}
		// Reduce `a` and/or `b` to odd numbers and keep track of the greatest power of 2 dividing both `a` and `b`...
		while ( (a & 1) === 0 && (b & 1) === 0 ) {
			a >>>= 1; // right shift
			b >>>= 1; // right shift
			k += 1;
		}
		// Reduce `a` to an odd number...
		while ( (a & 1) === 0 ) {
			a >>>= 1; // right shift
		}
		// Henceforth, `a` is always odd...
		while ( b ) {
			// Remove all factors of 2 in `b`, as they are not common...
			while ( (b & 1) === 0 ) {
				b >>>= 1; // right shift
			}
			// `a` and `b` are both odd. Swap values such that `b` is the larger of the two values, and then set `b` to the difference (which is even)...
			if ( a > b ) {
				t = b;
				b = a;
				a = t;
			}
			b -= a; // b=0 iff b=a
		}
		// Restore common factors of 2...
		return a << k;
	}


	// EXPORTS //

	bitwise_binary_gcd = gcd;
	return bitwise_binary_gcd;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var binary_gcd;
var hasRequiredBinary_gcd;

function requireBinary_gcd () {
	if (hasRequiredBinary_gcd) return binary_gcd;
	hasRequiredBinary_gcd = 1;

	/**
	* Computes the greatest common divisor (gcd) using the binary GCD algorithm.
	*
	* ## References
	*
	* -   Stein, Josef. 1967. "Computational problems associated with Racah algebra." _Journal of Computational Physics_ 1 (3): 397–405. doi:[10.1016/0021-9991(67)90047-2][@stein:1967].
	*
	* [@stein:1967]: https://doi.org/10.1016/0021-9991(67)90047-2
	*
	* @private
	* @param {integer} a - first number
	* @param {integer} b - second number
	* @returns {integer} greatest common divisor
	*
	* @example
	* var v = gcd( 1.2676506002282294e+30, 9007199254740992 );
	* // returns 9007199254740992
	*/
	function gcd( a, b ) {
		var k = 1;
		var t;

		// Simple cases:
		if ( a === 0 ) {
			return b;
		}
		if ( b === 0 ) {
			return a;
		}
		// Reduce `a` and/or `b` to odd numbers and keep track of the greatest power of 2 dividing both `a` and `b`...
		while ( a%2 === 0 && b%2 === 0 ) {
			a /= 2; // right shift
			b /= 2; // right shift
			k *= 2; // left shift
		}
		// Reduce `a` to an odd number...
		while ( a%2 === 0 ) {
			a /= 2; // right shift
		}
		// Henceforth, `a` is always odd...
		while ( b ) {
			// Remove all factors of 2 in `b`, as they are not common...
			while ( b%2 === 0 ) {
				b /= 2; // right shift
			}
			// `a` and `b` are both odd. Swap values such that `b` is the larger of the two values, and then set `b` to the difference (which is even)...
			if ( a > b ) {
				t = b;
				b = a;
				a = t;
			}
			b -= a; // b=0 iff b=a
		}
		// Restore common factors of 2...
		return k * a;
	}


	// EXPORTS //

	binary_gcd = gcd;
	return binary_gcd;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$b;
var hasRequiredMain$b;

function requireMain$b () {
	if (hasRequiredMain$b) return main$b;
	hasRequiredMain$b = 1;

	// MODULES //

	var isnan = requireLib$20();
	var isInteger = requireLib$1b();
	var PINF = requireLib$1D();
	var NINF = requireLib$1B();
	var INT32_MAX = requireLib$W();
	var bitwise = requireBitwise_binary_gcd();
	var largeIntegers = requireBinary_gcd();


	// MAIN //

	/**
	* Computes the greatest common divisor (gcd).
	*
	* @param {integer} a - first number
	* @param {integer} b - second number
	* @returns {integer} greatest common divisor
	*
	* @example
	* var v = gcd( 48, 18 );
	* // returns 6
	*
	* @example
	* var v = gcd( 3.14, 18 );
	* // returns NaN
	*
	* @example
	* var v = gcd( NaN, 18 );
	* // returns NaN
	*/
	function gcd( a, b ) {
		if ( isnan( a ) || isnan( b ) ) {
			return NaN;
		}
		if (
			a === PINF ||
			b === PINF ||
			a === NINF ||
			b === NINF
		) {
			return NaN;
		}
		if ( !( isInteger( a ) && isInteger( b ) ) ) {
			return NaN;
		}
		if ( a < 0 ) {
			a = -a;
		}
		if ( b < 0 ) {
			b = -b;
		}
		if ( a <= INT32_MAX && b <= INT32_MAX ) {
			return bitwise( a, b );
		}
		return largeIntegers( a, b );
	}


	// EXPORTS //

	main$b = gcd;
	return main$b;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$f;
var hasRequiredLib$f;

function requireLib$f () {
	if (hasRequiredLib$f) return lib$f;
	hasRequiredLib$f = 1;

	/**
	* Compute the greatest common divisor (gcd).
	*
	* @module @stdlib/math-base-special-gcd
	*
	* @example
	* var gcd = require( '@stdlib/math-base-special-gcd' );
	*
	* var v = gcd( 48, 18 );
	* // returns 6
	*/

	// MODULES //

	var main = requireMain$b();


	// EXPORTS //

	lib$f = main;
	return lib$f;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$a;
var hasRequiredMain$a;

function requireMain$a () {
	if (hasRequiredMain$a) return main$a;
	hasRequiredMain$a = 1;

	// MODULES //

	var MAX_SAFE_INTEGER = requireLib$g();
	var PINF = requireLib$1D();
	var isInteger = requireLib$1b();
	var isnan = requireLib$20();
	var isOdd = requireLib$19();
	var floor = requireLib$1x();
	var gcd = requireLib$f();


	// MAIN //

	/**
	* Computes the binomial coefficient of two integers.
	*
	* @param {integer} n - input value
	* @param {integer} k - second input value
	* @returns {integer} function value
	*
	* @example
	* var v = binomcoef( 8, 2 );
	* // returns 28
	*
	* @example
	* var v = binomcoef( 0, 0 );
	* // returns 1
	*
	* @example
	* var v = binomcoef( -4, 2 );
	* // returns 10
	*
	* @example
	* var v = binomcoef( NaN, 3 );
	* // returns NaN
	*
	* @example
	* var v = binomcoef( 5, NaN );
	* // returns NaN
	*
	* @example
	* var v = binomcoef( NaN, NaN );
	* // returns NaN
	*/
	function binomcoef( n, k ) {
		var res;
		var sgn;
		var b;
		var c;
		var d;
		var g;
		var s;
		if ( isnan( n ) || isnan( k ) ) {
			return NaN;
		}
		if ( !isInteger( n ) || !isInteger( k ) ) {
			return NaN;
		}
		if ( k < 0 ) {
			return 0;
		}
		sgn = 1;
		if ( n < 0 ) {
			n = -n + k - 1;
			if ( isOdd( k ) ) {
				sgn *= -1;
			}
		}
		if ( k > n ) {
			return 0;
		}
		if ( k === 0 || k === n ) {
			return sgn;
		}
		if ( k === 1 || k === n - 1 ) {
			return sgn * n;
		}
		// Minimize the number of computed terms by leveraging symmetry:
		if ( n - k < k ) {
			k = n - k;
		}
		s = floor( MAX_SAFE_INTEGER / n );

		// Use a standard algorithm for computing the binomial coefficient (e.g., see Knuth's "The Art of Computer Programming, 3rd Edition, Volume 2: Seminumerical Algorithms")...
		res = 1;
		for ( d = 1; d <= k; d++ ) {
			// Check for potential overflow...
			if ( res > s ) {
				break;
			}
			res *= n;
			res /= d;
			n -= 1;
		}
		// If we did not early exit from the previous loop, the answer is exact, and we can simply return...
		if ( d > k ) {
			return sgn * res;
		}
		/*
		* Let `N` equal the provided `n`.
		*
		* We want to calculate C(N,k), and, at this point, we have calculated
		*
		*   res = C(N,n) = C(N,N-n) = C(N,d-1)
		*
		* where `N-n = d-1` and, hence, `n = N - d + 1`.
		*
		* Given the following identity,
		*
		*   C(N,k) = C(N,d-1) * C(N-d+1,k-d+1) / C(k,k-d+1)
		*          = C(N,d-1) * C(n,k-d+1) / C(k,k-d+1)
		*
		* we can leverage recursion to perform argument reduction.
		*/
		b = binomcoef( n, k-d+1 );
		if ( b === PINF ) {
			return sgn * b;
		}
		c = binomcoef( k, k-d+1 );

		/*
		* At this point, the result should be `res*b/c`.
		*
		* To help guard against overflow and precision loss, we calculate the greatest common divisor (gcd). In this case, we pick `b`, as `b` should be less than `res` in most (if not all) cases.
		*/
		g = gcd( b, c );
		b /= g;
		c /= g;
		res /= c;
		return sgn * res * b;
	}


	// EXPORTS //

	main$a = binomcoef;
	return main$a;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$e;
var hasRequiredLib$e;

function requireLib$e () {
	if (hasRequiredLib$e) return lib$e;
	hasRequiredLib$e = 1;

	/**
	* Compute the binomial coefficient.
	*
	* @module @stdlib/math-base-special-binomcoef
	*
	* @example
	* var binomcoef = require( '@stdlib/math-base-special-binomcoef' );
	*
	* var v = binomcoef( 8, 2 );
	* // returns 28
	*
	* v = binomcoef( 0, 0 );
	* // returns 1
	*
	* v = binomcoef( -4, 2 );
	* // returns 10
	*
	* v = binomcoef( 5, 3 );
	* // returns 10
	*
	* v = binomcoef( NaN, 3 );
	* // returns NaN
	*
	* v = binomcoef( 5, NaN );
	* // returns NaN
	*
	* v = binomcoef( NaN, NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$a();


	// EXPORTS //

	lib$e = main;
	return lib$e;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_61_0/boost/math/special_functions/beta.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var binomial_ccdf;
var hasRequiredBinomial_ccdf;

function requireBinomial_ccdf () {
	if (hasRequiredBinomial_ccdf) return binomial_ccdf;
	hasRequiredBinomial_ccdf = 1;

	// MODULES //

	var binomcoef = requireLib$e();
	var floor = requireLib$1x();
	var pow = requireLib$13();
	var MIN_VALUE = requireLib$1h();


	// MAIN //

	/**
	* For integer arguments we can relate the incomplete beta to the complement of the binomial distribution cdf and use this finite sum.
	*
	* @private
	* @param {NonNegativeInteger} n - number of trials
	* @param {NonNegativeInteger} k - function input
	* @param {Probability} x - function input
	* @param {Probability} y - probability equal to `1-x`
	* @returns {number} sum
	*/
	function binomialCCDF( n, k, x, y ) {
		var startTerm;
		var result;
		var start;
		var term;
		var i;

		result = pow( x, n );
		if ( result > MIN_VALUE ) {
			term = result;
			for ( i = floor( n - 1 ); i > k; i-- ) {
				term *= ((i + 1) * y) / ((n - i) * x);
				result += term;
			}
		} else {
			// First term underflows so we need to start at the mode of the distribution and work outwards:
			start = floor( n * x );
			if ( start <= k + 1 ) {
				start = floor( k + 2 );
			}
			result = pow( x, start ) * pow( y, n - start );
			result *= binomcoef( floor(n), floor(start) );
			if ( result === 0.0 ) {
				// OK, starting slightly above the mode didn't work, we'll have to sum the terms the old fashioned way:
				for ( i = start - 1; i > k; i-- ) {
					result += pow( x, i ) * pow( y, n - i );
					result *= binomcoef( floor(n), floor(i) );
				}
			} else {
				term = result;
				startTerm = result;
				for ( i = start - 1; i > k; i-- ) {
					term *= ((i + 1) * y) / ((n - i) * x);
					result += term;
				}
				term = startTerm;
				for ( i = start + 1; i <= n; i++ ) {
					term *= (n - i + 1) * x / (i * y);
					result += term;
				}
			}
		}
		return result;
	}


	// EXPORTS //

	binomial_ccdf = binomialCCDF;
	return binomial_ccdf;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_61_0/boost/math/special_functions/beta.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var ibeta_a_step;
var hasRequiredIbeta_a_step;

function requireIbeta_a_step () {
	if (hasRequiredIbeta_a_step) return ibeta_a_step;
	hasRequiredIbeta_a_step = 1;

	// MODULES //

	var ibetaPowerTerms = requireIbeta_power_terms();


	// MAIN //

	/**
	* Computes the difference between `ibeta(a,b,x)` and `ibeta(a+k,b,x)`.
	*
	* @private
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {Probability} x - function parameter
	* @param {Probability} y - probability equal to `1-x`
	* @param {NonNegativeInteger} k - function input
	* @param {boolean} normalized - boolean indicating whether to evaluate the power terms of the regularized or non-regularized incomplete beta function
	* @param {(Array|TypedArray|Object)} out - output array holding the derivative as the second element
	* @returns {number} difference between ibeta(a,b,x) and ibeta(a+k,b,x)
	*/
	function ibetaAStep( a, b, x, y, k, normalized, out ) {
		var prefix;
		var term;
		var sum;
		var i;

		prefix = ibetaPowerTerms( a, b, x, y, normalized );
		if ( out ) {
			out[ 1 ] = prefix;
		}
		prefix /= a;
		if ( prefix === 0.0 ) {
			return prefix;
		}
		sum = 1.0;
		term = 1.0;

		// Series summation from 0 to k-1:
		for ( i = 0; i < k-1; ++i ) {
			term *= (a+b+i) * x / (a+i+1.0);
			sum += term;
		}
		prefix *= sum;
		return prefix;
	}


	// EXPORTS //

	ibeta_a_step = ibetaAStep;
	return ibeta_a_step;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/beta.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var ibeta_series;
var hasRequiredIbeta_series;

function requireIbeta_series () {
	if (hasRequiredIbeta_series) return ibeta_series;
	hasRequiredIbeta_series = 1;

	// MODULES //

	var lanczosSumExpGScaled = requireLib$o();
	var sumSeries = requireLib$v();
	var log1p = requireLib$1w();
	var sqrt = requireLib$1v();
	var exp = requireLib$1c();
	var pow = requireLib$13();
	var ln = requireLib$D();
	var MIN_VALUE = requireLib$1h();
	var MAX_LN = requireLib$z();
	var MIN_LN = requireLib$t();
	var G = requireLib$F();
	var E = requireLib$12();


	// VARIABLES //

	var opts = {
		'maxTerms': 100
	};


	// FUNCTIONS //

	/**
	* Series approximation to the incomplete beta.
	*
	* @private
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {Probability} x - function parameter
	* @param {number} result - initial result value
	* @returns {Function} series function
	*/
	function ibetaSeriesT( a, b, x, result ) {
		var poch = 1.0 - b;
		var n = 1;
		return next;

		/**
		* Calculate the next term of the series.
		*
		* @private
		* @returns {number} series expansion term
		*/
		function next() {
			var r = result / a;
			a += 1.0;
			result *= poch * x / n;
			n += 1;
			poch += 1.0;
			return r;
		}
	}


	// MAIN //

	/**
	* Incomplete beta series.
	*
	* @private
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {Probability} x - function parameter
	* @param {NonNegativeInteger} s0 - initial value
	* @param {boolean} normalized - boolean indicating whether to evaluate the power terms of the regularized or non-regularized incomplete beta function
	* @param {(Array|TypedArray|Object)} out - output array holding the derivative as the second element
	* @param {Probability} y - probability equal to `1-x`
	* @returns {number} function value
	*/
	function ibetaSeries( a, b, x, s0, normalized, out, y ) {
		var result;
		var agh;
		var bgh;
		var cgh;
		var l1;
		var l2;
		var c;
		var s;

		if ( normalized ) {
			c = a + b;

			// Incomplete beta power term, combined with the Lanczos approximation:
			agh = a + G - 0.5;
			bgh = b + G - 0.5;
			cgh = c + G - 0.5;
			result = lanczosSumExpGScaled( c ) / ( lanczosSumExpGScaled( a ) * lanczosSumExpGScaled( b ) ); // eslint-disable-line max-len

			l1 = ln( cgh / bgh ) * ( b - 0.5 );
			l2 = ln( x * cgh / agh ) * a;

			// Check for over/underflow in the power terms:
			if (
				l1 > MIN_LN &&
				l1 < MAX_LN &&
				l2 > MIN_LN &&
				l2 < MAX_LN
			) {
				if ( a * b < bgh * 10.0 ) {
					result *= exp( ( b-0.5 ) * log1p( a / bgh ) );
				} else {
					result *= pow( cgh / bgh, b - 0.5 );
				}
				result *= pow( x * cgh / agh, a );
				result *= sqrt( agh / E );

				if ( out ) {
					out[ 1 ] = result * pow( y, b );
				}
			}
			else {
				// We need logs, and this *will* cancel:
				result = ln( result ) + l1 + l2 + ( ( ln( agh ) - 1.0 ) / 2.0 );
				if ( out ) {
					out[ 1 ] = exp( result + ( b * ln( y ) ) );
				}
				result = exp( result );
			}
		}
		else {
			// Non-normalized, just compute the power:
			result = pow( x, a );
		}
		if ( result < MIN_VALUE ) {
			return s0; // Safeguard: series can't cope with denorms.
		}
		s = ibetaSeriesT( a, b, x, result );
		opts.initialValue = s0;
		return sumSeries( s, opts );
	}


	// EXPORTS //

	ibeta_series = ibetaSeries;
	return ibeta_series;
}

/* eslint-disable max-statements, max-lines */

var assign;
var hasRequiredAssign;

function requireAssign () {
	if (hasRequiredAssign) return assign;
	hasRequiredAssign = 1;

	// MODULES //

	var isnan = requireLib$20();
	var expm1 = requireLib$1y();
	var floor = requireLib$1x();
	var log1p = requireLib$1w();
	var asin = requireLib$1t();
	var beta = requireLib$10();
	var sqrt = requireLib$1v();
	var exp = requireLib$1c();
	var pow = requireLib$13();
	var max = requireLib$_();
	var min = requireLib$Y();
	var MAX_FLOAT64 = requireLib$X();
	var MIN_FLOAT64 = requireLib$1h();
	var MAX_INT32 = requireLib$W();
	var HALF_PI = requireLib$V();
	var PI = requireLib$U();
	var betaSmallBLargeASeries = requireBeta_small_b_large_a_series();
	var risingFactorialRatio = requireRising_factorial_ratio();
	var ibetaPowerTerms = requireIbeta_power_terms();
	var ibetaFraction2 = requireIbeta_fraction2();
	var binomialCCDF = requireBinomial_ccdf();
	var ibetaAStep = requireIbeta_a_step();
	var ibetaSeries = requireIbeta_series();


	// VARIABLES //

	var ONE_OVER_PI = 1.0 / PI;


	// MAIN //

	/**
	* Evaluates the incomplete beta function and its first derivative and assigns results to a provided output array.
	*
	* ## Notes
	*
	* -   This function divides up the input range and selects the right implementation method for each domain.
	*
	* @param {Probability} x - function input
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {boolean} regularized - boolean indicating if the function should evaluate the regularized boolean beta function
	* @param {boolean} upper - boolean indicating if the function should return the upper tail of the incomplete beta function instead
	* @param {(Array|TypedArray|Object)} out - output array
	* @param {integer} stride - output array stride
	* @param {NonNegativeInteger} offset - output array index offset
	* @returns {(Array|TypedArray|Object)} function value and first derivative
	*
	* @example
	* var out = ibetaImp( 0.5, 2.0, 2.0, false, false, [ 0.0, 0.0 ], 1, 0 );
	* // returns [ ~0.083, ~1.5 ]
	*
	* @example
	* var out = ibetaImp( 0.2, 1.0, 2.0, false, true, [ 0.0, 0.0 ], 1, 0 );
	* // returns [ 0.32, 1.6 ]
	*
	* @example
	* var out = ibetaImp( 0.2, 1.0, 2.0, true, true, [ 0.0, 0.0 ], 1, 0 );
	* // returns [ 0.64, 1.6 ]
	*/
	function ibetaImp( x, a, b, regularized, upper, out, stride, offset ) {
		var lambda;
		var prefix;
		var fract;
		var bbar;
		var div;
		var tmp;
		var i0;
		var i1;
		var k;
		var n;
		var p;
		var y;

		y = 1.0 - x;
		i0 = offset;
		i1 = offset + stride;

		// Derivative not set...
		out[ i1 ] = -1;
		if ( isnan( x ) || x < 0.0 || x > 1.0 ) {
			out[ i0 ] = NaN;
			out[ i1 ] = NaN;
			return out;
		}
		if ( regularized ) {
			if ( a < 0.0 || b < 0.0 ) {
				out[ i0 ] = NaN;
				out[ i1 ] = NaN;
				return out;
			}
			// Extend to a few very special cases...
			if ( a === 0.0 ) {
				if ( b === 0.0 ) {
					out[ i0 ] = NaN;
					out[ i1 ] = NaN;
					return out;
				}
				if ( b > 0.0 ) {
					out[ i0 ] = ( upper ) ? 0.0 : 1.0;
					return out;
				}
			} else if ( b === 0.0 ) {
				if ( a > 0.0 ) {
					out[ i0 ] = ( upper ) ? 1.0 : 0.0;
					return out;
				}
			}
		} else if ( a <= 0.0 || b <= 0.0 ) {
			out[ i0 ] = NaN;
			out[ i1 ] = NaN;
			return out;
		}
		if ( x === 0.0 ) {
			if ( a === 1.0 ) {
				out[ i1 ] = 1.0;
			} else {
				out[ i1 ] = ( a < 1.0 ) ? MAX_FLOAT64 / 2.0 : MIN_FLOAT64 * 2.0;
			}
			if ( upper ) {
				out[ i0 ] = ( regularized ) ? 1.0 : beta( a, b );
				return out;
			}
			out[ i0 ] = 0.0;
			return out;
		}
		if ( x === 1.0 ) {
			if ( b === 1.0 ) {
				out[ i1 ] = 1.0;
			} else {
				out[ i1 ] = ( b < 1.0 ) ? MAX_FLOAT64 / 2.0 : MIN_FLOAT64 * 2.0;
			}
			if ( upper ) {
				out[ i0 ] = 0.0;
			} else {
				out[ i0 ] = ( regularized ) ? 1.0 : beta( a, b );
			}
			return out;
		}
		if ( a === 0.5 && b === 0.5 ) {
			out[ i1 ] = ONE_OVER_PI * sqrt( y * x );

			// We have an arcsine distribution:
			p = ( upper ) ? asin( sqrt(y) ) : asin( sqrt(x) );
			p /= HALF_PI;
			if ( !regularized ) {
				p *= PI;
			}
			out[ i0 ] = p;
			return out;
		}
		if ( a === 1.0 ) {
			tmp = b;
			b = a;
			a = tmp;

			tmp = y;
			y = x;
			x = tmp;

			upper = !upper;
		}
		if ( b === 1.0 ) {
			// Special case see: http://functions.wolfram.com/GammaBetaErf/BetaRegularized/03/01/01/
			if ( a === 1.0 ) {
				out[ i0 ] = ( upper ) ? y : x;
				out[ i1 ] = 1.0;
				return out;
			}
			out[ i1 ] = a * pow( x, a - 1.0 );
			if ( y < 0.5 ) {
				p = ( upper ) ? -expm1( a * log1p(-y) ) : exp( a * log1p(-y) );
			} else {
				p = ( upper ) ? -( pow( x, a ) - 1.0 ) : pow( x, a );
			}
			if ( !regularized ) {
				p /= a;
			}
			out[ i0 ] = p;
			return out;
		}
		if ( min( a, b ) <= 1.0 ) {
			if ( x > 0.5 ) {
				tmp = b;
				b = a;
				a = tmp;

				tmp = y;
				y = x;
				x = tmp;

				upper = !upper;
			}
			if ( max( a, b ) <= 1.0 ) {
				// Both a,b < 1:
				if ( (a >= min( 0.2, b ) ) || ( pow(x, a) <= 0.9 ) ) {
					if ( upper ) {
						fract = -( ( regularized ) ? 1.0 : beta( a, b ) );
						upper = false;
						fract = -ibetaSeries( a, b, x, fract, regularized, out, y );
					} else {
						fract = ibetaSeries( a, b, x, 0, regularized, out, y );
					}
				} else {
					tmp = b;
					b = a;
					a = tmp;

					tmp = y;
					y = x;
					x = tmp;

					upper = !upper;
					if ( y >= 0.3 ) {
						if ( upper ) {
							fract = -( ( regularized ) ? 1.0 : beta( a, b ) );
							upper = false;
							fract = -ibetaSeries( a, b, x, fract, regularized, out, y ); // eslint-disable-line max-len
						} else {
							fract = ibetaSeries( a, b, x, 0, regularized, out, y );
						}
					} else {
						// Sidestep on a, and then use the series representation:
						if ( regularized ) {
							prefix = 1;
						} else {
							prefix = risingFactorialRatio( a + b, a, 20 );
						}
						fract = ibetaAStep( a, b, x, y, 20, regularized, out );
						if ( upper ) {
							fract -= ( ( regularized ) ? 1 : beta( a, b ) );
							upper = false;
							fract = -betaSmallBLargeASeries( a + 20.0, b, x, y, fract, prefix, regularized ); // eslint-disable-line max-len
						} else {
							fract = betaSmallBLargeASeries( a + 20.0, b, x, y, fract, prefix, regularized ); // eslint-disable-line max-len
						}
					}
				}
			} else if ( b <= 1.0 || ( x < 0.1 && ( pow( b * x, a ) <= 0.7 ) ) ) {
				if ( upper ) {
					fract = -( ( regularized ) ? 1 : beta( a, b ) );
					upper = false;
					fract = -ibetaSeries( a, b, x, fract, regularized, out, y );
				} else {
					fract = ibetaSeries( a, b, x, 0.0, regularized, out, y );
				}
			} else {
				tmp = b;
				b = a;
				a = tmp;

				tmp = y;
				y = x;
				x = tmp;
				upper = !upper;

				if ( y >= 0.3 ) {
					if ( upper ) {
						fract = -(( regularized ) ? 1.0 : beta( a, b ));
						upper = false;
						fract = -ibetaSeries( a, b, x, fract, regularized, out, y );
					} else {
						fract = ibetaSeries( a, b, x, 0.0, regularized, out, y );
					}
				}
				else if ( a >= 15.0 ) {
					if ( upper ) {
						fract = -(( regularized ) ? 1.0 : beta( a, b ));
						upper = false;
						fract = -betaSmallBLargeASeries( a, b, x, y, fract, 1.0, regularized ); // eslint-disable-line max-len
					} else {
						fract = betaSmallBLargeASeries( a, b, x, y, 0.0, 1.0, regularized ); // eslint-disable-line max-len
					}
				}
				else {
					if ( regularized ) {
						prefix = 1;
					} else {
						// Sidestep to improve errors:
						prefix = risingFactorialRatio( a + b, a, 20.0 );
					}
					fract = ibetaAStep( a, b, x, y, 20.0, regularized, out );
					if ( upper ) {
						fract -= ( ( regularized ) ? 1.0 : beta( a, b ) );
						upper = false;
						fract = -betaSmallBLargeASeries( a + 20.0, b, x, y, fract, prefix, regularized ); // eslint-disable-line max-len
					} else {
						fract = betaSmallBLargeASeries( a + 20.0, b, x, y, fract, prefix, regularized ); // eslint-disable-line max-len
					}
				}
			}
		} else {
			// Both a,b >= 1:
			if ( a < b ) {
				lambda = a - ( (a + b) * x );
			} else {
				lambda = ( (a + b) * y ) - b;
			}
			if ( lambda < 0.0 ) {
				tmp = b;
				b = a;
				a = tmp;

				tmp = y;
				y = x;
				x = tmp;
				upper = !upper;
			}
			if ( b < 40.0 ) {
				if (
					floor(a) === a &&
					floor(b) === b &&
					a < MAX_INT32 - 100
				) {
					// Relate to the binomial distribution and use a finite sum:
					k = a - 1.0;
					n = b + k;
					fract = binomialCCDF( n, k, x, y );
					if ( !regularized ) {
						fract *= beta( a, b );
					}
				}
				else if ( b * x <= 0.7 ) {
					if ( upper ) {
						fract = -( ( regularized ) ? 1.0 : beta( a, b ) );
						upper = false;
						fract = -ibetaSeries( a, b, x, fract, regularized, out, y );
					} else {
						fract = ibetaSeries( a, b, x, 0.0, regularized, out, y );
					}
				}
				else if ( a > 15.0 ) {
					// Sidestep so we can use the series representation:
					n = floor( b );
					if ( n === b ) {
						n -= 1;
					}
					bbar = b - n;
					if ( regularized ) {
						prefix = 1;
					} else {
						prefix = risingFactorialRatio( a + bbar, bbar, n );
					}
					fract = ibetaAStep( bbar, a, y, x, n, regularized );
					fract = betaSmallBLargeASeries( a, bbar, x, y, fract, 1.0, regularized ); // eslint-disable-line max-len
					fract /= prefix;
				}
				else if ( regularized ) {
					n = floor( b );
					bbar = b - n;
					if ( bbar <= 0 ) {
						n -= 1;
						bbar += 1;
					}
					fract = ibetaAStep( bbar, a, y, x, n, regularized );
					fract += ibetaAStep( a, bbar, x, y, 20.0, regularized );
					if ( upper ) {
						fract -= 1;
					}
					fract = betaSmallBLargeASeries( a + 20.0, bbar, x, y, fract, 1, regularized ); // eslint-disable-line max-len
					if ( upper ) {
						fract = -fract;
						upper = false;
					}
				}
				else {
					fract = ibetaFraction2( a, b, x, y, regularized, out );
				}
			} else {
				fract = ibetaFraction2( a, b, x, y, regularized, out );
			}
		}
		if ( out[ i1 ] < 0.0 ) {
			out[ i1 ] = ibetaPowerTerms( a, b, x, y, true );
		}
		div = y * x;
		if ( out[ i1 ] !== 0.0 ) {
			if ( ( MAX_FLOAT64 * div < out[ i1 ] ) ) {
				// Overflow, return an arbitrarily large value:
				out[ i1 ] = MAX_FLOAT64 / 2.0;
			} else {
				out[ i1 ] /= div;
			}
		}
		out[ i0 ] = ( upper ) ? ( ( regularized ) ? 1.0 : beta( a, b ) ) - fract : fract; // eslint-disable-line max-len
		return out;
	}


	// EXPORTS //

	assign = ibetaImp;
	return assign;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$9;
var hasRequiredMain$9;

function requireMain$9 () {
	if (hasRequiredMain$9) return main$9;
	hasRequiredMain$9 = 1;

	// MODULES //

	var compute = requireAssign();


	// MAIN //

	/**
	* Evaluates the incomplete beta function and its first derivative.
	*
	* @param {Probability} x - function input
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {boolean} regularized - boolean indicating if the function should evaluate the regularized boolean beta function
	* @param {boolean} upper - boolean indicating if the function should return the upper tail of the incomplete beta function instead
	* @returns {Array} function value and first derivative
	*
	* @example
	* var out = kernelBetainc( 0.5, 2.0, 2.0, false, false );
	* // returns [ ~0.083, ~1.5 ]
	*
	* @example
	* var out = kernelBetainc( 0.2, 1.0, 2.0, true, false );
	* // returns [ 0.36, 1.6 ]
	*/
	function kernelBetainc( x, a, b, regularized, upper ) {
		return compute( x, a, b, regularized, upper, [ 0.0, 0.0 ], 1, 0 );
	}


	// EXPORTS //

	main$9 = kernelBetainc;
	return main$9;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$d;
var hasRequiredLib$d;

function requireLib$d () {
	if (hasRequiredLib$d) return lib$d;
	hasRequiredLib$d = 1;

	/**
	* Evaluate the incomplete beta function and its first derivative.
	*
	* @module @stdlib/math-base-special-kernel-betainc
	*
	* @example
	* var kernelBetainc = require( '@stdlib/math-base-special-kernel-betainc' );
	*
	* var out = kernelBetainc( 0.5, 2.0, 2.0, false, false );
	* // returns [ ~0.083, ~1.5 ]
	*
	* out = kernelBetainc( 0.2, 1.0, 2.0, true, false );
	* // returns [ 0.36, 1.6 ]
	*
	* @example
	* var kernelBetainc = require( '@stdlib/math-base-special-kernel-betainc' );
	*
	* var arr = [ 0.0, 0.0 ];
	* var out = kernelBetainc.assign( 0.2, 1.0, 2.0, true, true, arr, 1, 0 );
	* // returns [ 0.64, 1.6 ]
	*
	* var bool = ( arr === out );
	* // returns true
	*/

	// MODULES //

	var setReadOnly = requireLib$21();
	var main = requireMain$9();
	var assign = requireAssign();


	// MAIN //

	setReadOnly( main, 'assign', assign );


	// EXPORTS //

	lib$d = main;
	return lib$d;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$8;
var hasRequiredMain$8;

function requireMain$8 () {
	if (hasRequiredMain$8) return main$8;
	hasRequiredMain$8 = 1;

	// MODULES //

	var kernelBetainc = requireLib$d().assign;


	// MAIN //

	/**
	* Evaluates the incomplete beta function.
	*
	* @param {Probability} x - function parameter
	* @param {NonNegativeNumber} a - function parameter
	* @param {NonNegativeNumber} b - function parameter
	* @param {boolean} [regularized=true] - boolean indicating if the function should evaluate the regularized or non-regularized incomplete beta function
	* @param {boolean} [upper=false] - boolean indicating if the function should return the upper tail of the incomplete beta function
	* @returns {number} function value
	*
	* @example
	* var y = betainc( 0.5, 2.0, 2.0 );
	* // returns 0.5
	*
	* @example
	* var y = betainc( 0.5, 2.0, 2.0, false );
	* // returns ~0.083
	*
	* @example
	* var y = betainc( 0.2, 1.0, 2.0 );
	* // returns 0.36
	*/
	function betainc( x, a, b, regularized, upper ) {
		var out = [ 0.0, 0.0 ];
		regularized = ( regularized === false ) ? false : true; // eslint-disable-line no-unneeded-ternary
		upper = ( upper === true ) ? true : false; // eslint-disable-line no-unneeded-ternary
		kernelBetainc( x, a, b, regularized, upper, out, 1, 0 );
		return out[ 0 ];
	}


	// EXPORTS //

	main$8 = betainc;
	return main$8;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$c;
var hasRequiredLib$c;

function requireLib$c () {
	if (hasRequiredLib$c) return lib$c;
	hasRequiredLib$c = 1;

	/**
	* Evaluate the incomplete beta function.
	*
	* @module @stdlib/math-base-special-betainc
	*
	* @example
	* var betainc = require( '@stdlib/math-base-special-betainc' );
	*
	* var y = betainc( 0.5, 2.0, 2.0 );
	* // returns 0.5
	*
	* y = betainc( 0.5, 2.0, 2.0, false );
	* // returns ~0.083
	*
	* y = betainc( 0.2, 1.0, 2.0 );
	* // returns 0.36
	*
	* y = betainc( 0.2, 1.0, 2.0, true, true );
	* // returns 0.64
	*/

	// MODULES //

	var main = requireMain$8();


	// EXPORTS //

	lib$c = main;
	return lib$c;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$7;
var hasRequiredMain$7;

function requireMain$7 () {
	if (hasRequiredMain$7) return main$7;
	hasRequiredMain$7 = 1;

	// MODULES //

	var betainc = requireLib$c();
	var isnan = requireLib$20();
	var pow = requireLib$13();


	// MAIN //

	/**
	* Evaluates the cumulative distribution function (CDF) for a Student's t distribution with degrees of freedom `v` at a value `x`.
	*
	* @param {number} x - input value
	* @param {PositiveNumber} v - degrees of freedom
	* @returns {Probability} evaluated CDF
	*
	* @example
	* var y = cdf( 2.0, 0.1 );
	* // returns ~0.611
	*
	* @example
	* var y = cdf( 1.0, 2.0 );
	* // returns ~0.789
	*
	* @example
	* var y = cdf( -1.0, 4.0 );
	* // returns ~0.187
	*
	* @example
	* var y = cdf( NaN, 1.0 );
	* // returns NaN
	*
	* @example
	* var y = cdf( 0.0, NaN );
	* // returns NaN
	*
	* @example
	* var y = cdf( 2.0, -1.0 );
	* // returns NaN
	*/
	function cdf( x, v ) {
		var x2;
		var p;
		var z;
		if (
			isnan( x ) ||
			isnan( v ) ||
			v <= 0.0
		) {
			return NaN;
		}
		if ( x === 0.0 ) {
			return 0.5;
		}
		x2 = pow( x, 2.0 );
		if ( v > 2.0*x2 ) {
			z = x2 / ( v + x2 );
			p = betainc( z, 0.5, v/2.0, true, true ) / 2.0;
		} else {
			z = v / ( v + x2 );
			p = betainc( z, v/2.0, 0.5, true, false ) / 2.0;
		}
		return ( x > 0.0 ) ? 1.0 - p : p;
	}


	// EXPORTS //

	main$7 = cdf;
	return main$7;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$6;
var hasRequiredMain$6;

function requireMain$6 () {
	if (hasRequiredMain$6) return main$6;
	hasRequiredMain$6 = 1;

	/**
	* Creates a function which always returns the same value.
	*
	* @param {*} [value] - value to always return
	* @returns {Function} constant function
	*
	* @example
	* var fcn = wrap( 3.14 );
	*
	* var v = fcn();
	* // returns 3.14
	*
	* v = fcn();
	* // returns 3.14
	*
	* v = fcn();
	* // returns 3.14
	*/
	function wrap( value ) {
		return constantFunction;

		/**
		* Constant function.
		*
		* @private
		* @returns {*} constant value
		*/
		function constantFunction() {
			return value;
		}
	}


	// EXPORTS //

	main$6 = wrap;
	return main$6;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$b;
var hasRequiredLib$b;

function requireLib$b () {
	if (hasRequiredLib$b) return lib$b;
	hasRequiredLib$b = 1;

	/**
	* Create a constant function.
	*
	* @module @stdlib/utils-constant-function
	*
	* @example
	* var constantFunction = require( '@stdlib/utils-constant-function' );
	*
	* var fcn = constantFunction( 3.14 );
	*
	* var v = fcn();
	* // returns 3.14
	*
	* v = fcn();
	* // returns 3.14
	*
	* v = fcn();
	* // returns 3.14
	*/

	// MODULES //

	var main = requireMain$6();


	// EXPORTS //

	lib$b = main;
	return lib$b;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var factory_1$1;
var hasRequiredFactory$1;

function requireFactory$1 () {
	if (hasRequiredFactory$1) return factory_1$1;
	hasRequiredFactory$1 = 1;

	// MODULES //

	var constantFunction = requireLib$b();
	var betainc = requireLib$c();
	var isnan = requireLib$20();
	var pow = requireLib$13();


	// MAIN //

	/**
	* Returns a function for evaluating the cumulative distribution function (CDF) for a Student's t distribution with degrees of freedom `v`.
	*
	* @param {PositiveNumber} v - degrees of freedom
	* @returns {Function} CDF
	*
	* @example
	* var cdf = factory( 0.5 );
	* var y = cdf( 3.0 );
	* // returns ~0.816
	*
	* y = cdf( 1.0 );
	* // returns ~0.699
	*/
	function factory( v ) {
		if ( isnan( v ) || v <= 0.0 ) {
			return constantFunction( NaN );
		}
		return cdf;

		/**
		* Evaluates the cumulative distribution function (CDF) for a Student's t distribution.
		*
		* @private
		* @param {number} x - input value
		* @returns {Probability} evaluated CDF
		*
		* @example
		* var y = cdf( 2.0 );
		* // returns <number>
		*/
		function cdf( x ) {
			var x2;
			var p;
			var z;
			if ( isnan( x ) ) {
				return NaN;
			}
			if ( x === 0.0 ) {
				return 0.5;
			}
			x2 = pow( x, 2.0 );
			if ( v > 2.0*x2 ) {
				z = x2 / ( v + x2 );
				p = betainc( z, 0.5, v/2.0, true, true ) / 2.0;
			} else {
				z = v / ( v + x2 );
				p = betainc( z, v/2.0, 0.5, true, false ) / 2.0;
			}
			return ( x > 0.0 ) ? 1.0 - p : p;
		}
	}


	// EXPORTS //

	factory_1$1 = factory;
	return factory_1$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$a;
var hasRequiredLib$a;

function requireLib$a () {
	if (hasRequiredLib$a) return lib$a;
	hasRequiredLib$a = 1;

	/**
	* Student's t distribution cumulative distribution function (CDF).
	*
	* @module @stdlib/stats-base-dists-t-cdf
	*
	* @example
	* var cdf = require( '@stdlib/stats-base-dists-t-cdf' );
	*
	* var y = cdf( 2.0, 0.1 );
	* // returns ~0.611
	*
	* y = cdf( 1.0, 2.0 );
	* // returns ~0.789
	*
	* y = cdf( -1.0, 4.0 );
	* // returns ~0.187
	*
	* var mycdf = cdf.factory( 0.5 );
	* y = mycdf( 3.0 );
	* // returns ~0.816
	*
	* y = mycdf( 1.0 );
	* // returns ~0.699
	*/

	// MODULES //

	var setReadOnly = requireLib$21();
	var main = requireMain$7();
	var factory = requireFactory$1();


	// MAIN //

	setReadOnly( main, 'factory', factory );


	// EXPORTS //

	lib$a = main;
	return lib$a;
}

var libExports$1 = requireLib$a();
var cdf = /*@__PURE__*/getDefaultExportFromCjs(libExports$1);

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_p1q1;
var hasRequiredRational_p1q1;

function requireRational_p1q1 () {
	if (hasRequiredRational_p1q1) return rational_p1q1;
	hasRequiredRational_p1q1 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -5087819496582806e-19;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -5087819496582806e-19 + (x * (-0.008368748197417368 + (x * (0.03348066254097446 + (x * (-0.012692614766297404 + (x * (-0.03656379714117627 + (x * (0.02198786811111689 + (x * (0.008226878746769157 + (x * (-0.005387729650712429 + (x * (0.0 + (x * 0.0))))))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (-0.9700050433032906 + (x * (-1.5657455823417585 + (x * (1.5622155839842302 + (x * (0.662328840472003 + (x * (-0.7122890234154284 + (x * (-0.05273963823400997 + (x * (0.07952836873415717 + (x * (-0.0023339375937419 + (x * 0.0008862163904564247))))))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.0 + (x * (0.0 + (x * (-0.005387729650712429 + (x * (0.008226878746769157 + (x * (0.02198786811111689 + (x * (-0.03656379714117627 + (x * (-0.012692614766297404 + (x * (0.03348066254097446 + (x * (-0.008368748197417368 + (x * -5087819496582806e-19))))))))))))))))); // eslint-disable-line max-len
			s2 = 0.0008862163904564247 + (x * (-0.0023339375937419 + (x * (0.07952836873415717 + (x * (-0.05273963823400997 + (x * (-0.7122890234154284 + (x * (0.662328840472003 + (x * (1.5622155839842302 + (x * (-1.5657455823417585 + (x * (-0.9700050433032906 + (x * 1.0))))))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_p1q1 = evalrational;
	return rational_p1q1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_p2q2;
var hasRequiredRational_p2q2;

function requireRational_p2q2 () {
	if (hasRequiredRational_p2q2) return rational_p2q2;
	hasRequiredRational_p2q2 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.20243350835593876;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.20243350835593876 + (x * (0.10526468069939171 + (x * (8.3705032834312 + (x * (17.644729840837403 + (x * (-18.851064805871424 + (x * (-44.6382324441787 + (x * (17.445385985570866 + (x * (21.12946554483405 + (x * -3.6719225470772936))))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (6.242641248542475 + (x * (3.971343795334387 + (x * (-28.66081804998 + (x * (-20.14326346804852 + (x * (48.560921310873994 + (x * (10.826866735546016 + (x * (-22.643693341313973 + (x * 1.7211476576120028))))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = -3.6719225470772936 + (x * (21.12946554483405 + (x * (17.445385985570866 + (x * (-44.6382324441787 + (x * (-18.851064805871424 + (x * (17.644729840837403 + (x * (8.3705032834312 + (x * (0.10526468069939171 + (x * -0.20243350835593876))))))))))))))); // eslint-disable-line max-len
			s2 = 1.7211476576120028 + (x * (-22.643693341313973 + (x * (10.826866735546016 + (x * (48.560921310873994 + (x * (-20.14326346804852 + (x * (-28.66081804998 + (x * (3.971343795334387 + (x * (6.242641248542475 + (x * 1.0))))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_p2q2 = evalrational;
	return rational_p2q2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_p3q3;
var hasRequiredRational_p3q3;

function requireRational_p3q3 () {
	if (hasRequiredRational_p3q3) return rational_p3q3;
	hasRequiredRational_p3q3 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.1311027816799519;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.1311027816799519 + (x * (-0.16379404719331705 + (x * (0.11703015634199525 + (x * (0.38707973897260434 + (x * (0.3377855389120359 + (x * (0.14286953440815717 + (x * (0.029015791000532906 + (x * (0.0021455899538880526 + (x * (-6.794655751811263e-7 + (x * (2.8522533178221704e-8 + (x * -681149956853777e-24))))))))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (3.4662540724256723 + (x * (5.381683457070069 + (x * (4.778465929458438 + (x * (2.5930192162362027 + (x * (0.848854343457902 + (x * (0.15226433829533179 + (x * (0.011059242293464892 + (x * (0.0 + (x * (0.0 + (x * 0.0))))))))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = -681149956853777e-24 + (x * (2.8522533178221704e-8 + (x * (-6.794655751811263e-7 + (x * (0.0021455899538880526 + (x * (0.029015791000532906 + (x * (0.14286953440815717 + (x * (0.3377855389120359 + (x * (0.38707973897260434 + (x * (0.11703015634199525 + (x * (-0.16379404719331705 + (x * -0.1311027816799519))))))))))))))))))); // eslint-disable-line max-len
			s2 = 0.0 + (x * (0.0 + (x * (0.0 + (x * (0.011059242293464892 + (x * (0.15226433829533179 + (x * (0.848854343457902 + (x * (2.5930192162362027 + (x * (4.778465929458438 + (x * (5.381683457070069 + (x * (3.4662540724256723 + (x * 1.0))))))))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_p3q3 = evalrational;
	return rational_p3q3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_p4q4;
var hasRequiredRational_p4q4;

function requireRational_p4q4 () {
	if (hasRequiredRational_p4q4) return rational_p4q4;
	hasRequiredRational_p4q4 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.0350353787183178;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.0350353787183178 + (x * (-0.0022242652921344794 + (x * (0.018557330651423107 + (x * (0.009508047013259196 + (x * (0.0018712349281955923 + (x * (0.00015754461742496055 + (x * (0.00000460469890584318 + (x * (-2304047769118826e-25 + (x * 2.6633922742578204e-12))))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (1.3653349817554064 + (x * (0.7620591645536234 + (x * (0.22009110576413124 + (x * (0.03415891436709477 + (x * (0.00263861676657016 + (x * (0.00007646752923027944 + (x * (0.0 + (x * 0.0))))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 2.6633922742578204e-12 + (x * (-2304047769118826e-25 + (x * (0.00000460469890584318 + (x * (0.00015754461742496055 + (x * (0.0018712349281955923 + (x * (0.009508047013259196 + (x * (0.018557330651423107 + (x * (-0.0022242652921344794 + (x * -0.0350353787183178))))))))))))))); // eslint-disable-line max-len
			s2 = 0.0 + (x * (0.0 + (x * (0.00007646752923027944 + (x * (0.00263861676657016 + (x * (0.03415891436709477 + (x * (0.22009110576413124 + (x * (0.7620591645536234 + (x * (1.3653349817554064 + (x * 1.0))))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_p4q4 = evalrational;
	return rational_p4q4;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_p5q5;
var hasRequiredRational_p5q5;

function requireRational_p5q5 () {
	if (hasRequiredRational_p5q5) return rational_p5q5;
	hasRequiredRational_p5q5 = 1;

	// MAIN //

	/**
	* Evaluates a rational function (i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\)).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.016743100507663373;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.016743100507663373 + (x * (-0.0011295143874558028 + (x * (0.001056288621524929 + (x * (0.00020938631748758808 + (x * (0.000014962478375834237 + (x * (4.4969678992770644e-7 + (x * (4.625961635228786e-9 + (x * (-2811287356288318e-29 + (x * 9.905570997331033e-17))))))))))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (0.5914293448864175 + (x * (0.1381518657490833 + (x * (0.016074608709367652 + (x * (0.0009640118070051656 + (x * (0.000027533547476472603 + (x * (2.82243172016108e-7 + (x * (0.0 + (x * 0.0))))))))))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 9.905570997331033e-17 + (x * (-2811287356288318e-29 + (x * (4.625961635228786e-9 + (x * (4.4969678992770644e-7 + (x * (0.000014962478375834237 + (x * (0.00020938631748758808 + (x * (0.001056288621524929 + (x * (-0.0011295143874558028 + (x * -0.016743100507663373))))))))))))))); // eslint-disable-line max-len
			s2 = 0.0 + (x * (0.0 + (x * (2.82243172016108e-7 + (x * (0.000027533547476472603 + (x * (0.0009640118070051656 + (x * (0.016074608709367652 + (x * (0.1381518657490833 + (x * (0.5914293448864175 + (x * 1.0))))))))))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_p5q5 = evalrational;
	return rational_p5q5;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_81_0/boost/math/special_functions/detail/erf_inv.hpp}. This implementation follows the original, but has been modified for JavaScript.
*
* ```text
* (C) Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var main$5;
var hasRequiredMain$5;

function requireMain$5 () {
	if (hasRequiredMain$5) return main$5;
	hasRequiredMain$5 = 1;

	// MODULES //

	var isnan = requireLib$20();
	var sqrt = requireLib$1v();
	var ln = requireLib$D();
	var PINF = requireLib$1D();
	var NINF = requireLib$1B();
	var rationalFcnR1 = requireRational_p1q1();
	var rationalFcnR2 = requireRational_p2q2();
	var rationalFcnR3 = requireRational_p3q3();
	var rationalFcnR4 = requireRational_p4q4();
	var rationalFcnR5 = requireRational_p5q5();


	// VARIABLES //

	var Y1 = 8.91314744949340820313e-2;
	var Y2 = 2.249481201171875;
	var Y3 = 8.07220458984375e-1;
	var Y4 = 9.3995571136474609375e-1;
	var Y5 = 9.8362827301025390625e-1;


	// MAIN //

	/**
	* Evaluates the inverse complementary error function.
	*
	* Note that
	*
	* ```tex
	* \operatorname{erfc^{-1}}(1-z) = \operatorname{erf^{-1}}(z)
	* ```
	*
	* ## Method
	*
	* 1.  For \\(|x| \leq 0.5\\), we evaluate the inverse error function using the rational approximation
	*
	*     ```tex
	*     \operatorname{erf^{-1}}(x) = x(x+10)(\mathrm{Y} + \operatorname{R}(x))
	*     ```
	*
	*     where \\(Y\\) is a constant and \\(\operatorname{R}(x)\\) is optimized for a low absolute error compared to \\(|Y|\\).
	*
	*     <!-- <note> -->
	*
	*     Max error \\(2.001849\mbox{e-}18\\). Maximum deviation found (error term at infinite precision) \\(8.030\mbox{e-}21\\).
	*
	*     <!-- </note> -->
	*
	* 2.  For \\(0.5 > 1-|x| \geq 0\\), we evaluate the inverse error function using the rational approximation
	*
	*     ```tex
	*     \operatorname{erf^{-1}} = \frac{\sqrt{-2 \cdot \ln(1-x)}}{\mathrm{Y} + \operatorname{R}(1-x)}
	*     ```
	*
	*     where \\(Y\\) is a constant, and \\(\operatorname{R}(q)\\) is optimized for a low absolute error compared to \\(Y\\).
	*
	*     <!-- <note> -->
	*
	*     Max error \\(7.403372\mbox{e-}17\\). Maximum deviation found (error term at infinite precision) \\(4.811\mbox{e-}20\\).
	*
	*     <!-- </note> -->
	*
	* 3.  For \\(1-|x| < 0.25\\), we have a series of rational approximations all of the general form
	*
	*     ```tex
	*     p = \sqrt{-\ln(1-x)}
	*     ```
	*
	*     Accordingly, the result is given by
	*
	*     ```tex
	*     \operatorname{erf^{-1}}(x) = p(\mathrm{Y} + \operatorname{R}(p-B))
	*     ```
	*
	*     where \\(Y\\) is a constant, \\(B\\) is the lowest value of \\(p\\) for which the approximation is valid, and \\(\operatorname{R}(x-B)\\) is optimized for a low absolute error compared to \\(Y\\).
	*
	*     <!-- <note> -->
	*
	*     Almost all code will only go through the first or maybe second approximation.  After that we are dealing with very small input values.
	*
	*     -   If \\(p < 3\\), max error \\(1.089051\mbox{e-}20\\).
	*     -   If \\(p < 6\\), max error \\(8.389174\mbox{e-}21\\).
	*     -   If \\(p < 18\\), max error \\(1.481312\mbox{e-}19\\).
	*     -   If \\(p < 44\\), max error \\(5.697761\mbox{e-}20\\).
	*     -   If \\(p \geq 44\\), max error \\(1.279746\mbox{e-}20\\).
	*
	*     <!-- </note> -->
	*
	*     <!-- <note> -->
	*
	*     The Boost library can accommodate \\(80\\) and \\(128\\) bit long doubles. JavaScript only supports a \\(64\\) bit double (IEEE 754). Accordingly, the smallest \\(p\\) (in JavaScript at the time of this writing) is \\(\sqrt{-\ln(\sim5\mbox{e-}324)} = 27.284429111150214\\).
	*
	*     <!-- </note> -->
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var y = erfcinv( 0.5 );
	* // returns ~0.4769
	*
	* @example
	* var y = erfcinv( 0.8 );
	* // returns ~0.1791
	*
	* @example
	* var y = erfcinv( 0.0 );
	* // returns Infinity
	*
	* @example
	* var y = erfcinv( 2.0 );
	* // returns -Infinity
	*
	* @example
	* var y = erfcinv( NaN );
	* // returns NaN
	*/
	function erfcinv( x ) {
		var sign;
		var qs;
		var q;
		var g;
		var r;

		// Special case: NaN
		if ( isnan( x ) ) {
			return NaN;
		}
		// Special case: 0
		if ( x === 0.0 ) {
			return PINF;
		}
		// Special case: 2
		if ( x === 2.0 ) {
			return NINF;
		}
		// Special case: 1
		if ( x === 1.0 ) {
			return 0.0;
		}
		if ( x > 2.0 || x < 0.0 ) {
			return NaN;
		}
		// Argument reduction (reduce to interval [0,1]). If `x` is outside [0,1], we can take advantage of the complementary error function reflection formula: `erfc(-z) = 2 - erfc(z)`, by negating the result once finished.
		if ( x > 1.0 ) {
			sign = -1;
			q = 2.0 - x;
		} else {
			sign = 1.0;
			q = x;
		}
		x = 1.0 - q;

		// x = 1-q <= 0.5
		if ( x <= 0.5 ) {
			g = x * ( x + 10.0 );
			r = rationalFcnR1( x );
			return sign * ( (g*Y1) + (g*r) );
		}
		// q >= 0.25
		if ( q >= 0.25 ) {
			g = sqrt( -2 * ln(q) );
			q -= 0.25;
			r = rationalFcnR2( q );
			return sign * ( g / (Y2+r) );
		}
		q = sqrt( -ln( q ) );

		// q < 3
		if ( q < 3.0 ) {
			qs = q - 1.125;
			r = rationalFcnR3( qs );
			return sign * ( (Y3*q) + (r*q) );
		}
		// q < 6
		if ( q < 6.0 ) {
			qs = q - 3.0;
			r = rationalFcnR4( qs );
			return sign * ( (Y4*q) + (r*q) );
		}
		// q < 18
		qs = q - 6.0;
		r = rationalFcnR5( qs );
		return sign * ( (Y5*q) + (r*q) );
	}


	// EXPORTS //

	main$5 = erfcinv;
	return main$5;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$9;
var hasRequiredLib$9;

function requireLib$9 () {
	if (hasRequiredLib$9) return lib$9;
	hasRequiredLib$9 = 1;

	/**
	* Evaluate the inverse complementary error function.
	*
	* @module @stdlib/math-base-special-erfcinv
	*
	* @example
	* var erfcinv = require( '@stdlib/math-base-special-erfcinv' );
	*
	* var y = erfcinv( 0.5 );
	* // returns ~0.4769
	*
	* y = erfcinv( 0.8 );
	* // returns ~0.1791
	*
	* y = erfcinv( 0.0 );
	* // returns Infinity
	*
	* y = erfcinv( 2.0 );
	* // returns -Infinity
	*
	* y = erfcinv( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$5();


	// EXPORTS //

	lib$9 = main;
	return lib$9;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C code, long comment, copyright, license, and constants are from [Cephes]{@link http://www.netlib.org/cephes}. The implementation follows the original, but has been modified for JavaScript.
*
* ```text
* Copyright 1984, 1995, 2000 by Stephen L. Moshier
*
* Some software in this archive may be from the book _Methods and Programs for Mathematical Functions_ (Prentice-Hall or Simon & Schuster International, 1989) or from the Cephes Mathematical Library, a commercial product. In either event, it is copyrighted by the author. What you see here may be used freely but it comes with no support or guarantee.
*
* Stephen L. Moshier
* moshier@na-net.ornl.gov
* ```
*/

var main$4;
var hasRequiredMain$4;

function requireMain$4 () {
	if (hasRequiredMain$4) return main$4;
	hasRequiredMain$4 = 1;

	// MODULES //

	var isnan = requireLib$20();
	var asin = requireLib$1t();
	var sqrt = requireLib$1v();
	var PIO4 = requireLib$1u();


	// VARIABLES //

	var MOREBITS = 6.123233995736765886130e-17; // pi/2 = PIO2 + MOREBITS.


	// MAIN //

	/**
	* Computes the arccosine of a double-precision floating-point number.
	*
	* ## Method
	*
	* -   Analytically,
	*
	*     ```tex
	*     \operatorname{acos}(x) = \frac{\pi}{2} - \operatorname{asin}(x)
	*     ```
	*
	*     However, if \\(\|x\|\\) is near \\(1\\), there is cancellation error in subtracting \\(\opertorname{asin}(x)\\) from \\(\pi/2\\). Hence, if \\(x < -0.5\\),
	*
	*     ```tex
	*     \operatorname{acos}(x) = \pi - 2.0 \cdot \operatorname{asin}(\sqrt{(1+x)/2})
	*     ```
	*
	*     or, if \\(x > +0.5\\),
	*
	*     ```tex
	*     \operatorname{acos}(x) = 2.0 \cdot \operatorname{asin}( \sqrt{(1-x)/2} )}
	*     ```
	*
	* ## Notes
	*
	* -   Relative error:
	*
	*     | arithmetic | domain | # trials | peak    | rms     |
	*     |:-----------|:------:|:---------|:--------|:--------|
	*     | DEC        | -1, 1  | 50000    | 3.3e-17 | 8.2e-18 |
	*     | IEEE       | -1, 1  | 10^6     | 2.2e-16 | 6.5e-17 |
	*
	* @param {number} x - input value
	* @returns {number} arccosine (in radians)
	*
	* @example
	* var v = acos( 1.0 );
	* // returns 0.0
	*
	* @example
	* var v = acos( 0.707 ); // ~pi/4
	* // returns ~0.7855
	*
	* @example
	* var v = acos( NaN );
	* // returns NaN
	*/
	function acos( x ) {
		var z;
		if ( isnan( x ) ) {
			return NaN;
		}
		if ( x < -1 || x > 1.0 ) {
			return NaN;
		}
		if ( x > 0.5 ) {
			return 2.0 * asin( sqrt( 0.5 - (0.5*x) ) );
		}
		z = PIO4 - asin( x );
		z += MOREBITS;
		z += PIO4;
		return z;
	}


	// EXPORTS //

	main$4 = acos;
	return main$4;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$8;
var hasRequiredLib$8;

function requireLib$8 () {
	if (hasRequiredLib$8) return lib$8;
	hasRequiredLib$8 = 1;

	/**
	* Compute the arccosine of a double-precision floating-point number.
	*
	* @module @stdlib/math-base-special-acos
	*
	* @example
	* var acos = require( '@stdlib/math-base-special-acos' );
	*
	* var v = acos( 1.0 );
	* // returns 0.0
	*
	* v = acos( 0.707 ); // ~pi/4
	* // returns ~0.7855
	*
	* v = acos( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$4();


	// EXPORTS //

	lib$8 = main;
	return lib$8;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$7;
var hasRequiredLib$7;

function requireLib$7 () {
	if (hasRequiredLib$7) return lib$7;
	hasRequiredLib$7 = 1;

	/**
	* Square root of `2`.
	*
	* @module @stdlib/constants-float64-sqrt-two
	* @type {number}
	*
	* @example
	* var SQRT2 = require( '@stdlib/constants-float64-sqrt-two' );
	* // returns 1.4142135623730951
	*/


	// MAIN //

	/**
	* Square root of `2`.
	*
	* ```tex
	* \sqrt{2}
	* ```
	*
	* @constant
	* @type {number}
	* @default 1.4142135623730951
	*/
	var SQRT2 = 1.41421356237309504880168872420969807856967187537694807317667973799073247846210703885038753432764157273501384623e+00; // eslint-disable-line max-len


	// EXPORTS //

	lib$7 = SQRT2;
	return lib$7;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co14;
var hasRequiredPolyval_co14;

function requirePolyval_co14 () {
	if (hasRequiredPolyval_co14) return polyval_co14;
	hasRequiredPolyval_co14 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.16666666666666666;
		}
		return 0.16666666666666666 + (x * 0.16666666666666666);
	}


	// EXPORTS //

	polyval_co14 = evalpoly;
	return polyval_co14;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co15;
var hasRequiredPolyval_co15;

function requirePolyval_co15 () {
	if (hasRequiredPolyval_co15) return polyval_co15;
	hasRequiredPolyval_co15 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.058333333333333334;
		}
		return 0.058333333333333334 + (x * (0.06666666666666667 + (x * 0.008333333333333333))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co15 = evalpoly;
	return polyval_co15;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co16;
var hasRequiredPolyval_co16;

function requirePolyval_co16 () {
	if (hasRequiredPolyval_co16) return polyval_co16;
	hasRequiredPolyval_co16 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.0251984126984127;
		}
		return 0.0251984126984127 + (x * (0.026785714285714284 + (x * (0.0017857142857142857 + (x * 0.0001984126984126984))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co16 = evalpoly;
	return polyval_co16;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co17;
var hasRequiredPolyval_co17;

function requirePolyval_co17 () {
	if (hasRequiredPolyval_co17) return polyval_co17;
	hasRequiredPolyval_co17 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.012039792768959435;
		}
		return 0.012039792768959435 + (x * (0.010559964726631394 + (x * (-0.0011078042328042327 + (x * (0.0003747795414462081 + (x * 0.0000027557319223985893))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co17 = evalpoly;
	return polyval_co17;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co18;
var hasRequiredPolyval_co18;

function requirePolyval_co18 () {
	if (hasRequiredPolyval_co18) return polyval_co18;
	hasRequiredPolyval_co18 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.003837005972422639;
		}
		return 0.003837005972422639 + (x * (0.00610392115600449 + (x * (-0.0016095979637646305 + (x * (0.0005945867404200738 + (x * (-6270542728876062e-20 + (x * 2.505210838544172e-8))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co18 = evalpoly;
	return polyval_co18;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co19;
var hasRequiredPolyval_co19;

function requirePolyval_co19 () {
	if (hasRequiredPolyval_co19) return polyval_co19;
	hasRequiredPolyval_co19 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.0032177478835464946;
		}
		return 0.0032177478835464946 + (x * (0.0010898206731540065 + (x * (-0.0012579159844784845 + (x * (0.0006908420797309686 + (x * (-16376804137220805e-20 + (x * (0.0000154012654012654 + (x * 1.6059043836821613e-10))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co19 = evalpoly;
	return polyval_co19;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co20;
var hasRequiredPolyval_co20;

function requirePolyval_co20 () {
	if (hasRequiredPolyval_co20) return polyval_co20;
	hasRequiredPolyval_co20 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.001743826229834001;
		}
		return 0.001743826229834001 + (x * (0.00003353097688001788 + (x * (-7624513544032393e-19 + (x * (0.0006451304695145635 + (x * (-249472580470431e-18 + (x * (0.000049255746366361444 + (x * (-39851014346715405e-22 + (x * 7.647163731819816e-13))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co20 = evalpoly;
	return polyval_co20;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co21;
var hasRequiredPolyval_co21;

function requirePolyval_co21 () {
	if (hasRequiredPolyval_co21) return polyval_co21;
	hasRequiredPolyval_co21 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.0009647274732138864;
		}
		return 0.0009647274732138864 + (x * (-3110108632631878e-19 + (x * (-36307660358786886e-20 + (x * (0.0005140660578834113 + (x * (-29133414466938067e-20 + (x * (0.00009086710793521991 + (x * (-15303004486655377e-21 + (x * (0.0000010914179173496788 + (x * 2.8114572543455206e-15))))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co21 = evalpoly;
	return polyval_co21;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co22;
var hasRequiredPolyval_co22;

function requirePolyval_co22 () {
	if (hasRequiredPolyval_co22) return polyval_co22;
	hasRequiredPolyval_co22 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.0005422926281312969;
		}
		return 0.0005422926281312969 + (x * (-3694266780000966e-19 + (x * (-10230378073700413e-20 + (x * (0.00035764655430568635 + (x * (-28690924218514614e-20 + (x * (0.00012645437628698076 + (x * (-33202652391372056e-21 + (x * (0.000004890304529197534 + (x * (-3.123956959982987e-7 + (x * 8.22063524662433e-18))))))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co22 = evalpoly;
	return polyval_co22;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_62_0/boost/math/special_functions/detail/t_distribution_inv.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var inverse_students_t_body_series;
var hasRequiredInverse_students_t_body_series;

function requireInverse_students_t_body_series () {
	if (hasRequiredInverse_students_t_body_series) return inverse_students_t_body_series;
	hasRequiredInverse_students_t_body_series = 1;

	// MODULES //

	var gammaDeltaRatio = requireLib$E();
	var evalpoly = requireLib$r();
	var sqrt = requireLib$1v();
	var PI = requireLib$U();
	var polyval1 = requirePolyval_co14();
	var polyval2 = requirePolyval_co15();
	var polyval3 = requirePolyval_co16();
	var polyval4 = requirePolyval_co17();
	var polyval5 = requirePolyval_co18();
	var polyval6 = requirePolyval_co19();
	var polyval7 = requirePolyval_co20();
	var polyval8 = requirePolyval_co21();
	var polyval9 = requirePolyval_co22();


	// VARIABLES //

	var c0 = 0.0;

	// Workspace for the polynomial coefficients:
	var c = [ 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 ]; // WARNING: not thread safe


	// MAIN //

	/**
	* Evaluates Student's t quantiles via a body series expansion. Tail and body series are due to Shaw.
	*
	* ## References
	*
	* -   Shaw, William T. 2006. "Sampling Student's T distribution – use of the inverse cumulative distribution function." _Journal of Computational Finance_ 9 (4): 37–73. [www.mth.kcl.ac.uk/~shaww/web\_page/papers/Tdistribution06.pdf](www.mth.kcl.ac.uk/~shaww/web_page/papers/Tdistribution06.pdf).
	*
	* @private
	* @param {PositiveNumber} df - degrees of freedom
	* @param {Probability} u - input probability
	* @returns {number} function value
	*/
	function inverseStudentsTBodySeries( df, u ) {
		var idf;
		var v;

		// Body series for small N, start with Eq 56 of Shaw:
		v = gammaDeltaRatio( df/2, 0.5 ) * sqrt( df*PI ) * ( u-0.5 );

		// Figure out what the coefficients are. They depend only on the degrees of freedom (Eq 57 of Shaw):
		idf = 1.0 / df;
		c[ 1 ] = polyval1( idf );
		c[ 2 ] = polyval2( idf );
		c[ 3 ] = polyval3( idf );
		c[ 4 ] = polyval4( idf );
		c[ 5 ] = polyval5( idf );
		c[ 6 ] = polyval6( idf );
		c[ 7 ] = polyval7( idf );
		c[ 8 ] = polyval8( idf );
		c[ 9 ] = polyval9( idf );

		// Result is then an odd polynomial in v (see Eq 56 of Shaw)...
		return c0 + ( v*evalpoly( c, v*v ) );
	}


	// EXPORTS //

	inverse_students_t_body_series = inverseStudentsTBodySeries;
	return inverse_students_t_body_series;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_61_0/boost/math/special_functions/detail/t_distribution_inv.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var inverse_students_t_tail_series;
var hasRequiredInverse_students_t_tail_series;

function requireInverse_students_t_tail_series () {
	if (hasRequiredInverse_students_t_tail_series) return inverse_students_t_tail_series;
	hasRequiredInverse_students_t_tail_series = 1;

	// MODULES //

	var gammaDeltaRatio = requireLib$E();
	var evalpoly = requireLib$r();
	var sqrt = requireLib$1v();
	var pow = requireLib$13();
	var PI = requireLib$U();


	// VARIABLES //

	// Array for the coefficients d(k), these depend only on the number of degrees of freedom df, so at least in theory we could tabulate these for fixed df, see p15 of Shaw:
	var d = [ 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 ]; // WARNING: not thread safe


	// MAIN //

	/**
	* Evaluates Student's t quantiles via a tail series expansion. Tail and body series are due to Shaw.
	*
	* ## References
	*
	* -   Shaw, William T. 2006. "Sampling Student's T distribution – use of the inverse cumulative distribution function." _Journal of Computational Finance_ 9 (4): 37–73. [www.mth.kcl.ac.uk/~shaww/web\_page/papers/Tdistribution06.pdf](www.mth.kcl.ac.uk/~shaww/web_page/papers/Tdistribution06.pdf).
	*
	* @private
	* @param {number} df - degrees of freedom
	* @param {number} v - function value
	* @returns {number} tail value
	*/
	function inverseStudentsTTailSeries( df, v ) { // eslint-disable-line id-length
		var result;
		var power;
		var div;
		var np2;
		var np4;
		var np6;
		var rn;
		var w;

		// Tail series expansion, see section 6 of Shaw's paper. `w` is calculated using Eq 60:
		w = gammaDeltaRatio( df/2.0, 0.5 ) * sqrt( df*PI ) * v;

		// Define some variables:
		np2 = df + 2.0;
		np4 = df + 4.0;
		np6 = df + 6.0;

		d[ 0 ] = 1.0;
		d[ 1 ] = -(df+1.0) / (2.0*np2);
		np2 *= (df + 2.0);
		d[ 2 ] = -df * (df+1.0) * (df+3.0) / (8.0*np2*np4);
		np2 *= df + 2.0;
		d[ 3 ] = -df * (df+1.0) * (df+5.0) * (((3.0*df) + 7.0) * df - 2.0) / (48.0*np2*np4*np6); // eslint-disable-line max-len, no-mixed-operators
		np2 *= (df + 2.0);
		np4 *= (df + 4.0);
		d[ 4 ] = -df * (df+1.0) * (df+7.0) * ( (((((15.0*df) + 154.0) * df + 465.0) * df + 286.0) * df - 336.0) * df + 64.0) / (384.0*np2*np4*np6*(df+8.0)); // eslint-disable-line max-len, no-mixed-operators
		np2 *= (df + 2.0);
		d[ 5 ] = -df * (df+1.0) * (df+3.0) * (df+9.0) * (((((((35.0 * df + 452.0) * df+1573.0) * df + 600.0) * df - 2020.0) * df) + 928.0) * df - 128.0) / (1280.0*np2*np4*np6*(df+8.0) * (df+10.0)); // eslint-disable-line max-len, no-mixed-operators
		np2 *= (df + 2.0);
		np4 *= (df + 4.0);
		np6 *= (df + 6.0);
		d[ 6 ] = -df * (df+1.0) * (df+11.0) * ((((((((((((945.0*df) + 31506.0) * df + 425858.0) * df + 2980236.0) * df + 11266745.0) * df + 20675018.0) * df + 7747124.0) * df - 22574632.0) * df - 8565600.0) * df + 18108416.0) * df - 7099392.0) * df + 884736.0) / (46080.0*np2*np4*np6*(df+8.0) * (df+10.0) * (df+12.0)); // eslint-disable-line max-len, no-mixed-operators

		// Now bring everything together to provide the result this is Eq 62 of Shaw:
		rn = sqrt( df );
		div = pow( rn*w, 1.0/df );
		power = div * div;
		result = evalpoly( d, power );
		result *= rn;
		result /= div;
		return -result;
	}


	// EXPORTS //

	inverse_students_t_tail_series = inverseStudentsTTailSeries;
	return inverse_students_t_tail_series;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_61_0/boost/math/special_functions/detail/t_distribution_inv.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var inverse_students_t_hill;
var hasRequiredInverse_students_t_hill;

function requireInverse_students_t_hill () {
	if (hasRequiredInverse_students_t_hill) return inverse_students_t_hill;
	hasRequiredInverse_students_t_hill = 1;

	// MODULES //

	var erfcinv = requireLib$9();
	var expm1 = requireLib$1y();
	var sqrt = requireLib$1v();
	var pow = requireLib$13();
	var HALF_PI = requireLib$V();
	var SQRT2 = requireLib$7();


	// MAIN //

	/**
	* Evaluates Student's t quantiles via a method due to Hill.
	*
	* ## References
	*
	* -   Hill, G. W. 1970. "Algorithm 396: Student's T-Quantiles." _Communications of the ACM_ 13 (10). New York, NY, USA: ACM: 619–20. doi:[10.1145/355598.355600](https://doi.org/10.1145/355598.355600).
	*
	* @private
	* @param {PositiveNumber} ndf - degrees of freedom
	* @param {Probability} u - input probability
	* @returns {number} function value
	*/
	function inverseStudentsTHill( ndf, u ) {
		var a;
		var b;
		var c;
		var d;
		var q;
		var x;
		var y;

		if ( ndf > 1e20 ) {
			return -erfcinv( 2 * u ) * SQRT2;
		}
		a = 1.0 / ( ndf - 0.5 );
		b = 48.0 / (a * a);
		c = ( ( ( ( (20700.0*a/b) - 98.0 ) * a ) - 16.0 ) * a ) + 96.36;
		d = ( ( ( (94.5/(b+c)) - 3.0 ) / b ) + 1.0 ) * sqrt( a * HALF_PI ) * ndf;
		y = pow( d * 2.0 * u, 2.0 / ndf );

		if ( y > ( 0.05 + a ) ) {
			// Asymptotic inverse expansion about normal:
			x = -erfcinv( 2.0 * u ) * SQRT2;
			y = x * x;

			if ( ndf < 5.0 ) {
				c += 0.3 * ( ndf-4.5 ) * ( x + 0.6 );
			}
			c += ( ( ( ( ( ( (0.05*d*x)-5.0 ) * x ) - 7.0 ) * x )- 2.0 ) * x ) + b;
			y = ((((((0.4*y+6.3)*y)+36.0) * y + 94.5) / c - y - 3.0) / b + 1.0) * x;
			y = expm1( a * y * y );
		} else {
			y = ((1.0 / ( ( (ndf+6.0) / (ndf*y) - 0.089 * d - 0.822 ) *
			(ndf+2.0) * 3.0 ) + 0.5 / (ndf+4.0)) * y - 1.0) *
			(ndf+1.0) / (ndf+2.0) + 1.0 / y;
		}
		q = sqrt( ndf * y );
		return -q;
	}


	// EXPORTS //

	inverse_students_t_hill = inverseStudentsTHill;
	return inverse_students_t_hill;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_62_0/boost/math/special_functions/detail/t_distribution_inv.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var inverse_students_t;
var hasRequiredInverse_students_t;

function requireInverse_students_t () {
	if (hasRequiredInverse_students_t) return inverse_students_t;
	hasRequiredInverse_students_t = 1;

	// MODULES //

	var erfcinv = requireLib$9();
	var floor = requireLib$1x();
	var ldexp = requireLib$1d();
	var round = requireLib$O();
	var acos = requireLib$8();
	var sqrt = requireLib$1v();
	var abs = requireLib$1s();
	var cos = requireLib$C();
	var pow = requireLib$13();
	var sin = requireLib$M();
	var SQRT2 = requireLib$7();
	var PI = requireLib$U();
	var inverseStudentsTBodySeries = requireInverse_students_t_body_series();
	var inverseStudentsTTailSeries = requireInverse_students_t_tail_series();
	var inverseStudentsTHill = requireInverse_students_t_hill();


	// VARIABLES //

	var DF_THRESHOLD = 0x10000000; // 2^28
	var ONE_THIRD = 1.0 / 3.0;
	var EXP = ( 2.0 * 53.0 ) / 3.0;
	var C = 0.85498797333834849467655443627193;


	// MAIN //

	/**
	* Evaluates Student's t quantiles.
	*
	* @private
	* @param {PositiveNumber} df - degrees of freedom
	* @param {Probability} u - input probability
	* @param {Probability} v - probability equal to `1-u`
	* @returns {number} function value
	*/
	function inverseStudentsT( df, u, v ) {
		var crossover;
		var tolerance;
		var rootAlpha;
		var invert;
		var result;
		var alpha;
		var tmp;
		var p0;
		var p2;
		var p4;
		var p5;
		var p;
		var r;
		var x;
		var a;
		var b;

		result = 0;
		if ( u > v ) {
			// Function is symmetric, so invert it:
			tmp = v;
			v = u;
			u = tmp;
			invert = true;
		} else {
			invert = false;
		}
		if ( floor(df) === df && df < 20 ) {
			// We have integer degrees of freedom, try for the special cases first:
			tolerance = ldexp( 1.0, EXP );

			switch ( floor( df ) ) {
			case 1:
				// `df = 1` is the same as the Cauchy distribution, see Shaw Eq 35:
				if ( u === 0.5 ) {
					result = 0.0;
				} else {
					result = -cos( PI * u ) / sin( PI * u );
				}
				break;
			case 2:
				// `df = 2` has an exact result, see Shaw Eq 36:
				result = ( (2.0*u) - 1.0 ) / sqrt( 2.0 * u * v );
				break;
			case 4:
				// `df = 4` has an exact result, see Shaw Eq 38 & 39:
				alpha = 4.0 * u * v;
				rootAlpha = sqrt( alpha );
				r = 4 * cos( acos( rootAlpha ) / 3.0 ) / rootAlpha;
				x = sqrt( r - 4.0 );
				result = ( u - 0.5 < 0.0 ) ? -x : x;
				break;
			case 6:
				// We get numeric overflow in this area:
				if ( u < 1.0e-150 ) {
					return ( ( invert ) ? -1 : 1 ) * inverseStudentsTHill( df, u );
				}
				// Newton-Raphson iteration of a polynomial case, choice of seed value is taken from Shaw's online supplement:
				a = 4.0 * ( u - (u*u) ); // 1 - 4 * (u - 0.5f) * (u - 0.5f);
				b = pow( a, ONE_THIRD );
				p = 6.0 * ( 1.0 + ( C * ( (1.0/b) - 1.0 ) ) );
				do {
					p2 = p * p;
					p4 = p2 * p2;
					p5 = p * p4;
					p0 = p;

					// Next term is given by Eq 41:
					p = 2.0 * ( (8.0*a*p5) - (270.0*p2) + 2187 ) /
						( 5.0 * ( (4.0*a*p4) - (216.0*p) - 243.0 ) );
				} while ( abs( (p - p0) / p ) > tolerance );

				// Use Eq 45 to extract the result:
				p = sqrt( p - df );
				result = ( u - 0.5 < 0.0 ) ? -p : p;
				break;
			default:
				if ( df > DF_THRESHOLD ) { // 2^28
					result = erfcinv( 2.0 * u ) * SQRT2;
				} else if ( df < 3 ) {
					// Use a roughly linear scheme to choose between Shaw's tail series and body series:
					crossover = 0.2742 - ( df * 0.0242143 );
					if ( u > crossover ) {
						result = inverseStudentsTBodySeries( df, u );
					} else {
						result = inverseStudentsTTailSeries( df, u );
					}
				} else {
					// Use Hill's method except in the extreme tails where we use Shaw's tail series. The crossover point is roughly exponential in -df:
					crossover = ldexp( 1.0, round( df / -0.654 ) );
					if ( u > crossover ) {
						result = inverseStudentsTHill( df, u );
					} else {
						result = inverseStudentsTTailSeries( df, u );
					}
				}
			}
		} else if ( df > DF_THRESHOLD ) {
			result = -erfcinv( 2.0 * u ) * SQRT2;
		} else if ( df < 3 ) {
			// Use a roughly linear scheme to choose between Shaw's tail series and body series:
			crossover = 0.2742 - ( df * 0.0242143 );
			if ( u > crossover ) {
				result = inverseStudentsTBodySeries( df, u );
			} else {
				result = inverseStudentsTTailSeries( df, u );
			}
		} else {
			// Use Hill's method except in the extreme tails where we use Shaw's tail series. The crossover point is roughly exponential in -df:
			crossover = ldexp( 1.0, round( df / -0.654 ) );
			if ( u > crossover ) {
				result = inverseStudentsTHill( df, u );
			} else {
				result = inverseStudentsTTailSeries( df, u );
			}
		}
		return ( invert ) ? -result : result;
	}


	// EXPORTS //

	inverse_students_t = inverseStudentsT;
	return inverse_students_t;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_62_0/boost/math/special_functions/detail/t_distribution_inv.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var find_ibeta_inv_from_t_dist;
var hasRequiredFind_ibeta_inv_from_t_dist;

function requireFind_ibeta_inv_from_t_dist () {
	if (hasRequiredFind_ibeta_inv_from_t_dist) return find_ibeta_inv_from_t_dist;
	hasRequiredFind_ibeta_inv_from_t_dist = 1;

	// MODULES //

	var inverseStudentsT = requireInverse_students_t();


	// MAIN //

	/**
	* Returns the inverse of the incomplete beta function via the Student t distribution.
	*
	* @private
	* @param {PositiveNumber} a - function parameter
	* @param {Probability} p - probability value
	* @param {Object} py - placeholder object holding one minus the returned value
	* @returns {number} function value
	*/
	function findIBetaInvFromTDist( a, p, py ) {
		var df;
		var u;
		var v;
		var t;

		u = p / 2.0;
		v = 1.0 - u;
		df = a * 2.0;
		t = inverseStudentsT( df, u, v );
		if ( py ) {
			py.value = t * t / ( df + ( t*t ) );
		}
		return df / ( df + ( t*t ) );
	}


	// EXPORTS //

	find_ibeta_inv_from_t_dist = findIBetaInvFromTDist;
	return find_ibeta_inv_from_t_dist;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/detail/ibeta_inverse.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var temme1_1;
var hasRequiredTemme1;

function requireTemme1 () {
	if (hasRequiredTemme1) return temme1_1;
	hasRequiredTemme1 = 1;

	// MODULES //

	var evalpoly = requireLib$r();
	var erfcinv = requireLib$9();
	var sqrt = requireLib$1v();
	var exp = requireLib$1c();
	var SQRT2 = requireLib$7();


	// VARIABLES //

	// Workspaces for the polynomial coefficients:
	var workspace = [ 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 ];
	var terms = [ 0.0, 0.0, 0.0, 0.0 ];


	// MAIN //

	/**
	* Carries out the first method by Temme (described in section 2).
	*
	* ## References
	*
	* -   Temme, N. M. 1992. "Incomplete Laplace Integrals: Uniform Asymptotic Expansion with Application to the Incomplete Beta Function." _Journal of Computational and Applied Mathematics_ 41 (1–2): 1638–63. doi:[10.1016/0377-0427(92)90244-R](https://doi.org/10.1016/0377-0427(92)90244-R).
	*
	* @private
	* @param {PositiveNumber} a - function parameter
	* @param {PositiveNumber} b - function parameter
	* @param {Probability} z - function parameter
	* @returns {number} function value
	*/
	function temme1( a, b, z ) {
		var eta0;
		var eta2;
		var eta;
		var B2;
		var B3;
		var B;
		var c;

		// Get the first approximation for eta from the inverse error function (Eq: 2.9 and 2.10):
		eta0 = erfcinv( 2.0 * z );
		eta0 /= -sqrt( a / 2.0 );

		terms[ 0 ] = eta0;

		// Calculate powers:
		B = b - a;
		B2 = B * B;
		B3 = B2 * B;

		// Calculate correction terms:

		// See eq following 2.15:
		workspace[ 0 ] = -B * SQRT2 / 2;
		workspace[ 1 ] = ( 1 - (2.0*B) ) / 8.0;
		workspace[ 2 ] = -(B * SQRT2 / 48.0);
		workspace[ 3 ] = -1 / 192.0;
		workspace[ 4 ] = -B * SQRT2 / 3840.0;
		workspace[ 5 ] = 0.0;
		workspace[ 6 ] = 0.0;
		terms[ 1 ] = evalpoly( workspace, eta0 );

		// Eq Following 2.17:
		workspace[ 0 ] = B * SQRT2 * ( (3.0*B) - 2.0) / 12.0;
		workspace[ 1 ] = ( (20.0*B2) - (12.0*B) + 1.0 ) / 128.0;
		workspace[ 2 ] = B * SQRT2 * ( (20.0*B) - 1.0) / 960.0;
		workspace[ 3 ] = ( (16.0*B2) + (30.0*B) - 15.0) / 4608.0;
		workspace[ 4 ] = B * SQRT2 * ( (21.0*B) + 32) / 53760.0;
		workspace[ 5 ] = (-(32.0*B2) + 63.0) / 368640.0;
		workspace[ 6 ] = -B * SQRT2 * ( (120.0*B) + 17.0) / 25804480.0;
		terms[ 2 ] = evalpoly( workspace, eta0 );

		// Eq Following 2.17:
		workspace[ 0 ] = B * SQRT2 * ( (-75*B2) + (80.0*B) - 16.0) / 480.0;
		workspace[ 1 ] = ( (-1080*B3) + (868.0*B2) - (90.0*B) - 45.0) / 9216.0;
		workspace[ 2 ] = B * SQRT2 * ( (-1190*B2) + (84.0*B) + 373.0) / 53760.0;
		workspace[ 3 ] = ( (-2240*B3)-(2508.0*B2)+(2100.0*B)-165.0 ) / 368640.0;
		workspace[ 4 ] = 0.0;
		workspace[ 5 ] = 0.0;
		workspace[ 6 ] = 0.0;
		terms[ 3 ] = evalpoly( workspace, eta0 );

		// Bring them together to get a final estimate for eta:
		eta = evalpoly( terms, 1.0/a );

		// Now we need to convert eta to the return value `x`, by solving the appropriate quadratic equation:
		eta2 = eta * eta;
		c = -exp( -eta2 / 2.0 );
		if ( eta2 === 0.0 ) {
			return 0.5;
		}
		return ( 1.0 + ( eta * sqrt( ( 1.0+c ) / eta2 ) ) ) / 2.0;
	}


	// EXPORTS //

	temme1_1 = temme1;
	return temme1_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_62_0/boost/math/special_functions/detail/ibeta_inverse.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var root_finder;
var hasRequiredRoot_finder;

function requireRoot_finder () {
	if (hasRequiredRoot_finder) return root_finder;
	hasRequiredRoot_finder = 1;

	// MODULES //

	var ln = requireLib$D();
	var MAX_VALUE = requireLib$X();


	// VARIABLES //

	var BIG = MAX_VALUE / 4.0;


	// MAIN //

	/**
	* Helper function used by root finding code to convert `eta` to `x`.
	*
	* @private
	* @param {number} t - first parameter
	* @param {number} a - second parameter
	* @returns {Function} root function
	*/
	function temmeRootFinder( t, a ) {
		return roots;

		/**
		* Calculates roots.
		*
		* @private
		* @param {number} x - function value
		* @returns {Array} function roots
		*/
		function roots( x ) {
			var f1;
			var f;
			var y;

			y = 1.0 - x;
			if ( y === 0.0 ) {
				return [ -BIG, -BIG ];
			}
			if ( x === 0.0 ) {
				return [ -BIG, -BIG ];
			}
			f = ln( x ) + ( a * ln( y ) ) + t;
			f1 = ( 1.0 / x ) - ( a / y );
			return [ f, f1 ];
		}
	}


	// EXPORTS //

	root_finder = temmeRootFinder;
	return root_finder;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$3;
var hasRequiredMain$3;

function requireMain$3 () {
	if (hasRequiredMain$3) return main$3;
	hasRequiredMain$3 = 1;

	// MODULES //

	var isnan = requireLib$20();


	// MAIN //

	/**
	* Evaluates the signum function for a double-precision floating-point number.
	*
	* @param {number} x - input value
	* @returns {number} function value
	*
	* @example
	* var sign = signum( -5.0 );
	* // returns -1.0
	*
	* @example
	* var sign = signum( 5.0 );
	* // returns 1.0
	*
	* @example
	* var sign = signum( -0.0 );
	* // returns -0.0
	*
	* @example
	* var sign = signum( 0.0 );
	* // returns 0.0
	*
	* @example
	* var sign = signum( NaN );
	* // returns NaN
	*/
	function signum( x ) {
		if ( x === 0.0 || isnan( x ) ) {
			return x; // addresses both +-0
		}
		return ( x < 0.0 ) ? -1 : 1.0;
	}


	// EXPORTS //

	main$3 = signum;
	return main$3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$6;
var hasRequiredLib$6;

function requireLib$6 () {
	if (hasRequiredLib$6) return lib$6;
	hasRequiredLib$6 = 1;

	/**
	* Evaluate the signum function for a double-precision floating-point number.
	*
	* @module @stdlib/math-base-special-signum
	*
	* @example
	* var signum = require( '@stdlib/math-base-special-signum' );
	*
	* var sign = signum( -5.0 );
	* // returns -1.0
	*
	* sign = signum( 5.0 );
	* // returns 1.0
	*
	* sign = signum( -0.0 );
	* // returns -0.0
	*
	* sign = signum( 0.0 );
	* // returns 0.0
	*
	* sign = signum( NaN );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$3();


	// EXPORTS //

	lib$6 = main;
	return lib$6;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_62_0/boost/math/tools/roots.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var newton_raphson;
var hasRequiredNewton_raphson;

function requireNewton_raphson () {
	if (hasRequiredNewton_raphson) return newton_raphson;
	hasRequiredNewton_raphson = 1;

	// MODULES //

	var sign = requireLib$6();
	var abs = requireLib$1s();
	var ldexp = requireLib$1d();
	var MAX_VALUE = requireLib$X();


	// MAIN //

	/**
	* Performs root finding via second order Newton-Raphson iteration.
	*
	* @private
	* @param {Array} fun - two-element array of the function and its first derivative
	* @param {number} guess - initial starting value.
	* @param {number} min - minimum possible value for the result,used as initial lower bracket.
	* @param {number} max - maximum possible value for the result, used as initial upper bracket.
	* @param {PositiveInteger} digits - desired number of binary digits
	* @param {PositiveInteger} maxIter - maximum number of iterations
	* @returns {number} function value
	*/
	function newtonRaphsonIterate( fun, guess, min, max, digits, maxIter ) {
		var f0last;
		var delta1;
		var delta2;
		var factor;
		var result;
		var count;
		var delta;
		var res;
		var f0;
		var f1;

		f0 = 0.0;
		f0last = 0.0;
		result = guess;

		factor = ldexp( 1.0, 1.0 - digits );
		delta = MAX_VALUE;
		delta1 = MAX_VALUE;
		delta2 = MAX_VALUE;

		count = maxIter;
		do {
			f0last = f0;
			delta2 = delta1;
			delta1 = delta;
			res = fun(result);
			f0 = res[ 0 ];
			f1 = res[ 1 ];
			count -= 1;
			if ( f0 === 0.0 ) {
				break;
			}
			if ( f1 === 0.0 ) {
				// Oops zero derivative!!!
				if ( f0last === 0.0 ) {
					// Must be the first iteration, pretend that we had a previous one at either min or max:
					if ( result === min ) {
						guess = max;
					} else {
						guess = min;
					}
					f0last = fun( guess );
					delta = guess - result;
				}
				if ( sign(f0last) * sign(f0) < 0 ) {
					// We've crossed over so move in opposite direction to last step:
					if ( delta < 0 ) {
						delta = (result - min) / 2.0;
					} else {
						delta = (result - max) / 2.0;
					}
				} else if ( delta < 0 ) {
					delta = (result - max) / 2.0;
				} else {
					delta = (result - min) / 2.0;
				}
			} else {
				delta = f0 / f1;
			}
			if ( abs(delta * 2.0) > abs(delta2) ) {
				// Last two steps haven't converged, try bisection:
				delta = ( delta > 0.0 ) ? (result-min) / 2.0 : (result-max) / 2.0;
			}
			guess = result;
			result -= delta;
			if ( result <= min ) {
				delta = 0.5 * (guess - min);
				result = guess - delta;
				if ( result === min || result === max ) {
					break;
				}
			} else if ( result >= max ) {
				delta = 0.5 * (guess - max);
				result = guess - delta;
				if ( result === min || result === max ) {
					break;
				}
			}
			// Update brackets:
			if ( delta > 0.0 ) {
				max = guess;
			} else {
				min = guess;
			}
		}
		while ( count && ( abs(result * factor) < abs(delta) ) );

		return result;
	}


	// EXPORTS //

	newton_raphson = newtonRaphsonIterate;
	return newton_raphson;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co1;
var hasRequiredPolyval_co1;

function requirePolyval_co1 () {
	if (hasRequiredPolyval_co1) return polyval_co1;
	hasRequiredPolyval_co1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -1;
		}
		return -1 + (x * (-5 + (x * 5.0)));
	}


	// EXPORTS //

	polyval_co1 = evalpoly;
	return polyval_co1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co2;
var hasRequiredPolyval_co2;

function requirePolyval_co2 () {
	if (hasRequiredPolyval_co2) return polyval_co2;
	hasRequiredPolyval_co2 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 1.0;
		}
		return 1.0 + (x * (21.0 + (x * (-69 + (x * 46.0)))));
	}


	// EXPORTS //

	polyval_co2 = evalpoly;
	return polyval_co2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co3;
var hasRequiredPolyval_co3;

function requirePolyval_co3 () {
	if (hasRequiredPolyval_co3) return polyval_co3;
	hasRequiredPolyval_co3 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 7.0;
		}
		return 7.0 + (x * (-2 + (x * (33.0 + (x * (-62 + (x * 31.0)))))));
	}


	// EXPORTS //

	polyval_co3 = evalpoly;
	return polyval_co3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co4;
var hasRequiredPolyval_co4;

function requirePolyval_co4 () {
	if (hasRequiredPolyval_co4) return polyval_co4;
	hasRequiredPolyval_co4 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 25.0;
		}
		return 25.0 + (x * (-52 + (x * (-17 + (x * (88.0 + (x * (-115 + (x * 46.0))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co4 = evalpoly;
	return polyval_co4;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co5;
var hasRequiredPolyval_co5;

function requirePolyval_co5 () {
	if (hasRequiredPolyval_co5) return polyval_co5;
	hasRequiredPolyval_co5 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 7.0;
		}
		return 7.0 + (x * (12.0 + (x * (-78 + (x * 52.0)))));
	}


	// EXPORTS //

	polyval_co5 = evalpoly;
	return polyval_co5;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co6;
var hasRequiredPolyval_co6;

function requirePolyval_co6 () {
	if (hasRequiredPolyval_co6) return polyval_co6;
	hasRequiredPolyval_co6 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -7;
		}
		return -7 + (x * (2.0 + (x * (183.0 + (x * (-370 + (x * 185.0)))))));
	}


	// EXPORTS //

	polyval_co6 = evalpoly;
	return polyval_co6;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co7;
var hasRequiredPolyval_co7;

function requirePolyval_co7 () {
	if (hasRequiredPolyval_co7) return polyval_co7;
	hasRequiredPolyval_co7 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -533;
		}
		return -533 + (x * (776.0 + (x * (-1835 + (x * (10240.0 + (x * (-13525 + (x * 5410.0))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co7 = evalpoly;
	return polyval_co7;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co8;
var hasRequiredPolyval_co8;

function requirePolyval_co8 () {
	if (hasRequiredPolyval_co8) return polyval_co8;
	hasRequiredPolyval_co8 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return -1579;
		}
		return -1579 + (x * (3747.0 + (x * (-3372 + (x * (-15821 + (x * (45588.0 + (x * (-45213 + (x * 15071.0))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co8 = evalpoly;
	return polyval_co8;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co9;
var hasRequiredPolyval_co9;

function requirePolyval_co9 () {
	if (hasRequiredPolyval_co9) return polyval_co9;
	hasRequiredPolyval_co9 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 449.0;
		}
		return 449.0 + (x * (-1259 + (x * (-769 + (x * (6686.0 + (x * (-9260 + (x * 3704.0))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co9 = evalpoly;
	return polyval_co9;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co10;
var hasRequiredPolyval_co10;

function requirePolyval_co10 () {
	if (hasRequiredPolyval_co10) return polyval_co10;
	hasRequiredPolyval_co10 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 63149.0;
		}
		return 63149.0 + (x * (-151557 + (x * (140052.0 + (x * (-727469 + (x * (2239932.0 + (x * (-2251437 + (x * 750479.0))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co10 = evalpoly;
	return polyval_co10;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co11;
var hasRequiredPolyval_co11;

function requirePolyval_co11 () {
	if (hasRequiredPolyval_co11) return polyval_co11;
	hasRequiredPolyval_co11 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 29233.0;
		}
		return 29233.0 + (x * (-78755 + (x * (105222.0 + (x * (146879.0 + (x * (-1602610 + (x * (3195183.0 + (x * (-2554139 + (x * 729754.0))))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_co11 = evalpoly;
	return polyval_co11;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co12;
var hasRequiredPolyval_co12;

function requirePolyval_co12 () {
	if (hasRequiredPolyval_co12) return polyval_co12;
	hasRequiredPolyval_co12 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 1.0;
		}
		return 1.0 + (x * (-13 + (x * 13.0)));
	}


	// EXPORTS //

	polyval_co12 = evalpoly;
	return polyval_co12;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_co13;
var hasRequiredPolyval_co13;

function requirePolyval_co13 () {
	if (hasRequiredPolyval_co13) return polyval_co13;
	hasRequiredPolyval_co13 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 1.0;
		}
		return 1.0 + (x * (21.0 + (x * (-69 + (x * 46.0)))));
	}


	// EXPORTS //

	polyval_co13 = evalpoly;
	return polyval_co13;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/detail/ibeta_inverse.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var temme2_1;
var hasRequiredTemme2;

function requireTemme2 () {
	if (hasRequiredTemme2) return temme2_1;
	hasRequiredTemme2 = 1;

	// MODULES //

	var evalpoly = requireLib$r();
	var erfcinv = requireLib$9();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var ln = requireLib$D();
	var sqrt = requireLib$1v();
	var sin = requireLib$M();
	var cos = requireLib$C();
	var temmeRootFinder = requireRoot_finder();
	var newtonRaphsonIterate = requireNewton_raphson();
	var polyval1 = requirePolyval_co1();
	var polyval2 = requirePolyval_co2();
	var polyval3 = requirePolyval_co3();
	var polyval4 = requirePolyval_co4();
	var polyval5 = requirePolyval_co5();
	var polyval6 = requirePolyval_co6();
	var polyval7 = requirePolyval_co7();
	var polyval8 = requirePolyval_co8();
	var polyval9 = requirePolyval_co9();
	var polyval10 = requirePolyval_co10();
	var polyval11 = requirePolyval_co11();
	var polyval12 = requirePolyval_co12();
	var polyval13 = requirePolyval_co13();


	// VARIABLES //

	// Workspaces for polynomial coefficients:
	var workspace = [ 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 ];
	var terms = [ 0.0, 0.0, 0.0, 0.0 ];


	// MAIN //

	/**
	* Carries out the second method by Temme (described in section 3).
	*
	* ## References
	*
	* -   Temme, N. M. 1992. "Incomplete Laplace Integrals: Uniform Asymptotic Expansion with Application to the Incomplete Beta Function." _Journal of Computational and Applied Mathematics_ 41 (1–2): 1638–63. doi:[10.1016/0377-0427(92)90244-R](https://doi.org/10.1016/0377-0427(92)90244-R).
	*
	* @private
	* @param {number} z - function parameter
	* @param {number} r - function parameter
	* @param {number} theta - function parameter
	* @returns {number} function value
	*/
	function temme2( z, r, theta ) {
		var upper;
		var lower;
		var alpha;
		var roots;
		var eta0;
		var eta;
		var sc7;
		var sc6;
		var sc5;
		var sc4;
		var sc3;
		var sc2;
		var sc;
		var lu;
		var s2;
		var c2;
		var c;
		var s;
		var u;
		var x;

		// Get first estimate for eta, see Eq 3.9 and 3.10, but note there is a typo in Eq 3.10:
		eta0 = erfcinv( 2.0*z ) / (-sqrt( r/2.0 ));

		s = sin( theta );
		c = cos( theta );

		// Now we need to perturb eta0 to get eta, which we do by evaluating the polynomial in 1/r at the bottom of page 151, to do this we first need the error terms e1, e2 e3 which we'll fill into the array "terms".  Since these terms are themselves polynomials, we'll need another array "workspace" to calculate those...
		terms[ 0 ] = eta0;

		// Some powers of sin(theta) cos(theta) that we'll need later:
		s2 = s * s;
		c2 = c * c;
		sc = s * c;
		sc2 = sc * sc;
		sc3 = sc2 * sc;
		sc4 = sc2 * sc2;
		sc5 = sc2 * sc3;
		sc6 = sc3 * sc3;
		sc7 = sc4 * sc3;

		// Calculate e1 and put it in terms[1], see the middle of page 151:
		workspace[ 0 ] = ((2.0*s2) - 1.0) / ( 3.0*sc );
		workspace[ 1 ] = -polyval1( s2 ) / (36.0*sc2);
		workspace[ 2 ] = polyval2( s2 ) / (1620.0*sc3);
		workspace[ 3 ] = polyval3( s2 ) / (6480.0*sc4);
		workspace[ 4 ] = polyval4( s2 ) / (90720.0*sc5);
		workspace[ 5 ] = 0.0;
		terms[ 1 ] = evalpoly( workspace, eta0 );

		// Now evaluate e2 and put it in terms[2]:
		workspace[ 0 ] = -polyval5( s2 ) / (405.0*sc3);
		workspace[ 1 ] = polyval6( s2 ) / (2592.0*sc4);
		workspace[ 2 ] = -polyval7( s2 ) / (204120.0*sc5);
		workspace[ 3 ] = -polyval8( s2 ) / (2099520.0*sc6);
		workspace[ 4 ] = 0.0;
		workspace[ 5 ] = 0.0;
		terms[ 2 ] = evalpoly( workspace, eta0 );

		// And e3, and put it in terms[3]:
		workspace[ 0 ] = polyval9( s2 ) / (102060.0*sc5);
		workspace[ 1 ] = -polyval10( s2 ) / (20995200.0*sc6);
		workspace[ 2 ] = polyval11( s2 ) / (36741600.0*sc7);
		workspace[ 3 ] = 0.0;
		workspace[ 4 ] = 0.0;
		workspace[ 5 ] = 0.0;
		terms[ 3 ] = evalpoly( workspace, eta0 );

		// Bring the correction terms together to evaluate eta; this is the last equation on page 151:
		eta = evalpoly( terms, 1.0/r );

		// Now that we have eta we need to back solve for x, we seek the value of x that gives eta in Eq 3.2. The two methods used are described in section 5. Begin by defining a few variables we'll need later:
		alpha = c / s;
		alpha *= alpha;
		lu = ( -( eta*eta )/( 2.0*s2 ) ) + ln(s2) + ( c2*ln(c2)/s2 );

		// Temme doesn't specify what value to switch on here, but this seems to work pretty well:
		if ( abs(eta) < 0.7 ) {
			// Small eta use the expansion Temme gives in the second equation of section 5, it's a polynomial in eta:
			workspace[ 0 ] = s2;
			workspace[ 1 ] = sc;
			workspace[ 2 ] = (1.0-(2.0*s2)) / 3.0;
			workspace[ 3 ] = polyval12( s2 ) / ( 36.0*sc );
			workspace[ 4 ] = polyval13( s2 ) / ( 270.0*sc2 );
			workspace[ 5 ] = 0.0;
			x = evalpoly( workspace, eta );
		} else {
			// If eta is large we need to solve Eq 3.2 more directly, begin by getting an initial approximation for x from the last equation on page 155, this is a polynomial in u:
			u = exp( lu );
			workspace[ 0 ] = u;
			workspace[ 1 ] = alpha;
			workspace[ 2 ] = 0.0;
			workspace[ 3 ] = 3.0 * alpha * ((3.0*alpha)+1.0) / 6.0;
			workspace[ 4 ] = 4.0 * alpha * ((4.0*alpha)+1.0) * ((4.0*alpha)+2.0) / 24.0; // eslint-disable-line max-len
			workspace[ 5 ] = 5.0 * alpha * ((5.0*alpha)+1.0) * ((5.0*alpha)+2.0) * ((5.0*alpha)+3.0) / 120.0; // eslint-disable-line max-len
			x = evalpoly( workspace, u );

			// At this point we may or may not have the right answer, Eq-3.2 has two solutions for x for any given eta, however the mapping in 3.2 is 1:1 with the sign of eta and x-sin^2(theta) being the same. So we can check if we have the right root of 3.2, and if not switch x for 1-x.  This transformation is motivated by the fact that the distribution is *almost* symmetric so 1-x will be in the right ball park for the solution:
			if ( (x-s2)*eta < 0.0 ) {
				x = 1.0 - x;
			}
		}
		// The final step is a few Newton-Raphson iterations to clean up our approximation for x, this is pretty cheap in general, and very cheap compared to an incomplete beta evaluation. The limits set on x come from the observation that the sign of eta and x-sin^2(theta) are the same.
		if ( eta < 0.0 ) {
			lower = 0.0;
			upper = s2;
		} else {
			lower = s2;
			upper = 1.0;
		}
		// If our initial approximation is out of bounds then bisect:
		if ( x < lower || x > upper ) {
			x = (lower+upper) / 2.0;
		}
		roots = temmeRootFinder( -lu, alpha );

		// And iterate:
		x = newtonRaphsonIterate( roots, x, lower, upper, 32, 100 );
		return x;
	}


	// EXPORTS //

	temme2_1 = temme2;
	return temme2_1;
}

var src = {exports: {}};

var browser = {exports: {}};

var debug = {exports: {}};

/**
 * Helpers.
 */

var ms;
var hasRequiredMs;

function requireMs () {
	if (hasRequiredMs) return ms;
	hasRequiredMs = 1;
	var s = 1000;
	var m = s * 60;
	var h = m * 60;
	var d = h * 24;
	var y = d * 365.25;

	/**
	 * Parse or format the given `val`.
	 *
	 * Options:
	 *
	 *  - `long` verbose formatting [false]
	 *
	 * @param {String|Number} val
	 * @param {Object} [options]
	 * @throws {Error} throw an error if val is not a non-empty string or a number
	 * @return {String|Number}
	 * @api public
	 */

	ms = function(val, options) {
	  options = options || {};
	  var type = typeof val;
	  if (type === 'string' && val.length > 0) {
	    return parse(val);
	  } else if (type === 'number' && isNaN(val) === false) {
	    return options.long ? fmtLong(val) : fmtShort(val);
	  }
	  throw new Error(
	    'val is not a non-empty string or a valid number. val=' +
	      JSON.stringify(val)
	  );
	};

	/**
	 * Parse the given `str` and return milliseconds.
	 *
	 * @param {String} str
	 * @return {Number}
	 * @api private
	 */

	function parse(str) {
	  str = String(str);
	  if (str.length > 100) {
	    return;
	  }
	  var match = /^((?:\d+)?\.?\d+) *(milliseconds?|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|years?|yrs?|y)?$/i.exec(
	    str
	  );
	  if (!match) {
	    return;
	  }
	  var n = parseFloat(match[1]);
	  var type = (match[2] || 'ms').toLowerCase();
	  switch (type) {
	    case 'years':
	    case 'year':
	    case 'yrs':
	    case 'yr':
	    case 'y':
	      return n * y;
	    case 'days':
	    case 'day':
	    case 'd':
	      return n * d;
	    case 'hours':
	    case 'hour':
	    case 'hrs':
	    case 'hr':
	    case 'h':
	      return n * h;
	    case 'minutes':
	    case 'minute':
	    case 'mins':
	    case 'min':
	    case 'm':
	      return n * m;
	    case 'seconds':
	    case 'second':
	    case 'secs':
	    case 'sec':
	    case 's':
	      return n * s;
	    case 'milliseconds':
	    case 'millisecond':
	    case 'msecs':
	    case 'msec':
	    case 'ms':
	      return n;
	    default:
	      return undefined;
	  }
	}

	/**
	 * Short format for `ms`.
	 *
	 * @param {Number} ms
	 * @return {String}
	 * @api private
	 */

	function fmtShort(ms) {
	  if (ms >= d) {
	    return Math.round(ms / d) + 'd';
	  }
	  if (ms >= h) {
	    return Math.round(ms / h) + 'h';
	  }
	  if (ms >= m) {
	    return Math.round(ms / m) + 'm';
	  }
	  if (ms >= s) {
	    return Math.round(ms / s) + 's';
	  }
	  return ms + 'ms';
	}

	/**
	 * Long format for `ms`.
	 *
	 * @param {Number} ms
	 * @return {String}
	 * @api private
	 */

	function fmtLong(ms) {
	  return plural(ms, d, 'day') ||
	    plural(ms, h, 'hour') ||
	    plural(ms, m, 'minute') ||
	    plural(ms, s, 'second') ||
	    ms + ' ms';
	}

	/**
	 * Pluralization helper.
	 */

	function plural(ms, n, name) {
	  if (ms < n) {
	    return;
	  }
	  if (ms < n * 1.5) {
	    return Math.floor(ms / n) + ' ' + name;
	  }
	  return Math.ceil(ms / n) + ' ' + name + 's';
	}
	return ms;
}

var hasRequiredDebug;

function requireDebug () {
	if (hasRequiredDebug) return debug.exports;
	hasRequiredDebug = 1;
	(function (module, exports) {
		/**
		 * This is the common logic for both the Node.js and web browser
		 * implementations of `debug()`.
		 *
		 * Expose `debug()` as the module.
		 */

		exports = module.exports = createDebug.debug = createDebug['default'] = createDebug;
		exports.coerce = coerce;
		exports.disable = disable;
		exports.enable = enable;
		exports.enabled = enabled;
		exports.humanize = requireMs();

		/**
		 * The currently active debug mode names, and names to skip.
		 */

		exports.names = [];
		exports.skips = [];

		/**
		 * Map of special "%n" handling functions, for the debug "format" argument.
		 *
		 * Valid key names are a single, lower or upper-case letter, i.e. "n" and "N".
		 */

		exports.formatters = {};

		/**
		 * Previous log timestamp.
		 */

		var prevTime;

		/**
		 * Select a color.
		 * @param {String} namespace
		 * @return {Number}
		 * @api private
		 */

		function selectColor(namespace) {
		  var hash = 0, i;

		  for (i in namespace) {
		    hash  = ((hash << 5) - hash) + namespace.charCodeAt(i);
		    hash |= 0; // Convert to 32bit integer
		  }

		  return exports.colors[Math.abs(hash) % exports.colors.length];
		}

		/**
		 * Create a debugger with the given `namespace`.
		 *
		 * @param {String} namespace
		 * @return {Function}
		 * @api public
		 */

		function createDebug(namespace) {

		  function debug() {
		    // disabled?
		    if (!debug.enabled) return;

		    var self = debug;

		    // set `diff` timestamp
		    var curr = +new Date();
		    var ms = curr - (prevTime || curr);
		    self.diff = ms;
		    self.prev = prevTime;
		    self.curr = curr;
		    prevTime = curr;

		    // turn the `arguments` into a proper Array
		    var args = new Array(arguments.length);
		    for (var i = 0; i < args.length; i++) {
		      args[i] = arguments[i];
		    }

		    args[0] = exports.coerce(args[0]);

		    if ('string' !== typeof args[0]) {
		      // anything else let's inspect with %O
		      args.unshift('%O');
		    }

		    // apply any `formatters` transformations
		    var index = 0;
		    args[0] = args[0].replace(/%([a-zA-Z%])/g, function(match, format) {
		      // if we encounter an escaped % then don't increase the array index
		      if (match === '%%') return match;
		      index++;
		      var formatter = exports.formatters[format];
		      if ('function' === typeof formatter) {
		        var val = args[index];
		        match = formatter.call(self, val);

		        // now we need to remove `args[index]` since it's inlined in the `format`
		        args.splice(index, 1);
		        index--;
		      }
		      return match;
		    });

		    // apply env-specific formatting (colors, etc.)
		    exports.formatArgs.call(self, args);

		    var logFn = debug.log || exports.log || console.log.bind(console);
		    logFn.apply(self, args);
		  }

		  debug.namespace = namespace;
		  debug.enabled = exports.enabled(namespace);
		  debug.useColors = exports.useColors();
		  debug.color = selectColor(namespace);

		  // env-specific initialization logic for debug instances
		  if ('function' === typeof exports.init) {
		    exports.init(debug);
		  }

		  return debug;
		}

		/**
		 * Enables a debug mode by namespaces. This can include modes
		 * separated by a colon and wildcards.
		 *
		 * @param {String} namespaces
		 * @api public
		 */

		function enable(namespaces) {
		  exports.save(namespaces);

		  exports.names = [];
		  exports.skips = [];

		  var split = (typeof namespaces === 'string' ? namespaces : '').split(/[\s,]+/);
		  var len = split.length;

		  for (var i = 0; i < len; i++) {
		    if (!split[i]) continue; // ignore empty strings
		    namespaces = split[i].replace(/\*/g, '.*?');
		    if (namespaces[0] === '-') {
		      exports.skips.push(new RegExp('^' + namespaces.substr(1) + '$'));
		    } else {
		      exports.names.push(new RegExp('^' + namespaces + '$'));
		    }
		  }
		}

		/**
		 * Disable debug output.
		 *
		 * @api public
		 */

		function disable() {
		  exports.enable('');
		}

		/**
		 * Returns true if the given mode name is enabled, false otherwise.
		 *
		 * @param {String} name
		 * @return {Boolean}
		 * @api public
		 */

		function enabled(name) {
		  var i, len;
		  for (i = 0, len = exports.skips.length; i < len; i++) {
		    if (exports.skips[i].test(name)) {
		      return false;
		    }
		  }
		  for (i = 0, len = exports.names.length; i < len; i++) {
		    if (exports.names[i].test(name)) {
		      return true;
		    }
		  }
		  return false;
		}

		/**
		 * Coerce `val`.
		 *
		 * @param {Mixed} val
		 * @return {Mixed}
		 * @api private
		 */

		function coerce(val) {
		  if (val instanceof Error) return val.stack || val.message;
		  return val;
		} 
	} (debug, debug.exports));
	return debug.exports;
}

/**
 * This is the web browser implementation of `debug()`.
 *
 * Expose `debug()` as the module.
 */

var hasRequiredBrowser;

function requireBrowser () {
	if (hasRequiredBrowser) return browser.exports;
	hasRequiredBrowser = 1;
	(function (module, exports) {
		exports = module.exports = requireDebug();
		exports.log = log;
		exports.formatArgs = formatArgs;
		exports.save = save;
		exports.load = load;
		exports.useColors = useColors;
		exports.storage = 'undefined' != typeof chrome
		               && 'undefined' != typeof chrome.storage
		                  ? chrome.storage.local
		                  : localstorage();

		/**
		 * Colors.
		 */

		exports.colors = [
		  'lightseagreen',
		  'forestgreen',
		  'goldenrod',
		  'dodgerblue',
		  'darkorchid',
		  'crimson'
		];

		/**
		 * Currently only WebKit-based Web Inspectors, Firefox >= v31,
		 * and the Firebug extension (any Firefox version) are known
		 * to support "%c" CSS customizations.
		 *
		 * TODO: add a `localStorage` variable to explicitly enable/disable colors
		 */

		function useColors() {
		  // NB: In an Electron preload script, document will be defined but not fully
		  // initialized. Since we know we're in Chrome, we'll just detect this case
		  // explicitly
		  if (typeof window !== 'undefined' && window.process && window.process.type === 'renderer') {
		    return true;
		  }

		  // is webkit? http://stackoverflow.com/a/16459606/376773
		  // document is undefined in react-native: https://github.com/facebook/react-native/pull/1632
		  return (typeof document !== 'undefined' && document.documentElement && document.documentElement.style && document.documentElement.style.WebkitAppearance) ||
		    // is firebug? http://stackoverflow.com/a/398120/376773
		    (typeof window !== 'undefined' && window.console && (window.console.firebug || (window.console.exception && window.console.table))) ||
		    // is firefox >= v31?
		    // https://developer.mozilla.org/en-US/docs/Tools/Web_Console#Styling_messages
		    (typeof navigator !== 'undefined' && navigator.userAgent && navigator.userAgent.toLowerCase().match(/firefox\/(\d+)/) && parseInt(RegExp.$1, 10) >= 31) ||
		    // double check webkit in userAgent just in case we are in a worker
		    (typeof navigator !== 'undefined' && navigator.userAgent && navigator.userAgent.toLowerCase().match(/applewebkit\/(\d+)/));
		}

		/**
		 * Map %j to `JSON.stringify()`, since no Web Inspectors do that by default.
		 */

		exports.formatters.j = function(v) {
		  try {
		    return JSON.stringify(v);
		  } catch (err) {
		    return '[UnexpectedJSONParseError]: ' + err.message;
		  }
		};


		/**
		 * Colorize log arguments if enabled.
		 *
		 * @api public
		 */

		function formatArgs(args) {
		  var useColors = this.useColors;

		  args[0] = (useColors ? '%c' : '')
		    + this.namespace
		    + (useColors ? ' %c' : ' ')
		    + args[0]
		    + (useColors ? '%c ' : ' ')
		    + '+' + exports.humanize(this.diff);

		  if (!useColors) return;

		  var c = 'color: ' + this.color;
		  args.splice(1, 0, c, 'color: inherit');

		  // the final "%c" is somewhat tricky, because there could be other
		  // arguments passed either before or after the %c, so we need to
		  // figure out the correct index to insert the CSS into
		  var index = 0;
		  var lastC = 0;
		  args[0].replace(/%[a-zA-Z%]/g, function(match) {
		    if ('%%' === match) return;
		    index++;
		    if ('%c' === match) {
		      // we only are interested in the *last* %c
		      // (the user may have provided their own)
		      lastC = index;
		    }
		  });

		  args.splice(lastC, 0, c);
		}

		/**
		 * Invokes `console.log()` when available.
		 * No-op when `console.log` is not a "function".
		 *
		 * @api public
		 */

		function log() {
		  // this hackery is required for IE8/9, where
		  // the `console.log` function doesn't have 'apply'
		  return 'object' === typeof console
		    && console.log
		    && Function.prototype.apply.call(console.log, console, arguments);
		}

		/**
		 * Save `namespaces`.
		 *
		 * @param {String} namespaces
		 * @api private
		 */

		function save(namespaces) {
		  try {
		    if (null == namespaces) {
		      exports.storage.removeItem('debug');
		    } else {
		      exports.storage.debug = namespaces;
		    }
		  } catch(e) {}
		}

		/**
		 * Load `namespaces`.
		 *
		 * @return {String} returns the previously persisted debug modes
		 * @api private
		 */

		function load() {
		  var r;
		  try {
		    r = exports.storage.debug;
		  } catch(e) {}

		  // If debug isn't set in LS, and we're in Electron, try to load $DEBUG
		  if (!r && typeof process !== 'undefined' && 'env' in process) {
		    r = process.env.DEBUG;
		  }

		  return r;
		}

		/**
		 * Enable namespaces listed in `localStorage.debug` initially.
		 */

		exports.enable(load());

		/**
		 * Localstorage attempts to return the localstorage.
		 *
		 * This is necessary because safari throws
		 * when a user disables cookies/localstorage
		 * and you attempt to access it.
		 *
		 * @return {LocalStorage}
		 * @api private
		 */

		function localstorage() {
		  try {
		    return window.localStorage;
		  } catch (e) {}
		} 
	} (browser, browser.exports));
	return browser.exports;
}

var node = {exports: {}};

/**
 * Module dependencies.
 */

var hasRequiredNode;

function requireNode () {
	if (hasRequiredNode) return node.exports;
	hasRequiredNode = 1;
	(function (module, exports) {
		var tty = require$$0$1;
		var util = require$$0;

		/**
		 * This is the Node.js implementation of `debug()`.
		 *
		 * Expose `debug()` as the module.
		 */

		exports = module.exports = requireDebug();
		exports.init = init;
		exports.log = log;
		exports.formatArgs = formatArgs;
		exports.save = save;
		exports.load = load;
		exports.useColors = useColors;

		/**
		 * Colors.
		 */

		exports.colors = [6, 2, 3, 4, 5, 1];

		/**
		 * Build up the default `inspectOpts` object from the environment variables.
		 *
		 *   $ DEBUG_COLORS=no DEBUG_DEPTH=10 DEBUG_SHOW_HIDDEN=enabled node script.js
		 */

		exports.inspectOpts = Object.keys(process.env).filter(function (key) {
		  return /^debug_/i.test(key);
		}).reduce(function (obj, key) {
		  // camel-case
		  var prop = key
		    .substring(6)
		    .toLowerCase()
		    .replace(/_([a-z])/g, function (_, k) { return k.toUpperCase() });

		  // coerce string value into JS value
		  var val = process.env[key];
		  if (/^(yes|on|true|enabled)$/i.test(val)) val = true;
		  else if (/^(no|off|false|disabled)$/i.test(val)) val = false;
		  else if (val === 'null') val = null;
		  else val = Number(val);

		  obj[prop] = val;
		  return obj;
		}, {});

		/**
		 * The file descriptor to write the `debug()` calls to.
		 * Set the `DEBUG_FD` env variable to override with another value. i.e.:
		 *
		 *   $ DEBUG_FD=3 node script.js 3>debug.log
		 */

		var fd = parseInt(process.env.DEBUG_FD, 10) || 2;

		if (1 !== fd && 2 !== fd) {
		  util.deprecate(function(){}, 'except for stderr(2) and stdout(1), any other usage of DEBUG_FD is deprecated. Override debug.log if you want to use a different log function (https://git.io/debug_fd)')();
		}

		var stream = 1 === fd ? process.stdout :
		             2 === fd ? process.stderr :
		             createWritableStdioStream(fd);

		/**
		 * Is stdout a TTY? Colored output is enabled when `true`.
		 */

		function useColors() {
		  return 'colors' in exports.inspectOpts
		    ? Boolean(exports.inspectOpts.colors)
		    : tty.isatty(fd);
		}

		/**
		 * Map %o to `util.inspect()`, all on a single line.
		 */

		exports.formatters.o = function(v) {
		  this.inspectOpts.colors = this.useColors;
		  return util.inspect(v, this.inspectOpts)
		    .split('\n').map(function(str) {
		      return str.trim()
		    }).join(' ');
		};

		/**
		 * Map %o to `util.inspect()`, allowing multiple lines if needed.
		 */

		exports.formatters.O = function(v) {
		  this.inspectOpts.colors = this.useColors;
		  return util.inspect(v, this.inspectOpts);
		};

		/**
		 * Adds ANSI color escape codes if enabled.
		 *
		 * @api public
		 */

		function formatArgs(args) {
		  var name = this.namespace;
		  var useColors = this.useColors;

		  if (useColors) {
		    var c = this.color;
		    var prefix = '  \u001b[3' + c + ';1m' + name + ' ' + '\u001b[0m';

		    args[0] = prefix + args[0].split('\n').join('\n' + prefix);
		    args.push('\u001b[3' + c + 'm+' + exports.humanize(this.diff) + '\u001b[0m');
		  } else {
		    args[0] = new Date().toUTCString()
		      + ' ' + name + ' ' + args[0];
		  }
		}

		/**
		 * Invokes `util.format()` with the specified arguments and writes to `stream`.
		 */

		function log() {
		  return stream.write(util.format.apply(util, arguments) + '\n');
		}

		/**
		 * Save `namespaces`.
		 *
		 * @param {String} namespaces
		 * @api private
		 */

		function save(namespaces) {
		  if (null == namespaces) {
		    // If you set a process.env field to null or undefined, it gets cast to the
		    // string 'null' or 'undefined'. Just delete instead.
		    delete process.env.DEBUG;
		  } else {
		    process.env.DEBUG = namespaces;
		  }
		}

		/**
		 * Load `namespaces`.
		 *
		 * @return {String} returns the previously persisted debug modes
		 * @api private
		 */

		function load() {
		  return process.env.DEBUG;
		}

		/**
		 * Copied from `node/src/node.js`.
		 *
		 * XXX: It's lame that node doesn't expose this API out-of-the-box. It also
		 * relies on the undocumented `tty_wrap.guessHandleType()` which is also lame.
		 */

		function createWritableStdioStream (fd) {
		  var stream;
		  var tty_wrap = process.binding('tty_wrap');

		  // Note stream._type is used for test-module-load-list.js

		  switch (tty_wrap.guessHandleType(fd)) {
		    case 'TTY':
		      stream = new tty.WriteStream(fd);
		      stream._type = 'tty';

		      // Hack to have stream not keep the event loop alive.
		      // See https://github.com/joyent/node/issues/1726
		      if (stream._handle && stream._handle.unref) {
		        stream._handle.unref();
		      }
		      break;

		    case 'FILE':
		      var fs = fs__default;
		      stream = new fs.SyncWriteStream(fd, { autoClose: false });
		      stream._type = 'fs';
		      break;

		    case 'PIPE':
		    case 'TCP':
		      var net = require$$0$2;
		      stream = new net.Socket({
		        fd: fd,
		        readable: false,
		        writable: true
		      });

		      // FIXME Should probably have an option in net.Socket to create a
		      // stream from an existing fd which is writable only. But for now
		      // we'll just add this hack and set the `readable` member to false.
		      // Test: ./node test/fixtures/echo.js < /etc/passwd
		      stream.readable = false;
		      stream.read = null;
		      stream._type = 'pipe';

		      // FIXME Hack to have stream not keep the event loop alive.
		      // See https://github.com/joyent/node/issues/1726
		      if (stream._handle && stream._handle.unref) {
		        stream._handle.unref();
		      }
		      break;

		    default:
		      // Probably an error on in uv_guess_handle()
		      throw new Error('Implement me. Unknown stream file type!');
		  }

		  // For supporting legacy API we put the FD here.
		  stream.fd = fd;

		  stream._isStdio = true;

		  return stream;
		}

		/**
		 * Init logic for `debug` instances.
		 *
		 * Create a new `inspectOpts` object in case `useColors` is set
		 * differently for a particular `debug` instance.
		 */

		function init (debug) {
		  debug.inspectOpts = {};

		  var keys = Object.keys(exports.inspectOpts);
		  for (var i = 0; i < keys.length; i++) {
		    debug.inspectOpts[keys[i]] = exports.inspectOpts[keys[i]];
		  }
		}

		/**
		 * Enable namespaces listed in `process.env.DEBUG` initially.
		 */

		exports.enable(load()); 
	} (node, node.exports));
	return node.exports;
}

/**
 * Detect Electron renderer process, which is node, but we should
 * treat as a browser.
 */

var hasRequiredSrc;

function requireSrc () {
	if (hasRequiredSrc) return src.exports;
	hasRequiredSrc = 1;
	if (typeof process !== 'undefined' && process.type === 'renderer') {
	  src.exports = requireBrowser();
	} else {
	  src.exports = requireNode();
	}
	return src.exports;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$5;
var hasRequiredLib$5;

function requireLib$5 () {
	if (hasRequiredLib$5) return lib$5;
	hasRequiredLib$5 = 1;

	/**
	* Maximum single-precision floating-point number.
	*
	* @module @stdlib/constants-float32-max
	* @type {number}
	*
	* @example
	* var FLOAT32_MAX = require( '@stdlib/constants-float32-max' );
	* // returns 3.4028234663852886e+38
	*/


	// MAIN //

	/**
	* Maximum single-precision floating-point number.
	*
	* ## Notes
	*
	* The maximum is given by
	*
	* ```tex
	* 2^{127} (2 - 2^{-23})
	* ```
	*
	* @constant
	* @type {number}
	* @default 3.4028234663852886e+38
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT32_MAX = 3.4028234663852886e+38;


	// EXPORTS //

	lib$5 = FLOAT32_MAX;
	return lib$5;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var higher_newton;
var hasRequiredHigher_newton;

function requireHigher_newton () {
	if (hasRequiredHigher_newton) return higher_newton;
	hasRequiredHigher_newton = 1;

	// MODULES //

	var logger = requireSrc();
	var gammainc = requireLib$j();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var ln = requireLib$D();
	var MAX_FLOAT32 = requireLib$5();


	// VARIABLES //

	var debug = logger( 'gammaincinv:higher_newton' );


	// MAIN //

	/**
	* Implementation of the high order Newton-like method.
	*
	* @private
	* @param {number} x0 - initial value
	* @param {number} a - scale parameter
	* @param {number} m - indicator
	* @param {Probability} p - probability value
	* @param {Probability} q - probability value
	* @param {number} lgama - logarithm of scale parameter
	* @param {number} invfp - one over `fp`
	* @param {boolean} pcase - boolean indicating whether p < 0.5
	* @returns {number} function value of the inverse
	*/
	function higherNewton( x0, a, m, p, q, lgama, invfp, pcase ) {
		var dlnr;
		var xini;
		var ck0;
		var ck1;
		var ck2;
		var a2;
		var x2;
		var px;
		var qx;
		var xr;
		var t;
		var n;
		var r;
		var x;

		x = x0;
		t = 1;
		n = 1;
		a2 = a * a;
		xini = x0;
		do {
			x = x0;
			x2 = x * x;
			if ( m === 0 ) {
				dlnr = ( ( 1.0-a ) * ln( x ) ) + x + lgama;
				if ( dlnr > ln( MAX_FLOAT32 ) ) {
					debug( 'Warning: overflow problems in one or more steps of the computation. The initial approximation to the root is returned.' );
					return xini;
				}
				r = exp( dlnr );
			} else {
				r = -invfp * x;
			}
			if ( pcase ) {
				// Call: gammainc( x, s[, regularized = true ][, upper = false ] )
				px = gammainc( x, a, true, false );
				ck0 = -r * ( px - p );
			} else {
				// Call: gammainc( x, s[, regularized = true ][, upper = true ] )
				qx = gammainc( x, a, true, true );
				ck0 = r * ( qx - q );
			}
			r = ck0;
			if ( ( p > 1e-120 ) || ( n > 1 ) ) {
				ck1 = 0.5 * ( x - a + 1.0 ) / x;
				ck2 = ( (2*x2) - (4*x*a) + (4*x) + (2*a2) - (3*a) + 1 ) / x2;
				ck2 /= 6.0;
				x0 = x + ( r * ( 1.0 + ( r * ( ck1 + (r*ck2) ) ) ) );
			} else {
				x0 = x + r;
			}
			t = abs( ( x/x0 ) - 1.0 );
			n += 1;
			x = x0;
			if ( x < 0 ) {
				x = xini;
				n = 100;
			}
		} while ( ( ( t > 2e-14 ) && ( n < 35 ) ) );
		if ( ( t > 2e-14 ) || ( n > 99 ) ) {
			debug( 'Warning: the number of iterations in the Newton method reached the upper limit N=35. The last value obtained for the root is given as output.' );
		}
		xr = x || 0;
		return xr;
	}


	// EXPORTS //

	higher_newton = higherNewton;
	return higher_newton;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_ak1;
var hasRequiredPolyval_ak1;

function requirePolyval_ak1 () {
	if (hasRequiredPolyval_ak1) return polyval_ak1;
	hasRequiredPolyval_ak1 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.0;
		}
		return 0.0 + (x * (1.0 + (x * (1.0 + (x * (1.5 + (x * (2.6666666666666665 + (x * (5.208333333333333 + (x * 10.8))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_ak1 = evalpoly;
	return polyval_ak1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_ak2;
var hasRequiredPolyval_ak2;

function requirePolyval_ak2 () {
	if (hasRequiredPolyval_ak2) return polyval_ak2;
	hasRequiredPolyval_ak2 = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 1.0;
		}
		return 1.0 + (x * (1.0 + (x * (0.3333333333333333 + (x * (0.027777777777777776 + (x * (-0.003703703703703704 + (x * (0.0002314814814814815 + (x * 0.00005878894767783657))))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_ak2 = evalpoly;
	return polyval_ak2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lambdaeta_1;
var hasRequiredLambdaeta;

function requireLambdaeta () {
	if (hasRequiredLambdaeta) return lambdaeta_1;
	hasRequiredLambdaeta = 1;

	// MODULES //

	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var ln = requireLib$D();
	var evalpoly = requireLib$r();
	var polyvalAK1 = requirePolyval_ak1();
	var polyvalAK2 = requirePolyval_ak2();


	// VARIABLES //

	var THRESHOLD = 1.0e-8;
	var ONEO12 = 0.0833333333333333333333333333333;
	var ONEO120 = 0.00833333333333333333333333333333;

	// Polynomial coefficient workspace:
	var AK = [ 1.0, 0.0, 0.0, 0.0, 0.0, 0.0 ]; // WARNING: not thread safe


	// MAIN //

	/**
	* Returns the positive number satisfying \\( \eta^2/2=\lambda-1-\ln(\lambda) \\) with \\( \operatorname{sign}(\lambda-1)=\operatorname{sign}(\eta) \\).
	*
	* @private
	* @param {number} eta - eta value
	* @returns {number} value satisfying equation
	*/
	function lambdaeta( eta ) {
		var L2;
		var L3;
		var L4;
		var L5;
		var la;
		var L;
		var q;
		var r;
		var s;

		s = eta * eta * 0.5;
		if ( eta === 0.0 ) {
			la = 0.0;
		}
		else if ( eta < -1 ) {
			r = exp( -1 - s );
			la = polyvalAK1( r );
		}
		else if ( eta < 1.0 ) {
			r = eta;
			la = polyvalAK2( r );
		}
		else {
			r = 11.0 + s;
			L = ln( r );
			la = r + L;
			r = 1.0 / r;
			L2 = L * L;
			L3 = L2 * L;
			L4 = L3 * L;
			L5 = L4 * L;
			AK[ 1 ] = ( 2.0-L ) * 0.5;
			AK[ 2 ] = ( ( -9*L ) + 6.0 + ( 2.0*L2 ) ) / 6.0;
			AK[ 3 ] = -( (3*L3)+ (36*L) - (22*L2) - 12 ) * ONEO12;
			AK[ 4 ] = ( 60.0 + (350.0*L2) - (300.0*L) - (125.0*L3) + (12.0*L4) ) / 60.0; // eslint-disable-line max-len
			AK[ 5 ] = -(-120 - (274*L4) + (900*L) - (1700*L2) + (1125*L3) + (20*L5)) * ONEO120; // eslint-disable-line max-len
			la += ( L * r * evalpoly( AK, r ) );
		}
		r = 1.0;
		if (
			( eta > -3.5 && eta < -0.03 ) ||
			( eta > 0.03 && eta < 40.0 )
		) {
			r = 1.0;
			q = la;
			do {
				la = q * ( s+ln(q) ) / ( q-1.0 );
				r = abs( ( q/la ) - 1.0 );
				q = la;
			} while ( r > THRESHOLD );
		}
		return la;
	}


	// EXPORTS //

	lambdaeta_1 = lambdaeta;
	return lambdaeta_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$4;
var hasRequiredLib$4;

function requireLib$4 () {
	if (hasRequiredLib$4) return lib$4;
	hasRequiredLib$4 = 1;

	/**
	* Natural logarithm of the square root of `2π`.
	*
	* @module @stdlib/constants-float64-ln-sqrt-two-pi
	* @type {number}
	*
	* @example
	* var LN_SQRT_TWO_PI = require( '@stdlib/constants-float64-ln-sqrt-two-pi' );
	* // returns 0.9189385332046728
	*/


	// MAIN //

	/**
	* Natural logarithm of the square root of `2π`.
	*
	* ```tex
	* \ln \sqrt{2\pi}
	* ```
	*
	* @constant
	* @type {number}
	* @default 0.9189385332046728
	*/
	var LN_SQRT_TWO_PI = 9.18938533204672741780329736405617639861397473637783412817151540482765695927260397694743298635954197622005646625e-01; // eslint-disable-line max-len


	// EXPORTS //

	lib$4 = LN_SQRT_TWO_PI;
	return lib$4;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var chepolsum_1;
var hasRequiredChepolsum;

function requireChepolsum () {
	if (hasRequiredChepolsum) return chepolsum_1;
	hasRequiredChepolsum = 1;

	// VARIABLES //

	// Chebyshev polynomial coefficients...
	var A = [
		1.996379051590076518221,
		-0.0017971032528832887,
		0.131292857963846713e-4,
		-2.340875228178749e-7,
		0.72291210671127e-8,
		-3280997607821e-22,
		0.198750709010e-10,
		-1509214183e-21,
		0.1375340084e-12,
		-145728923e-22,
		0.17532367e-14,
		-2351465e-22,
		0.346551e-16,
		-55471e-22,
		0.9548e-18,
		-1748e-22,
		0.332e-19,
		-58e-22
	];


	// MAIN //

	/**
	* Computes the sum of a Chebyshev polynomial.
	*
	* @private
	* @param {PositiveInteger} n - degree of polynomial
	* @param {number} t - input value
	* @returns {number} Chebyshev sum
	*/
	function chepolsum( n, t ) {
		var tt;
		var u0;
		var u1;
		var u2;
		var k;

		u0 = 0.0;
		u1 = 0.0;
		tt = t + t;
		k = n;
		do {
			u2 = u1;
			u1 = u0;
			u0 = ( tt*u1 ) - u2 + A[ k ];
			k -= 1;
		} while ( k >= 0 );
		return ( u0-u2 ) / 2.0;
	}


	// EXPORTS //

	chepolsum_1 = chepolsum;
	return chepolsum_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_c;
var hasRequiredPolyval_c;

function requirePolyval_c () {
	if (hasRequiredPolyval_c) return polyval_c;
	hasRequiredPolyval_c = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.025721014990011306;
		}
		return 0.025721014990011306 + (x * (0.08247596616699963 + (x * (-0.0025328157302663564 + (x * (0.0006099292666946337 + (x * (-33543297638406e-17 + (x * 0.000250505279903))))))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_c = evalpoly;
	return polyval_c;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var polyval_d;
var hasRequiredPolyval_d;

function requirePolyval_d () {
	if (hasRequiredPolyval_d) return polyval_d;
	hasRequiredPolyval_d = 1;

	// MAIN //

	/**
	* Evaluates a polynomial.
	*
	* ## Notes
	*
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the polynomial
	* @returns {number} evaluated polynomial
	*/
	function evalpoly( x ) {
		if ( x === 0.0 ) {
			return 0.08333333333333333;
		}
		return 0.08333333333333333 + (x * (-0.002777777777777778 + (x * (0.0007936507936507937 + (x * -5952380952380953e-19))))); // eslint-disable-line max-len
	}


	// EXPORTS //

	polyval_d = evalpoly;
	return polyval_d;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var stirling_1;
var hasRequiredStirling;

function requireStirling () {
	if (hasRequiredStirling) return stirling_1;
	hasRequiredStirling = 1;

	// MODULES //

	var gammaln = requireLib$A();
	var ln = requireLib$D();
	var LN_SQRT_TWO_PI = requireLib$4();
	var SMALLEST_FLOAT32 = requireLib$l();
	var MAX_FLOAT32 = requireLib$5();
	var chepolsum = requireChepolsum();
	var polyvalC = requirePolyval_c();
	var polyvalD = requirePolyval_d();


	// VARIABLES //

	var C6 = 0.30865217988013567769;


	// MAIN //

	/**
	* Computes the Stirling series corresponding to asymptotic series for the logarithm of the gamma function.
	*
	* ```tex
	* \frac{1}{12x}-\frac{1}{360x^3}\ldots; x \ge 3
	* ```
	*
	* @private
	* @param {number} x - input value
	* @returns {number} function value
	*/
	function stirling( x ) {
		var z;
		if ( x < SMALLEST_FLOAT32 ) {
			return MAX_FLOAT32;
		}
		if ( x < 1.0 ) {
			return gammaln( x+1.0 ) - ( (x+0.5) * ln(x) ) + x - LN_SQRT_TWO_PI;
		}
		if ( x < 2.0 ) {
			return gammaln( x ) - ( (x-0.5) * ln(x) ) + x - LN_SQRT_TWO_PI;
		}
		if ( x < 3.0 ) {
			return gammaln( x-1.0 ) - ( (x-0.5) * ln(x) ) + x - LN_SQRT_TWO_PI + ln( x-1.0 ); // eslint-disable-line max-len
		}
		if ( x < 12.0 ) {
			z = ( 18.0/( x*x ) ) - 1.0;
			return chepolsum( 17, z ) / ( 12.0*x );
		}
		z = 1.0 / ( x * x );
		if ( x < 1000.0 ) {
			return polyvalC( z ) / ( C6+z ) / x;
		}
		return polyvalD( z ) / x;
	}


	// EXPORTS //

	stirling_1 = stirling;
	return stirling_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var gamstar_1;
var hasRequiredGamstar;

function requireGamstar () {
	if (hasRequiredGamstar) return gamstar_1;
	hasRequiredGamstar = 1;

	// MODULES //

	var exp = requireLib$1c();
	var gamma = requireLib$J();
	var ln = requireLib$D();
	var FLOAT32_MAX = requireLib$5();
	var SQRT_TWO_PI = requireLib$L();
	var stirling = requireStirling();


	// MAIN //

	/**
	* Computes the regulated gamma function.
	*
	* @private
	* @param {number} x - input value
	* @returns {number} function value
	*/
	function gamstar( x ) {
		if ( x >= 3.0 ) {
			return exp( stirling(x) );
		}
		if ( x > 0.0 ) {
			return gamma(x) / ( exp( -x + ( ( x-0.5 ) * ln(x) ) ) * SQRT_TWO_PI );
		}
		// Case: x <= 0.0
		return FLOAT32_MAX;
	}


	// EXPORTS //

	gamstar_1 = gamstar;
	return gamstar_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak0bk0;
var hasRequiredRational_ak0bk0;

function requireRational_ak0bk0 () {
	if (hasRequiredRational_ak0bk0) return rational_ak0bk0;
	hasRequiredRational_ak0bk0 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.3333333333438;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.3333333333438 + (x * (-0.2070740359969 + (x * (-0.05041806657154 + (x * (-0.004923635739372 + (x * -4293658292782e-17))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (0.7045554412463 + (x * (0.2118190062224 + (x * (0.03048648397436 + (x * 0.001605037988091))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = -4293658292782e-17 + (x * (-0.004923635739372 + (x * (-0.05041806657154 + (x * (-0.2070740359969 + (x * -0.3333333333438))))))); // eslint-disable-line max-len
			s2 = 0.001605037988091 + (x * (0.03048648397436 + (x * (0.2118190062224 + (x * (0.7045554412463 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak0bk0 = evalrational;
	return rational_ak0bk0;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var eps1_1;
var hasRequiredEps1;

function requireEps1 () {
	if (hasRequiredEps1) return eps1_1;
	hasRequiredEps1 = 1;

	// MODULES //

	var abs = requireLib$1s();
	var ln = requireLib$D();
	var lambdaeta = requireLambdaeta();
	var rateval = requireRational_ak0bk0();


	// MAIN //

	/**
	* Evaluates the `eps1` function.
	*
	* @private
	* @param {number} eta - eta value
	* @returns {number} function value
	*/
	function eps1( eta ) {
		var la;
		if ( abs( eta ) < 1.0 ) {
			return rateval( eta );
		}
		la = lambdaeta( eta );
		return ln( eta / ( la - 1.0 ) ) / eta;
	}


	// EXPORTS //

	eps1_1 = eps1;
	return eps1_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak1bk1;
var hasRequiredRational_ak1bk1;

function requireRational_ak1bk1 () {
	if (hasRequiredRational_ak1bk1) return rational_ak1bk1;
	hasRequiredRational_ak1bk1 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.0172847633523;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.0172847633523 + (x * (-0.0159372646475 + (x * (-0.00464910887221 + (x * (-60683488776e-14 + (x * -614830384279e-17))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (0.764050615669 + (x * (0.297143406325 + (x * (0.0579490176079 + (x * 0.00574558524851))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = -614830384279e-17 + (x * (-60683488776e-14 + (x * (-0.00464910887221 + (x * (-0.0159372646475 + (x * -0.0172847633523))))))); // eslint-disable-line max-len
			s2 = 0.00574558524851 + (x * (0.0579490176079 + (x * (0.297143406325 + (x * (0.764050615669 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak1bk1 = evalrational;
	return rational_ak1bk1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak2bk2;
var hasRequiredRational_ak2bk2;

function requireRational_ak2bk2 () {
	if (hasRequiredRational_ak2bk2) return rational_ak2bk2;
	hasRequiredRational_ak2bk2 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.0172839517431;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.0172839517431 + (x * (-0.0146362417966 + (x * (-0.00357406772616 + (x * (-391032032692e-15 + (x * 0.00000249634036069))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (0.690560400696 + (x * (0.249962384741 + (x * (0.0443843438769 + (x * 0.00424073217211))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.00000249634036069 + (x * (-391032032692e-15 + (x * (-0.00357406772616 + (x * (-0.0146362417966 + (x * -0.0172839517431))))))); // eslint-disable-line max-len
			s2 = 0.00424073217211 + (x * (0.0443843438769 + (x * (0.249962384741 + (x * (0.690560400696 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak2bk2 = evalrational;
	return rational_ak2bk2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak3bk3;
var hasRequiredRational_ak3bk3;

function requireRational_ak3bk3 () {
	if (hasRequiredRational_ak3bk3) return rational_ak3bk3;
	hasRequiredRational_ak3bk3 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return 0.99994466948;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 0.99994466948 + (x * (104.649839762 + (x * (857.204033806 + (x * (731.901559577 + (x * 45.5174411671))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (104.526456943 + (x * (823.313447808 + (x * (3119.93802124 + (x * 3970.03311219))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 45.5174411671 + (x * (731.901559577 + (x * (857.204033806 + (x * (104.649839762 + (x * 0.99994466948))))))); // eslint-disable-line max-len
			s2 = 3970.03311219 + (x * (3119.93802124 + (x * (823.313447808 + (x * (104.526456943 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak3bk3 = evalrational;
	return rational_ak3bk3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var eps2_1;
var hasRequiredEps2;

function requireEps2 () {
	if (hasRequiredEps2) return eps2_1;
	hasRequiredEps2 = 1;

	// MODULES //

	var ln = requireLib$D();
	var rateval1 = requireRational_ak1bk1();
	var rateval2 = requireRational_ak2bk2();
	var rateval3 = requireRational_ak3bk3();


	// MAIN //

	/**
	* Evaluates the `eps2` function.
	*
	* @private
	* @param {number} eta - eta value
	* @returns {number} function value
	*/
	function eps2( eta ) {
		var lnmeta;
		var x;
		if ( eta < -5 ) {
			x = eta * eta;
			lnmeta = ln( -eta );
			return ( 12.0 - x - ( 6.0*( lnmeta*lnmeta ) ) ) / ( 12.0*x*eta );
		}
		if ( eta < -2 ) {
			return rateval1( eta );
		}
		if ( eta < 2.0 ) {
			return rateval2( eta );
		}
		if ( eta < 1000.0 ) {
			x = 1.0 / eta;
			return rateval3( eta ) / ( -12*eta );
		}
		return -1 / ( 12.0 * eta );
	}


	// EXPORTS //

	eps2_1 = eps2;
	return eps2_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak4bk4;
var hasRequiredRational_ak4bk4;

function requireRational_ak4bk4 () {
	if (hasRequiredRational_ak4bk4) return rational_ak4bk4;
	hasRequiredRational_ak4bk4 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return 0.0495346498136;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 0.0495346498136 + (x * (0.0299521337141 + (x * (0.00688296911516 + (x * (0.000512634846317 + (x * -201411722031e-16))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (0.759803615283 + (x * (0.261547111595 + (x * (0.0464854522477 + (x * 0.00403751193496))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = -201411722031e-16 + (x * (0.000512634846317 + (x * (0.00688296911516 + (x * (0.0299521337141 + (x * 0.0495346498136))))))); // eslint-disable-line max-len
			s2 = 0.00403751193496 + (x * (0.0464854522477 + (x * (0.261547111595 + (x * (0.759803615283 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak4bk4 = evalrational;
	return rational_ak4bk4;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak5bk5;
var hasRequiredRational_ak5bk5;

function requireRational_ak5bk5 () {
	if (hasRequiredRational_ak5bk5) return rational_ak5bk5;
	hasRequiredRational_ak5bk5 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return 0.00452313583942;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 0.00452313583942 + (x * (0.00120744920113 + (x * (-789724156582e-16 + (x * (-504476066942e-16 + (x * -535770949796e-17))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (0.912203410349 + (x * (0.405368773071 + (x * (0.0901638932349 + (x * 0.00948935714996))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = -535770949796e-17 + (x * (-504476066942e-16 + (x * (-789724156582e-16 + (x * (0.00120744920113 + (x * 0.00452313583942))))))); // eslint-disable-line max-len
			s2 = 0.00948935714996 + (x * (0.0901638932349 + (x * (0.405368773071 + (x * (0.912203410349 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak5bk5 = evalrational;
	return rational_ak5bk5;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak6bk6;
var hasRequiredRational_ak6bk6;

function requireRational_ak6bk6 () {
	if (hasRequiredRational_ak6bk6) return rational_ak6bk6;
	hasRequiredRational_ak6bk6 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return 0.00439937562904;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = 0.00439937562904 + (x * (0.000487225670639 + (x * (-128470657374e-15 + (x * (0.00000529110969589 + (x * 1.5716677175e-7))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (0.794435257415 + (x * (0.333094721709 + (x * (0.0703527806143 + (x * 0.00806110846078))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 1.5716677175e-7 + (x * (0.00000529110969589 + (x * (-128470657374e-15 + (x * (0.000487225670639 + (x * 0.00439937562904))))))); // eslint-disable-line max-len
			s2 = 0.00806110846078 + (x * (0.0703527806143 + (x * (0.333094721709 + (x * (0.794435257415 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak6bk6 = evalrational;
	return rational_ak6bk6;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak7bk7;
var hasRequiredRational_ak7bk7;

function requireRational_ak7bk7 () {
	if (hasRequiredRational_ak7bk7) return rational_ak7bk7;
	hasRequiredRational_ak7bk7 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -0.0011481191232;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -0.0011481191232 + (x * (-0.112850923276 + (x * (1.51623048511 + (x * (-0.218472031183 + (x * 0.0730002451555))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (14.2482206905 + (x * (69.7360396285 + (x * (218.938950816 + (x * 277.067027185))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = 0.0730002451555 + (x * (-0.218472031183 + (x * (1.51623048511 + (x * (-0.112850923276 + (x * -0.0011481191232))))))); // eslint-disable-line max-len
			s2 = 277.067027185 + (x * (218.938950816 + (x * (69.7360396285 + (x * (14.2482206905 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak7bk7 = evalrational;
	return rational_ak7bk7;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2022 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var rational_ak8bk8;
var hasRequiredRational_ak8bk8;

function requireRational_ak8bk8 () {
	if (hasRequiredRational_ak8bk8) return rational_ak8bk8;
	hasRequiredRational_ak8bk8 = 1;

	// MAIN //

	/**
	* Evaluates a rational function, i.e., the ratio of two polynomials described by the coefficients stored in \\(P\\) and \\(Q\\).
	*
	* ## Notes
	*
	* -   Coefficients should be sorted in ascending degree.
	* -   The implementation uses [Horner's rule][horners-method] for efficient computation.
	*
	* [horners-method]: https://en.wikipedia.org/wiki/Horner%27s_method
	*
	* @private
	* @param {number} x - value at which to evaluate the rational function
	* @returns {number} evaluated rational function
	*/
	function evalrational( x ) {
		var ax;
		var s1;
		var s2;
		if ( x === 0.0 ) {
			return -145727889667e-15;
		}
		if ( x < 0.0 ) {
			ax = -x;
		} else {
			ax = x;
		}
		if ( ax <= 1.0 ) {
			s1 = -145727889667e-15 + (x * (-0.290806748131 + (x * (-13.308504545 + (x * (199.722374056 + (x * -11.4311378756))))))); // eslint-disable-line max-len
			s2 = 1.0 + (x * (139.612587808 + (x * (2189.01116348 + (x * (7115.24019009 + (x * 45574.6081453))))))); // eslint-disable-line max-len
		} else {
			x = 1.0 / x;
			s1 = -11.4311378756 + (x * (199.722374056 + (x * (-13.308504545 + (x * (-0.290806748131 + (x * -145727889667e-15))))))); // eslint-disable-line max-len
			s2 = 45574.6081453 + (x * (7115.24019009 + (x * (2189.01116348 + (x * (139.612587808 + (x * 1.0))))))); // eslint-disable-line max-len
		}
		return s1 / s2;
	}


	// EXPORTS //

	rational_ak8bk8 = evalrational;
	return rational_ak8bk8;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var eps3_1;
var hasRequiredEps3;

function requireEps3 () {
	if (hasRequiredEps3) return eps3_1;
	hasRequiredEps3 = 1;

	// MODULES //

	var ln = requireLib$D();
	var rational1 = requireRational_ak4bk4();
	var rational2 = requireRational_ak5bk5();
	var rational3 = requireRational_ak6bk6();
	var rational4 = requireRational_ak7bk7();
	var rational5 = requireRational_ak8bk8();


	// MAIN //

	/**
	* Evaluates the `eps3` function.
	*
	* @private
	* @param {number} eta - eta value
	* @returns {number} function value
	*/
	function eps3( eta ) {
		var x;
		var y;

		if ( eta < -8 ) {
			x = eta * eta;
			y = ln( -eta ) / eta;
			return ( -30 + ( eta*y*( (6.0*x*y*y)-12.0+x ) ) ) / ( 12.0*eta*x*x );
		}
		if ( eta < -4 ) {
			return rational1( eta ) / ( eta*eta );
		}
		if ( eta < -2 ) {
			return rational2( eta );
		}
		if ( eta < 2.0 ) {
			return rational3( eta );
		}
		if ( eta < 10.0 ) {
			x = 1.0 / eta;
			return rational4( x ) / ( eta*eta );
		}
		if ( eta < 100.0 ) {
			x = 1.0 / eta;
			return rational5( x ) / ( eta*eta );
		}
		return -ln( eta ) / ( 12.0*eta*eta*eta );
	}


	// EXPORTS //

	eps3_1 = eps3;
	return eps3_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var compute_1;
var hasRequiredCompute;

function requireCompute () {
	if (hasRequiredCompute) return compute_1;
	hasRequiredCompute = 1;

	// MODULES //

	var logger = requireSrc();
	var evalpoly = requireLib$r();
	var gammaln = requireLib$A();
	var erfcinv = requireLib$9();
	var gamma = requireLib$J();
	var sqrt = requireLib$1v();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var min = requireLib$Y();
	var pow = requireLib$13();
	var ln = requireLib$D();
	var SQRT_TWO_PI = requireLib$L();
	var MAX_FLOAT32 = requireLib$5();
	var TWO_PI = requireLib$p();
	var higherNewton = requireHigher_newton();
	var lambdaeta = requireLambdaeta();
	var gamstar = requireGamstar();
	var eps1 = requireEps1();
	var eps2 = requireEps2();
	var eps3 = requireEps3();


	// VARIABLES //

	var debug = logger( 'gammaincinv:compute' );
	var HALF = 0.5;
	var ONEO3 = 0.333333333333333333333333333333;
	var ONEO4 = 0.25;
	var ONEO5 = 0.2;
	var ONEO6 = 0.166666666666666666666666666667;
	var ONEO12 = 0.0833333333333333333333333333333;
	var ONEO24 = 0.0416666666666666666666666666667;

	// Coefficient workspace:
	var CK = [ 0.0, 0.0, 0.0, 0.0, 0.0 ]; // WARNING: not thread safe


	// MAIN //

	/**
	* Computes `x` in the equations `P(a,xr) = p` and `Q(a,xr) = q`, where `a` is a positive parameter and `p` and `q` satisfy `p+q = 1`.
	*
	* ## Notes
	*
	* -   The equation is inverted with `min(p,q)`.
	*
	* @private
	* @param {number} a - scale value of incomplete gamma function
	* @param {Probability} p - probability value
	* @param {Probability} q - probability value
	* @returns {number} solution of the equations `P(a,xr) = p` and `Q(a,xr) = q` where `a` is a positive parameter
	*/
	function compute( a, p, q ) {
		var ap1inv;
		var invfp;
		var lgama;
		var pcase;
		var porq;
		var ainv;
		var logr;
		var ap22;
		var ap14;
		var ap13;
		var ap12;
		var vgam;
		var vmin;
		var xini;
		var ap1;
		var ap2;
		var ap3;
		var eta;
		var p6;
		var p5;
		var x0;
		var a2;
		var L2;
		var L3;
		var L4;
		var b2;
		var b3;
		var p3;
		var a4;
		var fp;
		var p4;
		var p2;
		var a3;
		var xr;
		var ck;
		var b;
		var L;
		var i;
		var k;
		var m;
		var r;
		var s;
		var t;
		var y;

		if ( p < HALF ) {
			pcase = true;
			porq = p;
			s = -1;
		} else {
			pcase = false;
			porq = q;
			s = 1.0;
		}
		k = 0;
		if ( abs( a-1.0 ) < 1.0e-4 ) {
			m = 0;
			if ( pcase ) {
				if ( p < 1.0e-3 ) {
					p2 = p * p;
					p3 = p2 * p;
					p4 = p3 * p;
					p5 = p4 * p;
					p6 = p5 * p;
					x0 = p + ( p2*HALF ) + ( p3*(ONEO3) ) + ( p4*ONEO4 ) + ( p5*ONEO5 ) + ( p6*(ONEO6) ); // eslint-disable-line max-len
				} else {
					x0 = -ln( 1.0-p );
				}
			} else {
				x0 = -ln( q );
			}
			if ( a === 1.0 ) {
				k = 2;
				xr = x0;
			} else {
				lgama = gammaln( a );
				k = 1;
			}
		}
		if ( q < 1.0e-30 && a < HALF ) {
			m = 0;
			x0 = -ln( q*gamma(a) ) + ( ( a-1.0 ) * ln( -ln( q*gamma(a) ) ) );
			k = 1;
			lgama = gammaln( a );
		}
		if ( a > 1.0 && a < 500.0 && p < 1.0e-80 ) {
			m = 0;
			ainv = 1.0 / a;
			ap1inv = 1.0 / ( a+1.0 );
			x0 = ( gammaln( a+1.0 ) + ln( p ) ) * ainv;
			x0 = exp( x0 );
			xini = x0;
			for ( i = 0; i < 10; i++ ) {
				x0 = xini * exp( x0*ainv ) * pow( 1.0-( x0*ap1inv ), ainv );
			}
			k = 1;
			lgama = gammaln( a );
		}

		logr = (1.0/a) * ( ln(p) + gammaln( a+1.0 ) );
		if ( ( logr < ln( ONEO5 * ( 1.0+a ) ) ) && ( k === 0 ) ) {
			r = exp( logr );
			m = 0;
			a2 = a * a;
			a3 = a2 * a;
			a4 = a3 * a;
			ap1 = a + 1.0;
			ap12 = ap1 * ap1;
			ap13 = ap1 * ap12;
			ap14 = ap12 * ap12;
			ap2 = a + 2.0;
			ap22 = ap2 * ap2;
			ap3 = a + 3.0;
			CK[ 0 ] = 1.0;
			CK[ 1 ] = 1.0 / ap1;
			CK[ 2 ] = HALF * ( ( 3.0*a ) + 5.0 ) / ( ap12*ap2 );
			CK[ 3 ] = ONEO3 * ( 31.0 + (8.0*a2) + (33.0*a) ) / ( ap13*ap2*ap3 );
			CK[ 4 ] = ONEO24 * ( 2888.0 + (1179.0*a3) + (125.0*a4) + (3971.0*a2) + (5661.0*a) ) / ( ap14*ap22*ap3*( a+4.0 ) ); // eslint-disable-line max-len
			x0 = r * evalpoly( CK, r );
			lgama = gammaln( a );
			k = 1;
		}
		if ( ( a < 10.0 ) && ( k === 0 ) ) {
			vgam = sqrt( a ) / ( gamstar(a)*SQRT_TWO_PI );
			vmin = min( 0.02, vgam );
			if ( q < vmin ) {
				m = 0;
				b = 1.0 - a;
				b2 = b * b;
				b3 = b2 * b;
				eta = sqrt( -2/a * ln( q/vgam ) );
				x0 = a * lambdaeta( eta );
				L = ln( x0 );
				if ( x0 > 5.0 ) {
					L2 = L * L;
					L3 = L2 * L;
					L4 = L3 * L;
					r = 1.0 / x0;
					CK[ 0 ] = L - 1.0;
					CK[ 1 ] = ( (3.0*b) - (2.0*b*L) + L2 - ( 2.0*L ) + 2.0 ) * HALF;
					CK[ 2 ] =( (24.0*b*L) - (11.0*b2) - (24.0*b) - (6.0*L2) + (12.0*L) - 12.0 - (9.0*b*L2) + (6.0*b2*L) + (2.0*L3) ) * ONEO6; // eslint-disable-line max-len
					CK[ 3 ] = ( (-12*b3*L) + (8.04*b*L2) - (114.0*b2*L) + (72.0+(36.0*L2)) + (((3.0*L4)-(72.0*L)+162.0) * (b-(168.0*b*L))) - ((12.0*L3)+(25.0*b3)) - ( (22.0*b*L3)+(36.0*b2*L2)+(120.0*b2) ) ) * ONEO12; // eslint-disable-line max-len
					CK[ 4 ] = 0.0;
					x0 = x0 - L + ( b*r*evalpoly( CK, r ) );
				} else {
					r = 1.0 / x0;
					L2 = L * L;
					ck = L - 1.0;
					t = L - (b*r*ck);
					if ( t < x0 ) {
						x0 -= t;
					}
				}
				lgama = gammaln( a );
				k = 1;
			}
		}
		if ( ( abs( porq-HALF ) < 1.0e-5 ) && ( k === 0 ) ) {
			m = 0;
			ainv = 1.0 / a;
			x0 = a - ONEO3 + ( ( 0.0197530864197530864197530864198 +
				( 0.00721144424848128551832255535959*ainv ) ) * ainv );
			lgama = gammaln( a );
			k = 1;
		}
		if ( ( a < 1.0 ) && ( k === 0 ) ) {
			m = 0;
			if ( pcase ) {
				x0 = exp( (1.0/a) * ( ln(porq) + gammaln(a+1.0) ) );
			} else {
				x0 = exp( (1.0/a) * ( ln(1.0-porq) + gammaln(a+1.0) ) );
			}
			lgama = gammaln( a );
			k = 1;
		}
		if ( k === 0 ) {
			m = 1;
			ainv = 1.0 / a;
			r = erfcinv( 2.0 * porq );
			eta = s * r / sqrt( a*HALF );
			if ( r < MAX_FLOAT32 ) {
				eta += ( eps1(eta) + ( (eps2(eta)+(eps3(eta)*ainv))*ainv ) ) * ainv;
				x0 = a * lambdaeta(eta);
				y = eta;
				fp = -sqrt( a/TWO_PI ) * exp( -HALF*a*y*y ) / ( gamstar(a) );
				invfp = 1.0 / fp;
			} else {
				debug( 'Warning: Overflow problems in one or more steps of the computation.' );
				return NaN;
			}
		}
		if ( k < 2 ) {
			xr = higherNewton( x0, a, m, p, q, lgama, invfp, pcase );
		}
		return xr;
	}


	// EXPORTS //

	compute_1 = compute;
	return compute_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main$2;
var hasRequiredMain$2;

function requireMain$2 () {
	if (hasRequiredMain$2) return main$2;
	hasRequiredMain$2 = 1;

	/*
	* Translated from the Fortran module by
	* ----------------------------------------------------------------------
	* Authors:
	*  Amparo Gil    (U. Cantabria, Santander, Spain)
	*                 e-mail: amparo.gil@unican.es
	*  Javier Segura (U. Cantabria, Santander, Spain)
	*                 e-mail: javier.segura@unican.es
	*  Nico M. Temme (CWI, Amsterdam, The Netherlands)
	*                 e-mail: nico.temme@cwi.nl
	* ---------------------------------------------------------------------
	*/

	// MODULES //

	var isnan = requireLib$20();
	var FLOAT32_SMALLEST = requireLib$l();
	var PINF = requireLib$1D();
	var compute = requireCompute();


	// MAIN //

	/**
	* Inverts the lower gamma function; i.e., computes `xr` such that `P(a,xr) = p`.
	*
	* ## Method
	*
	* The present code uses different methods of computation depending on the values of the input values: Taylor, asymptotic expansions and high-order Newton methods.
	*
	* ## Notes
	*
	* -   The claimed accuracy obtained using this inversion routine is near `1e-12`.
	*
	* ## References
	*
	* -   A. Gil, J. Segura and N.M. Temme, GammaCHI: a package for the inversion and computation of the gamma and chi-square distribution functions (central and noncentral). Computer Physics Commun
	* -   A. Gil, J. Segura and N.M. Temme. Efficient and accurate algorithms for the computation and inversion of the incomplete gamma function ratios. SIAM J Sci Comput. (2012) 34(6), A2965-A2981
	*
	* @param {Probability} p - probability value
	* @param {number} a - scale parameter
	* @param {boolean} [upper=false] - boolean indicating if the function should invert the upper tail of the incomplete gamma function instead; i.e., compute `xr` such that `Q(a,xr) = p`.
	* @returns {number} function value of the inverse
	*/
	function gammaincinv( p, a, upper ) {
		if ( isnan( p ) || isnan( a ) ) {
			return NaN;
		}
		if ( a < FLOAT32_SMALLEST ) {
			return NaN;
		}
		if ( p > 1.0 || p < 0.0 ) {
			return NaN;
		}
		// Case: invert upper gamma function
		if ( upper === true ) {
			if ( p === 0.0 ) {
				return PINF;
			}
			if ( p === 1.0 ) {
				return 0.0;
			}
			return compute( a, 1.0-p, p );
		}
		// Default: invert lower gamma function
		if ( p === 0.0 ) {
			return 0.0;
		}
		if ( p === 1.0 ) {
			return PINF;
		}
		return compute( a, p, 1.0-p );
	}


	// EXPORTS //

	main$2 = gammaincinv;
	return main$2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$3;
var hasRequiredLib$3;

function requireLib$3 () {
	if (hasRequiredLib$3) return lib$3;
	hasRequiredLib$3 = 1;

	/**
	* Compute the inverse of the lower incomplete gamma function.
	*
	* @module @stdlib/math-base-special-gammaincinv
	*
	* @example
	* var gammaincinv = require( '@stdlib/math-base-special-gammaincinv' );
	*
	* var val = gammaincinv( 0.5, 2.0 );
	* // returns ~1.678
	*
	* val = gammaincinv( 0.1, 10.0 );
	* // returns ~6.221
	*
	* val = gammaincinv( 0.75, 3.0 );
	* // returns ~3.92
	*
	* val = gammaincinv( 0.75, 3.0, true );
	* // returns ~1.727
	*
	* val = gammaincinv( 0.75, NaN );
	* // returns NaN
	*
	* val = gammaincinv( NaN, 3.0 );
	* // returns NaN
	*/

	// MODULES //

	var main = requireMain$2();


	// EXPORTS //

	lib$3 = main;
	return lib$3;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$2;
var hasRequiredLib$2;

function requireLib$2 () {
	if (hasRequiredLib$2) return lib$2;
	hasRequiredLib$2 = 1;

	/**
	* Smallest positive double-precision floating-point subnormal number.
	*
	* @module @stdlib/constants-float64-smallest-subnormal
	* @type {number}
	*
	* @example
	* var FLOAT64_SMALLEST_SUBNORMAL = require( '@stdlib/constants-float64-smallest-subnormal' );
	* // returns 4.940656458412465e-324
	*/


	// MAIN //

	/**
	* The smallest positive double-precision floating-point subnormal number.
	*
	* ## Notes
	*
	* The number has the value
	*
	* ```tex
	* \frac{1}{2^{1023-1} 2^{52}}
	* ```
	*
	* which corresponds to the bit sequence
	*
	* ```binarystring
	* 0 00000000000 00000000000000000000 00000000000000000000000000000001
	* ```
	*
	* @constant
	* @type {number}
	* @default 4.940656458412465e-324
	* @see [IEEE 754]{@link https://en.wikipedia.org/wiki/IEEE_754-1985}
	*/
	var FLOAT64_SMALLEST_SUBNORMAL = 4.940656458412465e-324;


	// EXPORTS //

	lib$2 = FLOAT64_SMALLEST_SUBNORMAL;
	return lib$2;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/detail/ibeta_inverse.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var temme3_1;
var hasRequiredTemme3;

function requireTemme3 () {
	if (hasRequiredTemme3) return temme3_1;
	hasRequiredTemme3 = 1;

	// MODULES //

	var gammaincinv = requireLib$3();
	var ln = requireLib$D();
	var sqrt = requireLib$1v();
	var SMALLEST_SUBNORMAL = requireLib$2();
	var temmeRootFinder = requireRoot_finder();
	var newtonRaphsonIterate = requireNewton_raphson();


	// MAIN //

	/**
	* Carries out the third method by Temme (described in section 4).
	*
	* ## References
	*
	* -   Temme, N. M. 1992. "Incomplete Laplace Integrals: Uniform Asymptotic Expansion with Application to the Incomplete Beta Function." _Journal of Computational and Applied Mathematics_ 41 (1–2): 1638–63. doi:[10.1016/0377-0427(92)90244-R](https://doi.org/10.1016/0377-0427(92)90244-R).
	*
	* @private
	* @param {PositiveNumber} a - function parameter
	* @param {PositiveNumber} b - function parameter
	* @param {Probability} p - function parameter
	* @param {Probability} q - probability equal to `1-p`
	* @returns {number} function value
	*/
	function temme3( a, b, p, q ) {
		var cross;
		var roots;
		var lower;
		var upper;
		var eta0;
		var eta;
		var w10;
		var w12;
		var w13;
		var w14;
		var e1;
		var e2;
		var e3;
		var mu;
		var d2;
		var d3;
		var d4;
		var w2;
		var w3;
		var w4;
		var w5;
		var w6;
		var w7;
		var w8;
		var w9;
		var w1;
		var d;
		var w;
		var u;
		var x;

		// Begin by getting an initial approximation for the quantity eta from the dominant part of the incomplete beta:
		if ( p < q ) {
			eta0 = gammaincinv( p, b, true );
		} else {
			eta0 = gammaincinv( q, b, false );
		}
		eta0 /= a;

		// Define the variables and powers we'll need later on:
		mu = b / a;
		w = sqrt( 1.0+mu );
		w2 = w * w;
		w3 = w2 * w;
		w4 = w2 * w2;
		w5 = w3 * w2;
		w6 = w3 * w3;
		w7 = w4 * w3;
		w8 = w4 * w4;
		w9 = w5 * w4;
		w10 = w5 * w5;
		d = eta0 - mu;
		d2 = d * d;
		d3 = d2 * d;
		d4 = d2 * d2;
		w1 = w + 1.0;
		w12 = w1 * w1;
		w13 = w1 * w12;
		w14 = w12 * w12;

		// Now we need to compute the perturbation error terms that convert eta0 to eta, these are all polynomials of polynomials. Probably these should be re-written to use tabulated data (see examples above), but it's less of a win in this case as we need to calculate the individual powers for the denominator terms anyway, so we might as well use them for the numerator-polynomials as well. Refer to p154-p155 for the details of these expansions:
		e1 = (w+2.0) * (w-1.0) / (3.0*w);
		e1 += (w3 + 9.0*w2 + 21.0*w + 5.0) * d / (36.0*w2*w1);
		e1 -= (w4 - 13.0*w3 + 69.0*w2 + 167.0*w + 46.0) * d2 / (1620.0*w12*w3);
		e1 -= (7.0*w5 + 21.0*w4 + 70.0*w3 + 26.0*w2 - 93.0*w - 31.0) * d3 / (6480.0*w13*w4);
		e1 -= (75.0*w6 + 202.0*w5 + 188.0*w4 - 888.0*w3 - 1345.0*w2 + 118.0*w + 138.0) * d4 / (272160.0*w14*w5);

		e2 = (28.0*w4 + 131.0*w3 + 402.0*w2 + 581.0*w + 208.0) * (w-1.0) / (1620.0*w1*w3);
		e2 -= (35.0*w6 - 154.0*w5 - 623.0*w4 - 1636.0*w3 - 3983.0*w2 - 3514.0*w - 925.0) * d / (12960.0*w12*w4);
		e2 -= (2132.0*w7 + 7915.0*w6 + 16821.0*w5 + 35066.0*w4 + 87490.0*w3 + 141183.0*w2 + 95993.0*w + 21640.0) * d2 / (816480.0*w5*w13);
		e2 -= (11053.0*w8 + 53308.0*w7 + 117010.0*w6 + 163924.0*w5 + 116188.0*w4 - 258428.0*w3 - 677042.0*w2 - 481940.0*w - 105497.0) * d3 / (14696640.0*w14*w6);

		e3 = -((3592.0*w7 + 8375.0*w6 - 1323.0*w5 - 29198.0*w4 - 89578.0*w3 - 154413.0*w2 - 116063.0*w - 29632.0) * (w-1.0)) / (816480.0*w5*w12);
		e3 -= (442043.0*w9 + 2054169.0*w8 + 3803094.0*w7 + 3470754.0*w6 + 2141568.0*w5 - 2393568.0*w4 - 19904934.0*w3 - 34714674.0*w2 - 23128299.0*w - 5253353.0) * d / (146966400.0*w6*w13);
		e3 -= (116932.0*w10 + 819281.0*w9 + 2378172.0*w8 + 4341330.0*w7 + 6806004.0*w6 + 10622748.0*w5 + 18739500.0*w4 + 30651894.0*w3 + 30869976.0*w2 + 15431867.0*w + 2919016.0) * d2 / (146966400.0*w14*w7);

		// Combine eta0 and the error terms to compute eta (Second equation p155):
		eta = eta0 + (e1/a) + (e2/(a*a)) + (e3/(a*a*a));

		/*
			Now we need to solve Eq 4.2 to obtain x.  For any given value of
			eta there are two solutions to this equation, and since the distribution
			may be very skewed, these are not related by x ~ 1-x we used when
			implementing section 3 above.  However we know that:

				cross < x <= 1       ; iff eta < mu
					x == cross   ; iff eta == mu
					0 <= x < cross    ; iff eta > mu

			Where cross == 1 / (1 + mu)
			Many thanks to Prof Temme for clarifying this point. Therefore we'll just jump straight into Newton iterations to solve Eq 4.2 using these bounds, and simple bisection as the first guess, in practice this converges pretty quickly and we only need a few digits correct anyway:
		*/
		if ( eta <= 0 ) {
			eta = SMALLEST_SUBNORMAL;
		}
		u = eta - ( mu*ln(eta) ) + ( ( 1.0+mu ) * ln( 1.0+mu ) ) - mu;
		cross = 1.0 / ( 1.0+mu );
		lower = (eta < mu) ? cross : 0.0;
		upper = (eta < mu) ? 1.0 : cross;
		x = (lower+upper) / 2.0;
		roots = temmeRootFinder( u, mu );
		return newtonRaphsonIterate( roots, x, lower, upper, 32, 100 );
	}


	// EXPORTS //

	temme3_1 = temme3;
	return temme3_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_62_0/boost/math/tools/roots.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var halley_iterate;
var hasRequiredHalley_iterate;

function requireHalley_iterate () {
	if (hasRequiredHalley_iterate) return halley_iterate;
	hasRequiredHalley_iterate = 1;

	// MODULES //

	var abs = requireLib$1s();
	var ldexp = requireLib$1d();
	var sign = requireLib$6();
	var max = requireLib$_();
	var MAX_VALUE = requireLib$X();


	// MAIN //

	/**
	* Performs root finding via third order Halley iteration.
	*
	* @private
	* @param {Array} fun - array of function and its first two derivatives
	* @param {number} guess - initial starting value
	* @param {number} minimum - minimum possible value for the result, used as initial lower bracket
	* @param {number} maximum - maximum possible value for the result, used as initial upper bracket
	* @param {PositiveInteger} digits - desired number of binary digits
	* @param {PositiveInteger} maxIter - maximum number of iterations
	* @returns {number} function value
	*/
	function halleyIterate( fun, guess, minimum, maximum, digits, maxIter ) {
		var convergence;
		var outOfBounds;
		var delta1;
		var delta2;
		var factor;
		var result;
		var f0Last;
		var count;
		var delta;
		var denom;
		var diff;
		var num;
		var res;
		var f0;
		var f1;
		var f2;

		f0 = 0.0;
		outOfBounds = false;
		result = guess;
		factor = ldexp( 1.0, 1.0-digits );
		delta = max( 10000000*guess, 10000000 );  // Arbitrarily large delta...
		f0Last = 0;
		delta1 = delta;
		delta2 = delta;

		count = maxIter;
		do {
			f0Last = f0;
			delta2 = delta1;
			delta1 = delta;
			res = fun( result );
			f0 = res[ 0 ];
			f1 = res[ 1 ];
			f2 = res[ 2 ];
			count -= 1;

			if ( f0 === 0.0 ) {
				break;
			}
			if ( f1 === 0.0 ) {
				// Oops zero derivative!!!
				if ( f0Last === 0.0 ) {
					// Must be the first iteration, pretend that we had a previous one at either min or max:
					if ( result === minimum ) {
						guess = maximum;
					} else {
						guess = minimum;
					}
					f0Last = fun( guess );
					delta = guess - result;
				}
				if ( sign( f0Last ) * sign( f0 ) < 0 ) {
					// We've crossed over so move in opposite direction to last step:
					if ( delta < 0 ) {
						delta = ( result-minimum ) / 2.0;
					} else {
						delta = ( result-maximum ) / 2.0;
					}
				// Move in same direction as last step:
				} else if ( delta < 0 ) {
					delta = (result-maximum) / 2.0;
				} else {
					delta = (result-minimum) / 2.0;
				}
			} else if ( f2 === 0.0 ) {
				delta = f0 / f1;
			} else {
				denom = 2.0 * f0;
				num = ( 2.0 * f1 ) - ( f0 * ( f2 / f1 ) );
				if ( abs(num) < 1.0 && ( abs(denom) >= abs(num) * MAX_VALUE ) ) {
					// Possible overflow, use Newton step:
					delta = f0 / f1;
				} else {
					delta = denom / num;
				}
				if ( delta * f1 / f0 < 0.0 ) {
					// Probably cancellation error, try a Newton step instead:
					delta = f0 / f1;
					if ( abs(delta) > 2.0 * abs(guess) ) {
						delta = ( (delta < 0.0) ? -1 : 1.0 ) * 2.0 * abs( guess );
					}
				}
			}
			convergence = abs( delta / delta2 );
			if ( convergence > 0.8 && convergence < 2.0 ) {
				// Last two steps haven't converged, try bisection:
				delta = ( delta > 0.0 ) ? ( result-minimum )/2.0 : ( result-maximum )/2.0; // eslint-disable-line max-len
				if ( abs(delta) > result ) {
					delta = sign( delta ) * result; // Protect against huge jumps!
				}
				// Reset delta2 so that this branch will *not* be taken on the next iteration:
				delta2 = delta * 3.0;
			}
			guess = result;
			result -= delta;

			// Check for out of bounds step:
			if ( result < minimum ) {
				if (
					abs(minimum) < 1 &&
					abs(result) > 1 &&
					( MAX_VALUE / abs(result) < abs(minimum) )
				) {
					diff = 1000.0;
				} else {
					diff = result / minimum;
				}
				if ( abs(diff) < 1.0 ) {
					diff = 1.0 / diff;
				}
				if ( !outOfBounds && diff > 0.0 && diff < 3.0 ) {
					// Only a small out of bounds step, let's assume that the result is probably approximately at minimum:
					delta = 0.99 * (guess - minimum);
					result = guess - delta;
					outOfBounds = true; // Only take this branch once!
				} else {
					delta = (guess - minimum) / 2.0;
					result = guess - delta;
					if ( result === minimum || result === maximum ) {
						break;
					}
				}
			} else if ( result > maximum ) {
				if (
					abs(maximum) < 1.0 &&
					abs(result) > 1.0 &&
					MAX_VALUE / abs(result) < abs(maximum)
				) {
					diff = 1000.0;
				} else {
					diff = result / maximum;
				}
				if ( abs(diff) < 1.0 ) {
					diff = 1.0 / diff;
				}
				if ( !outOfBounds && diff > 0.0 && diff < 3.0 ) {
					// Only a small out of bounds step, let's assume that the result is probably approximately at minimum:
					delta = 0.99 * (guess - maximum);
					result = guess - delta;
					outOfBounds = true; // Only take this branch once!
				} else {
					delta = ( guess - maximum ) / 2.0;
					result = guess - delta;
					if ( result === minimum || result === maximum ) {
						break;
					}
				}
			}
			// Update brackets:
			if ( delta > 0.0 ) {
				maximum = guess;
			} else {
				minimum = guess;
			}
		} while ( count && ( abs(result * factor) < abs(delta) ) );

		return result;
	}


	// EXPORTS //

	halley_iterate = halleyIterate;
	return halley_iterate;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*
*
* ## Notice
*
* The original C++ code and copyright notice are from the [Boost library]{@link http://www.boost.org/doc/libs/1_64_0/boost/math/special_functions/detail/ibeta_inverse.hpp}. The implementation has been modified for JavaScript.
*
* ```text
* Copyright John Maddock 2006.
* Copyright Paul A. Bristow 2007.
*
* Use, modification and distribution are subject to the
* Boost Software License, Version 1.0. (See accompanying file
* LICENSE or copy at http://www.boost.org/LICENSE_1_0.txt)
* ```
*/

var ibeta_roots;
var hasRequiredIbeta_roots;

function requireIbeta_roots () {
	if (hasRequiredIbeta_roots) return ibeta_roots;
	hasRequiredIbeta_roots = 1;

	// MODULES //

	var kernelBetainc = requireLib$d().assign;
	var abs = requireLib$1s();
	var FLOAT64_MAX = requireLib$X();
	var FLOAT64_MIN_NORM = requireLib$1h();


	// MAIN //

	/**
	* Returns a root finding function.
	*
	* @private
	* @param {PositiveNumber} a - function parameter
	* @param {PositiveNumber} b - function parameter
	* @param {Probability} target - probability value
	* @param {boolean} invert - boolean indicating whether to find the roots of the upper or lower incomplete beta function
	* @returns {Function} root finding function
	*/
	function ibetaRoots( a, b, target, invert ) {
		return roots;

		/**
		* Calculates roots.
		*
		* @private
		* @param {number} x - input value
		* @returns {Array} roots
		*/
		function roots( x ) {
			var buf;
			var f1;
			var f2;
			var f;
			var y;

			y = 1.0 - x;

			buf = [ 0.0, 0.0 ];
			kernelBetainc( x, a, b, true, invert, buf, 1, 0 );
			f = buf[ 0 ] - target;
			f1 = buf[ 1 ];
			if ( invert ) {
				f1 = -f1;
			}
			if ( y === 0.0 ) {
				y = FLOAT64_MIN_NORM * 64.0;
			}
			if ( x === 0.0 ) {
				x = FLOAT64_MIN_NORM * 64.0;
			}
			f2 = f1 * ( -(y*a) + ( ( b-2.0 ) * x ) + 1.0 );
			if ( abs( f2 ) < y * x * FLOAT64_MAX ) {
				f2 /= (y * x);
			}
			if ( invert ) {
				f2 = -f2;
			}
			// Make sure we don't have a zero derivative:
			if ( f1 === 0.0 ) {
				f1 = ( ( invert ) ? -1 : 1.0 ) * FLOAT64_MIN_NORM * 64.0;
			}
			return [ f, f1, f2 ];
		}
	}


	// EXPORTS //

	ibeta_roots = ibetaRoots;
	return ibeta_roots;
}

/* eslint-disable max-statements, max-lines */

var main$1;
var hasRequiredMain$1;

function requireMain$1 () {
	if (hasRequiredMain$1) return main$1;
	hasRequiredMain$1 = 1;

	// MODULES //

	var evalpoly = requireLib$r();
	var betainc = requireLib$c();
	var expm1 = requireLib$1y();
	var log1p = requireLib$1w();
	var asin = requireLib$1t();
	var beta = requireLib$10();
	var sqrt = requireLib$1v();
	var abs = requireLib$1s();
	var exp = requireLib$1c();
	var pow = requireLib$13();
	var sin = requireLib$M();
	var max = requireLib$_();
	var min = requireLib$Y();
	var ln = requireLib$D();
	var FLOAT64_MIN_NORM = requireLib$1h();
	var HALF_PI = requireLib$V();
	var EPSILON = requireLib$11();
	var findIBetaInvFromTDist = requireFind_ibeta_inv_from_t_dist();
	var temme1 = requireTemme1();
	var temme2 = requireTemme2();
	var temme3 = requireTemme3();
	var halleyIterate = requireHalley_iterate();
	var ibetaRoots = requireIbeta_roots();


	// VARIABLES //

	var DIGITS = 32;
	var MAX_ITERATIONS = 1000;

	// Workspace for the polynomial coefficients:
	var terms = [ 0.0, 0.0, 0.0, 0.0, 0.0 ]; // WARNING: not thread safe


	// MAIN //

	/**
	* Calculates the inverse of the incomplete beta function.
	*
	* @private
	* @param {PositiveNumber} a - function parameter
	* @param {PositiveNumber} b - function parameter
	* @param {Probability} p - function parameter
	* @param {Probability} q - probability equal to `1 - p`
	* @returns {Array} two-element array holding function value `y` and `1-y`
	*/
	function ibetaInvImp( a, b, p, q ) {
		var digits;
		var invert;
		var lambda;
		var lower;
		var theta;
		var upper;
		var roots;
		var maxv;
		var minv;
		var bet;
		var ppa;
		var tmp;
		var xs2;
		var ap1;
		var bm1;
		var fs;
		var lx;
		var ps;
		var xg;
		var xs;
		var yp;
		var a2;
		var a3;
		var b2;
		var r;
		var l;
		var u;
		var x;
		var y;

		// The flag invert is set to true if we swap a for b and p for q, in which case the result has to be subtracted from 1:
		invert = false;

		// Handle trivial cases first...
		if ( q === 0.0 ) {
			return [ 1.0, 0.0 ];
		}
		if ( p === 0.0 ) {
			return [ 0.0, 1.0 ];
		}
		if ( a === 1.0 ) {
			if ( b === 1.0 ) {
				return [ p, 1.0-p ];
			}
			// Change things around so we can handle as b == 1 special case below:
			tmp = b;
			b = a;
			a = tmp;

			tmp = q;
			q = p;
			p = tmp;

			invert = true;
		}
		// Depending upon which approximation method we use, we may end up calculating either x or y initially (where y = 1-x):
		x = 0.0;

		// For some of the methods we can put tighter bounds on the result than simply [0,1]:
		lower = 0.0;
		upper = 1.0;

		// Student's T with b = 0.5 gets handled as a special case, swap around if the arguments are in the "wrong" order:
		if ( a === 0.5 ) {
			if ( b === 0.5 ) {
				x = sin( p*HALF_PI );
				x *= x;
				y = sin( q*HALF_PI );
				y *= y;
				return [ x, y ];
			}
			if ( b > 0.5 ) {
				tmp = b;
				b = a;
				a = tmp;

				tmp = q;
				q = p;
				p = tmp;

				invert = !invert;
			}
		}
		// Select calculation method for the initial estimate:
		if ( b === 0.5 && a >= 0.5 && p !== 1.0 ) {
			// We have a Student's T distribution:
			yp = {};
			x = findIBetaInvFromTDist( a, p, yp );
			y = yp.value;
		}
		else if ( b === 1.0 ) {
			if ( p < q ) {
				if ( a > 1.0 ) {
					x = pow( p, 1.0/a );
					y = -expm1( ln(p) / a );
				} else {
					x = pow( p, 1.0/a );
					y = 1.0 - x;
				}
			} else {
				x = exp( log1p(-q) / a );
				y = -expm1( log1p(-q) / a );
			}
			if ( invert ) {
				tmp = y;
				y = x;
				x = tmp;
			}
			return [ x, y ];
		}
		else if ( a+b > 5.0 ) {
			// When a+b is large then we can use one of Prof Temme's asymptotic expansions, begin by swapping things around so that p < 0.5, we do this to avoid cancellations errors when p is large.
			if ( p > 0.5 ) {
				tmp = b;
				b = a;
				a = tmp;

				tmp = q;
				q = p;
				p = tmp;

				invert = !invert;
			}
			minv = min( a, b );
			maxv = max( a, b );
			if ( ( sqrt(minv) > (maxv-minv) ) && minv > 5.0 ) {
				// When a and b differ by a small amount the curve is quite symmetrical and we can use an error function to approximate the inverse. This is the cheapest of the three Temme expansions, and the calculated value for x will never be much larger than p, so we don't have to worry about cancellation as long as p is small.
				x = temme1( a, b, p );
				y = 1.0 - x;
			} else {
				r = a + b;
				theta = asin( sqrt( a/r ) );
				lambda = minv / r;
				if (
					lambda >= 0.2 &&
					lambda <= 0.8 &&
					r >= 10
				) {
					// The second error function case is the next cheapest to use, it breaks down when the result is likely to be very small, if `a+b` is also small, but we can use a cheaper expansion there in any case. As before `x` won't be much larger than `p`, so as long as `p` is small we should be free of cancellation error.
					ppa = pow( p, 1.0/a );
					if ( ppa < 0.0025 && ( a+b ) < 200.0 ) {
						x = ppa * pow( a*beta( a, b ), 1.0/a );
					} else {
						x = temme2( p, r, theta );
					}
					y = 1.0 - x;
				} else {
					// If we get here then a and b are very different in magnitude and we need to use the third of Temme's methods which involves inverting the incomplete gamma.  This is much more expensive than the other methods.  We also can only use this method when a > b, which can lead to cancellation errors if we really want y (as we will when x is close to 1), so a different expansion is used in that case.
					if ( a < b ) {
						tmp = b;
						b = a;
						a = tmp;

						tmp = q;
						q = p;
						p = tmp;
						invert = !invert;
					}
					// Try to compute the easy way first:
					bet = 0.0;
					if ( b < 2.0 ) {
						bet = beta( a, b );
					}
					if ( bet === 0.0 ) {
						y = 1.0;
					} else {
						y = pow( b*q*bet, 1.0/b );
						x = 1.0 - y;
					}
				}
				if ( y > 1.0e-5 ) {
					x = temme3( a, b, p, q );
					y = 1.0 - x;
				}
			}
		}
		else if ( a < 1.0 && b < 1.0 ) {
			// Both a and b less than 1, there is a point of inflection at xs:
			xs = ( 1.0-a ) / ( 2.0-a-b );

			// Now we need to ensure that we start our iteration from the right side of the inflection point:
			fs = betainc( xs, a, b ) - p;
			if ( abs(fs)/p < EPSILON*3.0 ) {
				// The result is at the point of inflection, best just return it:
				if ( invert ) {
					return [ 1.0-xs, xs ];
				}
				return [ xs, 1.0-xs ];
			}
			if ( fs < 0.0 ) {
				tmp = b;
				b = a;
				a = tmp;

				tmp = q;
				q = p;
				p = tmp;

				invert = !invert;
				xs = 1.0 - xs;
			}
			xg = pow( a*p*beta( a, b ), 1.0/a );
			x = xg / ( 1.0+xg );
			y = 1.0 / ( 1.0+xg );

			// And finally we know that our result is below the inflection point, so set an upper limit on our search:
			if ( x > xs ) {
				x = xs;
			}
			upper = xs;
		}
		else if ( a > 1.0 && b > 1.0 ) {
			// Small a and b, both greater than 1, there is a point of inflection at xs, and its complement is xs2, we must always start our iteration from the right side of the point of inflection.
			xs = ( a-1.0 ) / ( a+b-2.0 );
			xs2 = ( b-1.0 ) / ( a+b-2.0 );
			ps = betainc( xs, a, b ) - p;

			if ( ps < 0.0 ) {
				tmp = b;
				b = a;
				a = tmp;

				tmp = q;
				q = p;
				p = tmp;

				tmp = xs2;
				xs2 = xs;
				xs = tmp;

				invert = !invert;
			}
			// Estimate x and y, using expm1 to get a good estimate for y when it's very small:
			lx = ln( p*a*beta( a, b ) ) / a;
			x = exp( lx );
			y = ( x < 0.9 ) ? 1.0-x : -expm1(lx);

			if ( b < a && x < 0.2 ) {
				// Under a limited range of circumstances we can improve our estimate for x...
				ap1 = a - 1.0;
				bm1 = b - 1.0;
				a2 = a * a;
				a3 = a * a2;
				b2 = b * b;
				terms[ 0 ] = 0.0;
				terms[ 1 ] = 1.0;
				terms[ 2 ] = bm1 / ap1;
				ap1 *= ap1;
				terms[ 3 ] = bm1 * (3.0*a*b + 5.0*b + a2 - a - 4.0) / (2.0 * (a+2.0) * ap1); // eslint-disable-line max-len, no-mixed-operators
				ap1 *= (a + 1.0);
				terms[ 4 ] = bm1 * (33.0*a*b2 + 31.0*b2 + 8.0*a2*b2 - 30.0*a*b - 47.0*b + 11.0*a2*b + 6.0*a3*b + 18.0 + 4.0*a - a3 + a2*a2 - 10.0*a2); // eslint-disable-line max-len, no-mixed-operators
				terms[ 4 ] /= (3.0 * (a+3.0) * (a+2.0) * ap1);
				x = evalpoly( terms, x );
			}
			// Know that result is below the inflection point, so set an upper limit on search...
			if ( x > xs ) {
				x = xs;
			}
			upper = xs;
		} else {
			// Case: ( a <= 1 ) != ( b <= 1 ). If all else fails we get here, only one of a and b is above 1, and a+b is small.  Start by swapping things around so that we have a concave curve with b > a and no points of inflection in [0,1].  As long as we expect x to be small then we can use the simple (and cheap) power term to estimate x, but when we expect x to be large then this greatly underestimates x and leaves us trying to iterate "round the corner" which may take almost forever. We could use Temme's inverse gamma function case in that case, this works really rather well (albeit expensively) even though strictly speaking we're outside it's defined range. However it's expensive to compute, and an alternative approach which models the curve as a distorted quarter circle is much cheaper to compute, and still keeps the number of iterations required down to a reasonable level. With thanks to Prof. Temme for this suggestion.
			if ( b < a ) {
				tmp = b;
				b = a;
				a = tmp;

				tmp = q;
				q = p;
				p = tmp;
				invert = !invert;
			}
			if ( pow( p, 1.0/a ) < 0.5 ) {
				x = pow( p*a*beta( a, b ), 1.0/a );
				if ( x === 0.0 ) {
					x = FLOAT64_MIN_NORM;
				}
				y = 1.0 - x;
			}
			// Case: pow(q, 1/b) < 0.1
			else {
				// Model a distorted quarter circle:
				y = pow( 1.0-pow( p, b*beta( a, b ) ), 1.0/b );
				if ( y === 0 ) {
					y = FLOAT64_MIN_NORM;
				}
				x = 1.0 - y;
			}
		}
		// Now we have a guess for x (and for y) we can set things up for iteration.  If x > 0.5 it pays to swap things round:
		if ( x > 0.5 ) {
			tmp = b;
			b = a;
			a = tmp;

			tmp = q;
			q = p;
			p = tmp;

			tmp = y;
			y = x;
			x = tmp;

			invert = !invert;
			l = 1.0 - upper;
			u = 1.0 - lower;
			lower = l;
			upper = u;
		}
		// Lower bound for our search:  We're not interested in denormalized answers as these tend to take up lots of iterations, given that we can't get accurate derivatives in this area (they tend to be infinite).
		if ( lower === 0 ) {
			if ( invert ) {
				// We're not interested in answers smaller than machine epsilon:
				lower = EPSILON;
				if ( x < lower ) {
					x = lower;
				}
			} else {
				lower = FLOAT64_MIN_NORM;
			}
			if ( x < lower ) {
				x = lower;
			}
		}
		// Figure out how many digits to iterate towards:
		digits = DIGITS;
		if ( x < 1.0e-50 && ( a < 1.0 || b < 1.0 ) ) {
			// If we're in a region where the first derivative is very large, then we have to take care that the root-finder doesn't terminate prematurely.  We'll bump the precision up to avoid this, but we have to take care not to set the precision too high or the last few iterations will just thrash around and convergence may be slow in this case. Try 3/4 of machine epsilon:
			digits *= 3;
			digits /= 2;
		}
		// Now iterate, we can use either p or q as the target here depending on which is smaller:
		roots = ibetaRoots( a, b, ( (p < q) ? p : q ), p >= q );
		x = halleyIterate( roots, x, lower, upper, digits, MAX_ITERATIONS );

		// Tidy up, if we "lower" was too high then zero is the best answer we have:
		if ( x === lower ) {
			x = 0.0;
		}
		if ( invert ) {
			return [ 1.0-x, x ];
		}
		return [ x, 1.0-x ];
	}


	// EXPORTS //

	main$1 = ibetaInvImp;
	return main$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib$1;
var hasRequiredLib$1;

function requireLib$1 () {
	if (hasRequiredLib$1) return lib$1;
	hasRequiredLib$1 = 1;

	/**
	* Evaluate the inverse of the incomplete beta function.
	*
	* @module @stdlib/math-base-special-kernel-betaincinv
	*
	* @example
	* var kernelBetaincinv = require( '@stdlib/math-base-special-kernel-betaincinv' );
	*
	* var y = kernelBetaincinv( 3.0, 3.0, 0.2, 0.8 );
	* // returns [ ~0.327, ~0.673 ]
	*
	* y = kernelBetaincinv( 3.0, 3.0, 0.4, 0.6 );
	* // returns [ ~0.446, ~0.554 ]
	*
	* y = kernelBetaincinv( 1.0, 6.0, 0.4, 0.6 );
	* // returns [ ~0.082, ~0.918 ]
	*
	* y = kernelBetaincinv( 1.0, 6.0, 0.8, 0.2 );
	* // returns [ ~0.235, ~0.765 ]
	*/

	// MODULES //

	var main = requireMain$1();


	// EXPORTS //

	lib$1 = main;
	return lib$1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var main;
var hasRequiredMain;

function requireMain () {
	if (hasRequiredMain) return main;
	hasRequiredMain = 1;

	// MODULES //

	var kernelBetaincinv = requireLib$1();
	var isnan = requireLib$20();
	var sign = requireLib$6();
	var sqrt = requireLib$1v();


	// MAIN //

	/**
	* Evaluates the quantile function for a Student's t distribution with degrees of freedom `v` at a probability `p`.
	*
	* @param {Probability} p - input value
	* @param {PositiveNumber} v - degrees of freedom
	* @returns {number} evaluated quantile function
	*
	* @example
	* var y = quantile( 0.8, 1.0 );
	* // returns ~1.376
	*
	* @example
	* var y = quantile( 0.1, 1.0 );
	* // returns ~-3.078
	*
	* @example
	* var y = quantile( 0.5, 0.1 );
	* // returns 0.0
	*
	* @example
	* var y = quantile( -0.2, 0.1 );
	* // returns NaN
	*
	* @example
	* var y = quantile( NaN, 1.0 );
	* // returns NaN
	*
	* @example
	* var y = quantile( 0.0, NaN );
	* // returns NaN
	*
	* @example
	* var y = quantile( 0.5, -1.0 );
	* // returns NaN
	*/
	function quantile( p, v ) {
		var prob;
		var xs;
		if (
			isnan( v ) ||
			isnan( p ) ||
			v <= 0.0 ||
			p < 0.0 ||
			p > 1.0
		) {
			return NaN;
		}
		prob = ( p > 0.5 ) ? 1.0 - p : p;
		xs = kernelBetaincinv( v / 2.0, 0.5, 2.0 * prob, 1.0 - (2.0 * prob) );
		return sign( p - 0.5 ) * sqrt( v * xs[ 1 ] / xs[ 0 ] );
	}


	// EXPORTS //

	main = quantile;
	return main;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var factory_1;
var hasRequiredFactory;

function requireFactory () {
	if (hasRequiredFactory) return factory_1;
	hasRequiredFactory = 1;

	// MODULES //

	var constantFunction = requireLib$b();
	var kernelBetaincinv = requireLib$1();
	var isnan = requireLib$20();
	var sign = requireLib$6();
	var sqrt = requireLib$1v();


	// MAIN //

	/**
	* Returns a function for evaluating the quantile function for a Student's t distribution with degrees of freedom `v`.
	*
	* @param {PositiveNumber} v - degrees of freedom
	* @returns {Function} quantile function
	*
	* @example
	* var quantile = factory( 0.5 );
	* var y = quantile( 0.5 );
	* // returns 0.0
	*
	* y = quantile( 0.8 );
	* // returns ~2.513
	*
	* y = quantile( 1.0 );
	* // returns Infinity
	*/
	function factory( v ) {
		if ( isnan( v ) || v <= 0.0 ) {
			return constantFunction( NaN );
		}
		return quantile;

		/**
		* Evaluates the quantile function for a Student's t distribution.
		*
		* @private
		* @param {Probability} p - input value
		* @returns {number} evaluated quantile function
		*
		* @example
		* var y = quantile( 0.3 );
		* // returns <number>
		*/
		function quantile( p ) {
			var prob;
			var xs;

			if ( isnan( p ) || p < 0.0 || p > 1.0 ) {
				return NaN;
			}
			prob = ( p > 0.5 ) ? 1.0 - p : p;
			xs = kernelBetaincinv( v / 2.0, 0.5, 2.0 * prob, 1.0 - (2.0 * prob) );
			return sign( p - 0.5 ) * sqrt( v * xs[ 1 ] / xs[ 0 ] );
		}
	}


	// EXPORTS //

	factory_1 = factory;
	return factory_1;
}

/**
* @license Apache-2.0
*
* Copyright (c) 2018 The Stdlib Authors.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
*/

var lib;
var hasRequiredLib;

function requireLib () {
	if (hasRequiredLib) return lib;
	hasRequiredLib = 1;

	/**
	* Evaluate the quantile function for a Student's t distribution.
	*
	* @module @stdlib/stats-base-dists-t-quantile
	*
	* @example
	* var quantile = require( '@stdlib/stats-base-dists-t-quantile' );
	*
	* var y = quantile( 0.8, 1.0 );
	* // returns ~1.376
	*
	* y = quantile( 0.1, 1.0 );
	* // returns ~-3.078
	*
	* y = quantile( 0.5, 0.1 );
	* // returns 0.0
	*
	* var myquantile = quantile.factory( 4.0 );
	*
	* y = myquantile( 0.2 );
	* // returns ~-0.941
	*
	* y = myquantile( 0.9 );
	* // returns ~1.533
	*/

	// MODULES //

	var setReadOnly = requireLib$21();
	var main = requireMain();
	var factory = requireFactory();


	// MAIN //

	setReadOnly( main, 'factory', factory );


	// EXPORTS //

	lib = main;
	return lib;
}

var libExports = requireLib();
var quantile = /*@__PURE__*/getDefaultExportFromCjs(libExports);

/**
 * Student's t distribution, from stdlib's tested implementations (simple-statistics has no t quantile).
 * `tQuantile(p, df)` is the x with P(T ≤ x) = p; `tUpperTail(x, df)` is P(T > x) = 1 − F(x).
 * For df = ∞ both fall back to the normal distribution.
 */
function tQuantile(p, df) {
    if (!(p > 0 && p < 1))
        throw new RangeError(`probability ${p} is not in (0, 1)`);
    if (!(df > 0))
        throw new RangeError(`degrees of freedom ${df} must be > 0`);
    return Number.isFinite(df) ? quantile(p, df) : probit(p);
}
function tUpperTail(x, df) {
    if (!(df > 0))
        throw new RangeError(`degrees of freedom ${df} must be > 0`);
    if (Number.isNaN(x))
        return NaN;
    return Number.isFinite(df) ? 1 - cdf(x, df) : 1 - cumulativeStdNormalProbability(x);
}

/**
 * Level shifts in a sequence of run values, by binary segmentation with a two-sample t test.
 * For each split k (both sides at least `minSegment` runs):
 *   t_k = (x̄_after − x̄_before) / (s_p · √(1/a + 1/b)),  s_p² pooled within the two sides, df = a + b − 2
 * The largest |t_k| is a shift when its two-sided p-value times the number of splits tried (Bonferroni,
 * since the best split is chosen after looking) is below `alpha`, and the step is at least `minStep`
 * (relative to |x̄_before|: a shift too small to matter is noise for the gate's purposes). Each side is then
 * searched again. Returns the indexes where new segments start, ascending.
 * An optional prior on the variance (priorVariance) steadies s_p and adds its degrees of freedom, unless
 * the two sides are noisier than it allows (priorConflict).
 */
function levelShifts(values, options) {
    const starts = [];
    search(values, 0, values.length, options, starts);
    return starts.sort((a, b) => a - b);
}
function search(values, from, to, o, out) {
    const m = o.minSegment ?? 2;
    const n = to - from;
    if (n < 2 * m)
        return;
    let best = null;
    const splits = n - 2 * m + 1;
    for (let k = from + m; k <= to - m; k++) {
        const before = values.slice(from, k);
        const after = values.slice(k, to);
        const within = pooledVariance([before, after]);
        const prior = o.prior && !priorConflict(within, o.prior) ? o.prior : { variance: 0, df: 0 };
        const { variance, df } = priorVariance(within, prior);
        if (df <= 0)
            continue;
        const mb = mean$1(before);
        const diff = mean$1(after) - mb;
        const se = Math.sqrt(variance * (1 / before.length + 1 / after.length));
        const t = se > 0 ? diff / se : diff === 0 ? 0 : Infinity * Math.sign(diff);
        const step = mb !== 0 ? Math.abs(diff / mb) : Math.abs(diff) > 0 ? Infinity : 0;
        if (!best || Math.abs(t) > Math.abs(best.t))
            best = { k, t, step, df };
    }
    if (!best)
        return;
    const p = 2 * tUpperTail(Math.abs(best.t), best.df);
    if (p * splits >= o.alpha || best.step < o.minStep)
        return;
    out.push(best.k);
    search(values, from, best.k, o, out);
    search(values, best.k, to, o, out);
}
function mean$1(x) {
    return x.reduce((a, b) => a + b, 0) / x.length;
}

/**
 * The baseline for one metric from the comparable history: which runs set the level, where the level
 * is, and how much it varies from run to run.
 *
 *  1. Segments start at runs marked `baseline` (an acknowledged change).
 *  2. Within each, level shifts at least the minimum effect in size and significant (levelShifts) split it
 *     further.
 *  3. A run far from its own level's median (outlierRuns) is set aside.
 *  4. The level is the mean of the latest *accepted* segment: a later segment is accepted when it is
 *     marked, or better than the accepted level. A shift for the worse that nobody acknowledged does not
 *     become the new normal: runs are still compared with the last good level until someone marks a new
 *     baseline.
 *  5. Run-to-run noise is pooled within all segments (a shift is not noise), steadied by the prior unless
 *     the history contradicts it (priorConflict), and never below the noise floor.
 */
function buildBaseline(points, o) {
    const finite = points.filter((p) => Number.isFinite(p.value));
    if (finite.length === 0)
        return null;
    const notes = [];
    // 1. Marked segments.
    const marked = [];
    for (const p of finite) {
        if (p.marked || marked.length === 0)
            marked.push([]);
        marked[marked.length - 1].push(p);
    }
    // 2. Level shifts within each marked segment.
    const level0 = median(finite.map((p) => p.value));
    const shiftPrior = { variance: (o.priorCv * level0) ** 2, df: o.priorRuns };
    const raw = [];
    for (const seg of marked) {
        const values = seg.map((p) => p.value);
        const starts = [0, ...levelShifts(values, { alpha: o.shiftAlpha, minStep: o.minEffect, prior: shiftPrior, minSegment: 3 }), values.length];
        for (let i = 0; i + 1 < starts.length; i++) {
            raw.push({ values: values.slice(starts[i], starts[i + 1]), marked: i === 0 && seg[0].marked });
        }
    }
    // 3. Outlier runs, judged against their own level (after the shifts, so a new level is not taken for outliers).
    const residuals = raw.flatMap((seg) => {
        const m = median(seg.values);
        return seg.values.map((v) => v - m);
    });
    const outlier = outlierRuns(residuals, o.outlierMads);
    let k = 0;
    const segments = raw
        .map((seg) => ({ marked: seg.marked, values: seg.values.filter(() => !outlier[k++]) }))
        .filter((seg) => seg.values.length > 0);
    const setAside = outlier.filter(Boolean).length;
    if (setAside)
        notes.push(`${setAside} outlier run${setAside === 1 ? '' : 's'} set aside`);
    // 4. The accepted level.
    let accepted = 0;
    for (let i = 1; i < segments.length; i++) {
        if (segments[i].marked || o.better * (mean(segments[i].values) - mean(segments[accepted].values)) > 0)
            accepted = i;
    }
    const level = segments[accepted].values;
    const centre = mean(level);
    const since = segments.slice(accepted + 1).reduce((n, s) => n + s.values.length, 0);
    const total = segments.reduce((n, s) => n + s.values.length, 0);
    if (segments.length > 1) {
        const why = segments[accepted].marked ? 'since the run marked as a new baseline' : accepted > 0 ? 'since an accepted shift' : 'the first level in the history';
        notes.push(`level of ${level.length} run${level.length === 1 ? '' : 's'} ${why}`);
        if (since > 0)
            notes.push(`the ${since} latest run${since === 1 ? ' is' : 's are'} worse and not acknowledged as a new baseline`);
    }
    // 5. Noise.
    const sample = pooledVariance(segments.map((s) => s.values));
    const prior = { variance: (o.priorCv * centre) ** 2, df: o.priorRuns };
    const conflict = priorConflict(sample, prior);
    if (conflict)
        notes.push('noisier than the prior allows, so the history alone sets the noise');
    const pooled = conflict ? sample : priorVariance(sample, prior);
    const floor = o.noiseFloor * Math.abs(centre);
    const sd = Number.isFinite(pooled.variance) ? Math.max(Math.sqrt(pooled.variance), floor) : NaN;
    return { centre, sd, df: pooled.df, runs: level.length, used: total, level, note: notes.join('; ') };
}
function mean(x) {
    return x.reduce((a, b) => a + b, 0) / x.length;
}

const MEMORY = /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])|bytes|mebibytes|gibibytes/;
function metricFamily(key, cls) {
    if (cls.kind === 'loss')
        return { id: `loss:${key}`, kind: 'loss' };
    if (MEMORY.test(key) || MEMORY.test(cls.unit))
        return { id: 'memory', kind: 'memory' };
    if (cls.kind === 'timer' || (cls.kind === 'window' && cls.direction === 'higher'))
        return { id: 'throughput', kind: 'throughput' };
    return { id: `other:${key}`, kind: 'other' };
}

/** Numbers in verdict lines: enough digits to see a 1 % change, no more. */
function formatValue(x) {
    if (!Number.isFinite(x))
        return String(x);
    const a = Math.abs(x);
    if (a !== 0 && (a >= 1e6 || a < 1e-3))
        return x.toExponential(3);
    return Number(x.toPrecision(4)).toString();
}
/** −0.0553 → "−5.5 %", 0.1 → "+10 %". */
function formatChange(r) {
    const p = r * 100;
    const digits = Math.abs(p) >= 10 ? 0 : 1;
    const s = Math.abs(p).toFixed(digits);
    if (Number(s) === 0)
        return `${(0).toFixed(digits)} %`;
    return `${p < 0 ? '−' : '+'}${s} %`;
}

/**
 * Split a family-wise false-alarm rate α over independent metric families (weighted Bonferroni).
 * A family also needs its change to exceed a minimum effect, so under "nothing changed" it can fire at
 * most with probability πf = P(noise alone exceeds the minimum effect), whatever its share. Families are
 * filled in order of πf: one whose πf is below an equal share of what is left gets exactly πf; the rest
 * share the remainder equally. Then P(any false alarm) ≤ Σf min(αf, πf) ≤ α. The split is computed
 * from the history alone, before the current run is looked at, so the bound holds.
 */
function errorBudget(alpha, floors) {
    const out = floors.map(() => 0);
    const order = floors.map((p, i) => [Number.isFinite(p) ? Math.max(0, p) : 1, i]).sort((a, b) => a[0] - b[0]);
    let remaining = alpha;
    let left = order.length;
    let k = 0;
    for (; k < order.length; k++) {
        const [pi, i] = order[k];
        if (pi > remaining / left)
            break;
        out[i] = pi;
        remaining -= pi;
        left -= 1;
    }
    for (; k < order.length; k++)
        out[order[k][1]] = remaining / left;
    return out;
}

/**
 * Studentised distance of a new run from the baseline, for a prediction interval:
 *   T = (x − x̄) / (s · √(1 + 1/n))
 * where x̄ is the mean of the n baseline runs and s the run-to-run standard deviation. Under "nothing
 * changed" T follows Student's t with the degrees of freedom of s: the new run's own noise (the 1) and the
 * baseline mean's uncertainty (the 1/n) are both counted.
 */
function predictionT(x, centre, sd, n) {
    if (!(n >= 1))
        throw new RangeError(`baseline of ${n} runs`);
    return (x - centre) / (sd * Math.sqrt(1 + 1 / n));
}

function judgeRun(summary, history, config = DEFAULT_GATE_CONFIG) {
    const completeness = runCompleteness(summary, history, config.completeFraction);
    const verdicts = [];
    const pending = [];
    const present = new Set();
    for (const m of summary.metrics) {
        const key = metricKey(m.name);
        present.add(key);
        if (!m.class.gate || m.class.direction === 'none' || m.class.kind === 'ignore')
            continue;
        const better = m.class.direction === 'higher' ? 1 : -1;
        const base = { name: m.name, direction: m.class.direction, unit: m.class.unit };
        const broken = brokenLoss(m);
        const aligned = m.loss && !completeness.reached ? (m.loss.finalFrom + m.lastStep) / 2 : null;
        const points = historyPoints(history, key, m.class.kind === 'loss', aligned);
        const values = points.map((p) => p.value).filter(Number.isFinite);
        const current = currentValue(m);
        if (broken) {
            verdicts.push({ ...base, verdict: 'regression', current: Number.isFinite(current) ? current : null, baseline: null, change: null, reason: `${m.name}: ${broken}` });
            continue;
        }
        if (!Number.isFinite(current)) {
            verdicts.push({ ...base, verdict: 'missing', current: null, baseline: null, change: null, reason: `${m.name}: no finite value in this run` });
            continue;
        }
        const baseline = values.length >= config.minRuns
            ? buildBaseline(points, {
                better,
                minEffect: m.class.minEffect,
                shiftAlpha: config.shiftAlpha,
                outlierMads: config.outlierMads,
                priorRuns: config.priorRuns,
                priorCv: config.priorCv[metricFamily(key, m.class).kind],
                noiseFloor: config.noiseFloor,
            })
            : null;
        if (!baseline || !(baseline.sd > 0) || !(baseline.df > 0)) {
            const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
            const change = mean ? (current - mean) / Math.abs(mean) : null;
            const vs = mean === null ? 'no comparable runs yet' : `${formatValue(current)} vs ${formatValue(mean)} over ${values.length} run${values.length === 1 ? '' : 's'}: ${formatChange(change)}`;
            verdicts.push({
                ...base,
                verdict: 'insufficient-history',
                current,
                baseline: mean === null ? null : { centre: mean, band: NaN, runs: values.length, history: values },
                change,
                reason: `${m.name} ${mean === null ? formatValue(current) + ': ' : ''}${vs} (not judged below ${config.minRuns} runs)`,
            });
            continue;
        }
        const scale = baseline.sd * Math.sqrt(1 + 1 / baseline.runs);
        const worse = -better * predictionT(current, baseline.centre, baseline.sd, baseline.runs);
        const minT = (m.class.minEffect * Math.abs(baseline.centre)) / scale;
        const index = verdicts.length;
        verdicts.push({ ...base, verdict: 'pass', current, baseline: null, change: null, reason: '' });
        pending.push({ index, family: metricFamily(key, m.class).id, metric: m, current, baseline, worse, minT, floor: tUpperTail(minT, baseline.df), history: values });
    }
    // One false-alarm budget for the run, split over families before looking at the current values.
    const families = [...new Set(pending.map((p) => p.family))];
    const floors = families.map((f) => Math.max(...pending.filter((p) => p.family === f).map((p) => p.floor)));
    const shares = errorBudget(config.alpha, floors);
    for (const p of pending) {
        const share = shares[families.indexOf(p.family)];
        const statT = share > 0 && share < 1 ? tQuantile(1 - share, p.baseline.df) : Infinity;
        const threshold = share >= p.floor ? p.minT : Math.max(p.minT, statT);
        verdicts[p.index] = decide(p, threshold, tQuantile(1 - config.alpha, p.baseline.df));
    }
    if (!completeness.complete)
        verdicts.push(completenessVerdict(completeness, history.length, config));
    verdicts.push(...missingVerdicts(history, present));
    return {
        experiment: summary.experiment,
        name: summary.name,
        fingerprint: fingerprintKey(summary.fingerprint),
        regression: verdicts.some((v) => v.verdict === 'regression'),
        run: { complete: completeness.complete, steps: completeness.steps, expectedSteps: completeness.expectedSteps, truncated: completeness.truncated },
        metrics: verdicts,
    };
}
/** `realT`: where a change would count as real at the whole budget, to tell "real but small" from noise. */
function decide(p, threshold, realT) {
    const { metric: m, baseline: b, current } = p;
    const scale = b.sd * Math.sqrt(1 + 1 / b.runs);
    const centre = Math.abs(b.centre);
    const change = (current - b.centre) / centre;
    const band = threshold * scale;
    const bandRel = band / centre;
    const better = m.class.direction === 'higher' ? 1 : -1;
    const verdict = p.worse > threshold ? 'regression' : -p.worse > threshold ? 'improvement' : 'pass';
    const head = `${m.name} ${formatValue(current)} vs ${formatValue(b.centre)} ± ${formatValue(b.sd)} over ${b.runs} run${b.runs === 1 ? '' : 's'}: ${formatChange(change)}`;
    let why;
    if (verdict === 'regression')
        why = `worse beyond the noise band (${formatChange(-better * bandRel)})`;
    else if (verdict === 'improvement')
        why = `better beyond the noise band (${formatChange(better * bandRel)})`;
    else if (Math.abs(p.worse) > realT && Math.abs(p.worse) <= p.minT)
        why = `real but below the ${formatChange(m.class.minEffect).slice(1)} minimum effect`;
    else if (threshold === p.minT)
        why = `within the ${formatChange(m.class.minEffect).slice(1)} minimum effect`;
    else
        why = `within the noise band (±${formatChange(bandRel).slice(1)})`;
    return {
        name: m.name,
        verdict,
        direction: m.class.direction,
        unit: m.class.unit,
        current,
        baseline: { centre: b.centre, band, runs: b.runs, history: p.history },
        change,
        reason: `${head}, ${why}${b.note ? ` (${b.note})` : ''}`,
    };
}
/** NaN or infinite loss values, or a divergence: always a regression. */
function brokenLoss(m) {
    if (m.class.kind !== 'loss')
        return null;
    if (m.nan + m.inf > 0) {
        const what = [m.nan ? `${m.nan} NaN` : '', m.inf ? `${m.inf} infinite` : ''].filter(Boolean).join(' and ');
        return `${what} value${m.nan + m.inf === 1 ? '' : 's'}, first at step ${m.firstNonFiniteStep} (always a regression)`;
    }
    const d = m.loss?.divergence;
    if (d)
        return `diverged from step ${d.step} (${formatValue(d.value)} against a best of ${formatValue(d.min)}; always a regression)`;
    return null;
}
function currentValue(m) {
    if (m.class.kind === 'loss')
        return m.loss?.final ?? Number.NaN;
    if (m.steady)
        return m.steady.median;
    return m.count > 0 ? m.last : Number.NaN;
}
/** The metric's value in each comparable run, oldest first; a baseline mark on a run without it carries over. */
function historyPoints(history, key, loss, alignedStep) {
    const points = [];
    let mark = false;
    for (const r of history) {
        mark ||= r.baseline;
        const m = r.metrics[key];
        if (!m)
            continue;
        let value;
        if (loss && alignedStep !== null)
            value = m.samples ? valueAtStep(m.samples, alignedStep) : null;
        else
            value = loss ? m.final : m.centre;
        points.push({ value: typeof value === 'number' ? value : Number.NaN, marked: mark });
        mark = false;
    }
    return points;
}
function completenessVerdict(c, runs, config) {
    const base = { name: 'steps', direction: 'higher', unit: 'count', current: c.steps, change: null };
    const baseline = c.expectedSteps === null ? null : { centre: c.expectedSteps, band: 0, runs, history: [] };
    if (c.reached) {
        return { ...base, baseline, verdict: 'pass', reason: `the file ends inside a row (still being written, or cut off) after step ${c.steps}; all usual steps reached` };
    }
    const where = `stopped at step ${c.steps} of the usual ${formatValue(c.expectedSteps)}${c.truncated ? ', the file ends inside a row' : ''}`;
    if (runs < config.minRuns)
        return { ...base, baseline, verdict: 'insufficient-history', reason: `run ${where} (not judged below ${config.minRuns} runs)` };
    return { ...base, baseline, verdict: config.failOnIncomplete ? 'regression' : 'pass', reason: `run ${where}: incomplete` };
}
/** Judged metrics the latest comparable run had and this run lacks. */
function missingVerdicts(history, present) {
    const last = history[history.length - 1];
    if (!last)
        return [];
    return Object.entries(last.metrics)
        .filter(([key, m]) => !present.has(key) && m.direction !== 'none' && m.kind !== 'ignore' && m.kind !== 'gauge')
        .map(([key, m]) => ({
        name: key,
        verdict: 'missing',
        direction: m.direction,
        unit: m.unit,
        current: null,
        baseline: null,
        change: null,
        reason: `${key}: in the latest recorded run, absent from this one (not a regression; check the column names)`,
    }));
}

/** Loss points kept per run: enough to compare a run that stopped early at the step it reached. */
const LOSS_POINTS = 48;
function recordFromSummary(summary, meta) {
    const metrics = {};
    for (const m of summary.metrics) {
        if (m.class.kind === 'ignore' || m.class.direction === 'none')
            continue;
        const entry = {
            kind: m.class.kind,
            direction: m.class.direction,
            unit: m.class.unit,
            centre: m.steady?.median ?? (m.count > 0 ? m.last : Number.NaN),
            spread: m.steady?.spread ?? Number.NaN,
            n: m.steady?.n ?? 0,
            nonFinite: m.nan + m.inf,
        };
        if (m.loss) {
            entry.final = m.loss.final;
            entry.samples = thin(m.loss.samples, LOSS_POINTS);
        }
        metrics[metricKey(m.name)] = entry;
    }
    return {
        experiment: summary.experiment,
        fingerprint: fingerprintKey(summary.fingerprint),
        run: summary.name,
        recordedAt: meta.recordedAt,
        ref: meta.ref,
        sha: meta.sha,
        runId: meta.runId,
        baseline: meta.baseline,
        steps: Number.isFinite(summary.steps.last) ? summary.steps.last : 0,
        complete: meta.complete,
        metrics,
    };
}
/**
 * Every 2^k-th point, k the smallest that keeps at most `max`, plus the last point: runs of the same length
 * and sampling interval keep the same steps, so their curves stay aligned.
 */
function thin(samples, max) {
    let stride = 1;
    while (Math.ceil(samples.length / stride) > max - 1)
        stride *= 2;
    const out = samples.filter((_, i) => i % stride === 0);
    const last = samples[samples.length - 1];
    if (last && out[out.length - 1] !== last)
        out.push(last);
    return out;
}

/**
 * Baseline policy: which runs are written to the history. Pull requests compare and never write (they
 * would set the level for the code they change). Runs of the default branch and scheduled runs record
 * themselves even when they regress, so the history is the truth and an intended change can be
 * acknowledged (a run marked as a new baseline) instead of leaving the gate stuck on an old level.
 */
function shouldRecord(mode, github) {
    if (mode === 'never')
        return { record: false, reason: 'record is never' };
    if (mode === 'always')
        return { record: true, reason: 'record is always' };
    const type = branchType(github);
    if (type === 'pr')
        return { record: false, reason: 'pull requests are compared, never recorded' };
    if (github.eventName === 'schedule')
        return { record: true, reason: 'scheduled runs are recorded' };
    if (type === 'main')
        return { record: true, reason: `runs of the default branch (${github.defaultBranch}) are recorded` };
    if (!github.eventName)
        return { record: false, reason: 'not in a workflow: use record (or record: always) to write the history' };
    return { record: false, reason: `only default-branch and scheduled runs are recorded (this is ${github.ref || github.eventName})` };
}

/**
 * Read a history file's text, refusing anything it cannot trust: a syntax error, a record of the wrong
 * shape (a hand edit gone wrong), or a format written by a newer version. Every refusal is an InputError
 * naming the line, and the caller never overwrites a file it could not read.
 */
const KINDS = new Set(['loss', 'timer', 'window', 'gauge', 'ignore']);
const DIRECTIONS = new Set(['higher', 'lower', 'none']);
function parseHistory(text, source) {
    if (text.trim() === '')
        return emptyHistory();
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (e) {
        // JSON.parse does not always say where; jsonc-parser in strict mode does.
        const errors = [];
        parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
        const first = errors[0];
        const line = first ? lineAt(text, first.offset) : null;
        const what = first ? printParseErrorCode(first.error) : e.message;
        throw new InputError(source, line, `history is not valid JSON (${what}); fix or restore the file, it is left as it is`);
    }
    const where = locator(text);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new InputError(source, 1, 'history must be an object {"format": 1, "runs": [...]}');
    }
    const obj = data;
    const format = obj.format;
    if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) {
        throw new InputError(source, where(['format']), 'history has no valid "format" number');
    }
    if (format > HISTORY_FORMAT) {
        throw new InputError(source, where(['format']), `history was written in format ${format} by a newer version of training-metrics-gate; this version reads format ${HISTORY_FORMAT}: upgrade it (the file is left as it is)`);
    }
    if (!Array.isArray(obj.runs))
        throw new InputError(source, where(['runs']), 'history has no "runs" list');
    obj.runs.forEach((run, i) => {
        const problem = recordProblem(run);
        if (problem)
            throw new InputError(source, where(['runs', i, ...problem.path]), `run ${i + 1} of the history: ${problem.what}`);
    });
    return { format: HISTORY_FORMAT, runs: obj.runs };
}
function recordProblem(r) {
    if (typeof r !== 'object' || r === null || Array.isArray(r))
        return { path: [], what: 'is not an object' };
    const o = r;
    for (const key of ['experiment', 'fingerprint', 'run', 'recordedAt', 'ref', 'sha', 'runId']) {
        if (typeof o[key] !== 'string')
            return { path: [key], what: `"${key}" must be a string` };
    }
    for (const key of ['baseline', 'complete']) {
        if (typeof o[key] !== 'boolean')
            return { path: [key], what: `"${key}" must be true or false` };
    }
    if (typeof o.steps !== 'number' || !Number.isFinite(o.steps))
        return { path: ['steps'], what: '"steps" must be a number' };
    if (typeof o.metrics !== 'object' || o.metrics === null || Array.isArray(o.metrics))
        return { path: ['metrics'], what: '"metrics" must be an object' };
    for (const [name, m] of Object.entries(o.metrics)) {
        const path = ['metrics', name];
        if (typeof m !== 'object' || m === null)
            return { path, what: `metric "${name}" must be an object` };
        const mm = m;
        if (!KINDS.has(mm.kind))
            return { path: [...path, 'kind'], what: `metric "${name}": unknown kind ${JSON.stringify(mm.kind)}` };
        if (!DIRECTIONS.has(mm.direction))
            return { path: [...path, 'direction'], what: `metric "${name}": unknown direction ${JSON.stringify(mm.direction)}` };
        if (typeof mm.unit !== 'string')
            return { path: [...path, 'unit'], what: `metric "${name}": "unit" must be a string` };
        // null stands for a value JSON cannot hold (NaN): a run whose metric never had a finite value.
        for (const key of ['centre', 'spread', 'n', 'nonFinite']) {
            if (!(typeof mm[key] === 'number' || mm[key] === null))
                return { path: [...path, key], what: `metric "${name}": "${key}" must be a number` };
        }
        if (mm.final !== undefined && !(typeof mm.final === 'number' || mm.final === null))
            return { path: [...path, 'final'], what: `metric "${name}": "final" must be a number` };
        if (mm.samples !== undefined) {
            const ok = Array.isArray(mm.samples) && mm.samples.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'number' && (typeof p[1] === 'number' || p[1] === null));
            if (!ok)
                return { path: [...path, 'samples'], what: `metric "${name}": "samples" must be [step, value] pairs` };
        }
    }
    return null;
}
/** 1-based line of a character offset. */
function lineAt(text, offset) {
    let line = 1;
    for (let i = 0; i < offset && i < text.length; i++)
        if (text.charCodeAt(i) === 10)
            line++;
    return line;
}
/** Line of the deepest node on `path` that exists (JSON is YAML, so the yaml parser gives positions). */
function locator(text) {
    let cached = null;
    return (path) => {
        cached ??= (() => {
            const lines = new distExports.LineCounter();
            return { doc: distExports.parseDocument(text, { lineCounter: lines }), lines };
        })();
        let node = cached.doc.contents;
        let best = node?.range ? cached.lines.linePos(node.range[0]).line : null;
        for (const step of path) {
            let next = null;
            if (typeof step === 'number' && distExports.isSeq(node))
                next = node.items[step] ?? null;
            else if (distExports.isMap(node)) {
                const pair = node.items.find((p) => p.key?.value === step);
                next = pair?.value ?? pair?.key ?? null;
            }
            if (!next)
                break;
            node = next;
            if (node.range)
                best = cached.lines.linePos(node.range[0]).line;
        }
        return best;
    };
}

/** The store could not be reached or written (not the user's input): a network, permission or git failure. */
class HistoryStoreError extends Error {
    name = 'HistoryStoreError';
}

/**
 * History on a data branch of the repository (the gh-pages pattern), written with optimistic
 * concurrency: fetch the branch, append to the file in a new commit whose parent is what was fetched, and
 * push without force. When another job pushed first the push is rejected; fetch again, append again,
 * retry. No record is ever lost and the working tree and index of the checkout are never touched
 * (the commit is built with plumbing and a private index file).
 */
const DEFAULT_HISTORY_PATH = 'training-metrics-history.json';
class GitBranchStore {
    o;
    location;
    remote;
    localRef;
    constructor(o) {
        this.o = o;
        this.location = `git:${o.branch}:${o.path}`;
        this.remote = o.remote ?? 'origin';
        this.localRef = `refs/training-metrics-gate/${o.branch}`;
    }
    async read() {
        const head = await this.fetch();
        return head ? this.load(head) : emptyHistory();
    }
    async append(records, max) {
        const attempts = this.o.attempts ?? 20;
        let last = '';
        for (let attempt = 1; attempt <= attempts; attempt++) {
            const parent = await this.fetch();
            const next = appendRecords(parent ? await this.load(parent) : emptyHistory(), records, max);
            const commit = await this.commit(serializeHistory(next), parent, records);
            try {
                await this.git(['push', '--quiet', '--no-verify', this.remote, `${commit}:refs/heads/${this.o.branch}`]);
                return next;
            }
            catch (e) {
                // Rejected (someone pushed first) or the remote ref was locked by a concurrent push: try again.
                last = e.message;
                await sleep(Math.random() * 100 * Math.min(attempt, 10));
            }
        }
        throw new HistoryStoreError(`could not push the history to ${this.remote} ${this.o.branch} after ${attempts} attempts: ${last}`);
    }
    /** Fetch the branch into a private ref; its commit, or null when the branch does not exist yet. */
    async fetch() {
        const remoteRef = `refs/heads/${this.o.branch}`;
        const listed = await this.git(['ls-remote', this.remote, remoteRef]);
        if (!listed.trim())
            return null;
        await this.git(['fetch', '--quiet', '--no-tags', this.remote, `+${remoteRef}:${this.localRef}`]);
        return (await this.git(['rev-parse', '--verify', `${this.localRef}^{commit}`])).trim();
    }
    async load(commit) {
        let text;
        try {
            text = await this.git(['cat-file', 'blob', `${commit}:${this.o.path}`]);
        }
        catch {
            return emptyHistory(); // the branch exists but holds no history yet
        }
        return parseHistory(text, this.location);
    }
    async commit(text, parent, records) {
        const dir = await mkdtemp(join(tmpdir(), 'tmg-index-'));
        try {
            const env = { GIT_INDEX_FILE: join(dir, 'index') };
            const blob = (await this.git(['hash-object', '-w', '--stdin'], { input: text })).trim();
            await this.git(parent ? ['read-tree', parent] : ['read-tree', '--empty'], { env });
            await this.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${this.o.path}`], { env });
            const tree = (await this.git(['write-tree'], { env })).trim();
            const names = [...new Set(records.map((r) => `${r.experiment}/${r.run}`))].join(', ');
            const message = `Record ${records.length} run${records.length === 1 ? '' : 's'}: ${names}`;
            const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message];
            return (await this.git(args, { env: identity(this.o.env ?? process.env) })).trim();
        }
        finally {
            await rm(dir, { recursive: true, force: true });
        }
    }
    git(args, extra = {}) {
        return new Promise((resolve, reject) => {
            const child = execFile('git', args, { cwd: this.o.cwd, env: { ...(this.o.env ?? process.env), ...extra.env }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
                if (error)
                    reject(new HistoryStoreError(`git ${args[0]} failed: ${String(stderr).trim() || error.message}`));
                else
                    resolve(String(stdout));
            });
            if (extra.input !== undefined)
                child.stdin.end(extra.input);
        });
    }
}
/** Commit identity: the environment's when set, else a neutral one (a CI checkout often has none). */
function identity(env) {
    const name = 'training-metrics-gate';
    const email = 'training-metrics-gate@users.noreply.github.com';
    return {
        GIT_AUTHOR_NAME: env.GIT_AUTHOR_NAME ?? name,
        GIT_AUTHOR_EMAIL: env.GIT_AUTHOR_EMAIL ?? email,
        GIT_COMMITTER_NAME: env.GIT_COMMITTER_NAME ?? name,
        GIT_COMMITTER_EMAIL: env.GIT_COMMITTER_EMAIL ?? email,
    };
}
function sleep(ms) {
    return new Promise((r) => setTimeout(r, ms));
}

/**
 * History in a JSON file. Writes are atomic: the new text goes to a temporary file beside the target,
 * is flushed to disk, then renamed over it, so a process killed at any point leaves the old file or the new
 * one, never half of one. A file that cannot be parsed is never overwritten.
 */
class JsonFileStore {
    location;
    constructor(location) {
        this.location = location;
    }
    async read() {
        let text;
        try {
            text = await readFile(this.location, 'utf8');
        }
        catch (e) {
            const code = e.code;
            if (code === 'ENOENT')
                return emptyHistory();
            throw new InputError(this.location, null, `cannot read the history: ${code ?? String(e)}`);
        }
        return parseHistory(text, this.location);
    }
    async append(records, max) {
        const next = appendRecords(await this.read(), records, max);
        await writeAtomically(this.location, serializeHistory(next));
        return next;
    }
}
/** Write `text` to `path` through a temporary file and a rename (atomic on one file system). */
async function writeAtomically(path, text) {
    const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
    try {
        const handle = await open(temp, 'w');
        try {
            await handle.writeFile(text, 'utf8');
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        await rename(temp, path);
    }
    catch (e) {
        await unlink(temp).catch(() => undefined);
        throw new HistoryStoreError(`cannot write the history ${path}: ${e.code ?? String(e)}`);
    }
}

/** The history store named by the `history` input / `--history` flag. */
/**
 * `path/to/history.json` → a JSON file; `git:<branch>[:<path>]` → a data branch of the repository in `cwd`
 * (default path `training-metrics-history.json`), pushed to `origin`.
 */
function openHistory(spec, options = {}) {
    if (spec.startsWith('git:')) {
        const rest = spec.slice(4);
        const i = rest.indexOf(':');
        const branch = i < 0 ? rest : rest.slice(0, i);
        const path = i < 0 ? DEFAULT_HISTORY_PATH : rest.slice(i + 1);
        if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.startsWith('-') || branch.includes('..')) {
            throw new InputError('history', null, `"${spec}": the branch name "${branch}" is not valid (git:<branch>[:<path>])`);
        }
        if (!path || path.startsWith('/') || path.split('/').includes('..')) {
            throw new InputError('history', null, `"${spec}": the path "${path}" must be relative, inside the branch`);
        }
        return new GitBranchStore({ cwd: options.cwd ?? process.cwd(), branch, path, remote: options.remote, env: options.env });
    }
    return new JsonFileStore(spec);
}

/**
 * The gate against the stored history (read once), and recording per the baseline policy.
 * A run with bad input never touches the history.
 */
/** Judge every run against its comparable runs; null when the history cannot be read (already reported). */
async function gateRuns(stage, location) {
    const { options, result, io } = stage;
    try {
        const config = gateConfig(stage.config.sections.gate, stage.config.source ?? 'config');
        const store = openHistory(location);
        const history = await store.read();
        if (options.command !== 'record') {
            result.gate = result.summaries.map((s) => judgeRun(s, comparableRuns(history, s.experiment, fingerprintKey(s.fingerprint)), config));
            for (const g of result.gate)
                for (const m of g.metrics)
                    io.info(`${g.experiment}: ${m.verdict} — ${m.reason}`);
        }
        return { store, history, config };
    }
    catch (e) {
        stage.fail(e instanceof InputError ? e : new InputError(location, null, `history cannot be read: ${e.message.split('\n')[0]}`));
        return null;
    }
}
async function recordRuns(stage, { store, history, config }) {
    const { options, result, io } = stage;
    const policy = shouldRecord(options.record, options.github);
    if (!policy.record)
        return io.info(`history: not recorded (${policy.reason})`);
    if (result.errors.length)
        return stage.warn('history: not recorded, because some input was bad');
    if (!result.summaries.length)
        return;
    try {
        const recordedAt = new Date().toISOString();
        const records = result.summaries.map((s, i) => {
            const c = runCompleteness(s, comparableRuns(history, s.experiment, fingerprintKey(s.fingerprint)), config.completeFraction);
            const { ref, sha, runId } = options.github;
            return recordFromSummary(s, { recordedAt, ref, sha, runId, baseline: options.newBaseline && i === 0, complete: c.complete });
        });
        await store.append(records, options.historyMax);
        io.info(`history: recorded ${records.length} run(s) in ${store.location} (${policy.reason})`);
    }
    catch (e) {
        if (e instanceof InputError)
            stage.fail(e);
        else
            stage.warn(`history: could not record in ${store.location}: ${e.message}`);
    }
}

export { gateRuns, recordRuns };
