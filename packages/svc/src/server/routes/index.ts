// Every route area the server mounts, in order. To add an area, create `server/routes/<area>.ts` exporting a
// `RouteModule` (see server/runtime.ts) and append it here.
import { mountInspector } from '../inspector/index.ts';
import type { RouteModule } from '../runtime.ts';
import { mountDeviceRoutes } from './devices.ts';
import { mountEmulatorRoutes } from './emulators.ts';
import { mountEventRoutes } from './events.ts';
import { mountExecutionRoutes } from './executions.ts';
import { mountScreenshotFiles } from './screenshot-files.ts';
import { mountSkillRoutes } from './skills.ts';
import { mountToolRoutes } from './tools.ts';

export const ROUTE_MODULES: readonly RouteModule[] = [
  mountDeviceRoutes,
  mountExecutionRoutes,
  mountEventRoutes,
  mountSkillRoutes,
  mountEmulatorRoutes,
  mountToolRoutes,
  mountScreenshotFiles,
  mountInspector,
];
