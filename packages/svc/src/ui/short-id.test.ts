// The short resource id the compact screen prints (`username` for `com.svc.login:id/username`) finds its element
// with the host's matcher (the adb driver, the inspector, refs); a full id still needs the exact id.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { findAll, isShortResourceId, resourceIdMatches, shortResourceId } from './match.ts';
import { parseHierarchy } from './parse.ts';

const xml = `<hierarchy rotation="0"><node index="0" text="" resource-id="com.svc.login:id/username" class="android.widget.EditText" package="com.svc.login" content-desc="" bounds="[0,0][100,100]"><node index="0" text="t" resource-id="android:id/title" class="android.widget.TextView" package="com.svc.login" content-desc="" bounds="[0,0][50,50]"/></node></hierarchy>`;

it('a short id names that id in any package; a full id only itself', () => {
  const parsed = parseHierarchy(xml);
  assert.ok(parsed.ok);
  assert.equal(findAll(parsed.tree, { resourceId: 'username' }).length, 1);
  assert.equal(findAll(parsed.tree, { resourceId: 'title' })[0]?.resourceId, 'android:id/title');
  assert.equal(findAll(parsed.tree, { resourceId: 'com.svc.login:id/username' }).length, 1);
  assert.equal(findAll(parsed.tree, { resourceId: 'com.other:id/username' }).length, 0);
  assert.equal(findAll(parsed.tree, { resourceId: 'user' }).length, 0, 'the whole name, not a part of it');
  assert.equal(resourceIdMatches('username', 'username'), true, 'an id without a package part is its own short form');
  assert.equal(isShortResourceId('android:id/title'), false);
  assert.equal(shortResourceId('android:id/title'), 'title');
});
