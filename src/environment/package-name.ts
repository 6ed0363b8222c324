/**
 * A Python package's name as PEP 503 normalises it: lowercase, every run of `-`, `_` and `.` one `-`
 * (`Torch_Vision` → `torch-vision`, `ruamel.yaml` → `ruamel-yaml`), so pip's and
 * conda's spellings of one package are one field.
 */
export function packageName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[-_.]+/g, '-');
}
