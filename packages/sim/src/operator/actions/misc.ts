// sleep, press_key, start/stop_recording and the doctor's internal doctor_ping.
import type { ActionHandler } from '../context.ts';
import { optString, reqString } from '../params.ts';
import { invalidParams, StepError } from '../step-error.ts';
import { svcKeyCode } from '../svc-keys.ts';

export const sleepAction: ActionHandler = {
  service: 'none',
  interacts: false,
  retry: 'None',
  async run(params, ctx) {
    const ms = params.durationMs;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 120000) {
      throw invalidParams('params.durationMs must be a number from 0 to 120000');
    }
    await ctx.sleep(ms);
    return { duration_ms: String(ms) };
  },
};

export const pressKey: ActionHandler = {
  service: 'ui',
  interacts: true,
  retry: 'None',
  async run(params, ctx) {
    const key = reqString(params, 'key').toLowerCase();
    const perform = { back: () => ctx.ui.back(), home: () => ctx.ui.home(), recents: () => ctx.ui.recents() }[key];
    if (perform) {
      if (!perform()) throw new StepError('GLOBAL_ACTION_FAILED', `the system declined the ${key} action`);
      return { key };
    }
    // svc's own keys beyond the three (svc-keys.ts).
    const code = svcKeyCode(key);
    if (code === undefined) throw invalidParams(`unsupported key "${key}" (back, home, recents, enter, tab, ...)`);
    ctx.ui.keyevent(String(code));
    return { key };
  },
};

function sessionId(params: Record<string, unknown>): string | undefined {
  const id = optString(params, 'sessionId');
  if (id !== undefined && id.trim() === '') throw invalidParams('params.sessionId must be non-blank');
  return id;
}

export const startRecording: ActionHandler = {
  service: 'none',
  interacts: false,
  retry: 'None',
  async run(params, ctx) {
    const id = sessionId(params) ?? `rec-${ctx.commandId}`;
    if (ctx.state.recordingSession !== undefined) {
      throw new StepError('RECORDING_ALREADY_IN_PROGRESS', `recording ${ctx.state.recordingSession} is in progress`);
    }
    ctx.state.recordingSession = id;
    return { session_id: id, recording: 'true' };
  },
};

export const stopRecording: ActionHandler = {
  service: 'none',
  interacts: false,
  retry: 'None',
  async run(params, ctx) {
    const id = sessionId(params);
    const current = ctx.state.recordingSession;
    if (current === undefined || (id !== undefined && id !== current)) {
      throw new StepError(
        'RECORDING_NOT_IN_PROGRESS',
        id ? `no recording ${id} in progress` : 'no recording in progress',
      );
    }
    ctx.state.recordingSession = undefined;
    return { session_id: current, recording: 'false' };
  },
};

export const doctorPing: ActionHandler = {
  service: 'ui',
  interacts: false,
  retry: 'None',
  async run(_params, ctx) {
    const global = ctx.device.settings.global;
    return {
      accessibility_service: 'running',
      developer_options_enabled: String(global.get('development_settings_enabled') === '1'),
      usb_debugging_enabled: String(global.get('adb_enabled') === '1'),
    };
  },
};
