// The inspector's own API (/inspector/api/...). Everything that touches the device runs as an execution through
// runtime.run (the same path as POST /execute, so each shows in GET /events); the rest reads the cached screen:
// selectors and live counts by the host matcher, "copy as" forms, skill drafts. Acts themselves are POST /execute.
import type { Context } from 'hono';
import { type JsonObject, readJsonObjectBody, sendError, sendOk } from '../../adapters/http/responses.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { listPackages } from '../../devices/list-packages.ts';
import { countSelector, suggestSelectors } from '../../ui/index.ts';
import { readTarget, rejectUnknownFields, TARGET_FIELDS } from '../request-fields.ts';
import type { RouteModule } from '../runtime.ts';
import { copyForms } from './copy-as.ts';
import { readExecution, readSelector, readSkillFields } from './request-bodies.ts';
import { captureScreen, pageNodes, pngSize, type Screen, ScreenCache } from './screens.ts';
import { saveSkill, skillDraftOf } from './skill-draft.ts';

/** Selectors one count request may carry (the page sends the candidates of one node, or the one being edited). */
const MAX_SELECTORS = 50;

export const mountInspectorApi: RouteModule = (app, runtime) => {
  const screens = new ScreenCache();

  const screenOf = (body: JsonObject): Screen => {
    const id = body.screenId;
    if (typeof id !== 'string')
      throw new SvcError('EXECUTION_VALIDATION_FAILED', 'screenId must be a string.', { path: 'screenId' });
    const screen = screens.get(id);
    if (screen === undefined) {
      throw new SvcError('NOT_FOUND', 'That screen is no longer kept; refresh the inspector.', { path: 'screenId' });
    }
    return screen;
  };

  app.post('/inspector/api/screen', async (c) => {
    const body = await readJsonObjectBody(c);
    rejectUnknownFields(body, TARGET_FIELDS);
    const capture = await captureScreen(runtime, readTarget(body, runtime.deps.env));
    if (!capture.run.ok) return sendError(c, capture.run.error);
    if (capture.screen === undefined) return sendOk(c, { run: capture.run, screen: null, problem: capture.problem });
    screens.add(capture.screen);
    const { id, deviceId, tree, png } = capture.screen;
    return sendOk(c, {
      run: capture.run,
      screen: { id, deviceId, driver: capture.run.driver, picture: pngSize(png) ?? null, nodes: pageNodes(tree) },
    });
  });

  app.get('/inspector/api/screens/:id/picture.png', (c) => {
    const png = screens.get(c.req.param('id'))?.png;
    if (png === undefined) return sendError(c, { code: 'NOT_FOUND', message: 'No picture for that screen.' });
    return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=600' });
  });

  app.post('/inspector/api/selectors', async (c) => {
    const body = await readJsonObjectBody(c);
    rejectUnknownFields(body, ['screenId', 'node']);
    const screen = screenOf(body);
    const node = typeof body.node === 'number' ? screen.tree.nodes[body.node] : undefined;
    if (node === undefined)
      throw new SvcError('EXECUTION_VALIDATION_FAILED', 'node must be the order of a node of that screen.', {
        path: 'node',
      });
    return sendOk(c, { candidates: suggestSelectors(screen.tree, node) });
  });

  app.post('/inspector/api/count', async (c) => {
    const body = await readJsonObjectBody(c);
    rejectUnknownFields(body, ['screenId', 'selectors']);
    const screen = screenOf(body);
    const list = body.selectors;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_SELECTORS) {
      throw new SvcError(
        'EXECUTION_VALIDATION_FAILED',
        `selectors must be an array of 1 to ${MAX_SELECTORS} selectors.`,
        {
          path: 'selectors',
        },
      );
    }
    const counts = list.map((raw, i) => {
      const selector = readSelector(raw, `selectors[${i}]`);
      return selector instanceof SvcError ? { error: selector.toBody() } : countSelector(screen.tree, selector);
    });
    return sendOk(c, { counts });
  });

  app.get('/inspector/api/packages', async (c) => {
    const target = readTarget(
      { ...(c.req.query('deviceId') ? { deviceId: c.req.query('deviceId') } : {}) },
      runtime.deps.env,
    );
    const listed = await listPackages(runtime.ctx as SvcContext, { target: target.target });
    return sendOk(c, listed);
  });

  app.post('/inspector/api/copy', async (c) => {
    const body = await readJsonObjectBody(c);
    rejectUnknownFields(body, ['execution', 'deviceId']);
    const execution = readExecution(body);
    if (body.deviceId !== undefined && typeof body.deviceId !== 'string') {
      throw new SvcError('EXECUTION_VALIDATION_FAILED', 'deviceId must be a string.', { path: 'deviceId' });
    }
    // The copy names the device only when it must: with several connected, a command without one is refused.
    const ready = (await runtime.deps.listDevices()).filter((d) => d.state === 'device');
    const deviceId = ready.length > 1 ? (body.deviceId as string | undefined) : undefined;
    return sendOk(c, { forms: copyForms(execution, deviceId) });
  });

  app.post('/inspector/api/skill-draft', (c) => skillRoute(c, false));
  app.post('/inspector/api/skills', (c) => skillRoute(c, true));

  async function skillRoute(c: Context, save: boolean): Promise<Response> {
    const body = await readJsonObjectBody(c);
    rejectUnknownFields(body, ['execution', 'skillId', 'summary']);
    const fields = readSkillFields(body);
    const execution = readExecution(body);
    if (!save) return sendOk(c, await skillDraftOf(fields, execution));
    return sendOk(c, await saveSkill(runtime.deps.env, fields, execution));
  }
};
