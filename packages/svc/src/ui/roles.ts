// The semantic role of a node (NodeMatcher `role`), inferred as the published operator app infers it
// (clawperator apps/android/shared/data/uitree/src/main/kotlin/clawperator/uitree/UiRoleInferenceAndroid.kt:13-107
// and UiRole.kt:12-49 @ v0.5.2; docs/published-operator.md 3.5), from what a `uiautomator dump` shows of a node:
// - "clickable" is the node or one of its 3 nearest ancestors (AccessibilityNodeInfoExtAndroid.kt:168-192,274);
// - "has text" is a non-blank label (text, else content description: node.ts labelOf);
// - a dump carries no collection-item info: a row of a RecyclerView / ListView / GridView (its direct child) is the
//   node that has it (their adapters' accessibility delegates set it on their children);
// - a dump carries no heading flag, no `android:orientation` extra, no screen-reader-focusable flag and no
//   collection column count: never a heading, so a layout is a `container` and a text never a `label`, and a
//   RecyclerView is a `list` (the simulated operator reads its nodes the same way: packages/sim operator/node-tree.ts).
import { MATCHER_ROLES } from '../contracts/limits.ts';
import { labelOf, type UiNode } from './node.ts';

/** The roles a NodeMatcher may name: the app's 26 (the contracts' list, which the validator checks). */
export const ROLES = MATCHER_ROLES;
export type Role = (typeof ROLES)[number];

/** Kotlin's `contains(part, ignoreCase = true)` on a value that may be absent. */
const has = (value: string | undefined, part: string) => value?.toLowerCase().includes(part.toLowerCase()) === true;

/** The node or one of its 3 nearest ancestors is clickable (isEffectivelyClickable). */
export function isEffectivelyClickable(node: UiNode): boolean {
  let current: UiNode | undefined = node;
  for (let depth = 0; current && depth <= 3; depth++, current = current.parent) if (current.clickable) return true;
  return false;
}

const COLLECTIONS = ['RecyclerView', 'ListView', 'GridView'];
const LAYOUTS = ['LinearLayout', 'FrameLayout', 'ConstraintLayout', 'CoordinatorLayout'];

/** The role by class name, first rule that applies (:27-64). */
function roleOfClass(c: string, clickable: boolean): Role | undefined {
  if (has(c, 'ViewPager')) return 'pager';
  // Catches ImageButton, RadioButton, ToggleButton, CompoundButton, MaterialButton too (:34-44).
  if (has(c, 'Button')) return 'button';
  if (has(c, 'EditText') || has(c, 'AutoCompleteTextView')) return 'textfield';
  if (has(c, 'Switch')) return 'switch';
  if (has(c, 'CheckBox')) return 'checkbox';
  if (has(c, 'RecyclerView') || has(c, 'ListView')) return 'list';
  if (has(c, 'GridView')) return 'grid';
  if (has(c, 'Toolbar')) return 'toolbar';
  if (has(c, 'TabLayout') || has(c, 'BottomNavigationView')) return 'tabbar';
  if (has(c, 'ImageView')) return clickable ? 'icon' : 'image';
  if (has(c, 'Chip')) return 'chip';
  return undefined;
}

/** UiRoleInference.inferRole (:13-107). Every node has one (`unknown` at worst). */
export function inferRole(node: UiNode): Role {
  const c = node.cls;
  const parent = node.parent;
  const parentId = parent?.resourceId || undefined;
  const clickable = isEffectivelyClickable(node);
  const hasText = labelOf(node).trim() !== '';
  const tabParent = has(parent?.cls, 'TabLayout') || has(parent?.cls, 'BottomNavigationView');
  const tabId = has(parentId, 'tab') || has(parentId, 'navigation') || has(parentId, 'bottom');
  if ((tabParent || tabId) && hasText) return 'tab';
  const byClass = roleOfClass(c, clickable);
  if (byClass) return byClass;
  if (COLLECTIONS.some((k) => has(parent?.cls, k))) return 'listitem';
  if (LAYOUTS.some((k) => has(c, k))) return 'container';
  if (hasText && !clickable) return has(parent?.cls, 'Toolbar') ? 'title' : 'text';
  if (clickable && hasText) return node.text.includes(' ') && node.text.length > 20 ? 'text' : 'button';
  return 'unknown';
}
