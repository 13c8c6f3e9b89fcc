// The data keys each action of the published operator can report (success and failure), from UiActionEngine.kt
// and RecordingManager.kt @ v0.5.2 (docs/published-operator.md 3.6). Used only to read a step's logged data back;
// a type the published app lacks (an svc extension, run by svc's own operator alone) needs no entry: any key is read.
export const STEP_DATA_KEYS: Readonly<Record<string, readonly string[]>> = {
  open_app: ['application_id'],
  open_uri: ['uri'],
  close_app: ['application_id', 'error', 'message'],
  start_recording: ['sessionId', 'filePath', 'error', 'message'],
  stop_recording: ['sessionId', 'filePath', 'eventCount', 'error', 'message'],
  wait_for_node: ['resource_id', 'label', 'timeout_ms'],
  click: ['coordinate', 'click_types'],
  scroll_and_click: ['max_swipes', 'direction', 'click_types', 'click_after'],
  scroll: ['scroll_outcome', 'direction', 'distance_ratio', 'settle_delay_ms', 'resolved_container', 'error'],
  scroll_until: [
    'termination_reason',
    'scrolls_executed',
    'direction',
    'click_after',
    'click_types',
    'resolved_container',
    'error',
  ],
  read_text: ['text', 'all', 'count', 'validator', 'container', 'error', 'raw_text', 'message'],
  read_key_value_pair: ['label', 'value', 'error'],
  enter_text: ['text', 'submit'],
  snapshot_ui: ['actual_format', 'foreground_package', 'has_overlay', 'overlay_package', 'window_count'],
  take_screenshot: ['error', 'message'],
  sleep: ['duration_ms'],
  press_key: ['key', 'error'],
  wait_for_navigation: ['resolved_package', 'elapsed_ms', 'error', 'last_package'],
};
