// The corpus of real device outputs other than dumps (test/fixtures/real-dumpsys/): `dumpsys input_method`,
// `dumpsys display`, `wm size`, and the error texts of `input`, `uiautomator dump`, `am start`, `ime set` and `cmd`,
// each with where it was published in sources.json (an issue thread, or where a file was found) and what was left out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REAL_DUMPSYS = join(import.meta.dirname, 'fixtures', 'real-dumpsys');

export interface CaptureSource {
  file: string;
  /** The device command that printed it. */
  command: string;
  /** The issue or pull request thread that quotes it; null when the file was found without its repository. */
  url: string | null;
  repository: string | null;
  /** Where it was found, when there is no thread to cite. */
  where?: string;
  device: string;
  /** What was left out of the published text, if anything (every line kept is verbatim). */
  trimmed: string | null;
}

export const CAPTURE_SOURCES: CaptureSource[] = JSON.parse(readFileSync(join(REAL_DUMPSYS, 'sources.json'), 'utf8'));

export const capture = (file: string) => readFileSync(join(REAL_DUMPSYS, file), 'utf8');

/** What `… | grep <mark>` keeps of a capture: the lines that contain the mark (grep's own reading, no regex). */
export const grepLines = (text: string, mark: string) =>
  text
    .split('\n')
    .filter((line) => line.includes(mark))
    .join('\n');
