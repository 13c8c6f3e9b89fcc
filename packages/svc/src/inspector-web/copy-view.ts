// "Copy as" for the last act, the whole session, or the recording: the execution JSON, the `svc` command line, the
// MCP tool call, or a skill draft (the files `svc skills new` writes, with the acts as the recipe). The server
// writes each form; the recording can also be saved as a skill in the server's skills registry.

import { showResult } from './acts.ts';
import { post } from './api.ts';
import { byId, el } from './dom.ts';
import { executionOf } from './execution.ts';
import { store } from './store.ts';
import type { Action } from './types.ts';

type Form = 'json' | 'cli' | 'mcp' | 'skill';

const scope = byId<HTMLSelectElement>('copy-scope');
const output = byId<HTMLPreElement>('copy-output');
const skillId = byId<HTMLInputElement>('skill-id');
const recordButton = byId<HTMLButtonElement>('record');
const recordCount = byId('record-count');
let form: Form = 'json';

function actionsInScope(): Action[] {
  const done = store.acts.filter((a) => a.ok).map((a) => a.action);
  if (scope.value === 'recording') return [...store.recorded];
  if (scope.value === 'session') return done.slice(-50);
  return done.slice(-1);
}

function defaultSkillId(actions: Action[]): string {
  const app = actions.find((a) => a.type === 'open_app')?.params?.applicationId;
  return `${typeof app === 'string' ? app : 'com.example'}.recorded`;
}

export async function showForm(next: Form = form): Promise<void> {
  form = next;
  for (const button of document.querySelectorAll<HTMLElement>('[data-form]')) {
    button.classList.toggle('chosen', button.dataset.form === form);
  }
  const actions = actionsInScope();
  if (actions.length === 0) {
    output.textContent = 'No successful act in this scope yet.';
    return;
  }
  const execution = executionOf(actions, scope.value);
  if (form === 'skill') {
    if (skillId.value.trim() === '') skillId.value = defaultSkillId(actions);
    const answer = await post<{ files: { path: string; text: string }[] }>('/inspector/api/skill-draft', {
      execution,
      skillId: skillId.value.trim(),
    });
    output.textContent = answer.ok
      ? answer.files.map((file) => `── ${skillId.value.trim()}/${file.path}\n${file.text}`).join('\n')
      : `${answer.error.code}: ${answer.error.message}`;
    return;
  }
  // The device the screen came from: the copy names it when several are connected.
  const deviceId = store.screen?.deviceId ?? store.target.deviceId;
  const answer = await post<{ forms: Record<'json' | 'cli' | 'mcp', string> }>('/inspector/api/copy', {
    execution,
    ...(deviceId === undefined ? {} : { deviceId }),
  });
  output.textContent = answer.ok ? answer.forms[form] : `${answer.error.code}: ${answer.error.message}`;
}

async function saveSkill(): Promise<void> {
  const actions = [...store.recorded];
  if (actions.length === 0) return showResult('save skill', { ok: false, text: 'Record some acts first.' });
  if (skillId.value.trim() === '') skillId.value = defaultSkillId(actions);
  const answer = await post<{ files: string[] }>('/inspector/api/skills', {
    execution: executionOf(actions, 'recording'),
    skillId: skillId.value.trim(),
  });
  showResult(
    'save skill',
    answer.ok
      ? { ok: true, text: `wrote ${answer.files.join(', ')}` }
      : { ok: false, text: `${answer.error.code}: ${answer.error.message}`, hint: answer.error.hint },
  );
}

/** Copies what the box shows and says so on the button for a moment. */
async function copyToClipboard(): Promise<void> {
  const button = byId('copy-clipboard');
  let said = 'Copied ✓';
  try {
    await navigator.clipboard.writeText(output.textContent ?? '');
  } catch {
    said = 'Select and copy';
  }
  button.textContent = said;
  setTimeout(() => {
    button.textContent = 'Copy';
  }, 1500);
}

export function toggleRecording(): void {
  store.setRecording(!store.recording);
  if (store.recording) scope.value = 'recording';
}

export function mountCopyView(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-form]')) {
    button.addEventListener('click', () => void showForm(button.dataset.form as Form));
  }
  scope.addEventListener('change', () => void showForm());
  byId('copy-clipboard').addEventListener('click', () => void copyToClipboard());
  byId('skill-save').addEventListener('click', () => void saveSkill());
  recordButton.addEventListener('click', toggleRecording);
  store.on('acts', () => {
    recordButton.classList.toggle('on', store.recording);
    recordButton.textContent = store.recording ? '■ Stop' : '● Record';
    recordCount.textContent = `${store.recorded.length} recorded`;
    scope.options.namedItem('session')?.replaceChildren(`Whole session (${store.acts.filter((a) => a.ok).length})`);
    scope.options.namedItem('recording')?.replaceChildren(`Recording (${store.recorded.length})`);
    void showForm();
  });
  output.append(el('span', { class: 'hint', text: 'Act on the device, then copy what you did.' }));
}
