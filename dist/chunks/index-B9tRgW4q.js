/*
 * Copyright The OpenTelemetry Authors
 * SPDX-License-Identifier: Apache-2.0
 */
const TraceExporterMetricsHelper = {
    name: 'span',
    countItems: (request) => request.length,
};

export { TraceExporterMetricsHelper as T };
