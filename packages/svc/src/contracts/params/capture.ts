// snapshot_ui and take_screenshot (SPEC 2.5).
import { removed, retry, str } from '../fields.ts';
import type { ParamsSpec } from './spec.ts';

export const snapshotUi: ParamsSpec = {
  fields: { retry, format: removed('was removed; snapshots are always hierarchy_xml, drop the param') },
};

export const takeScreenshot: ParamsSpec = { fields: { path: str('nonBlank'), retry } };
