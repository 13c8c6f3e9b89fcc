// The app's view of the screen: `rootInActiveWindow` mapped to UiNode (AccessibilityNodeInfoExtAndroid.kt:213-375),
// roles (UiRoleInferenceAndroid.kt:13-216, UiRole.kt:12-49) and the on-screen filter (UiTreeFiltererDefault.kt:15-48)
// @ v0.5.2, built from the simulated device's accessibility tree.
import { area, type Rect, type UiNode as SimNode } from '../ui/ui-node.ts';

export type Role =
  | 'container'
  | 'row'
  | 'column'
  | 'toolbar'
  | 'tabbar'
  | 'list'
  | 'grid'
  | 'listitem'
  | 'pager'
  | 'tab'
  | 'card'
  | 'button'
  | 'textfield'
  | 'switch'
  | 'checkbox'
  | 'radio'
  | 'toggle'
  | 'icon'
  | 'image'
  | 'chip'
  | 'menu'
  | 'menuitem'
  | 'text'
  | 'label'
  | 'title'
  | 'unknown';

export interface AppNode {
  /** UiNodeId: `<windowId>:<index path>` (UiNodeId.kt:26-37, no content hash). */
  readonly id: string;
  readonly role: Role;
  /** Text if not blank, else the content description if not blank, else '' (NodeExt:266-271). */
  readonly label: string;
  readonly contentDescription: string | undefined;
  readonly className: string;
  readonly bounds: Rect;
  /** Clickable itself or one of its 3 nearest ancestors (NodeExt:168-192,274). */
  readonly isClickable: boolean;
  readonly isEnabled: boolean;
  readonly isVisible: boolean;
  readonly resourceId: string | undefined;
  readonly scrollable: boolean;
  readonly children: readonly AppNode[];
  /** The live node (the AccessibilityNodeInfo the app acts on). */
  readonly source: SimNode;
}

const has = (s: string | undefined, part: string) => s?.toLowerCase().includes(part.toLowerCase()) === true;
const blank = (s: string) => s.trim() === '';

/** A RecyclerView / ListView / GridView gives its rows CollectionItemInfo (their adapter's accessibility delegate). */
function isCollectionItem(node: SimNode): boolean {
  const p = node.parent?.cls;
  return has(p, 'RecyclerView') || has(p, 'ListView') || has(p, 'GridView');
}

function hasClickableAncestor(node: SimNode): boolean {
  let current = node.parent;
  for (let depth = 0; current && depth < 3; depth++, current = current.parent) if (current.clickable) return true;
  return false;
}

/** UiRoleInference.inferRole, first rule that applies (UiRoleInferenceAndroid.kt:13-107). */
export function inferRole(node: SimNode, isClickable: boolean, hasText: boolean): Role {
  const c = node.cls;
  const parent = node.parent;
  const parentId = parent?.resourceId || undefined;
  const tabParent = has(parent?.cls, 'TabLayout') || has(parent?.cls, 'BottomNavigationView');
  const tabId = has(parentId, 'tab') || has(parentId, 'navigation') || has(parentId, 'bottom');
  if ((tabParent || tabId) && hasText) return 'tab';
  if (has(c, 'ViewPager')) return 'pager';
  if (has(c, 'Button')) return 'button';
  if (has(c, 'EditText') || has(c, 'AutoCompleteTextView')) return 'textfield';
  if (has(c, 'Switch')) return 'switch';
  if (has(c, 'CheckBox')) return 'checkbox';
  // RadioButton / ToggleButton were caught by `Button` above (UiRoleInferenceAndroid.kt:34-44).
  if (has(c, 'RecyclerView')) return 'list'; // collectionInfo.columnCount is 1 on the simulated lists
  if (has(c, 'ListView')) return 'list';
  if (has(c, 'GridView')) return 'grid';
  if (has(c, 'Toolbar')) return 'toolbar';
  if (has(c, 'TabLayout') || has(c, 'BottomNavigationView')) return 'tabbar';
  if (has(c, 'ImageView')) return isClickable ? 'icon' : 'image';
  if (has(c, 'Chip')) return 'chip';
  if (isCollectionItem(node)) return 'listitem';
  const heading = node.def.heading === true;
  if (heading && hasText) return 'title';
  // No simulated layout puts `android:orientation` in its node extras, so a layout is a container (:149-157).
  if (['LinearLayout', 'FrameLayout', 'ConstraintLayout', 'CoordinatorLayout'].some((k) => has(c, k)))
    return 'container';
  if (isClickable && !hasText && (has(c, 'ImageView') || has(c, 'ImageButton') || has(c, 'FloatingActionButton'))) {
    return 'icon';
  }
  if (hasText && !isClickable) {
    if (heading || has(parent?.cls, 'Toolbar')) return 'title';
    // isScreenReaderFocusable is false on the simulated views (a View default), so never `label` (:211-215).
    return 'text';
  }
  if (isClickable && hasText) return node.text.includes(' ') && node.text.length > 20 ? 'text' : 'button';
  return 'unknown';
}

/** mapToUiNode (NodeExt:235-375). */
export function mapToUiNode(node: SimNode, windowId: number, path: readonly number[]): AppNode {
  const label = !blank(node.text) ? node.text : !blank(node.desc) ? node.desc : '';
  const isClickable = node.clickable || hasClickableAncestor(node);
  return {
    id: `${windowId}:${path.join('.')}`,
    role: inferRole(node, isClickable, !blank(label)),
    label,
    contentDescription: node.desc === '' ? undefined : node.desc,
    className: node.cls,
    bounds: node.bounds,
    isClickable,
    isEnabled: node.enabled,
    isVisible: area(node.bounds) > 0,
    resourceId: node.resourceId === '' ? undefined : node.resourceId,
    scrollable: node.scrollable,
    children: node.children.map((child, i) => mapToUiNode(child, windowId, [...path, i])),
    source: node,
  };
}

/** filterOnScreenOnly: a node off the window (or empty, or not visible to the user) drops its whole subtree. */
export function filterOnScreenOnly(root: AppNode, frame: Rect): AppNode {
  const keep = (n: AppNode): AppNode | undefined => {
    const b = n.bounds;
    const w = b.right - b.left;
    const h = b.bottom - b.top;
    // WindowFrame.containsAny (WindowFrame.kt:34-55): apart only when wholly beyond an edge; touching it is inside.
    const intersects = !(b.right < frame.left || b.left > frame.right || b.bottom < frame.top || b.top > frame.bottom);
    if (!(w > 0 && h > 0 && n.isVisible && intersects)) return undefined;
    return { ...n, children: n.children.map(keep).filter((c): c is AppNode => c !== undefined) };
  };
  return keep(root) ?? { ...root, children: [] };
}

/** UiTreeTraversal.findAll (UiTreeTraversal.kt:51-63): depth-first pre-order. */
export function findAll(root: AppNode, predicate: (n: AppNode) => boolean): AppNode[] {
  const out: AppNode[] = [];
  const dfs = (n: AppNode) => {
    if (predicate(n)) out.push(n);
    for (const c of n.children) dfs(c);
  };
  dfs(root);
  return out;
}
