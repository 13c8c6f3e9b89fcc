// Failures that end a whole execution, as the published operator has them, and how svc names them. An action that
// throws (after its retries) stops the execution: no later action runs (UiActionEngine.kt:32-35,
// TaskRunnerDefault.kt:31-37, AgentCommandExecutorDefault.kt:71-83 @ v0.5.2). The app then answers `failed`, no
// steps, error `Task execution failed: <the exception's message>`, and no code. svc keeps the steps that ran before
// it and names the failed step (both drivers), with the envelope code ACTION_FAILED (the code later builds of the app
// give the same case) and a step code read from the message (the messages of docs/published-operator.md 3.6).

export const FATAL_FAILURE_CODE = 'ACTION_FAILED';
export const FATAL_ERROR_PREFIX = 'Task execution failed: ';
/** The operator's own deadline (AgentCommandExecutorDefault.kt:92-105): no code in 0.5.x. */
export const OPERATOR_TIMEOUT_TEXT = /^Agent command timed out after (\d+)ms$/;

const STEP_CODES: readonly (readonly [RegExp, string])[] = [
  [/^No app found with applicationId=/, 'APP_NOT_FOUND'],
  [/^URI_NOT_HANDLED\b/, 'URI_NOT_HANDLED'],
  [/^No UI node found matching criteria\b/, 'NODE_NOT_FOUND'],
  [/^Timeout waiting for node matching\b/, 'NODE_NOT_FOUND'],
  [/^Target node not found after scrolling\b/, 'NODE_NOT_FOUND'],
  [/^Click (?:on matching UI node|at coordinate).* failed/, 'GESTURE_FAILED'],
  [/^Scrollable container not found\b/, 'CONTAINER_NOT_SCROLLABLE'],
  [/^(?:No scrollable container visible|Container not found)\b/, 'CONTAINER_NOT_FOUND'],
  [/^Failed to set text\b/, 'TEXT_ENTRY_FAILED'],
  [/^Matching UI node has no text content\b/, 'NODE_TEXT_EMPTY'],
  [/^SNAPSHOT_HIERARCHY_UNAVAILABLE\b/, 'SNAPSHOT_HIERARCHY_UNAVAILABLE'],
  [/^UI tree not available\b/, 'UI_TREE_UNAVAILABLE'],
  [/is not running - cannot execute press_key/, 'SERVICE_UNAVAILABLE'],
];

/** The step code of a fatal failure's message; ACTION_FAILED when the message is none svc knows. */
export function fatalStepCode(message: string): string {
  return STEP_CODES.find(([pattern]) => pattern.test(message))?.[1] ?? FATAL_FAILURE_CODE;
}
