/**
 * The YAML config file's text → each stage's section (see index.ts for the shape). The file is parsed once;
 * the summary settings and the classification rules are checked here, the gate's and the prices' too but
 * their problems wait for the stage that uses them (section.ts).
 */
import { isMap, isScalar, type Node } from 'yaml';
import type { ClassRule } from '../classify/index.js';
import { InputError } from '../model.js';
import { DEFAULT_SUMMARY_SETTINGS, type SummarySettings } from '../summarize/settings.js';
import { parseRules } from './classification.js';
import { parseGateConfig } from './gate.js';
import { gpuPriceSettings } from './gpu-prices.js';
import type { Config, ConfigInputs } from './index.js';
import { checkSection } from './section.js';
import { summarySetting, summarySettingValue } from './summary.js';
import { parseLinedYaml } from './yaml-lines.js';
import { plainRecord } from '../own-keys.js';

export function parseConfig(text: string, source: string, inputs: ConfigInputs = {}): Config {
  const { doc, lineOf } = parseLinedYaml(text, source);
  const summary: SummarySettings = { ...DEFAULT_SUMMARY_SETTINGS };
  let rules: ClassRule[] = [];
  // The sections other stages own, as plain data; other top-level keys are left alone.
  const sections = plainRecord<unknown>();
  if (doc.contents !== null && !isMap(doc.contents))
    throw new InputError(source, lineOf(doc.contents), 'the config must be a mapping of settings');

  for (const pair of isMap(doc.contents) ? doc.contents.items : []) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const value = pair.value as Node | null;
    const setting = summarySetting(key);
    if (setting) summary[setting] = summarySettingValue(key, setting, value, source, lineOf);
    else if (key === 'metrics') rules = parseRules(value, source, lineOf);
    else sections[key] = value && 'toJSON' in value ? (value as { toJSON(): unknown }).toJSON() : null;
  }
  return {
    source,
    rules,
    summary,
    gate: checkSection(() => parseGateConfig(sections.gate, source)),
    ...gpuPriceSettings(inputs.gpuPrice ?? null, sections.gpu_price, source),
  };
}
