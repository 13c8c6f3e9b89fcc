// A page's accessibility nodes as Chrome on Android gives them to uiautomator: one node per element a user can
// see, act on or read, its class by role (Chromium content/browser/accessibility/browser_accessibility_android.cc,
// GetClassName: buttons android.widget.Button, text fields android.widget.EditText, check boxes
// android.widget.CheckBox, radio buttons android.widget.RadioButton, images android.widget.Image, everything else
// android.view.View), its accessible name as the text, the HTML id as the resource id (Chrome sets
// viewIdResourceName from the id attribute), and only the nodes inside the viewport, as uiautomator skips nodes not
// visible to the user (AOSP AccessibilityNodeInfoDumper.dumpNodeRec: child.isVisibleToUser()).

/** One node, in CSS pixels of the viewport. */
export interface PageNode {
  cls: string;
  text: string;
  id: string;
  clickable: boolean;
  focusable: boolean;
  focused: boolean;
  checkable: boolean;
  checked: boolean;
  password: boolean;
  enabled: boolean;
  heading: boolean;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PageRead {
  url: string;
  title: string;
  /** The visual viewport in CSS pixels of the layout (a page without a mobile viewport is laid out wider). */
  viewport: { width: number; height: number };
  nodes: PageNode[];
}

/** Runs in the page (Runtime.evaluate, returnByValue): the visible nodes in document order. */
export const READ_PAGE_NODES = `(() => {
  const out = [];
  const v = visualViewport || { width: innerWidth, height: innerHeight, offsetLeft: 0, offsetTop: 0 };
  const vw = v.width, vh = v.height, ox = v.offsetLeft, oy = v.offsetTop;
  const textOf = (el) => (el.getAttribute('aria-label') || el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim();
  const classOf = (el, role) => {
    if (role === 'button') return 'android.widget.Button';
    if (role === 'textbox') return 'android.widget.EditText';
    if (role === 'checkbox') return 'android.widget.CheckBox';
    if (role === 'radio') return 'android.widget.RadioButton';
    if (role === 'img') return 'android.widget.Image';
    return 'android.view.View';
  };
  const roleOf = (el) => {
    const aria = el.getAttribute('role');
    if (aria) return aria;
    const tag = el.tagName;
    if (tag === 'A' && el.hasAttribute('href')) return 'link';
    if (tag === 'BUTTON') return 'button';
    if (tag === 'TEXTAREA') return 'textbox';
    if (tag === 'SELECT') return 'combobox';
    if (tag === 'IMG') return 'img';
    if (/^H[1-6]$/.test(tag)) return 'heading';
    if (tag === 'INPUT') {
      const t = (el.type || 'text').toLowerCase();
      if (t === 'checkbox') return 'checkbox';
      if (t === 'radio') return 'radio';
      if (t === 'submit' || t === 'button' || t === 'reset') return 'button';
      if (t === 'hidden') return '';
      return 'textbox';
    }
    return '';
  };
  const ownText = (el) => [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' ').replace(/\\s+/g, ' ').trim();
  for (const el of document.body ? document.body.querySelectorAll('*') : []) {
    const role = roleOf(el);
    const leafText = role === '' ? ownText(el) : '';
    if (role === '' && leafText === '') continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || r.bottom <= oy || r.right <= ox || r.top >= oy + vh || r.left >= ox + vw) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const field = role === 'textbox';
    const label = field ? (el.labels && el.labels[0] ? textOf(el.labels[0]) : '') : '';
    const text = field ? (el.value || el.placeholder || label || '') : role === 'img' ? (el.alt || '') : leafText || textOf(el);
    const check = role === 'checkbox' || role === 'radio';
    out.push({
      cls: classOf(el, role),
      text: field && el.type === 'password' ? '•'.repeat((el.value || '').length) || (el.placeholder || '') : text,
      id: el.id || '',
      clickable: role === 'link' || role === 'button' || check || field || typeof el.onclick === 'function',
      focusable: field || role === 'link' || role === 'button' || check,
      focused: document.activeElement === el,
      checkable: check,
      checked: check ? !!el.checked : false,
      password: field && el.type === 'password',
      enabled: !el.disabled,
      heading: role === 'heading',
      x: r.left - ox, y: r.top - oy, w: r.width, h: r.height,
    });
  }
  return { url: location.href, title: document.title, viewport: { width: vw, height: vh }, nodes: out };
})()`;
