// click: exactly one of matcher or coordinate; clickType `focus` is invalid with a coordinate (SPEC 2.5).
import { coordinate, matcher, oneOf, retry } from '../fields.ts';
import { CLICK_TYPES } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import { defineAction } from './define.ts';

export const click = defineAction({
  type: 'click',
  aliases: ['tap', 'press'],
  params: {
    fields: { matcher, coordinate, clickType: oneOf(CLICK_TYPES), retry },
    check(params, path) {
      const hasMatcher = params.matcher !== undefined;
      const hasCoordinate = params.coordinate !== undefined;
      const expected = 'exactly one of matcher or coordinate';
      if (hasMatcher && hasCoordinate) fail(`${path}.coordinate`, `give ${expected}, not both`, expected);
      if (!hasMatcher && !hasCoordinate) fail(`${path}.matcher`, `is required: give ${expected}`, expected);
      if (hasCoordinate && params.clickType === 'focus') {
        fail(`${path}.clickType`, 'focus needs a matcher; it is invalid with a coordinate', 'default or long_click');
      }
    },
    schemaExtra: { oneOf: [{ required: ['matcher'] }, { required: ['coordinate'] }] },
  },
  retry: 'UiReadiness',
  nature: 'click',
  changesScreen: true,
});
