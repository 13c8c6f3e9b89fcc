// The operator's one on-screen log panel: replace on set, remove on clear, expiry per generation after the draw
// acknowledgement (2000 ms limit), recomputed from its dp/sp values when the configuration changes.

import { panelAckDelayMs } from '../../faults/emit-faults.ts';
import type { FaultControl } from '../../faults.ts';
import type { Rgba } from '../../ui/canvas.ts';
import { rectString } from '../../ui/ui-node.ts';
import type { VirtualUi } from '../../ui/virtual-ui.ts';
import { StepError } from './panel-error.ts';
import { layoutPanel } from './panel-layout.ts';
import type { PanelSpec } from './panel-params.ts';

export const DRAW_ACK_LIMIT_MS = 2000;

function rgba(argb: string): Rgba {
  const n = (i: number) => Number.parseInt(argb.slice(i, i + 2), 16);
  return [n(3), n(5), n(7), n(1)];
}

export class PanelController {
  private readonly ui: () => VirtualUi;
  private readonly apiLevel: () => number;
  private readonly faults: () => FaultControl | undefined;
  private generation = 0;
  private spec: PanelSpec | undefined;
  private expiry: NodeJS.Timeout | undefined;
  private watching: VirtualUi | undefined;

  constructor(ui: () => VirtualUi, apiLevel: () => number, faults: () => FaultControl | undefined) {
    this.ui = ui;
    this.apiLevel = apiLevel;
    this.faults = faults;
  }

  visible(): boolean {
    return this.ui().panel !== undefined;
  }

  /** Lays out and shows a panel; on any failure the previous panel stays as it was. */
  async set(spec: PanelSpec, sleep: (ms: number) => Promise<void>): Promise<Record<string, string>> {
    const ui = this.ui();
    if (this.apiLevel() < 22) throw new StepError('ON_SCREEN_LOG_RENDER_FAILED', 'overlay panels need API 22 or later');
    const result = layoutPanel(spec, ui.display, this.apiLevel());
    if (!result.ok) throw new StepError(result.code, result.message);
    this.watch(ui);
    this.cancelExpiry();
    const generation = ++this.generation;
    this.spec = spec;
    this.show(spec);
    const ackMs = panelAckDelayMs(this.faults());
    if (ackMs >= DRAW_ACK_LIMIT_MS) {
      // The late acknowledgement still arms the expiry of its own generation.
      setTimeout(() => this.armExpiry(generation, spec.ttlMs), ackMs).unref();
      await sleep(DRAW_ACK_LIMIT_MS);
      throw new StepError('ON_SCREEN_LOG_RENDER_TIMEOUT', `no draw acknowledgement within ${DRAW_ACK_LIMIT_MS} ms`);
    }
    if (ackMs > 0) await sleep(ackMs);
    this.armExpiry(generation, spec.ttlMs);
    const layout = result.layout;
    return {
      visible: 'true',
      rendered: 'true',
      truncated: String(layout.truncated),
      anchor: spec.anchor,
      text_align: spec.textAlign,
      top_offset_dp: String(spec.topOffsetDp),
      edge_offset_dp: String(spec.edgeOffsetDp),
      width_dp: String(spec.widthDp),
      font_size_sp: String(spec.fontSizeSp),
      text_color: spec.textColor,
      background_color: spec.backgroundColor,
      ttl_ms: String(spec.ttlMs),
      bounds: rectString(layout.bounds),
    };
  }

  clear(): void {
    this.generation++;
    this.cancelExpiry();
    this.spec = undefined;
    this.ui().panel = undefined;
  }

  private show(spec: PanelSpec): boolean {
    const ui = this.ui();
    const result = layoutPanel(spec, ui.display, this.apiLevel());
    if (!result.ok) return false;
    const { bounds, lines, scale, lineHeightPx, paddingPx } = result.layout;
    ui.panel = {
      bounds,
      lines,
      scale,
      lineHeightPx,
      paddingPx,
      align: spec.textAlign,
      textColor: rgba(spec.textColor),
      backgroundColor: rgba(spec.backgroundColor),
    };
    return true;
  }

  private armExpiry(generation: number, ttlMs: number): void {
    if (generation !== this.generation || ttlMs === 0) return;
    this.expiry = setTimeout(() => {
      if (generation === this.generation) this.clear();
    }, ttlMs);
    this.expiry.unref();
  }

  private cancelExpiry(): void {
    clearTimeout(this.expiry);
    this.expiry = undefined;
  }

  private watch(ui: VirtualUi): void {
    if (this.watching === ui) return;
    this.watching = ui;
    ui.onConfigurationChanged(() => {
      if (this.spec && !this.show(this.spec)) this.clear();
    });
  }
}
