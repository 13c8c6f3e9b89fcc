// Routes only a device's daemon serves, beside the shared HTTP app: forget the `auto` driver choice after the
// operator was installed or removed (daemons/forget-driver.ts), so the next execution chooses again.
import { readJsonObjectBody, sendOk } from '../../adapters/http/responses.ts';
import type { SvcContext } from '../../core/context.ts';
import { FORGET_DRIVER_PATH } from '../../daemons/forget-driver.ts';
import { forgetDriverChoice } from '../../executions/choose-driver.ts';
import type { RouteModule } from '../runtime.ts';

export const mountDaemonRoutes: RouteModule = (app, runtime) => {
  app.post(FORGET_DRIVER_PATH, async (c) => {
    const body = await readJsonObjectBody(c);
    const serial = typeof body.deviceId === 'string' ? body.deviceId : '';
    forgetDriverChoice(runtime.ctx as SvcContext, serial);
    return sendOk(c, { forgotten: serial });
  });
};
