// The server's execution events (GET /events, SSE) for this device. An execution someone else ran on it (an agent,
// the CLI through this server) changes the screen, so it triggers a capture; observations (snapshots, screenshots,
// reads) and this page's own acts do not.
import { byId, el } from './dom.ts';
import { ownCommands } from './execution.ts';
import { store } from './store.ts';
import type { Execution, RunResult } from './types.ts';

const log = byId('log');
const MAX_LINES = 200;
const OBSERVING = new Set(['snapshot_ui', 'take_screenshot', 'read_text', 'read_key_value_pair', 'wait_for_node']);

interface ExecutionEvent {
  deviceId: string | null;
  input: Partial<Execution> | null;
  result: RunResult;
}

/** An inspector's own capture of the screen (a snapshot and a screenshot): logged, but quietly. */
function isCapture(input: Partial<Execution>): boolean {
  const types = (input.actions ?? []).map((a) => a.type).join(',');
  return input.source === 'svc-inspector' && types === 'snapshot_ui,take_screenshot';
}

function line(event: ExecutionEvent): HTMLElement {
  const input = event.input ?? {};
  const capture = isCapture(input);
  const types = capture ? 'screen capture' : (input.actions ?? []).map((a) => a.type).join(', ') || '?';
  const r = event.result;
  const verdict = !r.ok ? `✗ ${r.error.code}` : r.succeeded ? '✓' : `✗ ${r.failedCode ?? 'failed'}`;
  const ok = r.ok && r.succeeded;
  return el(
    'li',
    { class: `${ok ? 'good' : 'bad'}${capture && ok ? ' capture' : ''}` },
    el('time', { text: new Date().toLocaleTimeString() }),
    el('span', { class: 'verdict', text: ` ${verdict} ` }),
    el('span', { text: types }),
    el('span', {
      class: 'dim',
      text: ` ${input.source ?? ''} ${input.commandId ?? ''}${r.ok ? ` · ${r.driver}` : ''}`,
    }),
  );
}

export function mountLogView(onForeignChange: () => void): void {
  const source = new EventSource('/events');
  const state = byId('log-state');
  source.addEventListener('open', () => {
    state.textContent = 'live';
  });
  source.addEventListener('error', () => {
    state.textContent = 'reconnecting…';
  });
  source.addEventListener('svc:execution', (message) => {
    const event = JSON.parse((message as MessageEvent<string>).data) as ExecutionEvent;
    const device = store.screen?.deviceId ?? store.target.deviceId;
    if (device !== undefined && event.deviceId !== null && event.deviceId !== device) return;
    log.prepend(line(event));
    while (log.childElementCount > MAX_LINES) log.lastElementChild?.remove();
    const actions = event.input?.actions ?? [];
    const changes = actions.some((a) => !OBSERVING.has(a.type));
    const own = ownCommands.has(event.input?.commandId ?? '');
    if (changes && !own && event.result.ok) onForeignChange();
  });
}
