// GET /devices (SPEC 4.1): every device the adb server lists, unfiltered, as `svc devices` shows them ({ serial,
// state, driver?, product?, model?, device? }); a listing failure is HTTP 500. Over several adb servers, one that does
// not answer is named in `silent` ({ adbServer, hint }): its devices are missing from the list.
import type { SilentServer } from '../../contracts/adb-servers.ts';
import type { RouteModule } from '../runtime.ts';

export const mountDeviceRoutes: RouteModule = (app, runtime) => {
  app.get('/devices', async (c) => {
    const silent: SilentServer[] = [];
    const devices = await runtime.deps.listDevices((server) => silent.push(server));
    return c.json({ ok: true, devices, ...(silent.length ? { silent } : {}) }, 200);
  });
};
