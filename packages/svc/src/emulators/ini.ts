// Android's AVD .ini files: `key=value` lines, `#` comments, no sections. Parsing never throws: a line that is
// not `key=value` is reported so the caller can say which file is malformed, rather than crash.

export interface IniParse {
  values: Map<string, string>;
  badLines: number[];
}

export function parseIni(text: string): IniParse {
  const values = new Map<string, string>();
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const eq = line.indexOf('=');
    if (eq <= 0) {
      badLines.push(index + 1);
      return;
    }
    values.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  });
  return { values, badLines };
}
