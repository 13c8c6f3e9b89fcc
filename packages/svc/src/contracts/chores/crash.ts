// crash: one crash or ANR report in full, by the id crashes gave.
import { str } from '../fields.ts';
import { defineChore } from './define.ts';

const DESCRIPTION =
  'One crash or ANR report by the id crashes gave: its summary fields and text (the stack trace, or the ANR ' +
  'header). CRASH_NOT_FOUND when the id is unknown or the report has aged out of the device.';

export const crash = defineChore({
  name: 'crash',
  title: 'One crash or ANR in full',
  brief: 'One crash or ANR report in full, by the id `crashes` gave.',
  description: DESCRIPTION,
  // Blanks around the id are the caller's, not the id's: the runner trims them.
  params: { fields: { id: str('nonBlank', 200) }, required: ['id'] },
  nature: 'read',
  locksDevice: false,
  cli: {
    verb: 'crash',
    description: 'one crash or ANR in full',
    examples: ['svc crash data_app_crash@1767261234000'],
    inputs: [{ kind: 'argument', name: 'id', param: 'id', help: 'Report id from crashes' }],
  },
  example: { id: 'data_app_crash@1767261234000' },
});
