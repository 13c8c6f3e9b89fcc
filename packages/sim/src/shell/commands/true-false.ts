// `true` and `false`: exit statuses only.
import type { ShellCommand } from '../../device/types.ts';

export const trueCommand: ShellCommand = async () => 0;
export const falseCommand: ShellCommand = async () => 1;
