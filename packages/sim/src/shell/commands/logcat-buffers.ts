// Which log buffers a `logcat -b ...` reads. Without -b (or with `default`) logcat reads main, system and crash
// (AOSP system/logging/logcat/logcat.cpp: the default buffer mask); `all` reads every buffer. The simulator's
// entries live in main, system, crash or events; radio, kernel, security and stats stay empty.
const DEFAULT = ['main', 'system', 'crash'];
const EVERY = ['main', 'system', 'crash', 'events'];

export function selectedBuffers(asked: readonly string[]): ReadonlySet<string> {
  if (asked.length === 0) return new Set(DEFAULT);
  const chosen = new Set<string>();
  for (const name of asked) {
    const names = name === 'all' ? EVERY : name === 'default' ? DEFAULT : [name];
    for (const n of names) if (EVERY.includes(n)) chosen.add(n);
  }
  return chosen;
}
