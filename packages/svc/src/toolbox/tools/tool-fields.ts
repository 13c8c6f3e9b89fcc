// Argument schemas shared by several tools.
import { z } from 'zod';

/** An Android package name (`com.example.app`): letters, digits, `_` and dots. */
export const packageName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, 'must be a package name such as com.example.app')
  .describe('Package name, e.g. com.example.app');
