// Field rules several chores share.
import { matching } from '../fields.ts';

/** An Android package name (`com.example.app`): letters, digits, `_` and dots. */
export const packageName = matching(
  /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/,
  'a package name such as com.example.app',
);
