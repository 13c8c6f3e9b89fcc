// The framed result a skill script prints (SPEC 4.2): a line holding `[svc-Skill-Result]`, with the JSON object
// after the marker on the same line or alone on the next line. When a script prints several frames the last wins:
// it is the script's final word.

export const SKILL_RESULT_MARKER = '[svc-Skill-Result]';

export type FrameParse =
  | { found: false }
  | { found: true; ok: true; skillResult: Record<string, unknown> }
  | { found: true; ok: false; reason: string };

export function parseSkillResultFrame(stdout: string): FrameParse {
  const lines = stdout.split(/\r?\n/);
  const markerLine = lines.findLastIndex((line) => line.includes(SKILL_RESULT_MARKER));
  if (markerLine < 0) return { found: false };
  const line = lines[markerLine] as string;
  const sameLine = line.slice(line.indexOf(SKILL_RESULT_MARKER) + SKILL_RESULT_MARKER.length).trim();
  const json = sameLine !== '' ? sameLine : (lines[markerLine + 1] ?? '').trim();
  if (json === '') return { found: true, ok: false, reason: 'no JSON after the result marker' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { found: true, ok: false, reason: `invalid JSON after the result marker: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { found: true, ok: false, reason: 'the framed result must be a JSON object' };
  }
  return { found: true, ok: true, skillResult: value as Record<string, unknown> };
}
