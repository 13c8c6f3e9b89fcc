// set_on_screen_log / clear_on_screen_log on the svc variant: the on-screen log panel of the app's later builds
// (OnScreenLogPanelController.kt; docs/api/on-screen-logs.md of clawperator/clawperator after 0.9.2), whose action
// names are matched in lower case exactly. The 0.5.x parser has no such type (AgentCommandParser.kt:251 @ v0.5.2:
// `unsupported action type`), so the Clawperator variant never calls this.
import type { JsonElement, JsonObject } from './json-element.ts';
import type { UiAction } from './model.ts';

function plain(e: JsonElement): unknown {
  if (e.kind === 'array') return e.items.map(plain);
  if (e.kind === 'object') return Object.fromEntries([...e.entries].map(([k, v]) => [k, plain(v)]));
  if (e.isString) return e.content;
  return JSON.parse(e.content) as unknown;
}

export function parseOnScreenLog(id: string, type: string, params: JsonObject): UiAction | undefined {
  if (type !== 'set_on_screen_log' && type !== 'clear_on_screen_log') return undefined;
  return {
    id,
    type: 'OnScreenLog',
    set: type === 'set_on_screen_log',
    params: plain(params) as Record<string, unknown>,
  };
}
