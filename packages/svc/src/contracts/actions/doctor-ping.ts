// doctor_ping: the doctor's handshake (OPERATOR-PROTOCOL §5). Host-internal: a user's payload never accepts it (it is
// not among the contract's types), but the executions the doctor builds carry it, so the rules that read actions by
// their definition (refs, settle warnings, retry) know it too: no params, changes nothing.
import { defineAction } from './define.ts';

export const doctorPing = defineAction({
  type: 'doctor_ping',
  params: { fields: {} },
  retry: 'None',
  nature: 'read',
  changesScreen: false,
  example: {},
});
