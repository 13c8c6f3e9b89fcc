// Capturing the screen: one execution (snapshot + screenshot) on the server per refresh. The selection survives a
// refresh when the new screen has the same node at the same place (after a read, or a tap that changed nothing).
import { post, targetFields } from './api.ts';
import { byId } from './dom.ts';
import { store } from './store.ts';
import type { PageNode, Problem, Screen } from './types.ts';

const status = byId('status');
const autoRefresh = byId<HTMLInputElement>('auto-refresh');

/** The "auto" box: capture again after each act and when another client acts on the device. */
export function autoRefreshOn(): boolean {
  return autoRefresh.checked;
}

/** The same node on a new screen; a text field stays the same node when only its text changed (it was typed into). */
function sameNode(a: PageNode | undefined, b: PageNode | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const keys = ['class', 'resource-id', 'content-desc', 'bounds'];
  if (!(a.role === 'textfield' && b.role === 'textfield')) keys.push('text');
  return keys.every((key) => a.attributes[key] === b.attributes[key]);
}

function fail(problem: Problem): void {
  status.textContent = problem.text;
  status.title = [problem.text, problem.hint].filter(Boolean).join('\n');
  status.className = 'bad';
  store.emit('problem', problem);
}

let inFlight: Promise<void> | undefined;
let again = false;

/** Captures the screen; a call while one runs makes one more capture after it, never two at once. */
export function refresh(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  inFlight = capture().finally(() => {
    inFlight = undefined;
    if (again) {
      again = false;
      void refresh();
    }
  });
  return inFlight;
}

async function capture(): Promise<void> {
  store.emit('busy', 'capturing the screen…');
  const started = performance.now();
  const answer = await post<{ screen: Screen | null; problem?: string }>(
    '/inspector/api/screen',
    targetFields(store.target),
  );
  store.emit('busy', null);
  if (!answer.ok) {
    const { code, message, hint } = answer.error;
    return fail({ text: `Could not capture the screen: ${code}: ${message}`, hint });
  }
  if (answer.screen === null) {
    return fail({ text: `The device answered without a snapshot: ${answer.problem ?? 'unknown reason'}` });
  }
  const before = store.selected === null ? undefined : store.screen?.nodes[store.selected];
  const screen = answer.screen;
  const drawn = performance.now();
  store.setScreen(screen);
  // What building the views cost (read by bench/inspector.ts).
  performance.measure('svc-inspector:draw', { start: drawn });
  const ms = Math.round(performance.now() - started);
  status.className = '';
  status.textContent = `${screen.deviceId} · ${screen.nodes.length} nodes · driver ${screen.driver} · ${ms} ms`;
  status.title = '';
  store.emit('problem', null);
  const kept = before === undefined ? undefined : screen.nodes[before.order];
  store.select(sameNode(before, kept) && kept ? kept.order : null);
}
