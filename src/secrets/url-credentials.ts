/** `https://user:token@host/…` → `https://***@host/…` (a git remote or a sink URL with credentials in it). */
export function redactUrlCredentials(text: string): string {
  // Bounded repeats keep this linear: an unbounded scheme run backtracks from every letter of a long word
  // that never reaches `://` (a megabyte of `m.m.m…` in a file name took minutes).
  return text.replace(/\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/?#@'"]{1,4096}@/gi, '$1***@');
}
