/** The tool's version, as `--version` says it and telemetry names it (service.version, the scope's version). */
export const TOOL_VERSION = '0.1.0';
