// A small virtual app for the engine's rules: a clickable row with a label and a summary, a text field, a node known
// only by its content description, a plain text, and a 30-row RecyclerView.
import type { AppDef } from '../ui/app-def.ts';

export const APP = 'com.t.app';
export const id = (name: string) => `${APP}:id/${name}`;

export const TEST_APP: AppDef = {
  package: APP,
  label: 'Rules',
  launchable: true,
  start: 'main',
  screens: {
    main: {
      root: {
        children: [
          { class: 'TextView', id: 'title', text: 'Rules Title', heading: true },
          {
            id: 'row',
            onClick: { go: 'detail' },
            orientation: 'horizontal',
            children: [
              { class: 'TextView', id: 'row_label', text: 'Wi-Fi' },
              { class: 'TextView', id: 'summary', text: 'Connected' },
            ],
          },
          { class: 'EditText', id: 'field', hint: 'Type here', onSubmit: { go: 'detail' } },
          { class: 'android.view.View', id: 'desc_only', desc: 'Only A Description' },
          { class: 'TextView', id: 'plain', text: 'Plain words' },
          { class: 'TextView', id: 'empty', text: '' },
          {
            class: 'androidx.recyclerview.widget.RecyclerView',
            id: 'list',
            scrollable: true,
            height: 630,
            repeat: { count: 30, template: { class: 'TextView', id: 'item_{i}', text: 'Item {i}', height: 126 } },
          },
        ],
      },
    },
    detail: { root: { children: [{ class: 'TextView', id: 'detail_title', text: 'Detail' }] } },
  },
};
