// A few DOM helpers: the page has no framework, and builds its elements once per screen.

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; text?: string; title?: string; attrs?: Record<string, string> } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.title) node.title = props.title;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** The element with this id; the page's HTML declares every one it looks up. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the inspector page lacks #${id}`);
  return found as T;
}

/** Calls `fn` once things settle: the last call within `ms` wins. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** The short class name (`android.widget.TextView` → `TextView`). */
export function shortClass(cls: string | undefined): string {
  const name = cls ?? '';
  return name.slice(Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1) || 'node';
}
