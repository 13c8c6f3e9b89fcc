// snapshot_ui: the UI hierarchy as XML; the removed `format` param is rejected (SPEC 2.5).
import { removed, retry } from '../fields.ts';
import { defineAction } from './define.ts';

export const snapshotUi = defineAction({
  type: 'snapshot_ui',
  aliases: ['snapshot'],
  params: {
    fields: { retry, format: removed('was removed; snapshots are always hierarchy_xml, drop the param') },
  },
  retry: 'UiReadiness',
  nature: 'read',
  changesScreen: false,
  example: {},
  cli: [{ verb: 'snapshot', id: 'snap', observe: true, description: '', examples: [], inputs: [] }],
});
