// Loads virtual app definitions: the built-in ones beside this file and, optionally, a user folder of *.json files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDef } from './app-def.ts';

export const BUILTIN_APPS_DIR = join(import.meta.dirname, 'apps');
/** Apps that show real pages (Chrome and hybrid apps with a WebView), installed on a device with web pages on. */
export const WEB_APPS_DIR = join(import.meta.dirname, 'web-apps');

export function parseAppDef(json: unknown, source: string): AppDef {
  const app = json as Partial<AppDef> | null;
  if (!app || typeof app !== 'object') throw new Error(`${source}: an app definition must be a JSON object`);
  if (typeof app.package !== 'string' || !/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(app.package)) {
    throw new Error(`${source}: "package" must be a Java package name`);
  }
  if (!app.screens || typeof app.screens !== 'object') throw new Error(`${source}: "screens" is required`);
  if (typeof app.start !== 'string' || !app.screens[app.start]) {
    throw new Error(`${source}: "start" must name one of the screens`);
  }
  for (const [name, screen] of Object.entries(app.screens)) {
    if (!screen?.root || typeof screen.root !== 'object') throw new Error(`${source}: screen ${name} needs a "root"`);
  }
  return { label: app.package, ...app } as AppDef;
}

export function loadAppsFrom(dir: string): AppDef[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      return parseAppDef(JSON.parse(readFileSync(file, 'utf8')), file);
    });
}
