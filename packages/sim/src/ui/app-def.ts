// The JSON shape of a virtual app: screens are data. Layout is a simple vertical/horizontal stack so definitions stay
// short; bounds are computed (physical pixels) when the tree is built.

/** What happens when a node is clicked (or text is submitted in a field). */
export interface TransitionDef {
  /** Push this screen of the same app. */
  go?: string;
  /** Pop the current screen (like the back key). */
  back?: boolean;
  /** Flip the checked state of the clicked node (switches, checkboxes). */
  toggle?: boolean;
  /** Start another app's launcher screen. */
  launch?: string;
  /** Open a URI through the handler lookup. */
  uri?: string;
  /** Set app variables (values may use `{var}` templates of the current values; `{random6}` is a fresh 6-digit code). */
  set?: Record<string, string>;
  /** The app posts a notification (title and text may use `{var}` templates). */
  notify?: { title: string; text: string; category?: string };
  /** Runs this transition only when the two templates are equal; else `otherwise` (a code check). */
  when?: { equals: [string, string] };
  otherwise?: TransitionDef;
  /** System UI's shade only: what a tap on a notification row, one of its actions, or its reply's Send does. */
  notification?: { key: string; do: 'open' | 'action' | 'send'; action?: number };
}

export interface NodeDef {
  /** Widget class; a bare name (`Button`) means `android.widget.<name>`. Default `android.widget.LinearLayout`. */
  class?: string;
  /** Resource id name; prefixed with `<package>:id/` unless it already holds a colon. */
  id?: string;
  /** Visible text; `{name}` is replaced by an app variable, `{i}` by the row number inside `repeat`. */
  text?: string;
  desc?: string;
  /** Height in pixels (default: sum/max of children, or 126 for leaves). */
  height?: number;
  /** Width in pixels inside a horizontal parent (default: an equal share of what is left). */
  width?: number;
  /** Take the height left over by siblings (one per parent). */
  fill?: boolean;
  /**
   * How the children are laid out: stacked (vertical, the default, or horizontal), or `overlay`: each child over
   * the others (a FrameLayout), placed by its `frame`, later children drawn on top.
   */
  orientation?: 'vertical' | 'horizontal' | 'overlay';
  /** Inside an `overlay` parent: offsets from its top left corner (default 0) and size (default: the rest). */
  frame?: { left?: number; top?: number; width?: number; height?: number };
  clickable?: boolean;
  longClickable?: boolean;
  focusable?: boolean;
  scrollable?: boolean;
  /** A scrollable that reports more content but never moves (a list stuck loading). */
  frozen?: boolean;
  /** Scroll axis of a scrollable container (default vertical). */
  scrollAxis?: 'vertical' | 'horizontal';
  checkable?: boolean;
  checked?: boolean;
  password?: boolean;
  enabled?: boolean;
  selected?: boolean;
  /** Marked as a heading for accessibility (AccessibilityNodeInfo.isHeading), as a section title is. */
  heading?: boolean;
  /**
   * false = View.INVISIBLE/GONE: not on screen and not in a dump, but it still counts among its parent's children
   * (a dump's `index` shows the gap).
   */
  visible?: boolean;
  /** Text fields: the grey text shown while the field is empty. */
  hint?: string;
  /** Text fields: several lines; the enter key types a newline instead of submitting. */
  multiline?: boolean;
  /** Text fields: the variable that holds the typed text (default the id). */
  bind?: string;
  onClick?: TransitionDef;
  onLongClick?: TransitionDef;
  /** Text fields: what pressing enter does. */
  onSubmit?: TransitionDef;
  /**
   * A WebView showing a real page (rendered by the device's headless Chromium): its address (templates allowed),
   * which DevTools socket serves it (`chrome`: Chrome's own; `webview`: a debuggable WebView's, per process; `none`:
   * not debuggable), and `flatten` for an app whose WebView gives accessibility no nodes of the page.
   */
  web?: { url: string; devtools: 'chrome' | 'webview' | 'none'; flatten?: boolean };
  /** Rows generated from a template, materialized only while on screen (RecyclerView). */
  repeat?: { count: number; template: NodeDef };
  children?: NodeDef[];
}

export interface ScreenDef {
  root: NodeDef;
}

export interface AppDef {
  package: string;
  label: string;
  /** Has a launcher activity (`<pkg>/.MainActivity`); shown on the launcher. */
  launchable?: boolean;
  /** URI schemes this app opens (`http`, `https`, `thermostat`, ...). */
  uriSchemes?: string[];
  /** The screen an opened URI shows (default start); `{uri}` holds the URI. */
  uriScreen?: string;
  start: string;
  screens: Record<string, ScreenDef>;
  /** Initial variables. */
  vars?: Record<string, string>;
  versionName?: string;
}
