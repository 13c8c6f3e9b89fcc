// "Copy as": one validated execution written for the other surfaces: the execution JSON, the `svc` command line
// (the flat command when one action has one, else `svc exec`), and the MCP tool call (the flat tool, else
// `execute`). Each flat form builds the same action back (test/inspector-copy-as.test.ts runs the command lines with
// --dry-run and compares).
import { quoteShellArg } from '../../contracts/dispatch.ts';
import type { Action, Execution, NodeMatcher } from '../../contracts/types.ts';

export interface CopyForms {
  json: string;
  cli: string;
  mcp: string;
}

type Params = Record<string, unknown>;

const SELECTOR_FLAG: Record<keyof NodeMatcher, string> = {
  resourceId: 'id',
  textEquals: 'text',
  textContains: 'text-contains',
  contentDescEquals: 'desc',
  contentDescContains: 'desc-contains',
  role: 'role',
  ref: 'ref',
};

/** `svc` words are safe as they are; anything else is single-quoted for a POSIX shell. */
function word(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : quoteShellArg(value);
}

function selectorFlags(matcher: NodeMatcher, prefix = '', without?: keyof NodeMatcher): string[] {
  if (without !== undefined && matcher[without] !== undefined) {
    return [`--${prefix === '' ? 'selector' : 'container-selector'}`, word(JSON.stringify(matcher))];
  }
  const out: string[] = [];
  for (const [field, value] of Object.entries(matcher)) {
    out.push(`--${prefix}${SELECTOR_FLAG[field as keyof NodeMatcher]}`, word(String(value)));
  }
  return out;
}

const container = (p: Params) =>
  p.container === undefined ? [] : selectorFlags(p.container as NodeMatcher, 'container-');

/** The flat command for one action, or undefined when only `svc exec` says it exactly. */
function flatCommand(action: Action, timeoutMs: number): string[] | undefined {
  const p = (action.params ?? {}) as Params;
  const keys = Object.keys(p);
  const only = (...allowed: string[]) => keys.every((key) => allowed.includes(key));
  const timeout = timeoutMs === 30_000 ? [] : ['--timeout', String(timeoutMs)];
  const clickType = p.clickType === 'long_click' ? ['--long'] : p.clickType === 'focus' ? ['--focus'] : [];
  switch (action.type) {
    case 'open_app':
      return ['open', word(String(p.applicationId)), ...timeout];
    case 'press_key':
      return ['press', word(String(p.key).toLowerCase()), ...timeout];
    case 'click': {
      if (!only('matcher', 'coordinate', 'clickType')) return undefined;
      const coordinate = p.coordinate as { x: number; y: number } | undefined;
      const target = coordinate
        ? ['--coordinate', String(coordinate.x), String(coordinate.y)]
        : selectorFlags(p.matcher as NodeMatcher);
      return ['click', ...target, ...clickType, ...timeout];
    }
    case 'enter_text':
      if (!only('matcher', 'text', 'submit', 'clear')) return undefined;
      return [
        'type',
        ...selectorFlags(p.matcher as NodeMatcher, '', 'textEquals'),
        '--text',
        word(String(p.text)),
        ...(p.submit === true ? ['--submit'] : []),
        ...timeout,
      ];
    case 'read_text':
      if (!only('matcher', 'container', 'all')) return undefined;
      return [
        'read',
        ...selectorFlags(p.matcher as NodeMatcher),
        ...container(p),
        ...(p.all ? ['--all'] : []),
        ...timeout,
      ];
    case 'scroll':
      if (!only('direction', 'container')) return undefined;
      return ['scroll', String(p.direction ?? 'down'), ...container(p), ...timeout];
    default:
      return undefined;
  }
}

/** The flat MCP tool for one action, or undefined. */
function flatTool(action: Action): { name: string; arguments: Params } | undefined {
  const p = (action.params ?? {}) as Params;
  const pick = (...keys: string[]) => Object.fromEntries(keys.filter((k) => p[k] !== undefined).map((k) => [k, p[k]]));
  switch (action.type) {
    case 'open_app':
      return { name: 'open', arguments: { target: p.applicationId } };
    case 'press_key':
      return { name: 'press-key', arguments: { key: p.key } };
    case 'click':
      return { name: 'click', arguments: { ...renamed(p, 'matcher', 'selector'), ...pick('coordinate', 'clickType') } };
    case 'enter_text':
      return { name: 'type', arguments: { ...renamed(p, 'matcher', 'selector'), ...pick('text', 'submit') } };
    case 'read_text':
      return { name: 'read', arguments: { ...renamed(p, 'matcher', 'selector'), ...pick('container', 'all') } };
    case 'scroll':
      return { name: 'scroll', arguments: pick('direction', 'container') };
    default:
      return undefined;
  }
}

function renamed(p: Params, from: string, to: string): Params {
  return p[from] === undefined ? {} : { [to]: p[from] };
}

/**
 * The forms of `execution`. `deviceId` names the device when the copy must say which (several are connected: the
 * command and the call would otherwise stop at MULTIPLE_DEVICES_DEVICE_ID_REQUIRED).
 */
export function copyForms(execution: Execution, deviceId?: string): CopyForms {
  const [action] = execution.actions;
  const single = execution.actions.length === 1 && action !== undefined;
  const flat = single ? flatCommand(action, execution.timeoutMs) : undefined;
  const device = deviceId === undefined ? [] : ['--device', word(deviceId)];
  const cli = flat ? ['svc', ...flat, ...device] : ['svc', 'exec', quoteShellArg(JSON.stringify(execution)), ...device];
  const tool = single ? flatTool(action) : undefined;
  if (tool !== undefined && execution.timeoutMs !== 30_000) tool.arguments.timeoutMs = execution.timeoutMs;
  const mcp = tool ?? { name: 'execute', arguments: { execution } };
  if (deviceId !== undefined) mcp.arguments.deviceId = deviceId;
  return { json: JSON.stringify(execution, null, 2), cli: cli.join(' '), mcp: JSON.stringify(mcp, null, 2) };
}
