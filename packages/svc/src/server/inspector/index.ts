// The web inspector (`svc inspect`, and `svc serve` at /inspector): the page and its API, as one route area.
import type { RouteModule } from '../runtime.ts';
import { mountInspectorApi } from './api-routes.ts';
import { mountInspectorPage } from './page-routes.ts';

export const mountInspector: RouteModule = (app, runtime) => {
  mountInspectorPage(app, runtime);
  mountInspectorApi(app, runtime);
};
