// GET /devices (SPEC 4.1): every device the adb server lists, unfiltered, as `svc devices` shows them ({ serial,
// state, driver?, product?, model?, device? }); a listing failure is HTTP 500.
import type { RouteModule } from '../runtime.ts';

export const mountDeviceRoutes: RouteModule = (app, runtime) => {
  app.get('/devices', async (c) => {
    const devices = await runtime.deps.listDevices();
    return c.json({ ok: true, devices }, 200);
  });
};
