// The task stack of the simulated phone: running apps (foreground last), launching, URIs and their chooser, back,
// home and recents, and the transitions a click runs.
import type { AppDef, TransitionDef } from './app-def.ts';
import { type AppState, fillTemplate, freshState } from './app-state.ts';
import { chooserApp, LAUNCHER_PACKAGE, launcherApp, recentsApp, SYSTEM_UI_PACKAGE } from './system-apps.ts';
import type { UiNode } from './ui-node.ts';

export class TaskStack {
  readonly apps = new Map<string, AppDef>();
  /** Running apps, foreground last. */
  protected tasks: AppState[] = [];
  /** The OS refuses global actions (back/home/recents) while set. */
  declineGlobalActions = false;
  /** Where an app's `notify` transition posts (the device's notification list); unset = nowhere. */
  onNotify: ((pkg: string, n: { title: string; text: string; category?: string }) => void) | undefined;

  constructor(apps: readonly AppDef[] = []) {
    for (const app of apps) this.apps.set(app.package, app);
    this.tasks = [freshState(launcherApp([...this.apps.values()]))];
  }

  install(app: AppDef): void {
    this.apps.set(app.package, app);
    this.tasks = this.tasks.map((t) => (t.def.package === LAUNCHER_PACKAGE ? this.freshLauncher() : t));
  }

  private freshLauncher(): AppState {
    return freshState(launcherApp([...this.apps.values()]));
  }

  protected get top(): AppState {
    return this.tasks[this.tasks.length - 1] ?? this.freshLauncher();
  }

  foregroundPackage(): string {
    return this.top.def.package;
  }

  foregroundState(): AppState {
    return this.top;
  }

  private bringToFront(state: AppState): void {
    this.tasks = [...this.tasks.filter((t) => t !== state && t.def.package !== state.def.package), state];
  }

  launch(pkg: string): boolean {
    if (pkg === LAUNCHER_PACKAGE) {
      this.home();
      return true;
    }
    const def = this.apps.get(pkg);
    if (!def?.launchable) return false;
    this.bringToFront(this.tasks.find((t) => t.def.package === pkg) ?? freshState(def));
    return true;
  }

  uriHandlers(uri: string): AppDef[] {
    const scheme = /^([A-Za-z][\w+.-]*):/.exec(uri)?.[1]?.toLowerCase();
    if (!scheme) return [];
    return [...this.apps.values()].filter((a) => a.uriSchemes?.map((s) => s.toLowerCase()).includes(scheme));
  }

  openUri(uri: string): { handled: boolean; handlers: string[] } {
    const handlers = this.uriHandlers(uri);
    if (handlers.length === 1) this.openUriIn(handlers[0]!, uri);
    else if (handlers.length > 1) this.bringToFront(freshState(chooserApp(uri, handlers)));
    return { handled: handlers.length > 0, handlers: handlers.map((h) => h.package) };
  }

  private openUriIn(def: AppDef, uri: string): void {
    this.tasks = this.tasks.filter((t) => t.def.package !== 'android');
    const state = this.tasks.find((t) => t.def.package === def.package) ?? freshState(def);
    state.vars.set('uri', uri);
    state.stack.push(def.uriScreen ?? def.start);
    this.bringToFront(state);
  }

  forceStop(pkg: string): void {
    if (pkg === LAUNCHER_PACKAGE) return;
    this.tasks = this.tasks.filter((t) => t.def.package !== pkg);
    if (this.tasks.length === 0) this.tasks = [this.freshLauncher()];
  }

  back(): boolean {
    if (this.declineGlobalActions) return false;
    const top = this.top;
    if (top.def.package === LAUNCHER_PACKAGE) return true;
    if (top.stack.length > 1) top.stack.pop();
    else this.tasks = this.tasks.filter((t) => t !== top);
    if (this.tasks.length === 0) this.tasks = [this.freshLauncher()];
    return true;
  }

  home(): boolean {
    if (this.declineGlobalActions) return false;
    const launcher = this.tasks.find((t) => t.def.package === LAUNCHER_PACKAGE) ?? this.freshLauncher();
    this.bringToFront(launcher);
    return true;
  }

  recents(): boolean {
    if (this.declineGlobalActions) return false;
    const recent = this.tasks.filter((t) => t.def.package !== LAUNCHER_PACKAGE).map((t) => t.def);
    this.bringToFront(freshState(recentsApp(recent.reverse())));
    return true;
  }

  /** Runs a transition of the foreground app (click, long click or submit). */
  protected run(t: TransitionDef | undefined, node: UiNode): void {
    if (!t) return;
    const state = this.top;
    if (t.when && fillTemplate(t.when.equals[0], state.vars) !== fillTemplate(t.when.equals[1], state.vars)) {
      this.run(t.otherwise, node);
      return;
    }
    if (t.toggle) state.checked.set(node.key, !node.checked);
    for (const [name, value] of Object.entries(t.set ?? {})) {
      const random = value.replace(/\{random6\}/g, () => String(Math.floor(100_000 + Math.random() * 900_000)));
      state.vars.set(name, fillTemplate(random, state.vars, node.row));
    }
    if (t.notify) {
      const { title, text, category } = t.notify;
      this.onNotify?.(state.def.package, {
        title: fillTemplate(title, state.vars, node.row),
        text: fillTemplate(text, state.vars, node.row),
        ...(category ? { category } : {}),
      });
    }
    if (t.back) this.back();
    if (t.go) state.stack.push(t.go);
    const target = t.launch ? this.apps.get(t.launch) : undefined;
    if (t.uri && target) this.openUriIn(target, fillTemplate(t.uri, state.vars, node.row));
    else if (t.uri) this.openUri(fillTemplate(t.uri, state.vars, node.row));
    else if (t.launch) this.launch(t.launch);
    if (state.def.package === SYSTEM_UI_PACKAGE && t.launch) this.tasks = this.tasks.filter((s) => s !== state);
  }
}
